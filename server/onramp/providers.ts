/**
 * Onramp providers are configuration: who sells crypto for fiat, at what fee, by which
 * payment methods and within which limits, and where their checkout page is (a URL
 * template). SPEC §9 gives the fallback limits (card 10–7500, bank 10–25000, USD and
 * EUR) and the fee range of the built-in providers (1–2 %).
 */
import { type Eip155ChainId, parseEip155ChainId } from '../chain/config'

export type PaymentMethod = 'card' | 'bank'

export interface Limits {
  min: number
  max: number
}

export interface OnrampProviderConfig {
  /** a-z, 0-9 and hyphens; what `history?onramp=` and the `provider` field name. */
  id: string
  /** Shown to the visitor, e.g. 'Portico Test Provider'. */
  label: string
  /**
   * Checkout URL with placeholders, each URL-encoded when filled: {address}, {network},
   * {chainId}, {asset}, {amount} (fiat), {cryptoAmount}, {currency}, {partnerUserId},
   * {session}. A path (starting with /) is on this server.
   */
  url: string
  /** Provider fee in percent of the fiat amount. */
  feePercent: number
  /** Payment methods and their limits (per purchase, in any of `currencies`). Default SPEC §9's fallback for card and bank. */
  limits?: Partial<Record<PaymentMethod, Limits>>
  /** Fiat currencies accepted. Default SPEC §9's: USD, EUR. */
  currencies?: readonly string[]
}

/** SPEC §9: fiat onramp fallback limits and currencies (the client's `Onramp` constants). */
export const FALLBACK_LIMITS: Readonly<Record<PaymentMethod, Limits>> = { card: { min: 10, max: 7500 }, bank: { min: 10, max: 25_000 } }
export const FALLBACK_CURRENCIES: readonly string[] = ['USD', 'EUR']
/** SPEC §9: the fee range of the two built-in providers, in percent. */
export const PROVIDER_FEE_RANGE_PERCENT = { min: 1, max: 2 } as const

/** The payment method ids on the wire (OnrampPaymentMethodLimit.id), Coinbase's spelling. */
export const WIRE_PAYMENT_METHOD: Readonly<Record<PaymentMethod, string>> = { card: 'card', bank: 'ach_bank_account' }

/** Id of the test provider served by this server (testProvider.ts). */
export const TEST_PROVIDER_ID = 'test'

/** The test provider's entry: local chains only, 1 % fee, the fallback limits. */
export const TEST_PROVIDER: OnrampProviderConfig = {
  id: TEST_PROVIDER_ID,
  label: 'Portico Test Provider',
  url: '/onramp/test-provider?session={session}',
  feePercent: 1,
}

/** Network names as providers spell them, for the SPEC §9 chains; others read `eip155-{id}`. */
const NETWORK_NAMES: Readonly<Record<number, { name: string; displayName: string }>> = {
  1: { name: 'ethereum', displayName: 'Ethereum' },
  10: { name: 'optimism', displayName: 'OP Mainnet' },
  56: { name: 'bsc', displayName: 'BNB Smart Chain' },
  100: { name: 'gnosis', displayName: 'Gnosis' },
  137: { name: 'polygon', displayName: 'Polygon' },
  324: { name: 'zksync', displayName: 'zkSync' },
  8453: { name: 'base', displayName: 'Base' },
  42161: { name: 'arbitrum', displayName: 'Arbitrum One' },
  42220: { name: 'celo', displayName: 'Celo' },
  43114: { name: 'avalanche', displayName: 'Avalanche' },
  7777777: { name: 'zora', displayName: 'Zora' },
  1313161554: { name: 'aurora', displayName: 'Aurora' },
}

/**
 * @example
 * networkName('eip155:10') // { name: 'optimism', displayName: 'OP Mainnet' }
 * networkName('eip155:31337') // { name: 'eip155-31337', displayName: 'Chain 31337' }
 */
export function networkName(chainId: Eip155ChainId): { name: string; displayName: string } {
  const id = parseEip155ChainId(chainId) ?? 0
  return NETWORK_NAMES[id] ?? { name: `eip155-${id}`, displayName: `Chain ${id}` }
}

