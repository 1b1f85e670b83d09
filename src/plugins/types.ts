import type { ChainNamespace } from '../config/constants'
import type { ConnectorInfo } from '../types/connector'
import type { CaipNetwork, CaipNetworkId } from '../types/network'

/**
 * The namespace plugin contract: the only place that knows a chain family.
 *
 * A plugin has a small required core (namespace, networks, address rule, features)
 * and optional capabilities beside it. Core code asks for a capability and shows the
 * feature only when the plugin has it; nothing else changes when a third party adds a
 * namespace through `config.plugins`.
 *
 * Keep the core cheap: creating a plugin must not import heavy libraries or touch the
 * network. Capabilities load what they need lazily, on first call.
 */
export type NamespacePlugin = {
  /** CAIP-2 namespace, e.g. `eip155`. Unique among the registered plugins. */
  readonly namespace: ChainNamespace | (string & {})
  /** Human name of the chain family, e.g. `Ethereum & EVM`. */
  readonly name: string
  /** Default networks; the dapp's `config.networks` narrows or extends them. */
  readonly networks: readonly CaipNetwork[]
  /** The namespace's address rule (SPEC §5). Pure and synchronous. */
  isAddress(address: string): boolean
  readonly features: PluginFeatures
  /** Connector discovery and the wallet operations the store needs. */
  readonly connectors?: ConnectorCapability | undefined
  /** Native (and, where supported, token) balance read. */
  readonly balance?: BalanceCapability | undefined
}

/** SPEC §5 "Feature support", per plugin. */
export type PluginFeatures = {
  balance: boolean
  names: boolean
  activity: boolean
  send: boolean
  /** Whether swaps are offered on this network. */
  swaps(network: CaipNetwork): boolean
}

/** What a plugin is given when the store starts it. */
export type PluginContext = {
  projectId: string
  /** The networks of this namespace the dapp configured. */
  networks: readonly CaipNetwork[]
  /** Browser `window`, or undefined on a server/in tests without a DOM. */
  window?: Window | undefined
}

export type ConnectedAccount = {
  address: string
  /** Every address the wallet exposed, first is the active one. */
  accounts: readonly { address: string; type?: string | undefined }[]
  caipNetworkId: CaipNetworkId
}

/** Events a live connection reports; sagas subscribe through `watch`. */
export type ConnectorEvent =
  | { type: 'accountsChanged'; accounts: readonly string[] }
  | { type: 'chainChanged'; caipNetworkId: CaipNetworkId }
  | { type: 'disconnect' }

export type ConnectorCapability = {
  /**
   * Finds the wallets of this namespace (EIP-6963, Wallet Standard, sats-connect ...)
   * and calls `emit` with the full current list whenever it changes. Returns the
   * function that stops discovery.
   */
  discover(context: PluginContext, emit: (connectors: readonly ConnectorInfo[]) => void): () => void
  connect(parameters: { connectorId: string; network: CaipNetwork }): Promise<ConnectedAccount>
  /**
   * Restores a connection the visitor made before (after a reload) without prompting:
   * resolves with the account when the wallet still authorises this dapp, `null` when
   * it does not. Core calls it once the connector is discovered again.
   */
  reconnect?(parameters: { connectorId: string; network: CaipNetwork }): Promise<ConnectedAccount | null>
  disconnect(parameters: { connectorId: string }): Promise<void>
  /** Subscribes to a connected wallet's events. Returns the unsubscribe function. */
  watch?(parameters: { connectorId: string }, onEvent: (event: ConnectorEvent) => void): () => void
  switchNetwork?(parameters: { connectorId: string; network: CaipNetwork }): Promise<void>
  signMessage?(parameters: { connectorId: string; address: string; message: string }): Promise<string>
  sendTransaction?(parameters: SendParameters & { connectorId: string }): Promise<string>
}

export type SendParameters = {
  network: CaipNetwork
  from: string
  to: string
  /** Amount in the token's smallest unit, as a decimal string (serialisable). */
  amount: string
  /** Token contract/mint address; undefined for the native coin. */
  token?: string | undefined
}

export type BalanceCapability = {
  getBalance(parameters: { address: string; network: CaipNetwork }): Promise<{
    /** Smallest unit, decimal string. */
    value: string
    decimals: number
    symbol: string
  }>
}
