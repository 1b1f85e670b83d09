import type { SiwxConfig, SiwxMessageParameters, SiwxSession } from '../config/types'
import { PorticoError } from '../errors'

/** Where the session token is kept: `sessionStorage`-shaped. */
export type SiwxTokenStore = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export type CreatePorticoSiwxParameters = {
  /** Root of the server that serves `/siwx/v1/*`, e.g. `http://localhost:3000/api`. */
  url: string
  projectId: string
  /**
   * Where the session token stays across reloads. Default the tab's `sessionStorage`
   * (see docs/security.md, "Sign-in with X sessions"); pass `null` to keep it in memory only.
   */
  storage?: SiwxTokenStore | null | undefined
  /** Key of the token in `storage`; default `portico.siwx.<projectId>`. */
  storageKey?: string | undefined
  /** Statement, expiry and resources of the message. */
  messageParams?: SiwxMessageParameters | undefined
  fetch?: typeof fetch | undefined
  /** Also ends the server session on disconnect; default true. */
  signOutOnDisconnect?: boolean | undefined
}

/** `session` as the reference server answers it. */
type ServerSession = SiwxSession & { caipAddress: string; domain: string; uri: string; issuedAt: string }

/** A refusal of the SIWX server, with its HTTP status and `code` (e.g. `INVALID_NONCE`). */
export class SiwxServerError extends PorticoError {
  override name = 'SiwxServerError'
  readonly status: number
  constructor(status: number, serverCode: string | undefined, message: string | undefined) {
    super(message ?? `SIWX server answered ${status}`, { code: 'siwx/refused', remoteCode: serverCode ?? `siwx/${status}`, details: serverCode })
    this.status = status
  }
}

function defaultStorage(): SiwxTokenStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage
  } catch {
    return undefined
  }
}

/**
 * The `siwx` config for the reference server's sessions (docs/services.md, "Sign-in with
 * X"): a nonce from `POST /siwx/v1/nonce`, the signed message to `POST /siwx/v1/verify`,
 * which answers a bearer token kept in `storage` (default `sessionStorage`), the session
 * read back with `GET /siwx/v1/session` after a reload, and `POST /siwx/v1/signout` on
 * disconnect.
 *
 * @example
 * import { createPortico, createPorticoSiwx } from 'portico'
 * const portico = createPortico({
 *   projectId: 'portico-dev',
 *   siwx: createPorticoSiwx({ url: 'http://localhost:3000/api', projectId: 'portico-dev', messageParams: { statement: 'Sign in to Shop' } }),
 * })
 */
export function createPorticoSiwx(parameters: CreatePorticoSiwxParameters): SiwxConfig & { getToken(): string | undefined } {
  const { url, projectId, messageParams = {}, signOutOnDisconnect = true } = parameters
  const store = parameters.storage === null ? undefined : (parameters.storage ?? defaultStorage())
  const key = parameters.storageKey ?? `portico.siwx.${projectId}`
  const doFetch = parameters.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  let memory: string | undefined

  const endpoint = (path: string) => `${url.replace(/\/+$/, '')}/siwx/v1/${path}?projectId=${encodeURIComponent(projectId)}`
  const getToken = (): string | undefined => {
    try {
      return store ? (store.getItem(key) ?? undefined) : memory
    } catch {
      return memory
    }
  }
  const setToken = (token: string | undefined) => {
    memory = token
    try {
      if (token === undefined) store?.removeItem(key)
      else store?.setItem(key, token)
    } catch {
      // Storage disabled: the session lasts as long as the page.
    }
  }
  async function request<T>(path: string, init: { method: 'GET' | 'POST'; body?: unknown; token?: string | undefined }): Promise<T> {
    const headers: Record<string, string> = {}
    if (init.body !== undefined) headers['content-type'] = 'application/json'
    if (init.token) headers.authorization = `Bearer ${init.token}`
    const response = await doFetch(endpoint(path), {
      method: init.method,
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    })
    const body = (await response.json().catch(() => undefined)) as (T & { code?: string; message?: string }) | undefined
    if (!response.ok || body === undefined) throw new SiwxServerError(response.status, body?.code, body?.message)
    return body
  }

  return {
    getToken,
    signOutOnDisconnect,
    async getNonce() {
      return (await request<{ nonce: string }>('nonce', { method: 'POST' })).nonce
    },
    async getMessageParams() {
      return messageParams
    },
    async verifyMessage({ message, signature }) {
      try {
        const { token } = await request<{ token: string; session: ServerSession }>('verify', { method: 'POST', body: { message, signature } })
        setToken(token)
        return true
      } catch (error) {
        // A refused signature or nonce is a "no"; anything else (network, 5xx) is an error.
        if (error instanceof SiwxServerError && (error.status === 400 || error.status === 401)) return false
        throw error
      }
    },
    async getSession() {
      const token = getToken()
      if (!token) return null
      try {
        const { session } = await request<{ session: ServerSession }>('session', { method: 'GET', token })
        return { address: session.address, chainId: session.chainId, message: session.message, signature: session.signature, expiresAt: session.expiresAt }
      } catch (error) {
        // Expired or revoked: forget the token. A network failure keeps it for the next try.
        if (error instanceof SiwxServerError && error.status === 401) setToken(undefined)
        return null
      }
    },
    async signOut() {
      const token = getToken()
      setToken(undefined)
      if (token) await request<{ success: boolean }>('signout', { method: 'POST', token })
    },
  }
}
