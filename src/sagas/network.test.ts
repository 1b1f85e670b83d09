import createSagaMiddleware from 'redux-saga'
import { resolveConfig } from '../config/resolveConfig'
import { createStorage } from '../storage/createStorage'
import { createFullStore } from '../test/fullStore'
import { accountActions } from '../store/slices/account'
import { connectorsActions } from '../store/slices/connectors'
import { modalActions } from '../store/slices/modal'
import { networkActions } from '../store/slices/network'
import { routerActions } from '../store/slices/router'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import type { CaipNetwork } from '../types/network'
import type { SagaContext } from './context'
import { switchNetworkSaga } from './network'

const solanaNetwork: CaipNetwork = { ...testNetwork(1), id: 'sol', chainNamespace: 'solana', caipNetworkId: 'solana:sol', name: 'Solana' }
const bitcoinNetwork: CaipNetwork = { ...testNetwork(1), id: 'btc', chainNamespace: 'bip122', caipNetworkId: 'bip122:btc', name: 'Bitcoin' }

function setup() {
  const evm = createFakeNamespacePlugin({ networks: [testNetwork(1), testNetwork(10)], connectors: [] })
  const sol = createFakeNamespacePlugin({ namespace: 'solana', networks: [solanaNetwork], connectors: [] })
  const btc = createFakeNamespacePlugin({ namespace: 'bip122', networks: [bitcoinNetwork], connectors: [] })
  const config = resolveConfig({ projectId: 'shop', plugins: [evm.plugin, sol.plugin, btc.plugin], devtools: false }, { defaultPlugins: () => [] })
  const context: SagaContext = {
    config,
    plugins: config.registry.byNamespace,
    window: undefined,
    services: () => Promise.reject(new Error('no services in this test')),
    now: () => Date.now(),
    storage: createStorage({ store: undefined }),
  }
  const sagaMiddleware = createSagaMiddleware({ context: { portico: context } })
  const store = createFullStore({ config, middleware: [sagaMiddleware] })
  // What putConnected records for a new connection: the account, its connector, its network.
  const connect = (namespace: string, address: string, caipNetworkId: CaipNetwork['caipNetworkId']) => {
    store.dispatch(accountActions.connected({ namespace, address, caipNetworkId, allAccounts: [{ address }], connectedWalletInfo: { connectorId: 'auth', name: 'Email wallet', type: 'AUTH' } }))
    store.dispatch(connectorsActions.connectSucceeded({ connectorId: 'auth', namespace }))
    store.dispatch(networkActions.activeNetworkChanged({ caipNetworkId }))
  }
  const switchTo = (caipNetworkId: CaipNetwork['caipNetworkId']) => sagaMiddleware.run(switchNetworkSaga, networkActions.switchRequested({ caipNetworkId })).toPromise()
  return { store, connect, switchTo, calls: { evm: evm.calls, sol: sol.calls } }
}

