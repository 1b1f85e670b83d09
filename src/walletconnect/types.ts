import type { Metadata } from '../config/types'
import type { RpcCodecs } from '../plugins/types'
import type { CaipAddress, CaipNetwork, CaipNetworkId } from '../types/network'

/** What `createWalletConnectClient` needs; Portico fills it from the resolved config. */
export type WalletConnectClientOptions = {
  projectId: string
  /** The relay's websocket URL (`config.endpoints.relay`). */
  relayUrl: string
  metadata: Metadata
  /** The dapp's configured networks: the session proposal and the read-RPC map are built from them. */
  networks: readonly CaipNetwork[]
  /**
   * Keeps this client's keys apart from any other WalletConnect client in the same
   * page or process (the sign-client shares a core between clients of one prefix).
   * Default: `portico` with persistent storage (the next page load must find the keys),
   * a fresh random prefix in memory.
   */
  storagePrefix?: string | undefined
  /**
   * Use WalletConnect's hosted Verify API (domain attestation). Default: only when the
   * relay is WalletConnect's hosted relay; a self-hosted relay has no Verify server, and
   * asking it would stall every proposal by the API's 5 s timeout.
   */
  verify?: boolean | undefined
  /** sign-client log level; default 'silent'. */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | undefined
  /**
   * The sign-client's key-value storage (pairings, sessions, their symmetric keys).
   * Default: in a browser, IndexedDB (`createIndexedDbStorage`), so sessions survive a
   * reload; elsewhere (Node, jsdom) in memory. Pass `'memory'` to keep everything in
   * memory, or a store of your own (persistent: it gets the stable prefix).
   */
  storage?: 'memory' | WalletConnectKeyValueStorage | undefined
  /** How long `connect()` waits for the relay before giving up; default 15 s. */
  connectTimeoutMs?: number | undefined
  /**
   * How long a request sent to the wallet waits for its answer, in ms; the request carries
   * the same expiry (the sign protocol's `expiry`), so the wallet drops it once this client
   * has given up. Default `Time.walletRequestTimeoutMs` (5 minutes). On WalletConnect's
   * hosted relays a value under the protocol's 5-minute floor is raised to it.
   */
  requestTimeoutMs?: number | undefined
  /** `fetch` for read calls sent to a chain's RPC; default the global one. */
  fetch?: typeof fetch | undefined
}

/** The key-value store the sign-client accepts (`@walletconnect/keyvaluestorage`'s interface). */
export type WalletConnectKeyValueStorage = {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/** A namespace of an approved session, as plain data. */
export type WalletConnectNamespace = {
  accounts: CaipAddress[]
  chains: CaipNetworkId[]
  methods: string[]
  events: string[]
}

/**
 * The EIP-1193 surface of a WalletConnect session (`client.eip155Provider()`), the shape
 * the eip155 plugin's `connectors.attach` takes.
 */
export type WalletConnectEip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object | undefined }): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): WalletConnectEip1193Provider
  removeListener(event: string, listener: (...args: unknown[]) => void): WalletConnectEip1193Provider
  off(event: string, listener: (...args: unknown[]) => void): WalletConnectEip1193Provider
}

/** What `client.providerFor(namespace)` hands the saga for a plugin's `connectors.attach`. */
export type SessionProvider = {
  /** An EIP-1193 provider (eip155), a Wallet Standard wallet (solana), a sats-connect provider (bip122). */
  provider: unknown
  /**
   * How the account enters the store: `session`, the session's accounts as they are (the
   * plugin keeps no connection of its own); `plugin`, through the plugin's silent
   * `reconnect` of the attached provider, so the plugin records the connection it signs with.
   */
  connect: 'session' | 'plugin'
  /** Stops the provider following the client's events. */
  destroy?(): void
}

/** The approved session as plain data: what the saga and the store may see of it. */
export type WalletConnectSessionInfo = {
  topic: string
  pairingTopic: string
  peer: { name: string; description: string; url: string; icons: string[] }
  namespaces: Record<string, WalletConnectNamespace>
  /** Epoch ms. */
  expiry: number
}

/** A fresh pairing: the URI to show (QR code, deep link) and the wallet's answer. */
export type WalletConnectPairing = {
  uri: string
  pairingTopic: string
  /** Resolves when the wallet approves; rejects when it rejects or the proposal expires. */
  approval: Promise<WalletConnectSessionInfo>
}

/** Session events (SPEC §4 wallet session), as plain data for the saga. */
export type WalletConnectEvent =
  | { type: 'session_update'; session: WalletConnectSessionInfo }
  | { type: 'chainChanged'; caipNetworkId: CaipNetworkId }
  | { type: 'accountsChanged'; namespace: string; accounts: string[] }
  /** The session ended from the wallet's side (session_delete) or by expiry; already cleaned up. */
  | { type: 'disconnect'; reason: 'session_delete' | 'session_expire' }
  /** The relay's socket closed (`connected: false`; the sign-client reconnects by itself) or opened again. */
  | { type: 'relay'; connected: boolean }
  /** A request went to the wallet (`waiting: true`: the visitor must approve it there), or its answer (or failure) came back. */
  | { type: 'walletRequest'; waiting: boolean; method: string }

export type WalletConnectRequest = {
  method: string
  params?: unknown
  /** CAIP-2 chain; default the session's current chain of the first namespace. */
  chainId?: CaipNetworkId | undefined
}

/**
 * The dapp side of WalletConnect. Live objects (the SignClient, its socket) stay
 * inside; everything that comes out is plain data.
 */
export type WalletConnectClient = {
  /** Creates the SignClient and connects its events. Idempotent. */
  init(): Promise<void>
  readonly initialized: boolean
  /** A new pairing and session proposal (built from the configured networks). */
  connect(): Promise<WalletConnectPairing>
  /** Drops a pairing the visitor did not use (expired or replaced). */
  abandonPairing(pairingTopic: string): Promise<void>
  /**
   * Sends a request: the wallet's methods to the wallet, read-only `eth_*` calls to the
   * chain's RPC. Throws the SPEC §8 wallet-session errors.
   */
  request<T = unknown>(request: WalletConnectRequest): Promise<T>
  /** Switches the session's current EVM chain (asking the wallet when it can). */
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  /** Ends the session (telling the wallet) and cleans up. */
  disconnect(): Promise<void>
  getSession(): WalletConnectSessionInfo | undefined
  /**
   * Adopts the newest live session the sign-client restored from its storage at
   * `init()` (after a reload), without asking the wallet anything. Undefined when there
   * is none (never paired, expired, or deleted meanwhile).
   */
  restoreSession(): WalletConnectSessionInfo | undefined
  /** The chain requests of `namespace` go to by default (follows chainChanged and switches). */
  getChain(namespace: string): CaipNetworkId | undefined
  /** The session's EVM side as an EIP-1193 provider (one per client). */
  eip155Provider(): WalletConnectEip1193Provider
  /**
   * The session's side of `namespace` in the shape its plugin's `connectors.attach`
   * takes (one per client and namespace); undefined for a namespace no plugin drives.
   * `codecs` are the plugin's (`connectors.loadRpcCodecs()`); solana needs them.
   */
  providerFor(namespace: string, codecs?: RpcCodecs): SessionProvider | undefined
  /** Subscribes to session events. Returns the unsubscribe function. */
  onEvent(listener: (event: WalletConnectEvent) => void): () => void
  /** Stops timers and closes the relay socket. The client is unusable after. */
  destroy(): Promise<void>
}
