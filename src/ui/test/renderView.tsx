import { act, fireEvent, render, screen } from '@testing-library/react'
import { isEvmAddress } from '../../plugins/eip155/address'
import { eip155Features } from '../../plugins/eip155/plugin'
import type { Middleware, UnknownAction } from '@reduxjs/toolkit'
import { resolveConfig } from '../../config/resolveConfig'
import type { PorticoConfig } from '../../config/types'
import type { Portico } from '../../createPortico'
import { PorticoProvider } from '../../react/PorticoProvider'
import { preloadModal } from '../../react/preloadModal'
import { createFullStore } from '../../test/fullStore'
import type { Route } from '../../store/routes'
import { resolveOpenRoute } from '../../store/selectors/openRoute'
import { connectorsActions } from '../../store/slices/connectors'
import { modalActions } from '../../store/slices/modal'
import { optionsActions } from '../../store/slices/options'
import { createFakeNamespacePlugin, testNetwork } from '../../test/fakeNamespacePlugin'
import type { ConnectorInfo } from '../../types/connector'
import type { CaipNetwork } from '../../types/network'

export type RenderViewOptions = {
  config?: Partial<PorticoConfig>
  connectors?: ConnectorInfo[]
  /** The eip155 stand-in's networks (default: Ethereum and Optimism, without explorers). */
  networks?: CaipNetwork[]
}

/**
 * Lets lazy chunks (the modal, the lazy views) resolve inside the caller's act(): they
 * resolve on microtasks in Jest, so no timer is needed (and fake timers do not block).
 */
export async function settleLazy() {
  for (let i = 0; i < 200; i++) {
    await Promise.resolve()
    if (document.querySelector('[role="dialog"]') && !document.querySelector('[data-testid="portico-view-loading"]')) return
  }
}

/** Clicks inside act() and lets a lazy view the click opens resolve there too. */
export async function clickAndSettle(element: Element) {
  await act(async () => {
    fireEvent.click(element)
    await settleLazy()
  })
}

/**
 * Renders the modal on `route` over a real Portico store with no sagas running, and
 * records every action the views dispatch. A test plays the sagas' part by dispatching
 * their result actions (`pageLoaded`, `tokenBalanceLoaded`, ...), so each loading,
 * empty and error state is reached deterministically. Flows that need the sagas
 * (connect, close, switch) are tested through `createPortico` in PorticoProvider.test.
 */
export async function renderView(route: Route | undefined, options: RenderViewOptions = {}) {
  const fake = createFakeNamespacePlugin({ networks: options.networks ?? [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')], connectors: options.connectors ?? [] }).plugin
  // It stands in for eip155: its features (swaps on the swap chains, names, send, activity
  // from the Blockchain API), account types and address rule, which the views read from
  // the store and the registry.
  const plugin = { ...fake, isAddress: isEvmAddress, features: eip155Features, accountTypes: ['eoa', 'smartAccount'] as const }
  const config = resolveConfig({ projectId: 'p', plugins: [plugin], devtools: false, ...options.config }, { defaultPlugins: () => [plugin] })
  const actions: UnknownAction[] = []
  const recorder: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction)
    return next(action)
  }
  const store = createFullStore({ config, middleware: [recorder] })
  const portico = {
    store,
    config,
    getState: store.getState,
    subscribe: store.subscribe,
    open: (o?: { view?: Route['view']; params?: unknown }) =>
      store.dispatch(modalActions.opened({ route: resolveOpenRoute(store.getState(), o?.view ? ({ view: o.view, params: o.params } as Route) : undefined) })),
    close: (o?: { force?: boolean }) => store.dispatch(modalActions.closeRequested(o)),
    switchNetwork: async () => {},
    disconnect: async () => {},
    setThemeMode: (mode: 'light' | 'dark') => store.dispatch(optionsActions.themeModeSet(mode)),
    setThemeVariables: (v: object) => store.dispatch(optionsActions.themeVariablesSet(v)),
    destroy: () => {},
  } as unknown as Portico
  // Discovery is a saga; here the test's connectors are simply reported.
  if (options.connectors?.length) store.dispatch(connectorsActions.discovered({ namespace: 'eip155', connectors: options.connectors }))
  // The modal is a lazy chunk: load it first, so opening resolves inside act().
  await act(async () => void (await preloadModal()))
  const utils = render(<PorticoProvider portico={portico} preload="interaction" />)
  /** Opens the modal (on `route`, or the SPEC §2 default) and waits for the dialog. */
  const open = async (to?: Route) => {
    await act(async () => {
      store.dispatch(modalActions.opened({ route: resolveOpenRoute(store.getState(), to) }))
      await settleLazy()
    })
    return screen.findByRole('dialog')
  }
  if (route) await open(route)
  const dispatch = (...list: UnknownAction[]) =>
    act(() => {
      for (const action of list) store.dispatch(action)
    })
  /** The recorded actions of `type`, payloads only. */
  const dispatched = (type: string) => actions.filter((a) => a.type === type).map((a) => (a as { payload?: unknown }).payload)
  /** The dialog, for queries scoped to it (the toast live regions sit outside). */
  const dialog = () => screen.getByRole('dialog')
  return { ...utils, store, portico, actions, dispatch, dispatched, dialog, open }
}
