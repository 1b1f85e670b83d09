import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import type { Portico } from '../createPortico'
import { PorticoInstanceContext, PorticoStoreContext } from './context'
import { preloadModal } from './preloadModal'

const Modal = lazy(() => preloadModal().then((m) => ({ default: m.Modal })))

export type PorticoProviderProps = {
  portico: Portico
  children?: ReactNode
}

/**
 * Makes a Portico instance available to hooks and buttons, and mounts the modal the
 * first time it opens: the modal's code is a separate chunk, fetched on first open (or
 * earlier, when a button is hovered or the page goes idle).
 *
 * @example
 * const portico = createPortico({ projectId: 'portico-dev' })
 * createRoot(el).render(<PorticoProvider portico={portico}><ConnectButton /></PorticoProvider>)
 */
export function PorticoProvider({ portico, children }: PorticoProviderProps) {
  const [opened, setOpened] = useState(() => portico.getState().modal.open)
  useEffect(() => {
    if (opened) return
    const check = () => {
      if (portico.getState().modal.open) setOpened(true)
    }
    check()
    return portico.subscribe(check)
  }, [portico, opened])
  const instance = useMemo(() => portico, [portico])
  return (
    <PorticoInstanceContext.Provider value={instance}>
      <Provider store={portico.store} context={PorticoStoreContext}>
        {children}
        {opened ? (
          <Suspense fallback={null}>
            <Modal />
          </Suspense>
        ) : null}
      </Provider>
    </PorticoInstanceContext.Provider>
  )
}
