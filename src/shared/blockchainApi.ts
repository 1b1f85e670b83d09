/**
 * The wire shapes of the Blockchain API (SPEC §7): what the client sends and what the
 * reference server answers. This file is the single source of truth for both sides (in
 * `src/shared/`, which `server/` may import; the client reaches it as
 * `src/services/blockchainApi/types`), so it holds types only. Field names follow the SPEC (and the wire), snake_case
 * included.
 *
 * Every call also carries the query parameters of `BlockchainApiCommonQuery`.
 */
import type { CaipAddress, CaipNetworkId } from './caip'

export type Hex = `0x${string}`

/** Query parameters on every Blockchain API call. */
export type BlockchainApiCommonQuery = {
  projectId: string
  /** SDK type, e.g. `portico`. */
  st: string
  /** SDK version, e.g. `portico-react-0.1.0`. */
  sv: string
}

// ---------------------------------------------------------------------------------
// GET v1/supported-chains

/** The networks the API serves over HTTP and WebSocket RPC. */
export type SupportedChainsResponse = {
  http: CaipNetworkId[]
  ws: CaipNetworkId[]
}

// ---------------------------------------------------------------------------------
// GET /v1/identity/{address}

/** ENS-style identity of an address; both null when it has none. */
export type IdentityResponse = {
  name: string | null
  avatar: string | null
}

// ---------------------------------------------------------------------------------
// GET /v1/account/{account}/history   (SPEC §3 Transaction history item)

export type HistoryQuery = {
  /** The `next` of the previous page. */
  cursor?: string | undefined
  /** Onramp provider whose purchases to list instead of the account's history, e.g. `coinbase`. */
  onramp?: string | undefined
  chainId?: CaipNetworkId | undefined
}

/** SPEC §9 lists the operations shown with '+' and '-'; others may appear. */
export type TransactionOperationType =
  'send' | 'receive' | 'trade' | 'approve' | 'execute' | 'mint' | 'burn' | 'deposit' | 'withdraw' | 'borrow' | 'repay' | 'claim' | 'deploy' | 'cancel' | (string & {})

export type TransactionStatus = 'confirmed' | 'failed' | 'pending'

export type TransactionMetadata = {
  operationType: TransactionOperationType
  status: TransactionStatus
  sentFrom: string
  sentTo: string
  /** Transaction hash (or signature), for the explorer link. */
  hash: string
  /** ISO 8601 time it was mined; drives the relative time label. */
  minedAt: string
  nonce?: number | undefined
  chain?: CaipNetworkId | undefined
}

export type TransactionFungibleInfo = {
  name: string
  symbol: string
  icon: { url: string } | null
}

export type TransactionNftInfo = {
  name: string
  content: { preview: { url: string } | null } | null
}

type TransactionTransferBase = {
  direction: 'in' | 'out' | 'self'
  /** Amount as a decimal string in whole units. */
  quantity: { numeric: string }
  /** Fiat value and unit price at the time, when known. */
  value?: number | undefined
  price?: number | undefined
}

/** A transfer carries either `fungible_info` or `nft_info` (SPEC §3). */
export type TransactionTransfer = TransactionTransferBase & ({ fungible_info: TransactionFungibleInfo; nft_info?: undefined } | { nft_info: TransactionNftInfo; fungible_info?: undefined })

export type TransactionHistoryItem = {
  id: string
  metadata: TransactionMetadata
  transfers: TransactionTransfer[]
}

export type TransactionHistoryResponse = {
  data: TransactionHistoryItem[]
  /** Cursor of the next page; null on the last one. */
  next: string | null
}

// ---------------------------------------------------------------------------------
// GET /v1/account/{address}/balance   (SPEC §3 Token balance)

export type BalanceQuery = {
  /** Fiat currency of `value` and `price`; the client sends `usd` unless told. */
  currency?: string | undefined
  chainId?: CaipNetworkId | undefined
  /** `true` asks the server to skip its own cache too. */
  forceUpdate?: boolean | undefined
}

export type TokenQuantity = {
  /** Token decimals, as a string. */
  decimals: string
  /** Balance in whole units, as a decimal string. */
  numeric: string
}

export type TokenBalance = {
  name: string
  symbol: string
  chainId: CaipNetworkId
  /** CAIP-10 address of the token contract; absent for the network's native currency. */
  address?: CaipAddress | undefined
  /** Fiat value of the holding. */
  value: number
  /** Fiat price of one unit. */
  price: number
  quantity: TokenQuantity
  iconUrl: string
}

