/**
 * Where fiat prices come from: {@link PriceSource}, the contract every source meets, and
 * the price table (PRICE_TABLE) that the reference server ships as its default source,
 * so everything works offline. Several sources are asked in order through
 * createPriceSourceChain (priceSources.ts); PRICE_SOURCES configures them.
 */

/** What a price is asked for: the token's chain, contract (absent for the native currency) and symbol. */
export interface PricedToken {
  chainId: string
  /** Lower-case or checksummed contract address; absent for the native currency. */
  address?: string | undefined
  symbol: string
}

/**
 * A price source: given a fiat currency and tokens, the price of one whole unit of each,
 * or undefined where the source does not know it (the next source is asked then).
 *
 * @example
 * const fixed: PriceSource = {
 *   name: 'fixed',
 *   prices: async (currency, tokens) => tokens.map((token) => (token.symbol === 'ETH' && currency === 'usd' ? 3000 : undefined)),
 * }
 */
export interface PriceSource {
  /** Names the source in logs, e.g. 'table' or 'http://prices.internal'. */
  readonly name: string
  /**
   * One answer per token, in the order asked. `currency` is lower case (`usd`). A source
   * that cannot answer at all (its feed is down) rejects; that counts as "unknown".
   */
  prices(currency: string, tokens: readonly PricedToken[]): Promise<ReadonlyArray<number | undefined>>
}

/**
 * One token's price from a source.
 *
 * @example
 * await priceOf(prices, { chainId: 'eip155:1', symbol: 'ETH' }, 'usd') // 3000
 */
export async function priceOf(source: PriceSource, token: PricedToken, currency: string): Promise<number | undefined> {
  return (await source.prices(currency, [token]))[0]
}

/**
 * Token key → currency → price. A key is a CAIP-10 token address
 * (`eip155:1:0x…`, matched without regard to case, and preferred) or a symbol
 * (`ETH`, matched without regard to case, on every chain).
 */
export type PriceTable = Readonly<Record<string, Readonly<Record<string, number>>>>

/**
 * The local default: round numbers, so a developer sees values without configuring
 * anything. ETH also prices the native currency of the chains that use Ether.
 */
export const DEFAULT_PRICE_TABLE: PriceTable = {
  ETH: { usd: 3000, eur: 2800 },
  WETH: { usd: 3000, eur: 2800 },
  PTT: { usd: 1, eur: 0.92 },
  USDC: { usd: 1, eur: 0.92 },
  USDT: { usd: 1, eur: 0.92 },
  DAI: { usd: 1, eur: 0.92 },
  SOL: { usd: 150, eur: 140 },
  BTC: { usd: 60000, eur: 56000 },
}

/**
 * @example
 * const prices = createPriceTable({ ETH: { usd: 2500 }, 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3': { usd: 2 } })
 * await priceOf(prices, { chainId: 'eip155:1', symbol: 'ETH' }, 'usd') // 2500
 */
export function createPriceTable(table: PriceTable = DEFAULT_PRICE_TABLE): PriceSource {
  const entries = new Map<string, Map<string, number>>()
  for (const [key, prices] of Object.entries(table)) {
    entries.set(normaliseKey(key), new Map(Object.entries(prices).map(([currency, price]) => [currency.toLowerCase(), price])))
  }
  const lookUp = (token: PricedToken, wanted: string) => {
    const byAddress = token.address === undefined ? undefined : entries.get(`${token.chainId}:${token.address}`.toLowerCase())
    return byAddress?.get(wanted) ?? entries.get(`symbol:${token.symbol.toLowerCase()}`)?.get(wanted)
  }
  return {
    name: 'table',
    prices: async (currency, tokens) => tokens.map((token) => lookUp(token, currency.toLowerCase())),
  }
}

function normaliseKey(key: string): string {
  return key.includes(':') ? key.toLowerCase() : `symbol:${key.toLowerCase()}`
}

/**
 * Checks a price table read from configuration; returns the problem, or undefined.
 *
 * @example
 * priceTableProblem({ ETH: { usd: -1 } }) // "ETH.usd must be a price of 0 or more"
 */
export function priceTableProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be a JSON object of token → { currency: price }'
  for (const [key, prices] of Object.entries(value)) {
    if (!/^[A-Za-z0-9.$_-]{1,32}$/.test(key) && !/^eip155:[0-9]{1,16}:0x[0-9a-fA-F]{40}$/.test(key)) {
      return `key '${key}' must be a token symbol (e.g. ETH) or a CAIP-10 token address (e.g. eip155:1:0x…)`
    }
    if (typeof prices !== 'object' || prices === null || Array.isArray(prices)) return `${key} must be an object of currency → price, e.g. { "usd": 1 }`
    for (const [currency, price] of Object.entries(prices)) {
      if (!/^[A-Za-z]{3}$/.test(currency)) return `${key}.${currency}: the currency must be a 3-letter code such as usd`
      if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return `${key}.${currency} must be a price of 0 or more`
    }
  }
  return undefined
}
