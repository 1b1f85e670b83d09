/**
 * What Portico keeps across reloads on the dapp's origin: only what must survive a
 * reload, and never a secret (keys and sessions of the embedded wallet live in the
 * secure frame's own origin). Typed, versioned and migratable, like wagmi's storage.
 */
export type PersistedState = {
  /** Latest first, at most 2 (SPEC §3). */
  recentWallets: { id: string; name: string; imageUrl?: string | undefined; rdns?: string | undefined }[]
  /** Connector id per namespace the visitor was connected with, for reconnect on reload. */
  connections: Record<string, string>
}

export const STORAGE_VERSION = 1

export type KeyValueStore = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
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
export function createStorage({ store, key = 'portico.store' }: { store: KeyValueStore | undefined; key?: string }): PorticoStorage {
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
        store?.setItem(key, JSON.stringify({ version: STORAGE_VERSION, state }))
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
    recentWallets: Array.isArray(recentWallets)
      ? recentWallets.filter((w) => typeof w?.id === 'string' && typeof w?.name === 'string').slice(0, 2)
      : [],
    connections:
      connections && typeof connections === 'object'
        ? Object.fromEntries(Object.entries(connections).filter(([, v]) => typeof v === 'string'))
        : {},
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
