import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import type { Portico } from '../createPortico'
import { PorticoInstanceContext, PorticoStoreContext } from './context'
import { preloadModal, preloadWhenIdle } from './preloadModal'

const Modal = lazy(() => preloadModal().then((m) => ({ default: m.Modal })))

export type PorticoProviderProps = {
  portico: Portico
  /**
   * When to fetch the modal's chunk before the first open: 'idle' (default) once the
   * browser is idle after load, or 'interaction' only when a Portico button is hovered
   * or focused. Either way it is fetched on first open.
   */
  preload?: 'idle' | 'interaction'
  children?: ReactNode
}

/**
 * Makes a Portico instance available to hooks and buttons, and mounts the modal the
 * first time it opens (or a toast is shown): the modal's code is a separate chunk,
 * fetched on first open, or earlier when a button is hovered or the page goes idle.
 *
 * @example
 * const portico = createPortico({ projectId: 'portico-dev' })
 * createRoot(el).render(<PorticoProvider portico={portico}><ConnectButton /></PorticoProvider>)
 */
export function PorticoProvider({ portico, preload = 'idle', children }: PorticoProviderProps) {
  const needsModal = () => {
    const state = portico.getState()
    return state.modal.open || state.alerts.toast !== undefined
  }
  const [mounted, setMounted] = useState(needsModal)
  useEffect(() => {
    if (mounted) return
    const check = () => {
      if (needsModal()) setMounted(true)
    }
    check()
    return portico.subscribe(check)
    // needsModal reads only `portico`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [portico, mounted])
  useEffect(() => (preload === 'idle' && !mounted ? preloadWhenIdle() : undefined), [preload, mounted])
  return (
    <PorticoInstanceContext.Provider value={portico}>
      <Provider store={portico.store} context={PorticoStoreContext}>
        {children}
        {mounted ? (
          <Suspense fallback={null}>
            <Modal />
          </Suspense>
        ) : null}
      </Provider>
    </PorticoInstanceContext.Provider>
  )
}
