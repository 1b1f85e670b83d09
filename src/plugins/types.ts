import type { AccountType, ChainNamespace } from '../config/constants'
import type { ConnectorInfo } from '../types/connector'
import type { CaipNetwork, CaipNetworkId } from '../types/network'
import type { EmbeddedFrameUser, EmbeddedTransport } from '../types/embeddedTransport'
import type { RemoteSession } from '../types/remoteSession'
import type { RpcCodecs } from '../types/rpcCodecs'
import type { TransactionHistoryItem } from '../types/transaction'

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
export type NamespacePlugin<Wallet = unknown, Provider = unknown> = {
  /** CAIP-2 namespace, e.g. `eip155`. Unique among the registered plugins. */
  readonly namespace: ChainNamespace | (string & {})
  /** Human name of the chain family, e.g. `Ethereum & EVM`. */
  readonly name: string
  /** Default networks; the dapp's `config.networks` narrows or extends them. */
  readonly networks: readonly CaipNetwork[]
  /** The namespace's address rule (SPEC §5). Pure and synchronous. */
  isAddress(address: string): boolean
  /**
   * SPEC §5 "Feature support" for the namespace. `createPortico` evaluates it once per
   * configured network and keeps the answers in the store as plain data
   * (`options.pluginFeatures[namespace]`, see `PluginFeatureData`); the views and the
   * send checks read only that data, so what a plugin declares here is what the modal
   * shows for its accounts.
   */
  readonly features: PluginFeatures
  /**
   * The account types the namespace's wallets expose (SPEC §3, §9), e.g. `['eoa',
   * 'smartAccount']`. A dapp's `defaultAccountTypes[namespace]` must be one of them. Left
   * out, the SPEC §5 rule applies (`eoa` or `smartAccount`).
   */
  readonly accountTypes?: readonly AccountType[] | undefined
  /** Connector discovery and the wallet operations the store needs. */
  readonly connectors?: ConnectorCapability<Wallet, Provider> | undefined
  /** What only EVM wallets do (contract calls, EIP-5792 batches), for the swap and the dapp's calls. */
  readonly evm?: EvmCapability | undefined
  /**
   * Native (and, where supported, token) balance read. Core asks the Blockchain API
   * first when `features.balance` is on; for a namespace the API does not serve
   * (`features.balance` off), this capability alone supplies the balance and the
   * Tokens tab.
   */
  readonly balance?: BalanceCapability | undefined
  /**
   * The account's transaction history, read by the plugin itself (e.g. from an Esplora
   * API for Bitcoin). Core shows Activity for a namespace when `features.activity` is on
   * (the Blockchain API serves its history) or when the plugin has this capability.
   */
  readonly history?: HistoryCapability | undefined
  /**
   * How a WalletConnect session's accounts of this namespace become a wallet. Without it
   * the session proposal leaves the namespace out.
   */
  readonly remote?: RemoteCapability<Wallet> | undefined
  /** Which accounts the embedded wallet offers on this namespace, and the wallet over its frame. */
  readonly embedded?: EmbeddedCapability<Wallet> | undefined
}

/**
 * A plugin's side of a WalletConnect session, loaded when the WalletConnect client is
 * (never at start-up): `load` resolves with the namespace's `RemoteNamespace`.
 */
export type RemoteCapability<P = unknown> = {
  load(): Promise<RemoteNamespace<P>>
}

/**
 * The WalletConnect client asks for `methods` and `events` in the session proposal and
 * routes `isReadMethod` calls to the chain's RPC; the saga builds the wallet with
 * `createWallet` once the session covers the namespace, `attach`es it to `connectors`
 * and connects it.
 */
export type RemoteNamespace<P = unknown> = {
  /** The wallet methods the session proposal asks for. */
  readonly methods: readonly string[]
  /** The session events the proposal asks for. */
  readonly events: readonly string[]
  /** Methods that only read the chain: answered by the network's RPC, never by the wallet. */
  isReadMethod?(method: string): boolean
  /** The addresses a namespace's own accounts event carries; undefined for an event that is not one. */
  accountsOfEvent?(name: string, data: unknown): string[] | undefined
  /** The request that asks the wallet to move to another chain of the namespace, if the namespace has one. */
  switchChainRequest?(caipNetworkId: CaipNetworkId): { method: string; params: unknown } | undefined
  /** Builds the session's side of the namespace in the shape `connectors.attach` takes. Loads what it needs lazily. */
  createWallet(session: RemoteSession, options: { name: string }): Promise<RemoteWallet<P>>
}

