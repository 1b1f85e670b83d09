import { configureStore, type Middleware } from '@reduxjs/toolkit'
import type { ResolvedConfig } from '../config/resolveConfig'
import { createRootReducer, type PorticoReducer, type PorticoState } from './rootReducer'

export type CreateStoreParameters = {
  config: ResolvedConfig
  /** Middleware to append (the saga middleware, in `createPortico`). */
  middleware?: readonly Middleware[]
  preloadedState?: Partial<PorticoState>
  /**
   * The store's own reducer (`createRootReducer()`, the default): the saga runtime injects
   * the lazy slices into it (src/store/lazySlices.ts). A store that runs sagas or views
   * without the runtime (tests) passes one with them injected (`createFullStore`).
   */
  reducer?: PorticoReducer
}

/**
 * Makes a fresh Portico store: no module singletons, so every `createPortico` call,
 * every test and every server render gets its own. Redux DevTools shows it as
 * 'Portico' (configurable) so it never mixes with the dapp's own store.
 *
 * @example
 * const store = createStore({ config: resolveConfig({ projectId: 'p' }, { defaultPlugins: () => [eip155()] }) })
 */
export function createStore({ config, middleware = [], preloadedState, reducer = createRootReducer() }: CreateStoreParameters) {
  const initial = reducer(undefined, { type: '@@portico/init' })
  const preloaded: PorticoState = {
    ...initial,
    options: {
      projectId: config.projectId,
      metadata: config.metadata,
      features: config.features,
      themeMode: config.themeMode,
      themeModeFollowsSystem: config.themeModeFollowsSystem,
      themeVariables: config.themeVariables,
      endpoints: config.endpoints,
      namespaces: config.plugins.map((p) => p.namespace),
      pluginFeatures: { ...config.pluginFeatures },
      featuredWalletIds: [...config.featuredWalletIds],
      includeWalletIds: [...config.includeWalletIds],
      excludeWalletIds: [...config.excludeWalletIds],
      isMobile: config.isMobile,
      telegramPlatform: config.telegramPlatform,
      siwxEnabled: Boolean(config.siwx),
      strings: config.strings,
      locale: config.locale,
      serverLocale: config.serverLocale,
      legal: config.legal,
      // Set by the region saga once the runtime runs (restricted time zones, SPEC §9).
      onrampRestricted: false,
    },
    network: {
      ...initial.network,
      networks: [...config.networks],
      activeCaipNetworkId: config.defaultNetwork?.caipNetworkId,
      allowUnsupportedChain: config.allowUnsupportedChain,
    },
    // SPEC §5: a missing project id shows the 'Project ID Not Configured' alert.
    alerts: config.projectId ? initial.alerts : { ...initial.alerts, alerts: ['projectIdNotConfigured'] },
    ...preloadedState,
  }
  const store = configureStore({
    reducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(...middleware),
    devTools: config.devtools === false ? false : { name: config.devtools },
  })
  // The reducer goes with the store: the saga runtime injects the lazy slices into it.
  return Object.assign(store, { reducer })
}

export type PorticoStore = ReturnType<typeof createStore>
export type PorticoDispatch = PorticoStore['dispatch']
