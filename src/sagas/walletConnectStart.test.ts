import createSagaMiddleware, { type Task } from 'redux-saga'
import { resolveConfig } from '../config/resolveConfig'
import { createStorage, type KeyValueStore } from '../storage/createStorage'
import { createFullStore } from '../test/fullStore'
import { modalActions } from '../store/slices/modal'
import { walletConnectActions } from '../store/slices/walletConnect'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { testSagaContext } from '../test/sagaContext'
import { stubWalletConnectClient, wcSession } from '../test/walletConnectStub'
import { walletConnectStartSaga } from './walletConnectStart'

// The WalletConnect saga is a lazy chunk: what starts with the store only buffers pairing
// requests until the first one (or a remembered session) loads it. Checked by outcome:
// when the client loader runs, what the visitor sees, and that no request is lost.

let task: Task | undefined
afterEach(() => {
  task?.cancel()
  jest.useRealTimers()
})

function memoryStore(): KeyValueStore {
  const items = new Map<string, string>()
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) }
}

function setup(options: { remembered?: boolean } = {}) {
  jest.useFakeTimers({ now: 1_700_000_000_000 })
  const stub = stubWalletConnectClient({ restored: wcSession() })
  const fake = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')], connectors: [] })
  const config = resolveConfig({ projectId: 'p', plugins: [fake.plugin], devtools: false }, { defaultPlugins: () => [] })
  const storage = createStorage({ store: memoryStore() })
  if (options.remembered) storage.write({ recentWallets: [], connections: { eip155: 'walletConnect' } })
  const loads = { count: 0 }
  const context = testSagaContext(config, fake.plugin, {
    storage,
    walletConnect: async () => {
      loads.count++
      return stub.client
    },
  })
  const sagaMiddleware = createSagaMiddleware({ context: { portico: context } })
  const store = createFullStore({ config, middleware: [sagaMiddleware] })
  task = sagaMiddleware.run(walletConnectStartSaga)
  const flush = () => jest.advanceTimersByTimeAsync(0)
  return { store, stub, loads, flush, top: () => store.getState().router.history.at(-1) }
}

describe('the WalletConnect saga loads on first use', () => {
  it('loads nothing while nobody asks for WalletConnect', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    await t.flush()
    expect(t.loads.count).toBe(0)
    expect(t.stub.restores()).toBe(0)
    expect(t.store.getState().walletConnect.uri).toBeUndefined()
  })

  it('shows ConnectingWalletConnect in the same dispatch as the request, then pairs once the chunk is in', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    t.store.dispatch(walletConnectActions.connectRequested({ walletId: 'w1' }))
    expect(t.top()).toEqual({ view: 'ConnectingWalletConnect', params: { walletId: 'w1' } })
    await t.flush()
    expect(t.loads.count).toBe(1)
    expect(t.stub.pairings()).toBe(1)
    expect(t.store.getState().walletConnect.uri).toMatch(/^wc:0+1@2\?/)
    // The view is not pushed twice once the real saga takes the request over.
    expect(t.store.getState().router.history.filter((route) => route.view === 'ConnectingWalletConnect')).toHaveLength(1)
  })

  it('keeps requests that arrive while the chunk loads: a second wallet picked meanwhile gets its view and the pairing', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    t.store.dispatch(walletConnectActions.connectRequested({ walletId: 'w1' }))
    t.store.dispatch(walletConnectActions.connectRequested({ walletId: 'w2' }))
    expect(t.top()).toEqual({ view: 'ConnectingWalletConnect', params: { walletId: 'w1' } })
    await t.flush()
    await t.flush()
    expect(t.top()).toEqual({ view: 'ConnectingWalletConnect', params: { walletId: 'w2' } })
    expect(t.store.getState().walletConnect.walletId).toBe('w2')
    expect(t.store.getState().walletConnect.uri).toMatch(/^wc:/)
    // One pairing reached the wallet side: the first was replaced before it asked.
    expect(t.stub.pairings()).toBe(1)
  })

  it('loads at once and restores the session when the last connection was WalletConnect', async () => {
    const t = setup({ remembered: true })
    await t.flush()
    await t.flush()
    expect(t.loads.count).toBe(1)
    expect(t.stub.restores()).toBe(1)
    expect(t.store.getState().walletConnect.status).toBe('connected')
    expect(t.store.getState().walletConnect.session?.peer.name).toBe('Test Wallet')
  })
})
