'use client'

import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import type { Portico } from '../createPortico'
import { serverState, type PorticoInitialState } from '../store/hydrate'
import { PorticoInstanceContext, PorticoStoreContext } from './context'
import { loadedModal, preloadModal, preloadWhenIdle } from './preloadModal'

export type PorticoProviderProps = {
  portico: Portico
  /**
   * When to fetch the modal's chunk before the first open: 'idle' (default) once the
   * browser is idle after load, or 'interaction' only when a Portico button is hovered
   * or focused. Either way it is fetched on first open.
   */
  preload?: 'idle' | 'interaction'
  /**
   * What the server read from the request's cookie (`cookieToInitialState`), when the
   * instance was made without it (at module scope): the server renders it and the
   * browser's first render (hydration) repeats it, then shows the instance's own state.
   * Default the instance's `initialState`; with neither, both render no remembered
   * connection.
   */
  initialState?: PorticoInitialState | undefined
  children?: ReactNode
}

/**
 * Makes a Portico instance available to hooks and buttons, and mounts the modal the
 * first time it opens (or a toast is shown, or a request waits in a WalletConnect wallet): the modal's code is a separate chunk,
 * fetched on first open, or earlier when a button is hovered or the page goes idle.
 *
 * @example
 * const portico = createPortico({ projectId: 'portico-dev' })
 * createRoot(el).render(<PorticoProvider portico={portico}><ConnectButton /></PorticoProvider>)
 */
export function PorticoProvider({ portico, preload = 'idle', initialState, children }: PorticoProviderProps) {
  const needsModal = () => {
    const state = portico.getState()
    // A request waiting in a WalletConnect wallet is said in the toast region too (ToastRegion).
    return state.modal.open || state.alerts.toast !== undefined || (state.walletConnect?.waitingRequests ?? 0) > 0
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
  // Not React.lazy: a lazy component suspends on its first render even when its chunk is
  // already here, and React holds a suspended reveal back for ~300 ms. Rendering the
  // loaded module directly lets a preloaded modal paint in the click's frame.
  const [module, setModule] = useState(loadedModal)
  useEffect(() => {
    if (!mounted || module) return
    let live = true
    preloadModal().then(
      (loaded) => live && setModule(loaded),
      (error: unknown) => {
        // Offline or a failed deploy: say so, and try again on the next open.
        console.error('Portico: the modal could not be loaded', error)
        if (live) setMounted(false)
      },
    )
    return () => {
      live = false
    }
  }, [mounted, module])
  const Modal = mounted ? module?.Modal : undefined
  // What a server renders and a hydrating browser must repeat: react-redux reads it only
  // then, so a page rendered in the browser alone shows the store from the start.
  const forServer = useMemo(() => serverState(portico.getState(), initialState ?? portico.initialState), [portico, initialState])
  return (
    <PorticoInstanceContext.Provider value={portico}>
      <Provider store={portico.store} context={PorticoStoreContext} serverState={forServer}>
        {children}
        {Modal ? <Modal /> : null}
      </Provider>
    </PorticoInstanceContext.Provider>
  )
}
