import type { NamespacePlugin } from '../plugins/types'
import type { CaipNetwork, CaipNetworkId } from '../types/network'
import type { StringOverrides } from '../ui/strings'
import type { AccountType, SocialProvider, TelegramPlatform } from './constants'
import type { SupportedLocale } from './locale'

export type ThemeMode = 'light' | 'dark'

/**
 * CSS variables a dapp may override. Every one has a default in the theme; the modal
 * reads nothing else, so these are the whole theming surface.
 */
export type ThemeVariables = {
  '--portico-font-family'?: string
  /** Master font size; every size in the modal is a multiple of it (default 10px). */
  '--portico-font-size-master'?: string
  /** Master border radius; every radius is a multiple of it (default 4px). */
  '--portico-border-radius-master'?: string
  '--portico-z-index'?: number
  '--portico-accent'?: string
  '--portico-color-mix'?: string
  '--portico-color-mix-strength'?: number
}

export type Features = {
  swaps: boolean
  onramp: boolean
  receive: boolean
  send: boolean
  email: boolean
  history: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  /** "Continue with a passkey" beside email and social (the embedded wallet's passkey login). */
  passkey: boolean
  pay: boolean
  /** Social logins offered, in order; `false` hides them all. */
  socials: readonly SocialProvider[] | false
}

export type Metadata = {
  name: string
  description: string
  url: string
  icons: readonly string[]
}

/** Base URLs of every service the modal talks to; each is configurable for self-hosting. */
export type Endpoints = {
  blockchainApi: string
  walletListing: string
  secureFrame: string
  relay: string
}

/** A signed-in session, as the dapp's SIWX backend reports it. */
export type SiwxSession = {
  /** The signed-in address. */
  address: string
  /** CAIP-2 network of the message, e.g. `eip155:1`. */
  chainId: string
  /** The EIP-4361 message that was signed, when the backend keeps it. */
  message?: string | undefined
  signature?: string | undefined
  /** ISO 8601; the session ends then. */
  expiresAt?: string | undefined
}

/** What `verifyMessage` receives: the EIP-4361 message, its signature and who signed it. */
export type SiwxVerifyParameters = {
  message: string
  signature: string
  address: string
  /** CAIP-2, e.g. `eip155:1`. */
  chainId: string
}

/**
 * Fields of the EIP-4361 message a dapp may set (the rest come from the connection and
 * the page: address, chain id, domain, URI, nonce, issued-at).
 */
export type SiwxMessageParameters = {
  /** Human-readable line the wallet shows, e.g. 'Sign in to Shop'. */
  statement?: string | undefined
  /** Default the page's host (`location.host`). */
  domain?: string | undefined
  /** Default the page's origin (`location.origin`). */
  uri?: string | undefined
  expirationTime?: Date | undefined
  notBefore?: Date | undefined
  requestId?: string | undefined
  resources?: string[] | undefined
}

/**
 * Sign-in with X (SPEC §2 ConnectingSiwe): after a connection Portico asks the visitor to
 * sign an EIP-4361 message with a nonce from `getNonce`, and hands message and signature
 * to `verifyMessage`; the dapp's backend decides. `createPorticoSiwx({ url, projectId })`
 * is a ready-made one for the reference server's `/siwx/v1/*`.
 *
 * Without `getNonce` Portico makes a random nonce itself; without `verifyMessage` a
 * signature is accepted as it is. Both are what make a sign-in mean something to a backend.
 *
 * One of `siweConfig` / `siwx` at most (SPEC §5: both at once is an error).
 */
export type SiwxConfig = {
  /** A fresh nonce from the dapp's backend (single use). */
  getNonce?: (() => Promise<string>) | undefined
  /** Checks the signed message on the backend and opens its session; `false` refuses it. */
  verifyMessage?: ((parameters: SiwxVerifyParameters) => Promise<boolean>) | undefined
  /** The live session, if any (after a reload): a session for the connected address skips ConnectingSiwe. */
  getSession?: (() => Promise<SiwxSession | null | undefined>) | undefined
  /** Ends the backend session (on disconnect, unless `signOutOnDisconnect` is false). */
  signOut?: (() => Promise<void>) | undefined
  /** Statement, expiry, resources… of the message. */
  getMessageParams?: (() => Promise<SiwxMessageParameters>) | undefined
  /** Default true. */
  signOutOnDisconnect?: boolean | undefined
  onSignIn?: ((session: SiwxSession) => void) | undefined
  onSignOut?: (() => void) | undefined
}
/** The SIWE name for the same callbacks (`siweConfig`); kept for dapps coming from it. */
export type SiweConfig = SiwxConfig

