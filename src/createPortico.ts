import { DEFAULT_CHAIN_ID } from './config/constants'
import { SDK_TYPE, SDK_VERSION } from './config/defaults'
import { resolveConfig, type ResolvedConfig } from './config/resolveConfig'
import type { PorticoConfig, StringOverrides, ThemeMode, ThemeVariables } from './config/types'
import { NotConnectedError, PorticoError } from './errors'
import type { Analytics, AnalyticsParameters } from './analytics/createAnalytics'
import { createEventEmitter, createEventsMiddleware, type PorticoEventListener, type PorticoEventName } from './events'
import type { PorticoServices } from './createServices'
import { detectMobile, detectTelegramPlatform } from './environment'
import { browserLanguages, resolveLocale, type SupportedLocale } from './config/locale'
import { createStorage, defaultKeyValueStore, type KeyValueStore } from './storage/createStorage'
import { retryingLoader } from './shared/retryingLoader'
import { eip155 } from './plugins/eip155'
import type { PorticoEip1193Provider } from './plugins/eip155/dappProvider'
import { createConnectionHost } from './providers/connectionHost'
import type { DiagnosticEntry } from './diagnostics/diagnosticLog'
import type { EmbeddedFrame, SagaContext } from './sagas/context'
import { createSagaHost } from './sagas/sagaHost'
import type { SignMessageRequest } from './sagas/signMessage'
import { createStore, type PorticoStore } from './store/createStore'
import { hydrateAction, type PorticoInitialState } from './store/hydrate'
import type { PorticoState } from './store/rootReducer'
import type { Route, RouteParams, ViewName } from './store/routes'
import { selectConnection } from './store/selectors/connection'
import { resolveOpenRoute } from './store/selectors/openRoute'
import { connectorsActions } from './store/slices/connectors'
import { modalActions } from './store/slices/modal'
import { networkActions } from './store/slices/network'
import { optionsActions } from './store/slices/options'
import type { CaipNetwork, CaipNetworkId } from './types/network'
import type { WalletConnectClient } from './walletconnect/types'

/**
 * The WalletConnect client, loaded on first use: `import('./walletconnect')` is its own
 * chunk (with the sign-client), fetched only when the visitor picks WalletConnect.
 */
function lazyWalletConnect(config: ResolvedConfig): () => Promise<WalletConnectClient> {
  return retryingLoader(() =>
    import('./walletconnect').then(async ({ createWalletConnectClient }) => {
      const created = createWalletConnectClient({
        projectId: config.projectId ?? '',
        relayUrl: config.endpoints.relay,
        metadata: config.metadata,
        networks: config.networks,
        requestTimeoutMs: config.walletRequestTimeoutMs,
      })
      await created.init()
      return created
    }),
  )
}

/**
 * The embedded wallet, created on first use: `import('./frame')` is its own chunk, and the
 * frame client inserts the hidden iframe when it is created, so nothing is fetched or
 * inserted before a saga asks (the modal opens with email or socials on, the visitor
 * submits an email, or the login cache says to restore an email login; see
 * docs/embedded-wallet.md). Undefined where it cannot work: no document, no valid
 * project id, or neither email nor socials enabled.
 */
