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
import { getOrAddOnce, openDatabase } from './indexedDb'

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
  const db = await openDatabase(factory, DEVICE_KEY_DB_NAME, DB_VERSION, [DEVICE_KEY_STORE])
  try {
    return await getOrAddOnce(db, DEVICE_KEY_STORE, DEVICE_KEY_ID, generateDeviceKey)
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
