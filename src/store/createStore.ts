import { configureStore, type Middleware, type Reducer } from '@reduxjs/toolkit'
import type { ResolvedConfig } from '../config/resolveConfig'
import { rootReducer, type PorticoState } from './rootReducer'

export type CreateStoreParameters = {
  config: ResolvedConfig
  /** Middleware to append (the saga middleware, in `createPortico`). */
  middleware?: readonly Middleware[]
  preloadedState?: Partial<PorticoState>
  /**
   * The root reducer. Default `rootReducer`: stand-ins for the slices whose reducers load
   * with the saga runtime (src/store/lazySlices.ts), which plugs them in. A store that
   * runs sagas or views without the runtime (tests) passes `withLazySlices(rootReducer)`.
   */
  reducer?: Reducer<PorticoState>
}

/**
 * Makes a fresh Portico store: no module singletons, so every `createPortico` call,
 * every test and every server render gets its own. Redux DevTools shows it as
 * 'Portico' (configurable) so it never mixes with the dapp's own store.
 *
 * @example
 * const store = createStore({ config: resolveConfig({ projectId: 'p' }, { defaultPlugins: () => [eip155()] }) })
 */
export function createStore({ config, middleware = [], preloadedState, reducer = rootReducer }: CreateStoreParameters) {
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
  return configureStore({
    reducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(...middleware),
    devTools: config.devtools === false ? false : { name: config.devtools },
  })
}

export type PorticoStore = ReturnType<typeof createStore>
export type PorticoDispatch = PorticoStore['dispatch']
