import createSagaMiddleware, { type Task } from 'redux-saga'
import { all, fork } from 'redux-saga/effects'
import { resolveConfig } from '../config/resolveConfig'
import { createServices } from '../createServices'
import { createPluginRegistry } from '../plugins/registry'
import { sendJson, startHttpTestServer, type HttpTestServer } from '../services/test/httpTestServer'
import type { PorticoState } from '../store/rootReducer'
import { modalActions } from '../store/slices/modal'
import { walletConnectActions } from '../store/slices/walletConnect'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { createFullStore } from '../test/fullStore'
import { testSagaContext } from '../test/sagaContext'
import { stubWalletConnectClient, wcSession } from '../test/walletConnectStub'
import type { CaipNetwork, CaipNetworkId } from '../types/network'
import { balanceSaga } from './balance'
import { walletConnectSaga } from './walletConnect'
import { lazyState } from '../store/lazyState'

// Issue 26, "a balance stuck loading": a WalletConnect session that covers two namespaces
// connects them one after the other, each asking for its balance. Each namespace's
// balance must end loaded (the API answers 200 for both), whichever namespace the dapp
// shows first. The WalletConnect client is the stand-in (the cause is in the sagas, not
// the relay); the balances come from a real local HTTP server speaking the Blockchain API.
const evmAddress = '0x1111111111111111111111111111111111111111'
const solanaAddress = 'So1anaAddress1111111111111111111111111111111'
const solanaNetwork: CaipNetwork = {
  ...testNetwork(1),
  id: 'sol',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:sol',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
}
const sessions = 20

let api: HttpTestServer
let task: Task | undefined
beforeAll(async () => {
  // Each answer takes a little while, as a remote API's does.
  api = await startHttpTestServer(async (request, response) => {
    const chainId = request.query.get('chainId') ?? ''
    await new Promise((resolve) => setTimeout(resolve, 20))
    sendJson(response, 200, { balances: [{ name: 'Native', symbol: 'N', chainId, value: 1, price: 1, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' }] })
  })
})
afterEach(() => task?.cancel())
afterAll(() => api.close())

/** A dapp with an EVM and a Solana plugin (both served by the Blockchain API), `defaultNetwork` active. */
function dapp(defaultNetwork: CaipNetworkId) {
  const stub = stubWalletConnectClient()
  const withBalance = (fake: ReturnType<typeof createFakeNamespacePlugin>) => ({ ...fake.plugin, features: { ...fake.plugin.features, balance: true } })
  const plugins = [
    withBalance(createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })),
    withBalance(createFakeNamespacePlugin({ namespace: 'solana', networks: [solanaNetwork], connectors: [] })),
  ]
  const config = resolveConfig({ projectId: 'p', plugins, devtools: false, defaultNetwork, endpoints: { blockchainApi: api.url } }, { defaultPlugins: () => [] })
  const services = createServices(config)
  const context = testSagaContext(config, plugins[0]!, {
    plugins: createPluginRegistry(plugins).byNamespace,
    services: async () => services,
    walletConnect: async () => stub.client,
  })
  const sagaMiddleware = createSagaMiddleware({ context: { portico: context } })
  const store = createFullStore({ config, middleware: [sagaMiddleware] })
  task = sagaMiddleware.run(function* () {
    yield all([fork(walletConnectSaga), fork(balanceSaga)])
  })
  return { store, stub }
}

function until(store: { getState(): PorticoState }, predicate: (state: PorticoState) => boolean, timeoutMs = 2000): Promise<void> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (predicate(store.getState())) return resolve()
      if (Date.now() - started > timeoutMs) return reject(new Error('state condition not reached in time'))
      setTimeout(poll, 5)
    }
    poll()
  })
}

describe('balances of a WalletConnect session over several namespaces', () => {
  it(`every namespace's balance loads, in each of ${sessions} sessions, whichever namespace is shown first`, async () => {
    for (let i = 0; i < sessions; i++) {
      const { store, stub } = dapp(i % 2 === 0 ? 'eip155:1' : 'solana:sol')
      store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
      const answered = api.requests.length
      store.dispatch(walletConnectActions.connectRequested({}))
      await until(store, (s) => lazyState(s, 'walletConnect').status === 'pairing' && stub.approvals.length === 1)
      const session = wcSession(evmAddress)
      stub.approvals[0]!.resolve({
        ...session,
        namespaces: {
          ...session.namespaces,
          solana: { accounts: [`solana:sol:${solanaAddress}`], chains: ['solana:sol'], methods: ['solana_signMessage'], events: [] },
        },
      })
      const both = (s: PorticoState) => ['eip155', 'solana'].map((ns) => s.account.byNamespace[ns])
      await until(store, (s) => both(s).every((a) => a?.status === 'connected'))
      // Both balance requests reach the API and are answered; then no balance may still be loading.
      await until(store, () => api.requests.length >= answered + 2)
      await until(store, (s) => both(s).every((a) => a?.tokenBalanceStatus !== 'loading')).catch(() => undefined)
      expect({ session: i, statuses: both(store.getState()).map((a) => a?.tokenBalanceStatus) }).toEqual({ session: i, statuses: ['loaded', 'loaded'] })
      task?.cancel()
    }
  })
})
