import type { CaipAddress, CaipNetworkId } from './network'

/** A namespace of an approved remote session (WalletConnect), as plain data. */
export type RemoteSessionNamespace = {
  accounts: CaipAddress[]
  chains: CaipNetworkId[]
  methods: string[]
  events: string[]
}

/** The approved session as plain data: what the saga, the store and the plugins may see of it. */
export type RemoteSessionInfo = {
  topic: string
  pairingTopic: string
  peer: { name: string; description: string; url: string; icons: string[] }
  namespaces: Record<string, RemoteSessionNamespace>
  /** Epoch ms. */
  expiry: number
}

/** Session events (SPEC §4 wallet session), as plain data. */
export type RemoteSessionEvent =
  | { type: 'session_update'; session: RemoteSessionInfo }
  | { type: 'chainChanged'; caipNetworkId: CaipNetworkId }
  | { type: 'accountsChanged'; namespace: string; accounts: string[] }
  /** The session ended from the wallet's side (session_delete) or by expiry; already cleaned up. */
  | { type: 'disconnect'; reason: 'session_delete' | 'session_expire' }
  /** The relay's socket closed (`connected: false`; the sign-client reconnects by itself) or opened again. */
  | { type: 'relay'; connected: boolean }
  /** A request went to the wallet (`waiting: true`: the visitor must approve it there), or its answer (or failure) came back. */
  | { type: 'walletRequest'; waiting: boolean; method: string }

export type RemoteRequest = {
  method: string
  params?: unknown
  /** CAIP-2 chain; default the session's current chain of `namespace`, else of the first namespace. */
  chainId?: CaipNetworkId | undefined
  /** The namespace the request is for, when no `chainId` is given; refused (SPEC §8) when the session does not cover it. */
  namespace?: string | undefined
}

/**
 * A remote wallet session (WalletConnect) as a plugin's `remote` capability sees it:
 * transport only. Requests go to the wallet (or, for the methods the plugin calls reads,
 * to the chain's RPC) with the SPEC §8 wallet-session errors; the plugin decides what
 * they mean for its chain family.
 */
export type RemoteSession = {
  request<T = unknown>(request: RemoteRequest): Promise<T>
  /** Moves the session's current chain of the network's namespace (asking the wallet when it can). */
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  getSession(): RemoteSessionInfo | undefined
  /** The chain requests of `namespace` go to by default (follows chainChanged and switches). */
  getChain(namespace: string): CaipNetworkId | undefined
  /** Subscribes to session events. Returns the unsubscribe function. */
  onEvent(listener: (event: RemoteSessionEvent) => void): () => void
}

/** Splits a CAIP-10 account (`namespace:reference:address`) into its chain and address. */
export function parseCaipAccount(account: string): { caipNetworkId: CaipNetworkId; address: string } | undefined {
  const [namespace, reference, ...rest] = account.split(':')
  const address = rest.join(':')
  if (!namespace || !reference || !address) return undefined
  return { caipNetworkId: `${namespace}:${reference}`, address }
}

/**
 * The addresses a session namespace holds on `caipNetworkId` (deduplicated, in the
 * wallet's order), or on its first chain when none is given.
 */
export function addressesOn(namespace: RemoteSessionNamespace, caipNetworkId?: CaipNetworkId): { caipNetworkId: CaipNetworkId; addresses: string[] } | undefined {
  const parsed = namespace.accounts.map(parseCaipAccount).filter((a) => a !== undefined)
  const chain = caipNetworkId && parsed.some((a) => a.caipNetworkId === caipNetworkId) ? caipNetworkId : parsed[0]?.caipNetworkId
  if (!chain) return undefined
  const addresses = [...new Set(parsed.filter((a) => a.caipNetworkId === chain).map((a) => a.address))]
  return { caipNetworkId: chain, addresses }
}
