/**
 * Every number and default list of SPEC §9 (and the few of §2–§5 that are limits),
 * in one module. Code reads these by name; nothing else in Portico spells a timeout.
 */

import { RPC_BATCH_SIZE, RPC_TIMEOUT_MS } from '../shared/rpcService'
import { DEFAULT_EMBEDDED_ACCOUNT_TYPE } from '../shared/embeddedWallet'

const SECOND = 1000
const MINUTE = 60 * SECOND

export const ONE_DAY = 86_400

export const Time = {
  /** Email login cooldown between attempts, and the resend block (SPEC §5, §9). */
  emailLoginCooldownMs: 30 * SECOND,
  /** Balance and portfolio cache. */
  balanceCacheMs: 30 * SECOND,
  /** ENS and identity cache. */
  identityCacheMs: 5 * MINUTE,
  /** A failed token balance fetch may not be retried within this window. */
  tokenBalanceRetryGateMs: 30 * SECOND,
  /** WalletConnect pairing expiry, and the margin within which it counts as expired. */
  pairingExpiryMs: 4 * MINUTE,
  pairingExpiryMarginMs: 10 * SECOND,
  /**
   * How long a request sent over a WalletConnect session waits for the wallet, and the
   * protocol expiry it carries (the wallet drops it after). Default 5 minutes, the
   * shortest expiry the sign protocol allows on WalletConnect's hosted relays.
   */
  walletRequestTimeoutMs: 5 * MINUTE,
  /** Delay between two toasts. */
  toastSwapDelayMs: 150,
  imagePreloadTimeoutMs: 2 * SECOND,
  rpcTimeoutMs: RPC_TIMEOUT_MS,
  /** Iframe load timeout and the login request timeout. */
  frameLoadTimeoutMs: 20_000,
  frameRequestTimeoutMs: 30_000,
  /** Wait after the iframe's ready event. */
  framePostReadyDelayMs: 500,
  /** Modal shake animation. */
  shakeMs: 500,
  /** Wallet search waits at least this long. */
  walletSearchMinDelayMs: 300,
  /** Typing pauses this long before a search is sent (each keystroke restarts it). */
  walletSearchDebounceMs: 300,
} as const

export const Limits = {
  logBufferBytes: 1_024_000,
  rpcBatchSize: RPC_BATCH_SIZE,
  recentWallets: 2,
  recommendedWallets: 4,
  walletsPerPage: 40,
  walletSearchEntries: 100,
  pendingTransactions: 99,
  /** Register name: minimum length (SPEC §5). */
  nameMinLength: 4,
} as const

/** HTTP retries (SPEC §8, §9). */
export const Retry = {
  attempts: 3,
  baseDelayMs: 150,
  statuses: [403, 408, 413, 429, 500, 502, 503, 504] as readonly number[],
} as const

/** Swap: the shared slippage is not given by the SPEC; 1 (percent) is the one value it shows. */
export const Swap = {
  slippagePercent: 1,
} as const

export const Onramp = {
  fallbackLimits: {
    card: { min: 10, max: 7500 },
    bank: { min: 10, max: 25_000 },
  },
  fallbackCurrencies: ['USD', 'EUR'] as readonly string[],
  /** Fee range for the two built-in providers, as fractions. */
  feeRange: { min: 0.01, max: 0.02 },
} as const

export const TransactionDisplay = {
  fungibleDecimals: 3,
  addressHead: 4,
  addressTail: 6,
  plusOperations: ['receive', 'deposit', 'borrow', 'claim'] as readonly string[],
  minusOperations: ['withdraw', 'repay', 'burn'] as readonly string[],
  relativeTimeLabels: ['sec', 'min', 'hr', 'd', 'mo', 'yr'] as readonly string[],
} as const

export const Layout = {
  modalWidthPx: 360,
  zIndex: 999,
  masterFontSizePx: 10,
  masterBorderRadiusPx: 4,
} as const

/** The connector id under which WalletConnect connections appear in the store. */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/** The default CAIP-2 network when none is given (also the iframe's default chainId). */
export { DEFAULT_CHAIN_ID } from '../shared/embeddedWallet'

/**
 * SPEC §3: "Chain namespaces are eip155, solana, polkadot, bip122 and cosmos." The one
 * place in src/ that names the namespaces Portico ships no plugin for: they are data (the
 * CAIP checks' default known namespaces, names the chain-agnostic guard refuses in the
 * core), and a plugin for any of them comes from outside (examples/cosmos-plugin).
 */
export const ChainNamespaces = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof ChainNamespaces)[number]

export const SocialProviders = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
export type SocialProvider = (typeof SocialProviders)[number]

/** The six OAuth providers the iframe accepts (farcaster has its own flow). */
export const OAuthProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type OAuthProvider = (typeof OAuthProviders)[number]

export const ConnectorOrder = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
export type ConnectorGroup = (typeof ConnectorOrder)[number]

export const WalletFeaturesOrder = ['onramp', 'swaps', 'receive', 'send'] as const
export type WalletFeature = (typeof WalletFeaturesOrder)[number]

/** SPEC §2: connect methods, default and when a browser wallet is shown. */
export const ConnectMethodOrder = {
  default: ['email', 'social', 'wallet'],
  withBrowserWallet: ['wallet', 'email', 'social'],
} as const
export type ConnectMethod = (typeof ConnectMethodOrder.default)[number]

export const AccountTypes = ['eoa', 'smartAccount', 'payment', 'ordinal'] as const
export type AccountType = (typeof AccountTypes)[number]

export const DefaultAccountTypes = {
  eip155: DEFAULT_EMBEDDED_ACCOUNT_TYPE,
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
} as const satisfies Partial<Record<ChainNamespace, AccountType>>

export const DefaultFeatures = {
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  passkey: false,
  pay: false,
  socials: SocialProviders as readonly SocialProvider[],
} as const

/** SPEC §9: EVM chains on which swaps are offered (12), by chain id. */
export const SwapChainIds: readonly number[] = [1, 56, 137, 324, 100, 8453, 10, 42161, 43114, 250, 8217, 1313161554]

/**
 * SPEC §9 supported EVM chain ids: Ethereum mainnet and testnets, Optimism, Arbitrum,
 * Polygon, Celo, Aurora, BNB, Avalanche, zkSync, Gnosis, Base, Zora and chain 999.
 */
export const SupportedEvmChainIds: readonly number[] = [1, 11155111, 17000, 10, 42161, 137, 42220, 1313161554, 56, 43114, 324, 100, 8453, 7777777, 999]

/** Telegram mini-app platforms and the social options each one removes (SPEC §5). */
export const TelegramSocialFilter = {
  ios: ['google'],
  macos: ['x'],
  android: ['facebook', 'x'],
} as const satisfies Record<string, readonly SocialProvider[]>
export type TelegramPlatform = keyof typeof TelegramSocialFilter | 'web' | 'unknown'
