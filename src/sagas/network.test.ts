import createSagaMiddleware from 'redux-saga'
import { resolveConfig } from '../config/resolveConfig'
import { createStorage } from '../storage/createStorage'
import { createStore } from '../store/createStore'
import { accountActions } from '../store/slices/account'
import { connectorsActions } from '../store/slices/connectors'
import { networkActions } from '../store/slices/network'
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
    plugins: new Map([
      ['eip155', evm.plugin],
      ['solana', sol.plugin],
      ['bip122', btc.plugin],
    ]),
    window: undefined,
    services: () => Promise.reject(new Error('no services in this test')),
    now: () => Date.now(),
    storage: createStorage({ store: undefined }),
  }
  const sagaMiddleware = createSagaMiddleware({ context: { portico: context } })
  const store = createStore({ config, middleware: [sagaMiddleware] })
  const connect = (namespace: string, address: string, caipNetworkId: CaipNetwork['caipNetworkId']) => {
    store.dispatch(accountActions.connected({ namespace, address, caipNetworkId, allAccounts: [{ address }], connectedWalletInfo: { connectorId: 'auth', name: 'Email wallet', type: 'AUTH' } }))
    store.dispatch(connectorsActions.connectSucceeded({ connectorId: 'auth', namespace }))
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

  it('keeps the active account when the network belongs to a namespace nobody connected', async () => {
    const t = setup()
    t.connect('eip155', '0x1111111111111111111111111111111111111111', 'eip155:1')
    await t.switchTo('bip122:btc')
    expect(t.store.getState().account.activeNamespace).toBe('eip155')
    expect(t.store.getState().network.activeCaipNetworkId).toBe('bip122:btc')
  })
})
