/**
 * The session token and the device id, kept in the secure page's OWN storage (its
 * origin, partitioned per dapp by the browser), never posted to the app. A memory
 * store stands in when storage is blocked.
 *
 * Sessions are kept per project: pages of one site share the secure origin's storage,
 * and a frame loaded for another project neither sees nor ends this project's session
 * (a PROJECT_MISMATCH there clears that project's slot only). The device id is one per
 * browser, shared by every project.
 *
 * The server takes a session only from the device it was opened on: every
 * authenticated call carries the device id beside the token. Each store records
 * which device its tokens belong to ({@link deviceIdOfSession}), so the HTTP API
 * (api.ts) sends the right device id for the token it was handed.
 */
export type KeyValueStore = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export type StoredSession = { token: string; expiresAt: string }

export type SessionStore = {
  load(): StoredSession | undefined
  save(session: StoredSession): void
  clear(): void
  /** A random id for this browser, sent with logins (the server's new-device check). */
  deviceId(): string
}

/** Followed by the project id: one slot per project. */
const SESSION_KEY_PREFIX = 'portico.secure.session/'
const DEVICE_KEY = 'portico.secure.deviceId'
const TOKEN = /^[A-Za-z0-9_.-]{1,512}$/
const DEVICE = /^[A-Za-z0-9_-]{16,128}$/

/** Token → the device id of the store that loaded or saved it. Tokens are random, so stores never collide. */
const deviceOfToken = new Map<string, string>()

/** The device id a session token was opened on, as known to this page's session store. */
export function deviceIdOfSession(token: string): string | undefined {
  return deviceOfToken.get(token)
}

export function createMemoryStore(): KeyValueStore {
  const map = new Map<string, string>()
  return { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) }
}

/** Where a project's session is kept. */
export function sessionKey(projectId: string): string {
  return `${SESSION_KEY_PREFIX}${projectId}`
}

/**
 * @example
 * const sessions = createSessionStore({ store: window.localStorage, projectId: 'shop', randomUUID: () => crypto.randomUUID(), now: Date.now })
 */
export function createSessionStore({ store, projectId, randomUUID, now }: { store: KeyValueStore; projectId: string; randomUUID: () => string; now: () => number }): SessionStore {
  const SESSION_KEY = sessionKey(projectId)
  const safe = <T>(run: () => T, fallback: T): T => {
    try {
      return run()
    } catch {
      return fallback
    }
  }
  const sessions: SessionStore = {
    load() {
      const raw = safe(() => store.getItem(SESSION_KEY), null)
      if (raw === null) return undefined
      try {
        const parsed = JSON.parse(raw) as Partial<StoredSession>
        if (typeof parsed.token !== 'string' || !TOKEN.test(parsed.token) || typeof parsed.expiresAt !== 'string') return undefined
        const expires = Date.parse(parsed.expiresAt)
        if (!Number.isFinite(expires) || expires <= now()) {
          safe(() => store.removeItem(SESSION_KEY), undefined)
          return undefined
        }
        deviceOfToken.set(parsed.token, sessions.deviceId())
        return { token: parsed.token, expiresAt: parsed.expiresAt }
      } catch {
        return undefined
      }
    },
    save(session) {
      deviceOfToken.set(session.token, sessions.deviceId())
      safe(() => store.setItem(SESSION_KEY, JSON.stringify(session)), undefined)
    },
    clear() {
      const raw = safe(() => store.getItem(SESSION_KEY), null)
      const token = raw === null ? undefined : safe(() => (JSON.parse(raw) as Partial<StoredSession>).token, undefined)
      if (typeof token === 'string') deviceOfToken.delete(token)
      safe(() => store.removeItem(SESSION_KEY), undefined)
    },
    deviceId() {
      const existing = safe(() => store.getItem(DEVICE_KEY), null)
      if (existing !== null && DEVICE.test(existing)) return existing
      const id = randomUUID()
      safe(() => store.setItem(DEVICE_KEY, id), undefined)
      return id
    },
  }
  return sessions
}
