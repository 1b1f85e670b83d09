import { createMemoryStorage } from './memoryStorage'
import type { WalletConnectKeyValueStorage } from './types'

/** The database Portico's WalletConnect client keeps its pairings and sessions in. */
export const WALLETCONNECT_DB_NAME = 'portico-walletconnect'
const STORE = 'keyvaluestorage'

/** Whether this environment has IndexedDB (browsers; not Node, not jsdom). */
export function hasIndexedDb(): boolean {
  return typeof globalThis.indexedDB !== 'undefined' && globalThis.indexedDB !== null
}

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/**
 * The sign-client's key-value storage in IndexedDB, so a WalletConnect session survives
 * a reload. Values are stored as JSON (what the sign-client's own storage does), in a
 * database of the dapp's origin that Portico alone writes.
 *
 * Unlike the sign-client's default storage this never falls back to `localStorage`
 * (which would put the session's symmetric keys where every script and extension on
 * the origin reads them synchronously): when IndexedDB cannot be opened (some private
 * modes), it keeps everything in memory and sessions end with the page.
 *
 * @example
 * SignClient.init({ ...options, storage: createIndexedDbStorage() })
 */
export function createIndexedDbStorage(name = WALLETCONNECT_DB_NAME): WalletConnectKeyValueStorage {
  let fallback: WalletConnectKeyValueStorage | undefined
  const opening: Promise<IDBDatabase | undefined> = new Promise<IDBDatabase | undefined>((resolve) => {
    try {
      const request = globalThis.indexedDB.open(name, 1)
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE)
      }
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => resolve(undefined)
      request.onblocked = () => resolve(undefined)
    } catch {
      resolve(undefined)
    }
  })

  async function store(mode: IDBTransactionMode): Promise<IDBObjectStore | undefined> {
    const db = await opening
    if (!db) return undefined
    return db.transaction(STORE, mode).objectStore(STORE)
  }
  const memory = () => (fallback ??= createMemoryStorage())
  const parse = (raw: unknown) => (typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined)

  return {
    async getKeys() {
      const os = await store('readonly')
      if (!os) return memory().getKeys()
      return (await promisify(os.getAllKeys())).map(String)
    },
    async getEntries<T = unknown>() {
      const os = await store('readonly')
      if (!os) return memory().getEntries<T>()
      const [keys, values] = await Promise.all([promisify(os.getAllKeys()), promisify(os.getAll())])
      return keys.map((key, index) => [String(key), parse(values[index]) as T] as [string, T])
    },
    async getItem<T = unknown>(key: string) {
      const os = await store('readonly')
      if (!os) return memory().getItem<T>(key)
      return parse(await promisify(os.get(key))) as T | undefined
    },
    async setItem<T = unknown>(key: string, value: T) {
      const os = await store('readwrite')
      if (!os) return memory().setItem(key, value)
      if (value === undefined) await promisify(os.delete(key))
      else await promisify(os.put(JSON.stringify(value), key))
    },
    async removeItem(key: string) {
      const os = await store('readwrite')
      if (!os) return memory().removeItem(key)
      await promisify(os.delete(key))
    },
  }
}