function lazyFrame(config: ResolvedConfig, win: Window | undefined, diagnostics: DiagnosticsHolder) {
  const { email, socials } = config.features
  if (!win?.document || !config.projectId || (!email && !(socials && socials.length > 0))) return undefined
  const document = win.document
  const projectId = config.projectId
  let live: EmbeddedFrame | undefined
  let destroyed = false
  const end = ({ client, provider }: EmbeddedFrame) => {
    provider.destroy()
    client.destroy()
  }
  const load = retryingLoader(() =>
    import('./frame').then(({ createFrameClient, createFrameLogger, createFrameProvider, evmChainId }) => {
      const network = config.defaultNetwork?.chainNamespace === 'eip155' ? config.defaultNetwork.caipNetworkId : DEFAULT_CHAIN_ID
      const client = createFrameClient({
        secureOrigin: config.endpoints.secureFrame,
        projectId,
        chainId: network,
        version: `${SDK_TYPE}-${SDK_VERSION}`,
        document,
        // The client's warnings go to the diagnostic log, and to the console too with enableFrameLogger.
        logger: createFrameLogger((level, message) => diagnostics.log?.record(level, 'frame', message), config.enableFrameLogger),
        enableLogger: config.enableFrameLogger,
      })
      live = { client, provider: createFrameProvider({ client, chainId: evmChainId(network) }) }
      if (destroyed) end(live)
      return live
    }),
  )
  // Removes the iframe at once when it exists, or as soon as a load under way ends.
  const destroy = () => {
    destroyed = true
    if (live) end(live)
  }
  return { load, destroy }
}

type DiagnosticsHolder = NonNullable<SagaContext['diagnostics']>

/**
 * SPEC §7 analytics, loaded on its own: the module is a chunk fetched at start, and the
 * events before it arrives wait (at most 100, as its own queue holds), then go to it in
 * order. A chunk that fails to load is fetched again by the next event or on `online`.
 * Nothing is fetched when analytics is off.
 */
function lazyAnalytics(parameters: AnalyticsParameters): Pick<Analytics, 'track' | 'destroy'> {
  if (!parameters.enabled) return { track: () => undefined, destroy: () => undefined }
  let loaded: Analytics | undefined
  let destroyed = false
  const held: Parameters<Analytics['track']>[0][] = []
  const load = retryingLoader(
    () =>
      import('./analytics/createAnalytics').then(
        ({ createAnalytics }) => {
          if (destroyed || loaded) return
          loaded = createAnalytics(parameters)
          for (const event of held.splice(0)) loaded.track(event)
        },
        (error: unknown) => {
          console.error('Portico: analytics could not be loaded', error)
          throw error
        },
      ),
    parameters.window,
  )
  // While a load is under way, the next event shares it; after a failed one, it loads again.
  const start = () => {
    if (!destroyed) void load().catch(() => undefined)
  }
  start()
  return {
    track(event) {
      if (loaded) return loaded.track(event)
      if (held.length < 100) held.push(event)
      start()
    },
    destroy() {
      destroyed = true
      loaded?.destroy()
    },
  }
}

/** The service clients, a chunk loaded on first use (again on the next use or on `online` after a failed load). */
function lazyServices(config: ResolvedConfig, win: Window | undefined): () => Promise<PorticoServices> {
  return retryingLoader(() => import('./createServices').then((m) => m.createServices(config)), win)
}

/**
 * Where Portico meets its environment, for hosts that need to choose (server
 * rendering, embedded webviews, tests). Dapps normally pass nothing.
 */
export type PorticoRuntime = {
  /** The window to discover wallets in; default the global one. */
  window?: Window | undefined
  /** Clock for timed rules such as the balance retry gate; default `Date.now`. */
  now?: (() => number) | undefined
  /**
   * Where recent wallets and connections persist; default `localStorage`, `null` for
   * none, `cookieStorage` for a server-rendered dapp (see `cookieToInitialState`).
   */
  storage?: KeyValueStore | null | undefined
  /**
   * What the last visit left, as the server read it from the request's cookie
   * (`cookieToInitialState`), so the server's render and the browser's first render both
   * show a remembered connection as `reconnecting`. Default: read from `storage`.
   */
  initialState?: PorticoInitialState | undefined
}

function globalWindow(): Window | undefined {
  return typeof window === 'undefined' ? undefined : window
}

/** `open()` options: a view, with its parameters when the view has any. */
export type OpenOptions<V extends ViewName = ViewName> = { view?: V } & (RouteParams<V> extends undefined ? { params?: undefined } : { params: RouteParams<V> })