export type PorticoConfig = {
  /** Project id issued by the wallet-listing service. Missing → 'Project ID Not Configured' alert. */
  projectId?: string | undefined
  metadata?: Metadata | undefined
  /** Namespace plugins; default `[eip155()]`. An empty list means "no adapters". */
  plugins?: readonly NamespacePlugin[] | undefined
  /** Networks offered; default: every network of the registered plugins. */
  networks?: readonly CaipNetwork[] | undefined
  /** Network selected before anything is connected; default the first of `networks`. */
  defaultNetwork?: CaipNetwork | CaipNetworkId | undefined
  features?: Partial<Features> | undefined
  themeMode?: ThemeMode | undefined
  themeVariables?: ThemeVariables | undefined
  endpoints?: Partial<Endpoints> | undefined
  /**
   * Tokens to show per network (CAIP-2 id → token addresses) when balances are read
   * straight from the chain, i.e. when the Blockchain API cannot answer.
   *
   * @example
   * tokens: { 'eip155:1': [{ address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }] }
   */
  tokens?: Readonly<Record<string, readonly { address: string }[]>> | undefined
  /** Stay on an unsupported network instead of showing UnsupportedChain. */
  allowUnsupportedChain?: boolean | undefined
  siweConfig?: SiweConfig | undefined
  siwx?: SiwxConfig | undefined
  featuredWalletIds?: readonly string[] | undefined
  includeWalletIds?: readonly string[] | undefined
  excludeWalletIds?: readonly string[] | undefined
  /** Overrides device detection (the modal opens AllWallets on mobile). */
  isMobile?: boolean | undefined
  /**
   * Telegram mini-app platform (filters socials, SPEC §5). Default: read from Telegram's
   * `window.Telegram.WebApp.platform` when the page runs inside a mini app.
   */
  telegramPlatform?: TelegramPlatform | undefined
  /**
   * The dapp's terms of service, linked from the Connect view. With
   * `features.legalCheckbox`, the visitor must tick "I agree" before any connect.
   */
  termsConditionsUrl?: string | undefined
  /** The dapp's privacy policy, linked beside the terms. */
  privacyPolicyUrl?: string | undefined
  /**
   * IANA time zones in which the onramp (Buy) is hidden, matched against the visitor's
   * `Intl.DateTimeFormat().resolvedOptions().timeZone` (case-insensitive). Default
   * `RestrictedTimezones` (SPEC §9: several East Asian zones); `[]` hides it nowhere.
   */
  restrictedTimezones?: readonly string[] | undefined
  /**
   * Asks the embedded wallet's secure page to log to its console (the iframe URL's
   * `enableLogger` flag, SPEC §2) and logs the frame client's own warnings to the
   * dapp's console. Default false. The diagnostic log records them either way.
   */
  enableFrameLogger?: boolean | undefined
  /**
   * How long Portico waits for a WalletConnect wallet to answer a request (a signature, a
   * transaction), in ms. The request carries the same expiry (the sign protocol's request
   * `expiry`), so the wallet drops it unanswered once Portico has said it failed: a request
   * never reaches the wallet after the visitor was told it failed. Default 5 minutes, the
   * shortest the protocol allows on WalletConnect's hosted relays, where a shorter value is
   * raised to it; a self-hosted relay takes any value from 1 s.
   */
  walletRequestTimeoutMs?: number | undefined
  /** Name shown in Redux DevTools; default 'Portico'. `false` disables DevTools. */
  devtools?: string | false | undefined
  /**
   * Replaces any of the modal's English strings (i18n): a partial catalogue, merged
   * over the default one key by key. Templates keep their `{placeholders}`.
   *
   * @example
   * strings: { connectWallet: 'Se connecter', titles: { Connect: 'Se connecter' } }
   */
  strings?: StringOverrides | undefined
  /**
   * The modal's language and number format, as a BCP 47 tag ('fr', 'pt-BR', 'ar').
   * Shipped: en, es, fr, de, pt, it, ja, ko, zh-CN, ru, tr, ar; a region falls back to
   * its language, and a tag with no catalogue shows English (or `strings`) with numbers
   * and times in that locale. Default: the browser's preferred languages, else 'en'.
   *
   * @example
   * locale: 'ar' // right to left
   */
  // The shipped tags autocomplete; any other BCP 47 tag is accepted too.
  locale?: SupportedLocale | (string & {}) | undefined
  /**
   * The account type each namespace prefers (SPEC §9 defaults: eip155 `smartAccount`,
   * solana `eoa`, polkadot `eoa`, bip122 `payment`). For the embedded wallet, eip155 may be
   * `eoa` or `smartAccount`; the smart account is used on the networks that offer one.
   *
   * @example
   * defaultAccountTypes: { eip155: 'eoa' } // embedded-wallet users start on their EOA
   */
  defaultAccountTypes?: Partial<Record<string, AccountType>> | undefined
}

export type { StringOverrides }