export type RemoteWallet<P = unknown> = {
  provider: P
  /**
   * How the account enters the store: `session`, the session's accounts as they are (the
   * plugin keeps no connection of its own); `plugin`, through the plugin's silent
   * `reconnect` of the attached provider, so the plugin records the connection it signs with.
   */
  connect: 'session' | 'plugin'
  /** Stops the wallet following the session's events. */
  destroy(): void
}

/**
 * A plugin's side of the embedded wallet (the secure frame), loaded when the embedded
 * wallet connects: `load` resolves with the namespace's `EmbeddedNamespace`.
 */
export type EmbeddedCapability<P = unknown> = {
  load(): Promise<EmbeddedNamespace<P>>
}

/**
 * `primary`: the frame signs the user in on this namespace (its networks are the frame's
 * chains); the other namespaces with an `embedded` capability join the same user when the
 * frame's user holds an address for them.
 */
export type EmbeddedNamespace<P = unknown> = {
  readonly primary?: boolean | undefined
  /** The account kinds the embedded wallet offers on this namespace, e.g. `['eoa', 'smartAccount']`. */
  readonly accountTypes: readonly AccountType[]
  /** The user's address on this namespace, undefined when the frame holds none. */
  addressOf(user: EmbeddedFrameUser): string | undefined
  /** Builds the wallet over the frame in the shape `connectors.attach` takes. Loads what it needs lazily. */
  createWallet(parameters: { transport: EmbeddedTransport; networks: readonly CaipNetwork[]; name: string }): Promise<EmbeddedWallet<P>>
}

export type EmbeddedWallet<P = unknown> = {
  provider: P
  /** Records the user the frame signed in; the wallet reports a changed account as its events. */
  setUser(user: EmbeddedFrameUser): void
  /** Forgets the user (signed out elsewhere). */
  clearUser(): void
  /** Stops following the frame. */
  destroy(): void
}

/**
 * SPEC §5 "Feature support", per plugin: what Portico's Blockchain API and views serve
 * for the namespace. Core never calls these at render time: `createPortico` evaluates
 * them for each configured network into `PluginFeatureData`, the store's plain copy.
 */
export type PluginFeatures = {
  /** The Blockchain API serves the namespace's balances (else only the `balance` capability does). */
  balance: boolean
  /** Name registration (the Account view's "Register name" row and its view). */
  names: boolean
  /** The Blockchain API serves the namespace's history (else only the `history` capability does). */
  activity: boolean
  /**
   * The Send view is offered for the namespace's accounts. It sends through
   * `connectors.sendTransaction`, so the Send action shows only when the plugin has both.
   */
  send: boolean
  /** Whether swaps are offered on this network (evaluated for each configured network). */
  swaps(network: CaipNetwork): boolean
}

/** An optional capability, or one method of it, by its path in the plugin: `'history'`, `'connectors.sendTransaction'`. */
export type PluginCapabilityName =
  | 'connectors'
  | 'balance'
  | 'history'
  | 'remote'
  | 'embedded'
  | `connectors.${keyof ConnectorCapability}`
  | `balance.${keyof BalanceCapability}`
  | `history.${keyof HistoryCapability}`
  | 'evm'
  | `evm.${keyof EvmCapability}`
  | `remote.${keyof RemoteCapability}`
  | `embedded.${keyof EmbeddedCapability}`

/**
 * A plugin's features and capabilities as plain, serialisable data: what the store keeps
 * in `options.pluginFeatures[namespace]` (Redux DevTools shows it) and what the views and
 * the send checks read instead of naming a chain family. Built by `createPortico` from
 * the registered plugins and the dapp's networks; networks are fixed for an instance, so
 * it is built once.
 */