/**
 * The provider type `getProvider` returns for each namespace Portico ships a plugin for;
 * other namespaces (third-party plugins) give `unknown`, their plugin's own shape. An
 * interface, so `portico/solana` and `portico/bitcoin` add their namespaces to it when the
 * dapp imports them: the core's types never name @wallet-standard or sats-connect types,
 * which an EVM-only dapp does not install.
 */
export interface ProviderByNamespace {
  eip155: PorticoEip1193Provider
}

export type GetProviderOptions = {
  /**
   * Return the provider even while nothing is connected, instead of throwing
   * `NotConnectedError`: its `eth_requestAccounts` then opens the modal, and its
   * `connect` event says when the visitor connected. Default false.
   */
  allowDisconnected?: boolean | undefined
}

export type Portico = {
  /** Opens the modal on the SPEC §2 default view, or on `view`. */
  open<V extends ViewName>(options?: OpenOptions<V>): void
  /** Closes the modal; `force` also closes ApproveTransaction (SPEC §4). */
  close(options?: { force?: boolean }): void
  getState(): PorticoState
  /** Calls `listener` after every state change. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Switches the active network (through the wallet when connected). Rejects with the reason. */
  switchNetwork(network: CaipNetworkId | CaipNetwork): Promise<void>
  /** Disconnects one namespace, or all. Rejects with 'Failed to disconnect' when a wallet refuses. */
  disconnect(options?: { namespace?: string }): Promise<void>
  /**
   * Asks the connected wallet (of `namespace`, default the active one) to sign `message`
   * and resolves with the signature (EIP-191 on EVM). Rejects with the wallet's reason,
   * e.g. an `RpcError` when the visitor refuses.
   */
  signMessage(request: SignMessageRequest): Promise<string>
  /**
   * The dapp's handle on a namespace's connection, whatever wallet the visitor connected
   * (browser wallet, WalletConnect, embedded wallet or smart account): for `eip155` an
   * EIP-1193 provider. The same object for the life of the instance; requests go to the
   * wallet connected at that moment, events follow the modal. Throws
   * `NotConnectedError` while the namespace is not connected (unless `allowDisconnected`)
   * and a `PorticoError` when no plugin serves the namespace.
   *
   * @example
   * import { createWalletClient, custom } from 'viem'
   * const provider = portico.getProvider('eip155')
   * const wallet = createWalletClient({ transport: custom(provider) })
   * const [account] = await wallet.getAddresses()
   */
  getProvider<N extends keyof ProviderByNamespace>(namespace: N, options?: GetProviderOptions): ProviderByNamespace[N]
  getProvider(namespace: string, options?: GetProviderOptions): unknown
  /**
   * Calls `listener` with each `name` event (modal open and close, connect success and
   * error, disconnect, account changed, network switched, send success and error,
   * sign-in; see `PorticoEventMap`). Returns the unsubscribe function.
   *
   * @example
   * const stop = portico.on('CONNECT_SUCCESS', ({ address, caipNetworkId }) => console.log(address, caipNetworkId))
   */
  on<N extends PorticoEventName>(name: N, listener: PorticoEventListener<N>): () => void
  setThemeMode(mode: ThemeMode): void
  setThemeVariables(variables: ThemeVariables): void
  /** Replaces the dapp's string overrides (any part of the English catalogue). */
  setStrings(strings: StringOverrides): void
  /**
   * The diagnostic log, oldest line first, for a support request: what the modal did
   * (action types, alerts, failure codes, embedded-wallet warnings), never what the
   * visitor typed or signed. At most 1,024,000 bytes (SPEC §9); older lines go first.
   *
   * @example
   * const report = JSON.stringify(portico.getDiagnostics())
   */
  getDiagnostics(): DiagnosticEntry[]
  /**
   * Changes the language (a BCP 47 tag, as `config.locale`): the buttons at once, the
   * modal once that language's catalogue has loaded. Throws `ValidationError` for a
   * string that is not a language tag.
   *
   * @example
   * portico.setLocale('ar')
   */
  setLocale(locale: SupportedLocale | (string & {})): void
  /**
   * Resolves once the instance's processes run. They are a chunk of their own that starts
   * loading when the instance is made, so the first render does not wait for them; an
   * action dispatched before (`open`, `close`, a click) is handled when they arrive, in
   * order. Await it before reading state that a process sets in reaction to an action.
   * Rejects when the chunk cannot be loaded (the next call tries again).
   *
   * @example
   * await portico.ready()
   * portico.close() // the modal's close rules apply at once from here
   */
  ready(): Promise<void>
  /** Stops every process (discovery, watchers, timers). The instance is unusable after. */
  destroy(): void
  /** The instance's own store, for `<PorticoProvider>`; dapps read state through hooks. */
  readonly store: PorticoStore
  /** `runtime.initialState`: what the server rendered with, for `<PorticoProvider>`'s hydration. */
  readonly initialState: PorticoInitialState | undefined
  readonly config: ResolvedConfig
}

