/**
 * The few IndexedDB steps the secure page's stores share (the device key of
 * deviceKey.ts, the device share of custody/deviceShareStore.ts): open a database with
 * its object stores, run one request in its own transaction, and keep the first value
 * written under an id when two tabs make one at once.
 */

/** Opens `name`, creating `stores` on first use; refuses when another tab blocks the upgrade. */
export function openDatabase(factory: IDBFactory, name: string, version: number, stores: readonly string[]): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, version)
    request.onupgradeneeded = () => {
      for (const store of stores) request.result.createObjectStore(store)
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'))
    request.onblocked = () => reject(new Error('IndexedDB open blocked by another tab'))
  })
}

/** Runs one request in its own transaction; resolves with its result once the transaction commits. */
export function inTransaction<T>(db: IDBDatabase, storeName: string, mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(storeName, mode)
    const request = act(transaction.objectStore(storeName))
    transaction.oncomplete = () => resolve(request.result)
    transaction.onabort = () => reject(request.error ?? transaction.error ?? new Error('IndexedDB transaction aborted'))
  })
}

/**
 * The value under `id`, made by `make` and stored the first time. Another tab may store
 * one in between: add() keeps the first, and both use it.
 */
export async function getOrAddOnce<T>(db: IDBDatabase, storeName: string, id: string, make: () => Promise<T>): Promise<T> {
  const existing = (await inTransaction(db, storeName, 'readonly', (store) => store.get(id))) as T | undefined
  if (existing !== undefined) return existing
  const fresh = await make()
  try {
    await inTransaction(db, storeName, 'readwrite', (store) => store.add(fresh, id))
    return fresh
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'ConstraintError')) throw error
    return (await inTransaction(db, storeName, 'readonly', (store) => store.get(id))) as T
  }
}