export type BalanceResponse = {
  balances: TokenBalance[]
}

// ---------------------------------------------------------------------------------
// Swaps: /v1/convert/*

export type SwapQuotesQuery = {
  /** Amount of `from`, in its smallest unit. */
  amount: string
  userAddress: CaipAddress
  /** CAIP-10 token addresses. */
  from: CaipAddress
  to: CaipAddress
  gasPrice: string
}

export type SwapQuote = {
  id: string | null
  fromAmount: string
  fromAccount: CaipAddress
  toAmount: string
  toAccount: CaipAddress
}

export type SwapQuotesResponse = {
  quotes: SwapQuote[]
}

export type SwapTokensQuery = {
  chainId: CaipNetworkId
}

export type SwapToken = {
  name: string
  symbol: string
  address: CaipAddress
  decimals: number
  logoUri: string
  eip2612?: boolean | undefined
}

export type SwapTokensResponse = {
  tokens: SwapToken[]
}

export type SwapAllowanceQuery = {
  tokenAddress: CaipAddress
  userAddress: CaipAddress
}

export type SwapAllowanceResponse = {
  /** Current allowance in the token's smallest unit. */
  allowance: string
}

export type GasPriceQuery = {
  chainId: CaipNetworkId
}

/** Gas prices in wei, as decimal strings. */
export type GasPriceResponse = {
  standard: string
  fast: string
  instant: string
}

export type ApproveTransactionQuery = {
  userAddress: CaipAddress
  from: CaipAddress
  to: CaipAddress
  /** Amount to approve in the smallest unit; unlimited when absent. */
  amount?: string | undefined
}

export type ApproveTransactionResponse = {
  tx: {
    from: CaipAddress
    to: CaipAddress
    data: Hex
    value: string
    eip155: { gasPrice: string }
  }
}

/** POST /v1/convert/build-transaction body. */
export type SwapTransactionRequest = {
  amount: string
  /** Slippage tolerance in percent (SPEC §9: 1). */
  slippage: number
  from: CaipAddress
  to: CaipAddress
  userAddress: CaipAddress
  disableEstimate: boolean
}

export type SwapTransactionResponse = {
  tx: {
    from: CaipAddress
    to: CaipAddress
    data: Hex
    /** Native value to send, in wei. */
    amount: string
    eip155: { gas: string; gasPrice: string }
  }
}

// ---------------------------------------------------------------------------------
// POST /v1/fungible/price

export type FungiblePriceRequest = {
  /** Fiat currency, e.g. `usd`. */
  currency: string
  /** CAIP-10 token addresses. */
  addresses: CaipAddress[]
}

export type FungiblePrice = {
  name: string
  symbol: string
  iconUrl: string
  price: number
}

export type FungiblePriceResponse = {
  fungibles: FungiblePrice[]
}

// ---------------------------------------------------------------------------------
// Names: /v1/profile/*

export type NameAddress = {
  address: string
  /** When this address was set, ISO 8601. */
  created: string
}

export type NameAttributes = {
  avatar?: string | undefined
  bio?: string | undefined
}

/** A registered name (GET /v1/profile/account/{name}; items of the reverse lookup). */
export type NameProfile = {
  name: string
  /** Unix seconds. */
  registered: number
  updated: number
  /** Keyed by SLIP-44 coin type (`60` for Ethereum). */
  addresses: Record<string, NameAddress>
  attributes: NameAttributes[]
}

/** GET /v1/profile/reverse/{address}: every name pointing at the address. */
export type ReverseNameResponse = NameProfile[]

export type NameSuggestion = {
  name: string
  registered: boolean
}

export type NameSuggestionsResponse = {
  suggestions: NameSuggestion[]
}

/** POST /v1/profile/account body. */
export type RegisterNameRequest = {
  coin_type: number
  address: string
  /** The signed message: JSON text naming the name, attributes and a timestamp. */
  message: string
  signature: Hex
}

export type RegisterNameResponse = NameProfile

// ---------------------------------------------------------------------------------
// Onramp

/** POST /v1/generators/onrampurl body. */
export type OnrampUrlRequest = {
  destinationWallets: {
    address: string
    /** Network names as the provider spells them, e.g. `ethereum`, `base`. */
    blockchains: string[]
    assets?: string[] | undefined
  }[]
  defaultNetwork?: string | undefined
  partnerUserId: string
  defaultExperience?: 'buy' | 'send' | undefined
  presetCryptoAmount?: number | undefined
  presetFiatAmount?: number | undefined
  /** Fiat currency of `presetFiatAmount`, e.g. `EUR`. */
  presetFiatCurrency?: string | undefined
  /** Provider id from GET /v1/onramp/providers; the server's first provider when absent. */
  provider?: string | undefined
}