/**
 * Creates a Portico instance: validates the config (SPEC §5), builds its own store and
 * starts its processes. Call it once, at module scope or in a memo, and pass it to
 * `<PorticoProvider>`.
 *
 * @example
 * import { createPortico, eip155 } from 'portico'
 * const portico = createPortico({
 *   projectId: 'portico-dev',
 *   metadata: { name: 'My dapp', description: 'Demo', url: 'https://example.com', icons: [] },
 *   plugins: [eip155()],
 * })
 * portico.open()
 */
export function createPortico(config: PorticoConfig, runtime: PorticoRuntime = {}): Portico {
  const resolved = resolveConfig(config, {
    defaultPlugins: () => [eip155()],
    detectMobile: () => detectMobile(),
    detectTelegramPlatform: () => detectTelegramPlatform(runtime.window ?? globalWindow()),
    detectLanguages: browserLanguages,
  })
  const keyValueStore = runtime.storage === null ? undefined : (runtime.storage ?? defaultKeyValueStore(runtime.window ?? globalWindow()))
  const diagnostics: DiagnosticsHolder = { log: undefined }
  // The login cache is made by the saga runtime (runtime.ts), which reads it first; the
  // embedded saga applies its rules as frame requests settle (sagas/embeddedLoginCache.ts).
  const frame = lazyFrame(resolved, runtime.window ?? globalWindow(), diagnostics)
  const context: SagaContext = {
    config: resolved,
    plugins: resolved.registry.byNamespace,
    window: runtime.window ?? globalWindow(),
    services: lazyServices(resolved, runtime.window ?? globalWindow()),
    now: runtime.now ?? (() => Date.now()),
    storage: createStorage({ store: keyValueStore }),
    walletConnect: lazyWalletConnect(resolved),
    frame: frame?.load,
    // A store sent to the server (cookies) keeps only the persistence entry; the login cache's email stays in the browser.
    loginCacheStore: keyValueStore?.sentToServer ? defaultKeyValueStore(runtime.window ?? globalWindow()) : keyValueStore,
    diagnostics,
  }
  // The sagas are a chunk of their own, loading from here on (sagaHost.ts): the first
  // render needs only the store.
  const sagas = createSagaHost({
    load: () => import('./sagas/runtime').then((module) => module.startSagaRuntime),
    context,
    onLoadError: (error) => {
      console.error('Portico: the saga runtime could not be loaded', error)
      // The next action tries again; so does the browser coming back online.
      context.window?.addEventListener?.('online', () => void sagas.runtime().catch(() => undefined), { once: true })
    },
  })
  const events = createEventEmitter()
  // SPEC §7 analytics: the same events, to POST /e, when the feature and the project allow
  // it, from a visitor's page (a server render has no visitor to count).
  const analytics = lazyAnalytics({
    enabled: resolved.features.analytics && resolved.projectId !== undefined && context.window?.location !== undefined,
    services: context.services,
    window: context.window,
    now: context.now,
  })
  events.onAny(analytics.track)
  // After the saga middleware, so events leave in the order the actions were applied.
  const store = createStore({ config: resolved, middleware: [sagas.middleware, createEventsMiddleware(events)] })
  // The account-action sagas start on first use in their own saga environment (lazySaga.ts).
  context.store = store
  // The first render shows the last visit (recent wallets, connections as `reconnecting`).
  store.dispatch(hydrateAction(store.getState(), runtime.initialState ?? context.storage.read()))
  sagas.start(store)

  const open: Portico['open'] = (options) => {
    const requested = options?.view ? ({ view: options.view, ...(options.params ? { params: options.params } : {}) } as Route) : undefined
    store.dispatch(modalActions.opened({ route: resolveOpenRoute(store.getState(), requested) }))
  }
  const switchNetwork: Portico['switchNetwork'] = async (network) => {
    const caipNetworkId = typeof network === 'string' ? network : network.caipNetworkId
    const result = await (await sagas.runtime()).switchNetwork(networkActions.switchRequested({ caipNetworkId }))
    if (result.error) throw result.error
  }
  const disconnect: Portico['disconnect'] = async (options) => {
    const action = connectorsActions.disconnectRequested(options)
    const result = await (await sagas.runtime()).disconnect(action)
    const first = result.failed[0]
    if (first) throw first.error
  }

  // One provider per namespace for the instance's life; their store subscriptions end with it.
  const providers = new Map<string, unknown>()
  const hostSubscriptions = new Set<() => void>()
  const getProvider = (namespace: string, options: GetProviderOptions = {}): unknown => {
    const plugin = context.plugins.get(namespace)
    if (!plugin) throw new PorticoError({ key: 'noPluginForNamespace', params: { namespace } }, { code: 'provider/no-plugin' })
    const create = plugin.connectors?.createProvider
    if (!create) throw new PorticoError({ key: 'pluginOffersNoProvider', params: { namespace } }, { code: 'provider/unsupported' })
    if (!options.allowDisconnected && !selectConnection(store.getState(), namespace)) throw new NotConnectedError(namespace)
    let provider = providers.get(namespace)
    if (provider === undefined) {
      const host = createConnectionHost({
        namespace,
        store,
        openConnect: () => open({ view: 'Connect' }),
        switchNetwork,
        disconnect: (ns) => disconnect({ namespace: ns }),
        subscriptions: hostSubscriptions,
      })
      provider = create(host)
      providers.set(namespace, provider)
    }
    return provider
  }

  return {
    store,
    initialState: runtime.initialState,
    config: resolved,
    open,
    close(options) {
      store.dispatch(modalActions.closeRequested(options))
    },
    getState: store.getState,
    subscribe: store.subscribe,
    switchNetwork,
    disconnect,
    getProvider: getProvider as Portico['getProvider'],
    on: (name, listener) => events.on(name, listener),
    async signMessage(request) {
      const result = await (await sagas.runtime()).signMessage(request)
      if ('error' in result) throw result.error
      return result.signature
    },
    setThemeMode(mode) {
      if (mode !== 'light' && mode !== 'dark') throw new PorticoError({ key: 'themeModeInvalid' })
      store.dispatch(optionsActions.themeModeSet(mode))
    },
    setThemeVariables(variables) {
      store.dispatch(optionsActions.themeVariablesSet(variables))
    },
    getDiagnostics: () => diagnostics.log?.entries() ?? [],
    setStrings(strings) {
      store.dispatch(optionsActions.stringsSet(strings))
    },
    setLocale(locale) {
      store.dispatch(optionsActions.localeSet(resolveLocale(locale, [])))
    },
    ready: () => sagas.runtime().then(() => undefined),
    destroy() {
      sagas.destroy()
      frame?.destroy()
      for (const stop of [...hostSubscriptions]) stop()
      events.clear()
      analytics.destroy()
    },
  }
}
