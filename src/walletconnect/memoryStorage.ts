/**
 * The sign-client's key-value storage, in memory: one map per client, so nothing is
 * written to IndexedDB or the file system and two clients never share keys. Sessions
 * therefore end with the page (docs/walletconnect.md).
 *
 * @example
 * SignClient.init({ ...options, storage: createMemoryStorage() })
 */
export function createMemoryStorage() {
  const items = new Map<string, unknown>()
  return {
    async getKeys(): Promise<string[]> {
      return [...items.keys()]
    },
    async getEntries<T = unknown>(): Promise<[string, T][]> {
      return [...items.entries()] as [string, T][]
    },
    async getItem<T = unknown>(key: string): Promise<T | undefined> {
      return items.get(key) as T | undefined
    },
    async setItem<T = unknown>(key: string, value: T): Promise<void> {
      // Stored as JSON data, like the persistent stores: no live references leak between reads.
      items.set(key, value === undefined ? undefined : JSON.parse(JSON.stringify(value)))
    },
    async removeItem(key: string): Promise<void> {
      items.delete(key)
    },
  }
}