export type PluginFeatureData = {
  /** The plugin's `name`. */
  name: string
  /** `features.balance`, `names`, `activity` and `send` as the plugin declares them. */
  balance: boolean
  names: boolean
  activity: boolean
  send: boolean
  /** The configured networks of the namespace where `features.swaps(network)` answered true. */
  swapNetworks: CaipNetworkId[]
  /** The optional capabilities and methods the plugin has, e.g. `['connectors', 'connectors.sendTransaction', 'history']`. */
  capabilities: PluginCapabilityName[]
  /** `accountTypes`, or the SPEC §5 rule (`eoa`, `smartAccount`) when the plugin leaves it out. */
  accountTypes: AccountType[]
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
export type ConnectorEvent = { type: 'accountsChanged'; accounts: readonly string[] } | { type: 'chainChanged'; caipNetworkId: CaipNetworkId } | { type: 'disconnect' }

/**
 * A connector's lifecycle: discover, connect, reconnect, disconnect, watch, switch network,
 * and the dapp's provider; with signing, sending and waiting that the modal's views use on
 * every namespace. `Wallet` is the namespace's own wallet shape (`attach`), `Provider` the
 * dapp's handle (`createProvider`).
 */
export type ConnectorCapability<Wallet = unknown, Provider = unknown> = {
  /**
   * Finds the wallets of this namespace (EIP-6963, Wallet Standard, sats-connect ...)
   * and calls `emit` with the full current list whenever it changes. Returns the
   * function that stops discovery.
   */
  discover(context: PluginContext, emit: (connectors: readonly ConnectorInfo[]) => void): () => void
  connect(parameters: { connectorId: string; network: CaipNetwork }): Promise<ConnectedAccount>
  /**
   * Hands the plugin a wallet it did not discover itself (a WalletConnect session, the
   * embedded wallet's frame), so every wallet operation (connect, sign, send, switch,
   * EIP-5792) runs through the same code as for a browser wallet. `provider` is the
   * namespace's own wallet shape: an EIP-1193 provider for eip155, a Wallet Standard
   * wallet for solana. Returns the function that detaches it.
   */
  attach?(parameters: { info: ConnectorInfo; provider: Wallet }): () => void
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
  /**
   * Sends a token (or the native coin) from the connected wallet and resolves with the
   * transaction hash. The modal's Send view goes through it for any namespace whose
   * `features.send` is true: the send saga checks the form with the plugin's `isAddress`,
   * converts the amount to the token's smallest unit and calls this. Reject with a
   * `PorticoError` (e.g. `RpcError` 4001 when the visitor refuses) to show why.
   */
  sendTransaction?(parameters: SendParameters & { connectorId: string }): Promise<string>
  /**
   * Waits until a transaction is mined and resolves with its outcome; rejects after
   * `timeoutMs` (default 60 s). Reads the network's RPC, or the wallet when the network
   * has none.
   */
  waitForTransaction?(parameters: { connectorId: string; network: CaipNetwork; hash: string; timeoutMs?: number | undefined }): Promise<TransactionOutcome>
  /**
   * The dapp's handle on this namespace's connection (`portico.getProvider(namespace)`),
   * in the namespace's own shape: an EIP-1193 provider for eip155, a Wallet Standard
   * wallet for solana. It reads the connection from `host` and sends each request to
   * whatever wallet is connected at that moment, so one object serves across wallet
   * changes. Called once per Portico instance and namespace; must be cheap.
   */
  createProvider?(host: ConnectionHost): Provider
}

/** What only EVM wallets do: one contract call (swaps) and EIP-5792 batches. */
export type EvmCapability = {
  /**
   * Sends one arbitrary contract call (`to`, `data`, `value`, optional `gas`) from the
   * connected wallet and resolves with the transaction hash: what a swap's approval and
   * swap transactions, built by a service, need. Checks the wallet is on `network`,
   * estimates the gas when none is given (a call that would revert is refused before the
   * visitor is asked) and maps node refusals as `sendTransaction` does.
   */
  sendContractCall?(parameters: ContractCallParameters & { connectorId: string }): Promise<string>
  /**
   * EIP-5792 `wallet_sendCalls`: hands a batch of calls to the wallet. Resolves with the
   * wallet's batch id. Throws `ValidationError` for a call whose `to` or `data` is not
   * 0x-prefixed (SPEC §5) before the wallet is asked.
   */
  sendCalls?(parameters: SendCallsParameters & { connectorId: string }): Promise<SendCallsResult>
  /** EIP-5792 `wallet_getCallsStatus` for a batch id from `sendCalls`. */
  getCallsStatus?(parameters: { connectorId: string; id: string }): Promise<CallsStatus>
  /**
   * EIP-5792 `wallet_getCapabilities` for an address (required, SPEC §5), optionally
   * narrowed to some networks. Keys of the result are the wallet's own (hex chain ids
   * for eip155).
   */
  getCapabilities?(parameters: { connectorId: string; address: string; caipNetworkIds?: readonly CaipNetworkId[] | undefined }): Promise<WalletCapabilities>
}

/** One call of an EIP-5792 batch; plain data. */
export type BatchCall = {
  to: string
  data?: string | undefined
  /** Native amount in the smallest unit, as a decimal string (or 0x-hex). */
  value?: string | undefined
}

export type SendCallsParameters = {
  network: CaipNetwork
  from: string
  calls: readonly BatchCall[]
  /** Ask the wallet to run all calls or none (EIP-5792 `atomicRequired`); false by default. */
  atomicRequired?: boolean | undefined
  /** Wallet capabilities requested for the batch, passed through as given. */
  capabilities?: Record<string, unknown> | undefined
}

export type SendCallsResult = { id: string; capabilities?: Record<string, unknown> | undefined }

/** EIP-5792 status of a batch; `status` 100 pending, 200 confirmed, 4xx/5xx/6xx failed. */
export type CallsStatus = {
  id?: string | undefined
  status: number
  chainId?: string | undefined
  atomic?: boolean | undefined
  receipts?: readonly Record<string, unknown>[] | undefined
  capabilities?: Record<string, unknown> | undefined
}

/** Capabilities per chain, as the wallet reports them. */
export type WalletCapabilities = Record<string, Record<string, unknown>>

/** One contract call for `sendContractCall`; plain data. */
export type ContractCallParameters = {
  network: CaipNetwork
  from: string
  to: string
  /** Calldata, 0x-prefixed. */
  data: string
  /** Native amount sent with the call, in the smallest unit, as a decimal string; '0' by default. */
  value?: string | undefined
  /** Gas limit as a decimal string; estimated when absent. */
  gas?: string | undefined
}

/** How a mined transaction ended. */
export type TransactionOutcome = { hash: string; status: 'success' | 'reverted'; blockNumber: string }

export type SendParameters = {
  network: CaipNetwork
  from: string
  to: string
  /** Amount in the token's smallest unit, as a decimal string (serialisable). */
  amount: string
  /** Token contract/mint address (the address part of the token's CAIP address); undefined for the native coin. */
  token?: string | undefined
}

export type BalanceCapability = {
  getBalance(parameters: { address: string; network: CaipNetwork }): Promise<{
    /** Smallest unit, decimal string. */
    value: string
    decimals: number
    symbol: string
  }>
  /**
   * Balance of a token (ERC-20 contract, SPL mint...) held by an address, read from the
   * chain. For when the Blockchain API is not configured or does not cover the network.
   */
  getTokenBalance?(parameters: { address: string; network: CaipNetwork; token: string }): Promise<{
    /** Smallest unit, decimal string. */
    value: string
    decimals: number
    symbol: string
    name: string
  }>
}

/** One page of an account's history, newest first. */
export type HistoryPage = {
  /** SPEC §3 Transaction history items (plain data). */
  items: TransactionHistoryItem[]
  /** Cursor of the next page; undefined when this is the last one. */
  next: string | undefined
}

export type HistoryCapability = {
  /**
   * A page of the address's transactions on `network`, newest first: the first page
   * without `cursor`, the one after it with the `next` of the previous page. Amounts are
   * decimal strings in the coin's units (`quantity.numeric`), `operationType` is `send`
   * or `receive` (transfer `direction` `out` or `in`), `minedAt` an ISO time (empty
   * while unconfirmed) and `status` `confirmed` or `pending`. Rejects with a
   * `ServiceError` (HTTP failures included) when the history cannot be read.
   */
  getHistory(parameters: { address: string; network: CaipNetwork; cursor?: string | undefined }): Promise<HistoryPage>
}

/** A namespace's live connection, as `ConnectionHost.getConnection` reports it. Plain data. */
export type LiveConnection = {
  /** The connector the visitor connected with (the key into the plugin's own live wallets). */
  connectorId: string
  /** The active address. */
  address: string
  /** Every address the connection offers, the active one first. */
  accounts: readonly string[]
  caipNetworkId: CaipNetworkId
}

/**
 * What Portico hands a plugin's `createProvider`: the namespace's connection as the
 * store holds it, and the modal's own ways to change it. A provider built on it stays
 * in step with the modal (a switch or disconnect made in either shows in both).
 */
export type ConnectionHost = {
  readonly namespace: string
  /** The connection now; undefined while the namespace is not connected. */
  getConnection(): LiveConnection | undefined
  /** Where requests go while not connected: the active network when it is this namespace's, else its first. */
  getNetwork(): CaipNetwork | undefined
  /** The dapp's configured networks of this namespace. */
  getNetworks(): readonly CaipNetwork[]
  /**
   * Calls `listener` after every change that may concern the connection, until the
   * Portico instance is destroyed. Returns the unsubscribe function.
   */
  subscribe(listener: () => void): () => void
  /**
   * Opens the modal on the Connect view and resolves once the visitor connected this
   * namespace; rejects with a 4001 `RpcError` when the modal closes without a connection.
   * Resolves at once when already connected.
   */
  connect(): Promise<LiveConnection>
  /** `portico.switchNetwork`: through the wallet when connected, with the modal's rules. */
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  /** `portico.disconnect({ namespace })`. */
  disconnect(): Promise<void>
}

export type { RpcCodecs }
