import type { KeyValueStore } from './createStorage'

/**
 * A cookie holds at most 4096 bytes of name and value in every browser (RFC 6265 §6.1);
 * a longer one is dropped without a word. Portico keeps its encoded entry under this.
 */
export const COOKIE_VALUE_MAX_LENGTH = 3_800

/** Chrome caps a cookie's lifetime at 400 days; asking for more gains nothing. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60

export type CookieStorageParameters = {
  /** The document whose cookies to use; default the global one (none on a server). */
  document?: Pick<Document, 'cookie'> | undefined
  /** Cookie path; default `/`, so every page of the dapp (and its server) reads it. */
  path?: string | undefined
  /** Cookie domain; default none (this host only). */
  domain?: string | undefined
  /** Lifetime in seconds; default 400 days (the most Chrome keeps). */
  maxAge?: number | undefined
  /** SameSite; default `Lax` (sent on top-level navigations, not on cross-site requests). */
  sameSite?: 'Lax' | 'Strict' | 'None' | undefined
  /** Secure; default true on an https page. */
  secure?: boolean | undefined
}

/**
 * A key-value store kept in cookies, so the dapp's server receives what Portico persists
 * with each request (`cookieToInitialState`) and its first render matches the browser's.
 * Values travel in every request header, so the store says `sentToServer` and Portico
 * writes only its own small entry there (recent wallets and connector ids; never the embedded
 * wallet's login cache, which stays in localStorage).
 *
 * @example
 * import { createPortico, createCookieStorage } from 'portico'
 * const portico = createPortico(config, { storage: createCookieStorage({ sameSite: 'Strict' }) })
 */
export function createCookieStorage(parameters: CookieStorageParameters = {}): KeyValueStore {
  const doc = (): Pick<Document, 'cookie'> | undefined => parameters.document ?? (typeof document === 'undefined' ? undefined : document)
  const attributes = (maxAge: number) => {
    const secure = parameters.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:')
    return [
      `Path=${parameters.path ?? '/'}`,
      parameters.domain ? `Domain=${parameters.domain}` : undefined,
      `Max-Age=${maxAge}`,
      `SameSite=${parameters.sameSite ?? 'Lax'}`,
      secure ? 'Secure' : undefined,
    ]
      .filter(Boolean)
      .join('; ')
  }
  return {
    sentToServer: true,
    fits: (value) => encodeURIComponent(value).length <= COOKIE_VALUE_MAX_LENGTH,
    getItem(key) {
      const cookie = doc()?.cookie
      return cookie ? readCookie(cookie, key) : null
    },
    setItem(key, value) {
      const target = doc()
      if (target) target.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; ${attributes(parameters.maxAge ?? MAX_AGE_SECONDS)}`
    },
    removeItem(key) {
      const target = doc()
      if (target) target.cookie = `${encodeURIComponent(key)}=; ${attributes(0)}`
    },
  }
}

/**
 * Portico's cookie storage with the defaults: path `/`, 400 days, `SameSite=Lax`,
 * `Secure` on https. Pass it as `createPortico(config, { storage: cookieStorage })`.
 */
export const cookieStorage: KeyValueStore = /* @__PURE__ */ createCookieStorage()

/**
 * The value of cookie `name` in a `Cookie` header or `document.cookie` string, decoded;
 * null when absent or not decodable.
 *
 * @example
 * readCookie('a=1; portico.store=%7B%7D', 'portico.store') // '{}'
 */
export function readCookie(header: string, name: string): string | null {
  const wanted = encodeURIComponent(name)
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at < 0 || part.slice(0, at).trim() !== wanted) continue
    try {
      return decodeURIComponent(part.slice(at + 1).trim())
    } catch {
      // Malformed percent-encoding (someone else's cookie of that name): as if absent.
      return null
    }
  }
  return null
}
