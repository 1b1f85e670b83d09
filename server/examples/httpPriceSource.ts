/**
 * An example price source (docs/self-hosting.md "Adding a price source"): asks an HTTP
 * endpoint of the operator's for prices. Load it with
 *
 *   PRICE_SOURCES=server/examples/httpPriceSource.ts,table PRICE_HTTP_URL=http://prices.internal/v1/prices
 *
 * (or its compiled .js), or copy it and change `fetchPrices` for another feed. The
 * endpoint is sent
 *   POST {"currency":"usd","tokens":[{"chainId":"eip155:1","address":"0x…","symbol":"PTT"},{"chainId":"eip155:1","symbol":"ETH"}]}
 * and answers one price per token, null where it has none:
 *   {"prices":[1.02,null]}
 *
 * Variables: PRICE_HTTP_URL (required), PRICE_HTTP_TOKEN (sent as a bearer token),
 * PRICE_HTTP_TIMEOUT_MS (default 2000), PRICE_HTTP_CACHE_MS (default 30000: answers are
 * reused that long, so a page of history costs the feed one request at most).
 */
import type { PricedToken, PriceSource } from '../chain/prices'

export interface HttpPriceSourceOptions {
  url: string
  token?: string | undefined
  timeoutMs?: number
  cacheMs?: number
  /** Clock in epoch ms, for tests. Default Date.now. */
  now?: () => number
}

/**
 * @example
 * const feed = createHttpPriceSource({ url: 'http://127.0.0.1:9000/prices' })
 * await feed.prices('usd', [{ chainId: 'eip155:1', symbol: 'ETH' }]) // [3012.5]
 */
export function createHttpPriceSource(options: HttpPriceSourceOptions): PriceSource {
  const { url, token, timeoutMs = 2_000, cacheMs = 30_000, now = Date.now } = options
  const cache = new Map<string, { at: number; price: number | undefined }>()
  const keyOf = (currency: string, t: PricedToken) => `${currency}|${t.chainId}|${t.address?.toLowerCase() ?? ''}|${t.symbol.toLowerCase()}`

  async function fetchPrices(currency: string, tokens: readonly PricedToken[]): Promise<(number | undefined)[]> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ currency, tokens: tokens.map(({ chainId, address, symbol }) => ({ chainId, ...(address ? { address } : {}), symbol })) }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`)
    const body = (await response.json()) as { prices?: unknown }
    const prices = body.prices
    if (!Array.isArray(prices) || prices.length !== tokens.length || !prices.every((price) => price === null || typeof price === 'number')) {
      throw new Error(`${url} must answer {"prices": [number or null, …]} with one entry per token (${tokens.length})`)
    }
    return prices.map((price: number | null) => price ?? undefined)
  }

  return {
    name: url,
    async prices(currency, tokens) {
      const at = now()
      const missing = tokens.filter((t) => {
        const hit = cache.get(keyOf(currency, t))
        return hit === undefined || at - hit.at >= cacheMs
      })
      if (missing.length > 0) {
        const fetched = await fetchPrices(currency, missing)
        missing.forEach((t, i) => cache.set(keyOf(currency, t), { at, price: fetched[i] }))
        // Bounded: the oldest answers go first.
        while (cache.size > 10_000) cache.delete(cache.keys().next().value as string)
      }
      return tokens.map((t) => cache.get(keyOf(currency, t))?.price)
    },
  }
}

/**
 * The PRICE_SOURCES entry point: the server calls the default export with its environment.
 */
export default function httpPriceSourceFromEnv(env: Readonly<Record<string, string | undefined>>): PriceSource {
  const url = env.PRICE_HTTP_URL?.trim()
  if (!url || !/^https?:\/\/\S+$/.test(url)) throw new Error(`PRICE_HTTP_URL must be the http(s) URL of the price endpoint, not '${env.PRICE_HTTP_URL ?? ''}'`)
  const number = (name: string, fallback: number) => {
    const text = env[name]?.trim()
    if (!text) return fallback
    if (!/^[0-9]+$/.test(text)) throw new Error(`${name} must be a whole number of milliseconds, not '${text}'`)
    return Number(text)
  }
  return createHttpPriceSource({ url, token: env.PRICE_HTTP_TOKEN?.trim() || undefined, timeoutMs: number('PRICE_HTTP_TIMEOUT_MS', 2_000), cacheMs: number('PRICE_HTTP_CACHE_MS', 30_000) })
}
