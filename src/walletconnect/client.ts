import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { Time } from '../config/constants'
import { RpcError, SwitchChainNotSupportedError, WalletError, WalletSessionError } from '../errors'
import { libraryMessageKey } from '../errors/libraryText'
import type { CaipNetworkId } from '../types/network'
import { forgetGlobalCore } from './globalCore'
import { createIndexedDbStorage, hasIndexedDb } from './indexedDbStorage'
import { createMemoryStorage } from './memoryStorage'
import { buildProposalNamespaces, buildRpcMap } from './namespaces'
import { jsonRpcOverHttp } from './rpc'
import { namespaceOf, parseCaipAccount, toSessionInfo } from './session'
import type { WalletConnectClient, WalletConnectClientOptions, WalletConnectEvent, WalletConnectKeyValueStorage, WalletConnectPairing, WalletConnectRequest, WalletConnectSessionInfo } from './types'
import { ProviderRpcCode } from '../errors/rpcCodes'

type SignClientInstance = InstanceType<typeof SignClient>

/** @walletconnect/core's RELAYER_EVENTS: the relay socket opened and closed. */
const RELAYER_CONNECT = 'relayer_connect'
const RELAYER_DISCONNECT = 'relayer_disconnect'

/** The sign protocol's reason for a disconnect the visitor asked for (SDK error USER_DISCONNECTED). */
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }

/** WalletConnect's own relays, where the hosted Verify API answers. */
export function isHostedRelay(relayUrl: string): boolean {
  try {
    const host = new URL(relayUrl).hostname
    return host.endsWith('.walletconnect.org') || host.endsWith('.walletconnect.com')
  } catch {
    return false
  }
}

/** The sign protocol's shortest request expiry (the sign-client refuses less), in seconds. */
export const PROTOCOL_MIN_REQUEST_EXPIRY_S = 300

/**
 * The expiry, in whole seconds, a request carries: the configured wait, raised to the
 * protocol's 5-minute floor on WalletConnect's hosted relays (they refuse shorter).
 *
 * @example
 * requestExpirySeconds(20_000, 'ws://127.0.0.1:8789') // 20
 * requestExpirySeconds(20_000, 'wss://relay.walletconnect.org') // 300
 */
export function requestExpirySeconds(timeoutMs: number, relayUrl: string): number {
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000))
  return isHostedRelay(relayUrl) ? Math.max(PROTOCOL_MIN_REQUEST_EXPIRY_S, seconds) : seconds
}

/**
 * Makes the sign-client honour `expirySeconds` end to end: below the protocol's floor
 * (a self-hosted relay), its request check accepts it; and its publisher waits for the
 * relay at least that long, so a request never fails on a publish timeout (the library's
 * one minute) before its expiry while the message may still be delivered later.
 */
function fitRequestExpiry(created: SignClientInstance, expirySeconds: number) {
  const engine = created.engine as unknown as { validateRequestExpiry(expiry: number): void }
  if (expirySeconds < PROTOCOL_MIN_REQUEST_EXPIRY_S) {
    const validate = engine.validateRequestExpiry.bind(engine)
    engine.validateRequestExpiry = (expiry) => (expiry === expirySeconds ? undefined : validate(expiry))
  }
  const publisher = created.core.relayer.publisher as unknown as { publishTimeout: number }
  publisher.publishTimeout = Math.max(publisher.publishTimeout, (expirySeconds + 5) * 1000)
}

const randomPrefix = () => `portico-${Math.random().toString(36).slice(2, 10)}`

/** The storage prefix of a persistent client: stable, so the next page load finds its keys. */
export const PERSISTENT_STORAGE_PREFIX = 'portico'

/**
 * Where the sign-client keeps pairings, sessions and their keys. In a browser:
 * IndexedDB (sessions survive a reload, docs/walletconnect.md); elsewhere, or when asked,
 * in memory with a random prefix (two clients in one process never share keys).
 */
function chooseStorage(option: WalletConnectClientOptions['storage']): { storage: WalletConnectKeyValueStorage; persistent: boolean } {
  if (option === 'memory' || (option === undefined && !hasIndexedDb())) return { storage: createMemoryStorage(), persistent: false }
  if (option === undefined) return { storage: createIndexedDbStorage(), persistent: true }
  return { storage: option, persistent: true }
}

/**
 * The dapp side of WalletConnect: a SignClient on the configured relay, the session
 * proposal built from the configured networks, requests routed to the wallet or to the
 * chain's RPC, and session events as plain data. This module is the lazily loaded
 * chunk: Portico imports it (`import('./walletconnect')`) only when the visitor picks
 * WalletConnect.
 *
 * @example
 * const client = createWalletConnectClient({ projectId, relayUrl: 'ws://127.0.0.1:8789', metadata, networks })
 * await client.init()
 * const { uri, approval } = await client.connect()   // show `uri` as a QR code
 * const session = await approval
 * const signature = await client.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
 */
