import { createPortico, type Portico } from '../createPortico'
import type { KeyValueStore } from '../storage/createStorage'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { recordShownAccounts } from '../test/shownAccounts'
import { untilState } from '../test/untilState'
import type { CaipNetwork } from '../types/network'
import { connectorsActions } from '../store/slices/connectors'

const address = '0x1111111111111111111111111111111111111111'
const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }
}

function visit(store: KeyValueStore, prepare?: (wallet: ReturnType<typeof createFakeNamespacePlugin>) => void) {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1), testNetwork(10)], connectors: [injectedConnector()], address })
  prepare?.(wallet)
  const portico = createPortico({ projectId: 'p', plugins: [wallet.plugin], devtools: false }, { storage: store })
  instances.push(portico)
  return { portico, wallet }
}

describe('persistence and reconnect on reload', () => {
  it('remembers the connection and recent wallet, and restores both silently on the next visit', async () => {
    const store = memoryStore()
    const first = visit(store)
    first.portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
    await untilState(first.portico, (s) => s.account.byNamespace.eip155?.status === 'connected')
    expect(JSON.parse(store.data.get('portico.store')!).state).toEqual({
      recentWallets: [{ id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' }],
      connections: { eip155: 'io.metamask' },
    })
    // Nothing transient or secret is stored.
    expect(store.data.get('portico.store')).not.toMatch(/status|address|0x1111/)

    const second = visit(store, (wallet) => {
      wallet.behaviour.reconnect = async () => ({ address, accounts: [{ address }], caipNetworkId: 'eip155:10' })
    })
    await untilState(second.portico, (s) => s.account.byNamespace.eip155?.status === 'connected')
    expect(second.wallet.calls.map((c) => c.method)).toEqual(['reconnect'])
    expect(second.portico.getState().connectors.recent.map((r) => r.id)).toEqual(['io.metamask'])
    expect(second.portico.getState().network.activeCaipNetworkId).toBe('eip155:10')
    expect(second.portico.getState().modal.open).toBe(false)
  })

  it('forgets a connection the wallet no longer authorises', async () => {
    const store = memoryStore()
    store.setItem('portico.store', JSON.stringify({ version: 1, state: { recentWallets: [], connections: { eip155: 'io.metamask' } } }))
    const { portico, wallet } = visit(store)
    await new Promise((r) => setTimeout(r, 20))
    expect(wallet.calls.map((c) => c.method)).toEqual(['reconnect'])
    expect(portico.getState().account.byNamespace.eip155?.status ?? 'disconnected').toBe('disconnected')
    expect(JSON.parse(store.data.get('portico.store')!).state.connections).toEqual({})
  })

  it('forgets the connection on disconnect', async () => {
    const store = memoryStore()
    const { portico } = visit(store)
    portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
    await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'connected')
    await portico.disconnect()
    expect(JSON.parse(store.data.get('portico.store')!).state.connections).toEqual({})
  })

  it('shows a remembered connection as reconnecting from the moment the instance exists until it is restored', async () => {
    const store = memoryStore()
    store.setItem('portico.store', JSON.stringify({ version: 1, state: { recentWallets: [], connections: { eip155: 'io.metamask' } } }))
    const { portico } = visit(store, (wallet) => {
      wallet.behaviour.reconnect = async () => ({ address, accounts: [{ address }], caipNetworkId: 'eip155:1' })
    })
    // Before any process has run: what the first render shows.
    expect(portico.getState().account.byNamespace.eip155?.status).toBe('reconnecting')
    expect(portico.getState().account.activeNamespace).toBe('eip155')
    const seen = new Set<string>()
    portico.subscribe(() => seen.add(portico.getState().account.byNamespace.eip155?.status ?? 'none'))
    await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'connected')
    // Never disconnected in between: no flash of "Connect Wallet".
    expect(seen.has('disconnected')).toBe(false)
  })

  it('renders the server’s initial state, and ends what this browser’s storage no longer holds', async () => {
    const store = memoryStore()
    const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [injectedConnector()], address })
    const portico = createPortico(
      { projectId: 'p', plugins: [wallet.plugin], devtools: false },
      { storage: store, initialState: { recentWallets: [{ id: 'io.metamask', name: 'MetaMask' }], connections: { eip155: 'io.metamask' } } },
    )
    instances.push(portico)
    expect(portico.getState().account.byNamespace.eip155?.status).toBe('reconnecting')
    expect(portico.initialState?.connections).toEqual({ eip155: 'io.metamask' })
    // Another tab disconnected after the page was served: nothing to restore here.
    await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'disconnected')
    expect(portico.getState().connectors.restoring).toEqual({})
    expect(wallet.calls).toEqual([])
  })

  describe('two namespaces connected', () => {
    const solanaNetwork: CaipNetwork = { ...testNetwork(1), id: 'sol', chainNamespace: 'solana', caipNetworkId: 'solana:sol', name: 'Solana' }
    const solanaAddress = 'So11111111111111111111111111111111111111112'

    function visitBoth(store: KeyValueStore) {
      const evm = createFakeNamespacePlugin({ networks: [testNetwork(1), testNetwork(10)], connectors: [injectedConnector()], address })
      const sol = createFakeNamespacePlugin({
        namespace: 'solana',
        networks: [solanaNetwork],
        connectors: [{ ...injectedConnector('phantom'), chain: 'solana' }],
        address: solanaAddress,
      })
      const portico = createPortico({ projectId: 'p', plugins: [evm.plugin, sol.plugin], devtools: false }, { storage: store })
      instances.push(portico)
      // Every account the store shows while the connections come back.
      return { portico, evm, sol, shown: recordShownAccounts(portico) }
    }

    const connect = (portico: Portico, namespace: string, connectorId: string) => {
      portico.store.dispatch(connectorsActions.connectRequested({ connectorId, namespace }))
      return untilState(portico, (s) => s.account.byNamespace[namespace]?.status === 'connected')
    }

    it('after a reload shows the account shown before it, whichever wallet answers first', async () => {
      const store = memoryStore()
      const first = visitBoth(store)
      await connect(first.portico, 'eip155', 'io.metamask')
      await connect(first.portico, 'solana', 'phantom')
      expect(first.portico.getState().account.activeNamespace).toBe('solana')
      expect(Object.keys(JSON.parse(store.data.get('portico.store')!).state.connections)).toEqual(['solana', 'eip155'])

      const second = visitBoth(store)
      // The EVM wallet answers at once; the Solana one later.
      second.evm.behaviour.reconnect = async () => ({ address, accounts: [{ address }], caipNetworkId: 'eip155:1' })
      second.sol.behaviour.reconnect = () => new Promise((resolve) => setTimeout(() => resolve({ address: solanaAddress, accounts: [{ address: solanaAddress }], caipNetworkId: 'solana:sol' }), 30))
      await untilState(second.portico, (s) => s.account.byNamespace.solana?.status === 'connected' && s.account.byNamespace.eip155?.status === 'connected')
      expect(second.shown).toEqual(['solana'])
      expect(second.portico.getState().network.activeCaipNetworkId).toBe('solana:sol')
    })

    it('shows the other account, with its network, when the one shown before the reload does not come back', async () => {
      const store = memoryStore()
      store.setItem('portico.store', JSON.stringify({ version: 1, state: { recentWallets: [], connections: { solana: 'phantom', eip155: 'io.metamask' } } }))
      const { portico, evm, sol } = visitBoth(store)
      // The EVM wallet comes back on another chain than the configured default (eip155:1).
      evm.behaviour.reconnect = async () => ({ address, accounts: [{ address }], caipNetworkId: 'eip155:10' })
      sol.behaviour.reconnect = () => new Promise((resolve) => setTimeout(() => resolve(null), 30))
      await untilState(portico, (s) => Object.keys(s.connectors.restoring).length === 0)
      const state = portico.getState()
      expect(state.account.byNamespace.solana?.status).toBe('disconnected')
      expect(state.account.activeNamespace).toBe('eip155')
      expect(state.network.activeCaipNetworkId).toBe('eip155:10')
    })

    it('remembers the namespace the visitor switched to as the one to show', async () => {
      const store = memoryStore()
      const { portico } = visitBoth(store)
      await connect(portico, 'eip155', 'io.metamask')
      await connect(portico, 'solana', 'phantom')
      const remembered = () => Object.keys(JSON.parse(store.data.get('portico.store')!).state.connections)
      await portico.switchNetwork('eip155:1')
      expect(portico.getState().account.activeNamespace).toBe('eip155')
      expect(remembered()).toEqual(['eip155', 'solana'])
      await portico.switchNetwork('solana:sol')
      expect(remembered()).toEqual(['solana', 'eip155'])
    })
  })

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers())
    afterEach(() => jest.useRealTimers())

    it('gives up on a remembered wallet that does not announce itself within 3 s', async () => {
      const store = memoryStore()
      store.setItem('portico.store', JSON.stringify({ version: 1, state: { recentWallets: [], connections: { eip155: 'gone.wallet' } } }))
      const { wallet } = visit(store)
      await jest.advanceTimersByTimeAsync(3_000)
      expect(wallet.calls).toEqual([])
      expect(JSON.parse(store.data.get('portico.store')!).state.connections).toEqual({})
    })
  })
})
