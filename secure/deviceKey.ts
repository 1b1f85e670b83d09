/**
 * The device key: an ECDSA P-256 key pair the secure page makes once per browser and
 * keeps in its own origin's IndexedDB, with the private key non-extractable (IndexedDB
 * stores the CryptoKey object; no script, the page's own included, can read its bytes).
 * Every call that opens or uses a session carries a fresh proof signed with it, in the
 * way of DPoP (RFC 9449; server/auth/dpop.ts checks it): a session is bound to the key
 * it was opened with, so its token and device id, copied out of a log, a proxy or a HAR
 * capture, are worth nothing without the key, and a captured request cannot be sent again.
 *
 * When IndexedDB is not available (blocked storage, some private windows) the key lives
 * in memory: the session then lasts as long as the page.
 */
import { SignJWT, base64url, exportJWK } from 'jose'

export const DEVICE_KEY_DB_NAME = 'portico-device'
const DB_VERSION = 1
export const DEVICE_KEY_STORE = 'keys'
export const DEVICE_KEY_ID = 'dpop/1'
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const

/** What a proof is made for: the request's method and URL, and the session token it carries. */
export type ProofTarget = { method: string; url: string; accessToken?: string | undefined }

/** Makes the DPoP header value for one request. */
export type DeviceProver = (target: ProofTarget) => Promise<string>

/** A fresh key pair whose private key cannot be exported. */
export function generateDeviceKey(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify'])
}

/**
 * The origin's device key: made once, then the same key objects from IndexedDB.
 *
 * @example
 * const keys = await openDeviceKey()
 * keys.privateKey.extractable // false
 */
export async function openDeviceKey(factory: IDBFactory = indexedDB): Promise<CryptoKeyPair> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(DEVICE_KEY_DB_NAME, DB_VERSION)
    request.onupgradeneeded = () => request.result.createObjectStore(DEVICE_KEY_STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'))
    request.onblocked = () => reject(new Error('IndexedDB open blocked by another tab'))
  })
  try {
    const existing = (await inStore(db, 'readonly', (store) => store.get(DEVICE_KEY_ID))) as CryptoKeyPair | undefined
    if (existing !== undefined) return existing
    const fresh = await generateDeviceKey()
    // Another tab may have made one in between: add() keeps the first, and both use it.
    try {
      await inStore(db, 'readwrite', (store) => store.add(fresh, DEVICE_KEY_ID))
      return fresh
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'ConstraintError')) throw error
      return (await inStore(db, 'readonly', (store) => store.get(DEVICE_KEY_ID))) as CryptoKeyPair
    }
  } finally {
    db.close()
  }
}

/** The key from IndexedDB, or one in memory when IndexedDB is not there or refuses. */
export async function loadDeviceKey(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<CryptoKeyPair> {
  if (factory === undefined) return generateDeviceKey()
  try {
    return await openDeviceKey(factory)
  } catch {
    return generateDeviceKey()
  }
}

/**
 * Signs proofs with the device key (loaded once, on the first proof).
 *
 * @example
 * const prove = createDeviceProver()
 * headers.dpop = await prove({ method: 'GET', url: 'https://api.example/auth/v1/me?projectId=shop', accessToken: token })
 */
export function createDeviceProver({ keys = loadDeviceKey, now = Date.now }: { keys?: () => Promise<CryptoKeyPair>; now?: () => number } = {}): DeviceProver {
  let loaded: Promise<{ privateKey: CryptoKey; jwk: Awaited<ReturnType<typeof exportJWK>> }> | undefined
  const load = () =>
    (loaded ??= keys().then(async ({ privateKey, publicKey }) => {
      const { kty, crv, x, y } = await exportJWK(publicKey)
      return { privateKey, jwk: { kty, crv, x, y } }
    }))
  return async ({ method, url, accessToken }) => {
    const { privateKey, jwk } = await load()
    const target = new URL(url)
    const claims: Record<string, string> = { htm: method, htu: `${target.origin}${target.pathname}` }
    if (accessToken !== undefined) claims.ath = base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken))))
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
      .setIssuedAt(Math.floor(now() / 1000))
      .setJti(base64url.encode(crypto.getRandomValues(new Uint8Array(24))))
      .sign(privateKey)
  }
}

function inStore<T>(db: IDBDatabase, mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(DEVICE_KEY_STORE, mode)
    const request = act(transaction.objectStore(DEVICE_KEY_STORE))
    transaction.oncomplete = () => resolve(request.result)
    transaction.onabort = () => reject(request.error ?? transaction.error ?? new Error('IndexedDB transaction aborted'))
  })
}