export function createWalletConnectClient(options: WalletConnectClientOptions): WalletConnectClient {
  const protocols = options.protocols
  const proposal = buildProposalNamespaces(options.networks, protocols)
  const rpcMap = buildRpcMap(options.networks)
  const { storage, persistent } = chooseStorage(options.storage)
  const storagePrefix = options.storagePrefix ?? (persistent ? PERSISTENT_STORAGE_PREFIX : randomPrefix())
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init))
  const expirySeconds = requestExpirySeconds(options.requestTimeoutMs ?? Time.walletRequestTimeoutMs, options.relayUrl)
  const listeners = new Set<(event: WalletConnectEvent) => void>()
  let signClient: SignClientInstance | undefined
  let initializing: Promise<void> | undefined
  let session: SessionTypes.Struct | undefined
  /** The chain requests go to by default, per namespace (follows chainChanged and switches). */
  const currentChain = new Map<string, CaipNetworkId>()
  let detach: (() => void) | undefined
  let destroying: Promise<void> | undefined

  const emit = (event: WalletConnectEvent) => listeners.forEach((listener) => listener(event))

  function requireSignClient(): SignClientInstance {
    if (!signClient) throw WalletSessionError.notInitialized()
    return signClient
  }

  function adopt(next: SessionTypes.Struct) {
    session = next
    currentChain.clear()
    for (const [key, namespace] of Object.entries(next.namespaces)) {
      const first = namespace.accounts.map(parseCaipAccount)[0]?.caipNetworkId ?? (namespace.chains?.[0] as CaipNetworkId | undefined)
      if (first && !currentChain.has(namespaceOf(key))) currentChain.set(namespaceOf(key), first)
    }
  }

  function forget() {
    session = undefined
    currentChain.clear()
  }

  function attach(client: SignClientInstance) {
    const onUpdate = ({ topic }: SignClientTypes.EventArguments['session_update']) => {
      if (topic !== session?.topic) return
      const updated = client.session.get(topic)
      const chains = new Map(currentChain)
      adopt(updated)
      // The current chain survives an update that still approves it.
      for (const [namespace, chain] of chains) if (toSessionInfo(updated).namespaces[namespace]?.chains.includes(chain)) currentChain.set(namespace, chain)
      emit({ type: 'session_update', session: toSessionInfo(updated) })
    }
    const onEvent = ({ topic, params }: SignClientTypes.EventArguments['session_event']) => {
      if (topic !== session?.topic) return
      const { event, chainId } = params
      const namespace = namespaceOf(chainId)
      if (event.name === 'chainChanged') {
        const caipNetworkId = toCaipChain(namespace, event.data, chainId as CaipNetworkId)
        currentChain.set(namespaceOf(caipNetworkId), caipNetworkId)
        emit({ type: 'chainChanged', caipNetworkId })
      } else if (event.name === 'accountsChanged') {
        const accounts = Array.isArray(event.data) ? (event.data as unknown[]).filter((a): a is string => typeof a === 'string') : []
        emit({ type: 'accountsChanged', namespace, accounts: accounts.map((a) => parseCaipAccount(a)?.address ?? a) })
      } else {
        // A namespace's own accounts event (its plugin's `remote.accountsOfEvent` reads it).
        const accounts = protocols[namespace]?.accountsOfEvent?.(event.name, event.data)
        if (accounts) emit({ type: 'accountsChanged', namespace, accounts })
      }
    }
    const onEnd =
      (reason: 'session_delete' | 'session_expire') =>
      ({ topic }: { topic: string }) => {
        if (topic !== session?.topic) return
        // The sign-client already dropped the session's keys and subscription.
        forget()
        emit({ type: 'disconnect', reason })
      }
    const onDelete = onEnd('session_delete')
    const onExpire = onEnd('session_expire')
    const onRelayUp = () => emit({ type: 'relay', connected: true })
    const onRelayDown = () => emit({ type: 'relay', connected: false })
    client.on('session_update', onUpdate)
    client.on('session_event', onEvent)
    client.on('session_delete', onDelete)
    client.on('session_expire', onExpire)
    client.core.relayer.on(RELAYER_CONNECT, onRelayUp)
    client.core.relayer.on(RELAYER_DISCONNECT, onRelayDown)
    return () => {
      client.off('session_update', onUpdate)
      client.off('session_event', onEvent)
      client.off('session_delete', onDelete)
      client.off('session_expire', onExpire)
      client.core.relayer.off(RELAYER_CONNECT, onRelayUp)
      client.core.relayer.off(RELAYER_DISCONNECT, onRelayDown)
    }
  }

  async function sendToWallet<T>(client: SignClientInstance, active: SessionTypes.Struct, chainId: CaipNetworkId, method: string, params: unknown): Promise<T> {
    // The request carries its expiry; the wallet's client drops it past that, and this
    // client gives up at the same moment (the sign-client's own timer), never before.
    const answer = client.request({ topic: active.topic, chainId, request: { method, params }, expiry: expirySeconds })
    emit({ type: 'walletRequest', waiting: true, method })
    try {
      // A backstop a second past the expiry, should the sign-client's timer not fire.
      return (await withTimeout(answer, (expirySeconds + 1) * 1000, () => new Error('Request expired. Please try again.'))) as T
    } catch (error) {
      const { code, message, data } = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown }
      // The sign-client's own failures (expired: its internal code 6; unpublished: none),
      // not the wallet's answer: say which, by whether the relay is reachable now.
      const known = typeof message === 'string' ? libraryMessageKey(message) : undefined
      if (known === 'walletDidNotAnswer' || known === 'walletConnectionLost') {
        const relayDown = !client.core.relayer.connected
        throw new WalletError(
          { key: relayDown ? 'walletConnectionLost' : known },
          { code: relayDown ? 'wallet/relay-unreachable' : 'wallet/request-expired', details: `${method} (expiry ${expirySeconds} s): ${message as string}`, cause: error },
        )
      }
      if (typeof code === 'number') throw new RpcError(code, { message: typeof message === 'string' ? message : undefined, data, cause: error })
      throw error
    } finally {
      emit({ type: 'walletRequest', waiting: false, method })
    }
  }

  const client: WalletConnectClient = {
    get initialized() {
      return signClient !== undefined
    },

    init() {
      return (initializing ??= (async () => {
        const created = await SignClient.init({
          projectId: options.projectId,
          relayUrl: options.relayUrl,
          metadata: { ...options.metadata, icons: [...options.metadata.icons] },
          customStoragePrefix: storagePrefix,
          storage,
          logger: options.logLevel ?? 'silent',
          telemetryEnabled: false,
        })
        if (!(options.verify ?? isHostedRelay(options.relayUrl))) {
          // No Verify server behind a self-hosted relay: attest nothing rather than wait for its timeout.
          created.core.verify.register = async () => ''
          // The sign-client treats an unresolved attestation as "unknown" (no origin check).
          created.core.verify.resolve = (async () => undefined) as unknown as typeof created.core.verify.resolve
        }
        fitRequestExpiry(created, expirySeconds)
        detach = attach(created)
        signClient = created
      })().catch((error: unknown) => {
        initializing = undefined
        throw error
      }))
    },

    async connect(): Promise<WalletConnectPairing> {
      const client = requireSignClient()
      // The sign-client retries an unreachable relay for over a minute; the visitor should not wait that long.
      const attempt = client.connect({ optionalNamespaces: proposal })
      attempt.catch(() => {})
      const { uri, approval } = await withTimeout(
        attempt,
        options.connectTimeoutMs ?? 15_000,
        () => new WalletError('The WalletConnect relay could not be reached.', { code: 'wallet/relay-unreachable', details: options.relayUrl }),
      )
      if (!uri) throw WalletSessionError.notInitialized()
      const pairingTopic = uri.slice(3).split('@')[0] ?? ''
      const approved = approval().then((next) => {
        adopt(next)
        return toSessionInfo(next)
      })
      // The saga may abandon a pairing (expiry, a fresh URI): its rejection must not go unhandled.
      approved.catch(() => {})
      return { uri, pairingTopic, approval: approved }
    },

    async abandonPairing(pairingTopic) {
      const client = requireSignClient()
      if (!client.core.pairing.pairings.keys.includes(pairingTopic)) return
      try {
        await client.core.pairing.disconnect({ topic: pairingTopic })
      } catch {
        // Already gone (expired on its own): nothing to clean.
      }
    },

    async request<T = unknown>({ method, params, chainId, namespace: forNamespace }: WalletConnectRequest): Promise<T> {
      const requested = chainId ? namespaceOf(chainId) : forNamespace
      if (requested && !(requested in proposal)) throw WalletSessionError.namespaceNotConfigured(requested)
      const client = requireSignClient()
      const active = session
      if (!active) throw WalletSessionError.callConnectFirst()
      const info = toSessionInfo(active)
      const namespace = requested ?? Object.keys(info.namespaces)[0]
      const approved = namespace ? info.namespaces[namespace] : undefined
      if (!namespace || !approved) throw WalletSessionError.namespaceNotConfigured(namespace ?? '')
      const chain = chainId ?? currentChain.get(namespace) ?? approved.chains[0]
      if (!chain) throw WalletSessionError.providerNotFound(namespace)

      if (method === 'wallet_getCallsStatus' && !approved.methods.includes(method)) {
        const bundlerUrl = active.sessionProperties?.bundler_url
        if (typeof bundlerUrl === 'string' && bundlerUrl) return jsonRpcOverHttp<T>(bundlerUrl, method, params, fetchImpl)
        throw WalletSessionError.callStatusNotApproved()
      }
      if (protocols[namespace]?.isReadMethod?.(method)) {
        // Reads go to the chain's own RPC (what the dapp trusts), not through the wallet;
        // a wallet that approved the method answers only when the network has no RPC URL.
        if (!approved.chains.includes(chain)) throw WalletSessionError.providerNotFound(chain)
        const url = rpcMap[chain]
        if (url) return jsonRpcOverHttp<T>(url, method, params, fetchImpl)
        if (!approved.methods.includes(method)) throw WalletSessionError.noRpcUrl()
      }
      if (approved.methods.includes(method)) return sendToWallet<T>(client, active, chain, method, params)
      throw new RpcError(ProviderRpcCode.UnsupportedMethod, { details: `The wallet did not approve '${method}' for ${namespace}.` })
    },

    async switchNetwork(caipNetworkId) {
      const namespace = namespaceOf(caipNetworkId)
      if (!(namespace in proposal)) throw WalletSessionError.namespaceNotConfigured(namespace)
      const client = requireSignClient()
      const active = session
      if (!active) throw WalletSessionError.callConnectFirst()
      const approved = toSessionInfo(active).namespaces[namespace]
      const current = currentChain.get(namespace)
      if (approved?.chains.includes(caipNetworkId)) {
        if (current === caipNetworkId) return
        // An approved chain: ask the wallet to follow when it can, then use it either way.
        const follow = protocols[namespace]?.switchChainRequest?.(caipNetworkId)
        if (follow && approved.methods.includes(follow.method) && current) {
          await sendToWallet(client, active, current, follow.method, follow.params).catch(() => undefined)
        }
        currentChain.set(namespace, caipNetworkId)
        emit({ type: 'chainChanged', caipNetworkId })
        return
      }
      const reference = caipNetworkId.split(':')[1] ?? caipNetworkId
      const ask = protocols[namespace]?.switchChainRequest?.(caipNetworkId)
      if (!ask || !approved?.methods.includes(ask.method) || !current) throw new SwitchChainNotSupportedError(reference)
      await sendToWallet(client, active, current, ask.method, ask.params)
      currentChain.set(namespace, caipNetworkId)
      emit({ type: 'chainChanged', caipNetworkId })
    },

    async disconnect() {
      const client = requireSignClient()
      const active = session
      if (!active) return
      forget()
      try {
        await client.disconnect({ topic: active.topic, reason: USER_DISCONNECTED })
      } catch {
        // The wallet may have ended it first; locally it is gone either way.
      }
    },

    getSession(): WalletConnectSessionInfo | undefined {
      return session ? toSessionInfo(session) : undefined
    },

    restoreSession() {
      const client = requireSignClient()
      if (session) return toSessionInfo(session)
      const nowSeconds = Date.now() / 1000
      // The sign-client loaded its stored sessions at init and dropped the expired ones;
      // of what is left, the newest settled session is the one the visitor last made.
      const live = client.session
        .getAll()
        .filter((candidate) => candidate.acknowledged && candidate.expiry > nowSeconds)
        .sort((a, b) => b.expiry - a.expiry)[0]
      if (!live) return undefined
      adopt(live)
      return toSessionInfo(live)
    },

    getChain(namespace) {
      return currentChain.get(namespace)
    },

    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    destroy() {
      // Every caller waits for the same teardown (the saga and the page may both ask).
      return (destroying ??= (async () => {
        await initializing?.catch(() => undefined)
        const client = signClient
        signClient = undefined
        forget()
        listeners.clear()
        detach?.()
        detach = undefined
        if (!client) return
        // The heartbeat drives the sign-client's timers; the transport is its socket.
        client.core.heartbeat.stop()
        await client.core.relayer.transportClose().catch(() => undefined)
        forgetGlobalCore(storagePrefix)
      })())
    },
  }
  return client
}

function withTimeout<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** A chainChanged payload (a number, a hex or decimal string, or a CAIP-2 id) as CAIP-2. */
function toCaipChain(namespace: string, data: unknown, fallback: CaipNetworkId): CaipNetworkId {
  if (typeof data === 'string' && data.includes(':')) return data as CaipNetworkId
  if (typeof data === 'number' && Number.isFinite(data)) return `${namespace}:${data}`
  if (typeof data === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(data)) return `${namespace}:${Number(data)}`
  return fallback
}
