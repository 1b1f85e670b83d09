export type TtlCacheOptions = {
  /** Clock in ms; injectable so tests move time without waiting. Defaults to `Date.now`. */
  now?: (() => number) | undefined
  /** Entries kept at most; the oldest go first. Default 500. */
  maxEntries?: number | undefined
}

export type TtlCache = {
  /** The value stored under `key`, or undefined when absent or expired. */
  get<T>(key: string): T | undefined
  set(key: string, value: unknown, ttlMs: number): void
  /**
   * Returns the cached value for `key` when fresh; otherwise (or with `force`) calls
   * `load`, stores a successful result for `ttlMs` and returns it. Failures are not
   * cached.
   */
  getOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>, options?: { force?: boolean | undefined }): Promise<T>
  delete(key: string): void
  clear(): void
  readonly size: number
}

export type CreateTtlCacheParameters = TtlCacheOptions
export type CreateTtlCacheReturnType = TtlCache

/**
 * A small in-memory cache whose entries expire after a time-to-live (SPEC §9: balance
 * and portfolio 30 s, ENS and identity 5 min). One per client, never a module
 * singleton, so tests and server rendering get fresh caches.
 *
 * @example
 * const cache = createTtlCache()
 * const balance = await cache.getOrLoad(`balance:${address}`, Time.balanceCacheMs, () => fetchBalance(address))
 */
export function createTtlCache(options: CreateTtlCacheParameters = {}): CreateTtlCacheReturnType {
  const now = options.now ?? (() => Date.now())
  const maxEntries = options.maxEntries ?? 500
  const entries = new Map<string, { value: unknown; expiresAt: number }>()

  const fresh = (key: string) => {
    const entry = entries.get(key)
    if (entry && now() >= entry.expiresAt) {
      entries.delete(key)
      return undefined
    }
    return entry
  }

  const cache: TtlCache = {
    get<T>(key: string): T | undefined {
      return fresh(key)?.value as T | undefined
    },
    set(key, value, ttlMs) {
      entries.delete(key)
      entries.set(key, { value, expiresAt: now() + ttlMs })
      if (entries.size > maxEntries) evict()
    },
    async getOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>, loadOptions: { force?: boolean | undefined } = {}) {
      const hit = loadOptions.force ? undefined : fresh(key)
      if (hit) return hit.value as T
      const value = await load()
      cache.set(key, value, ttlMs)
      return value
    },
    delete(key) {
      entries.delete(key)
    },
    clear() {
      entries.clear()
    },
    get size() {
      return entries.size
    },
  }

  function evict() {
    const time = now()
    for (const [key, entry] of entries) if (time >= entry.expiresAt) entries.delete(key)
    // Map keeps insertion order and `set` re-inserts, so the first keys are the oldest.
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries) break
      entries.delete(key)
    }
  }

  return cache
}
