import type { KeyValueStore } from '../../storage/createStorage'

/** A key-value store in memory that records every write, for the login cache's tests. */
export function recordingStore(): KeyValueStore & { writes: [string, string][]; map: Map<string, string> } {
  const map = new Map<string, string>()
  const writes: [string, string][] = []
  return {
    map,
    writes,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      writes.push([key, value])
      map.set(key, value)
    },
    removeItem: (key) => void map.delete(key),
  }
}
