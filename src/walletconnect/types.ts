import type { Metadata } from '../config/types'
import type { RemoteNamespace } from '../plugins/types'
import type { CaipNetwork, CaipNetworkId } from '../types/network'
import type { RemoteRequest, RemoteSessionEvent, RemoteSessionInfo, RemoteSessionNamespace } from '../types/remoteSession'

/** What the client needs of a namespace's plugin: the proposal's methods and events, and how requests route. */
export type RemoteProtocol = Pick<RemoteNamespace, 'methods' | 'events' | 'isReadMethod' | 'accountsOfEvent' | 'switchChainRequest'>

/** What `createWalletConnectClient` needs; Portico fills it from the resolved config. */
export type WalletConnectClientOptions = {
  projectId: string
  /** The relay's websocket URL (`config.endpoints.relay`). */
  relayUrl: string
  metadata: Metadata
  /** The dapp's configured networks: the session proposal and the read-RPC map are built from them. */
  networks: readonly CaipNetwork[]
  /**
   * Per namespace, its plugin's `remote` capability: what the proposal asks for and how
   * requests route. A namespace without one is left out of the proposal.
   */
  protocols: Readonly<Record<string, RemoteProtocol>>
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
export type WalletConnectNamespace = RemoteSessionNamespace

/** The approved session as plain data: what the saga and the store may see of it. */
export type WalletConnectSessionInfo = RemoteSessionInfo

/** A fresh pairing: the URI to show (QR code, deep link) and the wallet's answer. */
export type WalletConnectPairing = {
  uri: string
  pairingTopic: string
  /** Resolves when the wallet approves; rejects when it rejects or the proposal expires. */
  approval: Promise<WalletConnectSessionInfo>
}

/** Session events (SPEC §4 wallet session), as plain data for the saga. */
export type WalletConnectEvent = RemoteSessionEvent

export type WalletConnectRequest = RemoteRequest

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
  /** Subscribes to session events. Returns the unsubscribe function. */
  onEvent(listener: (event: WalletConnectEvent) => void): () => void
  /** Stops timers and closes the relay socket. The client is unusable after. */
  destroy(): Promise<void>
}