/** The provider's payment methods with their limits. */
export function limitsOf(provider: OnrampProviderConfig): Partial<Record<PaymentMethod, Limits>> {
  return provider.limits ?? FALLBACK_LIMITS
}

export function currenciesOf(provider: OnrampProviderConfig): readonly string[] {
  return provider.currencies ?? FALLBACK_CURRENCIES
}

/**
 * Fills a URL template; values are URL-encoded, absent ones empty.
 *
 * @example
 * fillUrl('https://pay.example/buy?to={address}&fiat={amount}', { address: '0xAb…', amount: '50' }) // 'https://pay.example/buy?to=0xAb…&fiat=50'
 */
export function fillUrl(template: string, values: Readonly<Record<string, string | undefined>>): string {
  return template.replace(/\{([a-zA-Z]+)\}/g, (_, key: string) => encodeURIComponent(values[key] ?? ''))
}

/**
 * Checks ONRAMP_PROVIDERS (a JSON array of {@link OnrampProviderConfig}); returns the
 * providers or the problem in words.
 *
 * @example
 * parseOnrampProviders('[{"id":"acme","label":"Acme","url":"https://acme.example/buy?to={address}","feePercent":1.5}]')
 */
export function parseOnrampProviders(text: string): { providers: OnrampProviderConfig[] } | { problem: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { problem: 'must be a JSON array of providers' }
  }
  if (!Array.isArray(value)) return { problem: 'must be a JSON array of providers' }
  const providers: OnrampProviderConfig[] = []
  for (const [index, item] of value.entries()) {
    const problem = providerProblem(item)
    if (problem !== undefined) return { problem: `provider ${index}: ${problem}` }
    const provider = item as OnrampProviderConfig
    if (providers.some((p) => p.id === provider.id)) return { problem: `provider ${index}: id '${provider.id}' is used twice` }
    providers.push(provider)
  }
  return { providers }
}

function providerProblem(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return 'must be an object'
  const p = item as Record<string, unknown>
  if (typeof p.id !== 'string' || !/^[a-z0-9-]{1,32}$/.test(p.id)) return 'id must be 1–32 of a-z, 0-9 and hyphens'
  if (p.id === TEST_PROVIDER_ID) return `id '${TEST_PROVIDER_ID}' is the built-in test provider (ONRAMP_TEST_PROVIDER_KEY)`
  if (typeof p.label !== 'string' || p.label.length === 0 || p.label.length > 64) return 'label must be text of 1–64 characters'
  if (typeof p.url !== 'string' || !/^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1)[:/])[^\s]+$/.test(p.url)) return 'url must be an https:// URL (http:// only for localhost)'
  if (typeof p.feePercent !== 'number' || !Number.isFinite(p.feePercent) || p.feePercent < 0 || p.feePercent > 10) return 'feePercent must be a number from 0 to 10'
  if (p.currencies !== undefined && (!Array.isArray(p.currencies) || p.currencies.length === 0 || !p.currencies.every((c) => typeof c === 'string' && /^[A-Z]{3}$/.test(c)))) {
    return 'currencies must list 3-letter fiat codes in capitals, e.g. ["USD","EUR"]'
  }
  if (p.limits !== undefined) {
    if (typeof p.limits !== 'object' || p.limits === null || Array.isArray(p.limits)) return 'limits must be an object such as {"card":{"min":10,"max":7500}}'
    const entries = Object.entries(p.limits)
    if (entries.length === 0) return 'limits must name at least one payment method'
    for (const [method, limits] of entries) {
      if (method !== 'card' && method !== 'bank') return `limits: '${method}' is not a payment method (card, bank)`
      const { min, max } = (limits ?? {}) as Record<string, unknown>
      if (typeof min !== 'number' || typeof max !== 'number' || !(min > 0) || !(max >= min)) return `limits.${method} must be { "min": > 0, "max": ≥ min }`
    }
  }
  return undefined
}