describe('switchNetworkSaga across namespaces', () => {
  it("makes a connected namespace's account the active one when the visitor picks its network", async () => {
    const t = setup()
    t.connect('solana', 'So1anaAddress111111111111111111111111111111', 'solana:sol')
    t.connect('eip155', '0x1111111111111111111111111111111111111111', 'eip155:1')
    expect(t.store.getState().account.activeNamespace).toBe('eip155')

    await expect(t.switchTo('solana:sol')).resolves.toEqual({})
    expect(t.store.getState().account.activeNamespace).toBe('solana')
    expect(t.store.getState().network.activeCaipNetworkId).toBe('solana:sol')
    // The other namespace's wallet was not asked to switch.
    expect(t.calls.evm.filter((c) => c.method === 'switchNetwork')).toEqual([])

    await t.switchTo('eip155:10')
    expect(t.store.getState().account.activeNamespace).toBe('eip155')
    expect(t.store.getState().account.byNamespace.eip155?.caipAddress).toBe('eip155:10:0x1111111111111111111111111111111111111111')
  })

  it('never leaves an account beside a network of another namespace: a switch to an unconnected namespace waits on the Connect view, then completes', async () => {
    const t = setup()
    const mismatches = watchMismatches(t.store)
    t.connect('bip122', 'bcrt1qaddress', 'bip122:btc')

    const switching = t.switchTo('eip155:10')
    // Nothing moved yet: the Connect view asks for a wallet of the chosen network's namespace.
    expect(t.store.getState().modal.open).toBe(true)
    expect(t.store.getState().router.history.at(-1)).toEqual({ view: 'Connect' })
    expect(t.store.getState().network).toMatchObject({ activeCaipNetworkId: 'bip122:btc', awaitingConnection: 'eip155:10' })
    expect(t.store.getState().account.activeNamespace).toBe('bip122')

    // The visitor connects an EVM wallet, which comes back on chain 1 (what putConnected records) ...
    t.connect('eip155', '0x1111111111111111111111111111111111111111', 'eip155:1')
    // ... and is then asked for the network the visitor chose.
    await expect(switching).resolves.toEqual({})
    expect(t.calls.evm.filter((c) => c.method === 'switchNetwork')).toEqual([
      { method: 'switchNetwork', args: expect.objectContaining({ network: expect.objectContaining({ caipNetworkId: 'eip155:10' }) }) },
    ])
    expect(t.store.getState().account.activeNamespace).toBe('eip155')
    expect(t.store.getState().network).toMatchObject({ activeCaipNetworkId: 'eip155:10', awaitingConnection: undefined })
    // The Bitcoin connection stays, in the background.
    expect(t.store.getState().account.byNamespace.bip122?.status).toBe('connected')
    expect(mismatches()).toEqual([])
  })

  it('changes nothing when the modal closes before the namespace is connected, and says so (4001)', async () => {
    const t = setup()
    const mismatches = watchMismatches(t.store)
    t.connect('bip122', 'bcrt1qaddress', 'bip122:btc')
    t.store.dispatch(modalActions.opened({ route: { view: 'Networks' } }))
    const switching = t.switchTo('solana:sol')
    // The modal was open on Networks: Connect is pushed, so Back returns there.
    expect(t.store.getState().router.history.map((r) => r.view)).toEqual(['Networks', 'Connect'])
    t.store.dispatch(modalActions.closed())
    const result = await switching
    expect(result.error).toMatchObject({ code: 4001 })
    expect(t.store.getState().network).toMatchObject({ activeCaipNetworkId: 'bip122:btc', awaitingConnection: undefined })
    expect(t.store.getState().account.activeNamespace).toBe('bip122')
    expect(t.calls.sol).toEqual([])
    expect(mismatches()).toEqual([])
  })

  it('switches locally when nothing is connected, and through the wallet when the namespace is', async () => {
    const t = setup()
    await expect(t.switchTo('bip122:btc')).resolves.toEqual({})
    expect(t.store.getState().network.activeCaipNetworkId).toBe('bip122:btc')
    expect(t.store.getState().modal.open).toBe(false)
    t.connect('eip155', '0x1111111111111111111111111111111111111111', 'eip155:1')
    await expect(t.switchTo('eip155:10')).resolves.toEqual({})
    expect(t.calls.evm.filter((c) => c.method === 'switchNetwork')).toHaveLength(1)
    expect(t.store.getState().modal.open).toBe(false)
  })
})

/**
 * Records every settled state (as a render sees it: after the actions dispatched in one
 * go) in which a connected active account sits beside a network of another namespace.
 */
function watchMismatches(store: ReturnType<typeof setup>['store']) {
  const seen: string[] = []
  let queued = false
  const check = () => {
    queued = false
    const state = store.getState()
    const namespace = state.account.activeNamespace
    const account = namespace ? state.account.byNamespace[namespace] : undefined
    const network = state.network.networks.find((n) => n.caipNetworkId === state.network.activeCaipNetworkId)
    if (account?.status === 'connected' && network && network.chainNamespace !== namespace) seen.push(`${account.caipAddress} beside ${network.caipNetworkId}`)
  }
  store.subscribe(() => {
    if (!queued) queueMicrotask(check)
    queued = true
  })
  return () => seen
}

describe('after a switch chosen in the network list', () => {
  it('goes back to the view the visitor came from', async () => {
    const t = setup()
    t.connect('eip155', '0x1111111111111111111111111111111111111111', 'eip155:1')
    t.store.dispatch(modalActions.opened({ route: { view: 'Account' } }))
    t.store.dispatch(routerActions.push({ view: 'Networks' }))
    await t.switchTo('eip155:10')
    expect(t.store.getState().router.history.map((route) => route.view)).toEqual(['Account'])
    expect(t.store.getState().modal.open).toBe(true)
  })

  it('asks to close the modal when the dapp opened it on the list itself', async () => {
    const t = setup()
    t.connect('eip155', '0x1111111111111111111111111111111111111111', 'eip155:1')
    t.store.dispatch(modalActions.opened({ route: { view: 'Networks' } }))
    await t.switchTo('eip155:10')
    expect(t.store.getState().modal.closePending).toBe(true)
  })

  it('leaves any other view, and a failed switch, where they are', async () => {
    const t = setup()
    t.connect('eip155', '0x1111111111111111111111111111111111111111', 'eip155:1')
    t.store.dispatch(modalActions.opened({ route: { view: 'Account' } }))
    await t.switchTo('eip155:10')
    expect(t.store.getState().router.history.map((route) => route.view)).toEqual(['Account'])
    t.store.dispatch(routerActions.push({ view: 'Networks' }))
    await t.switchTo('eip155:424242')
    expect(t.store.getState().router.history.map((route) => route.view)).toEqual(['Account', 'Networks'])
  })
})