export type OnrampUrlResponse = {
  url: string
}

export type OnrampPaymentMethodLimit = {
  /** Payment method, e.g. `card`, `ach_bank_account`. */
  id: string
  min: number
  max: number
}

export type OnrampPaymentCurrency = {
  /** Fiat code, e.g. `USD`. */
  id: string
  payment_method_limits: OnrampPaymentMethodLimit[]
}

export type OnrampPurchaseCurrency = {
  id: string
  name: string
  symbol: string
  networks: {
    name: string
    display_name: string
    chain_id: string
    contract_address: string
  }[]
}

/** One onramp provider (GET /v1/onramp/providers); `feeRange` in fractions (0.01 = 1 %). */
export type OnrampProviderInfo = {
  name: string
  label: string
  feeRange: { min: number; max: number }
  paymentMethods: ('card' | 'bank')[]
}

/** GET /v1/onramp/providers (the reference server's addition to SPEC §7). */
export type OnrampProvidersResponse = {
  providers: OnrampProviderInfo[]
}

/** GET /v1/onramp/options */
export type OnrampOptionsResponse = {
  paymentCurrencies: OnrampPaymentCurrency[]
  purchaseCurrencies: OnrampPurchaseCurrency[]
}

/** POST /v1/onramp/quote body. */
export type OnrampQuoteRequest = {
  /** Crypto symbol, e.g. `USDC`. */
  purchaseCurrency: string
  /** Fiat code, e.g. `USD`. */
  paymentCurrency: string
  /** Fiat amount as a decimal string. */
  amount: string
  network: string
  /** Provider id from GET /v1/onramp/providers; the server's first provider when absent. */
  provider?: string | undefined
  /** Narrows the limits checked to one payment method. */
  paymentMethod?: 'card' | 'bank' | undefined
}

export type MoneyAmount = {
  amount: string
  currency: string
}

export type OnrampQuoteResponse = {
  quoteId: string
  paymentTotal: MoneyAmount
  paymentSubtotal: MoneyAmount
  purchaseAmount: MoneyAmount
  providerFee: MoneyAmount
  networkFee: MoneyAmount
}

// ---------------------------------------------------------------------------------
// Sessions: /v1/sessions/{id}

export type SmartSessionPermission = {
  type: string
  data: Record<string, unknown>
}

export type SmartSession = {
  /** Permission context id. */
  pci: string
  project: { id: string; name: string; url?: string | undefined; iconUrl?: string | undefined }
  /** Unix seconds. */
  createdAt: number
  expiry: number
  permissions: SmartSessionPermission[]
  context: string
  revokedAt?: number | null | undefined
}

export type SessionsResponse = {
  /** One page, newest first (`?limit=`, default 50, at most 100). */
  pcis: SmartSession[]
  /** Present when there are more: pass it as `?cursor=` for the next page. */
  next?: string | undefined
}

/** POST /v1/sessions/{id}/revoke body. */
export type RevokeSessionRequest = {
  pci: string
  signature: Hex
}

export type RevokeSessionResponse = {
  success: boolean
}

/**
 * POST /v1/sessions/{id} body (Portico's addition to SPEC §7: how a session gets onto the
 * server). `signature` is the account's EIP-191 signature of `smartSessionGrantMessage`.
 */
export type RecordSessionRequest = {
  /** The permissions context `wallet_grantPermissions` answered (hex). */
  context: Hex
  /** Unix seconds. */
  expiry: number
  permissions: SmartSessionPermission[]
  signature: Hex
  /** What the session list shows for the dapp; default the project id as its name. */
  dapp?: { name?: string | undefined; url?: string | undefined; iconUrl?: string | undefined } | undefined
}

// ---------------------------------------------------------------------------------
// POST /e  (analytics)

export type AnalyticsEvent = {
  /** Random id, so the server can drop duplicates of a retried event. */
  eventId: string
  /** Page URL and domain of the dapp. */
  url: string
  domain: string
  /** Unix milliseconds. */
  timestamp: number
  props: {
    type: 'track' | 'error'
    event: string
    address?: string | undefined
    properties?: Record<string, unknown> | undefined
  }
}
