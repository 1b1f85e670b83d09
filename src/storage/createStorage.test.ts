import { createStorage, migrate, STORAGE_VERSION, type KeyValueStore } from './createStorage'

const memory = (): KeyValueStore & { data: Map<string, string> } => {
  const data = new Map<string, string>()
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }
}

describe('persisted storage', () => {
  it('round-trips what must survive a reload, under a version', () => {
    const store = memory()
    const storage = createStorage({ store })
    const state = { recentWallets: [{ id: 'io.metamask', name: 'MetaMask' }], connections: { eip155: 'io.metamask' } }
    storage.write(state)
    expect(JSON.parse(store.data.get('portico.store')!)).toEqual({ version: STORAGE_VERSION, state })
    expect(storage.read()).toEqual(state)
  })

  it('reads corrupt, foreign or older data as empty instead of throwing', () => {
    const store = memory()
    store.setItem('portico.store', '{not json')
    expect(createStorage({ store }).read()).toEqual({ recentWallets: [], connections: {} })
    expect(migrate({ version: 0, state: { connections: { eip155: 'x' } } })).toEqual({ recentWallets: [], connections: {} })
    expect(migrate({ version: STORAGE_VERSION, state: { recentWallets: [{ id: 1 }, { id: 'a', name: 'A' }], connections: { eip155: 5, solana: 'p' } } })).toEqual({
      recentWallets: [{ id: 'a', name: 'A' }],
      connections: { solana: 'p' },
    })
  })

  it('works with no storage at all (server rendering) and survives a throwing store', () => {
    expect(createStorage({ store: undefined }).read()).toEqual({ recentWallets: [], connections: {} })
    const throwing: KeyValueStore = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    const storage = createStorage({ store: throwing })
    expect(() => storage.write({ recentWallets: [], connections: {} })).not.toThrow()
    expect(storage.read()).toEqual({ recentWallets: [], connections: {} })
    expect(() => storage.clear()).not.toThrow()
  })
})
