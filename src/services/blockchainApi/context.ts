import type { TtlCache } from '../cache/createTtlCache'
import type { HttpClient } from '../http/createHttpClient'
import type { QueryParams } from '../http/types'

/**
 * What every Blockchain API action works with. The client factory builds one; tests
 * may build their own around a test server.
 */
export type BlockchainApiContext = {
  /** Carries `projectId`, `st` and `sv` on every call. */
  http: HttpClient
  cache: TtlCache
  /** CAIP-2 networks on which swaps, and so gas prices, are offered. */
  swapNetworks: ReadonlySet<string>
}

/** Per-call options every action accepts. */
export type CallOptions = {
  /** Cancels the call (and any retry wait); the call rejects with `signal.reason`. */
  signal?: AbortSignal | undefined
  /** Overrides the client's call budget. */
  timeoutMs?: number | undefined
}

/** Cache key of one request: its path and its parameters, in a fixed order. */
export function cacheKey(path: string, params: QueryParams = {}): string {
  const entries = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `${path}?${JSON.stringify(entries)}`
}

/** Encodes one path segment (an address, a name, an id). */
export function segment(value: string): string {
  return encodeURIComponent(value)
}
