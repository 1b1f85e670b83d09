import type { PorticoInitialState } from '../store/hydrate'

/**
 * What Portico keeps across reloads on the dapp's origin: only what must survive a
 * reload, and never a secret (keys and sessions of the embedded wallet live in the
 * secure frame's own origin). Typed, versioned and migratable, like wagmi's storage.
 * The same shape is the first render's initial state: recent wallets (latest first, at
 * most 2, SPEC §3) and the connector id per namespace the visitor was connected with.
 */
export type PersistedState = PorticoInitialState

export const STORAGE_VERSION = 1

/** The one entry Portico keeps: a localStorage key, or a cookie's name. */
export const STORAGE_KEY = 'portico.store'

export type KeyValueStore = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  /**
   * The store's values go to the dapp's server with every request (cookies): Portico
   * then keeps only its persistence entry there, and the embedded wallet's login cache
   * (an email, a username) stays in the browser's localStorage.
   */
  sentToServer?: boolean | undefined
  /** Whether the store can keep `value` (a cookie is dropped past ~4 KB); default always. */
  fits?: ((value: string) => boolean) | undefined
}

export type PorticoStorage = {
  read(): PersistedState
  write(state: PersistedState): void
  clear(): void
}

const empty = (): PersistedState => ({ recentWallets: [], connections: {} })

/**
 * @example
 * const storage = createStorage({ store: window.localStorage })
 * storage.write({ ...storage.read(), connections: { eip155: 'io.metamask' } })
 */
export function createStorage({ store, key = STORAGE_KEY }: { store: KeyValueStore | undefined; key?: string }): PorticoStorage {
  return {
    read() {
      if (!store) return empty()
      try {
        const raw = store.getItem(key)
        return raw ? migrate(JSON.parse(raw)) : empty()
      } catch {
        // Corrupt or foreign data: start clean rather than break the modal.
        return empty()
      }
    },
    write(state) {
      try {
        if (!store) return
        // A small store (a cookie) gets the largest form that fits: wallet icons go first
        // (often data: URLs of several KB; the wallet announces them again on each load),
        // then the recent wallets; the connections, which a reload needs, always fit.
        const forms = [state, { ...state, recentWallets: state.recentWallets.map(({ imageUrl: _icon, ...wallet }) => wallet) }, { ...state, recentWallets: [] }]
        const values = forms.map((form) => JSON.stringify({ version: STORAGE_VERSION, state: form }))
        store.setItem(key, values.find((value) => store.fits?.(value) ?? true) ?? values[values.length - 1]!)
      } catch {
        // Quota exceeded or storage disabled (private mode): persistence is a convenience.
      }
    },
    clear() {
      try {
        store?.removeItem(key)
      } catch {
        // As above.
      }
    },
  }
}

/** Brings any stored shape up to the current version, dropping what does not parse. */
export function migrate(stored: unknown): PersistedState {
  const state = (stored as { version?: unknown; state?: unknown } | null)?.state
  const version = (stored as { version?: unknown } | null)?.version
  if (version !== STORAGE_VERSION || !state || typeof state !== 'object') return empty()
  const { recentWallets, connections } = state as Partial<PersistedState>
  return {
    recentWallets: Array.isArray(recentWallets) ? recentWallets.filter((w) => typeof w?.id === 'string' && typeof w?.name === 'string').slice(0, 2) : [],
    connections: connections && typeof connections === 'object' ? Object.fromEntries(Object.entries(connections).filter(([, v]) => typeof v === 'string')) : {},
  }
}

/** The browser's localStorage when it can be used, else undefined (SSR, sandboxed frames). */
export function defaultKeyValueStore(win: Window | undefined): KeyValueStore | undefined {
  try {
    return win?.localStorage ?? undefined
  } catch {
    return undefined
  }
}
