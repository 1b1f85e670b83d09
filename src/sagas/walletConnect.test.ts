import createSagaMiddleware, { type Task } from 'redux-saga'
import type { Middleware, UnknownAction } from '@reduxjs/toolkit'
import { all, fork } from 'redux-saga/effects'
import { Time } from '../config/constants'
import { resolveConfig } from '../config/resolveConfig'
import { createFullStore } from '../test/fullStore'
import { createPluginRegistry } from '../plugins/registry'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { connectorsActions } from '../store/slices/connectors'
import { modalActions } from '../store/slices/modal'
import { networkActions } from '../store/slices/network'
import { isPairingExpired, walletConnectActions } from '../store/slices/walletConnect'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { testSagaContext } from '../test/sagaContext'
import type { CaipNetwork } from '../types/network'
import { stubWalletConnectClient as stubClient, wcSession as session } from '../test/walletConnectStub'
import { connectorsSaga } from './connectors'
import { networkSaga } from './network'
import { walletConnectSaga } from './walletConnect'

// The pairing rules of SPEC §4 under Jest's fake timers, with a stand-in client: the
// real sign-client (which keeps its own timers) is exercised in walletConnect.relay.test.ts.

let task: Task | undefined
afterEach(() => {
  task?.cancel()
  jest.useRealTimers()
})

const solanaNetwork: CaipNetwork = { ...testNetwork(1), id: 'sol', chainNamespace: 'solana', caipNetworkId: 'solana:sol', name: 'Solana' }

const bitcoinNetwork: CaipNetwork = { ...testNetwork(1), id: 'regtest', chainNamespace: 'bip122', caipNetworkId: 'bip122:regtest', name: 'Bitcoin Regtest' }

function setup(options: { withLoader?: boolean; withSolana?: boolean; withBitcoin?: boolean; withConnectors?: boolean } = {}) {
  jest.useFakeTimers({ now: 1_700_000_000_000 })
  const stub = stubClient()
  const fake = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')], connectors: [] })
  const plugins = [
    fake.plugin,
    ...(options.withSolana ? [createFakeNamespacePlugin({ namespace: 'solana', networks: [solanaNetwork], connectors: [] }).plugin] : []),
    ...(options.withBitcoin ? [createFakeNamespacePlugin({ namespace: 'bip122', networks: [bitcoinNetwork], connectors: [] }).plugin] : []),
  ]
  const config = resolveConfig({ projectId: 'p', plugins, devtools: false }, { defaultPlugins: () => [] })
  const context = testSagaContext(config, fake.plugin, {
    plugins: createPluginRegistry(plugins).byNamespace,
    walletConnect: options.withLoader === false ? undefined : async () => stub.client,
  })
  const log: { type: string; at: number; payload?: unknown }[] = []
  const shown: (string | undefined)[] = []
  const recorder: Middleware<object, PorticoState> = (api) => (next) => (action) => {
    const { type, payload } = action as UnknownAction & { payload?: unknown }
    if (type.startsWith('walletConnect/') || type.startsWith('router/') || type === 'modal/closeRequested') log.push({ type, at: Date.now(), payload })
    const result = next(action)
    if (type === accountActions.connected.type) shown.push(api.getState().account.activeNamespace)
    return result
  }
  const sagaMiddleware = createSagaMiddleware({ context: { portico: context } })
  const store = createFullStore({ config, middleware: [recorder, sagaMiddleware] })
  task = options.withConnectors
    ? sagaMiddleware.run(function* () {
        yield all([fork(walletConnectSaga), fork(connectorsSaga), fork(networkSaga)])
      })
    : sagaMiddleware.run(walletConnectSaga)
  store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
  const flush = () => jest.advanceTimersByTimeAsync(0)
  return { store, stub, log, shown, flush, wc: () => store.getState().walletConnect, start: Date.now() }
}

describe('WalletConnect pairing expiry (SPEC §4)', () => {
  it('counts a pairing as expired within 10 s of its 4-minute expiry', () => {
    const expiresAt = 1_000_000 + Time.pairingExpiryMs
    expect(Time.pairingExpiryMs).toBe(240_000)
    expect(isPairingExpired(expiresAt, expiresAt - 10_001)).toBe(false)
    expect(isPairingExpired(expiresAt, expiresAt - 10_000)).toBe(true)
    expect(isPairingExpired(undefined, 0)).toBe(true)
  })

  it('shows ConnectingWalletConnect, puts the URI with its 4-minute expiry, expires it at 4 min − 10 s and offers a fresh one', async () => {
    const { store, stub, log, flush, wc, start } = setup()
    store.dispatch(walletConnectActions.connectRequested({ walletId: 'rainbow' }))
    await flush()
    expect(store.getState().router.history.at(-1)).toEqual({ view: 'ConnectingWalletConnect', params: { walletId: 'rainbow' } })
    expect(wc()).toMatchObject({ status: 'pairing', walletId: 'rainbow', pairingExpiresAt: start + 240_000, uri: expect.stringMatching(/^wc:0+1@2\?/) })
    const first = wc().uri

    await jest.advanceTimersByTimeAsync(229_999)
    expect(wc()).toMatchObject({ status: 'pairing', uri: first })
    await jest.advanceTimersByTimeAsync(1)
    const expired = log.find((entry) => entry.type === 'walletConnect/expired')
    expect(expired?.at).toBe(start + 230_000)

    // Still on the view with the modal open: a fresh pairing replaces the old one at once.
    expect(wc()).toMatchObject({ status: 'pairing', pairingExpiresAt: start + 230_000 + 240_000, uri: expect.stringMatching(/^wc:0+2@2\?/) })
    expect(stub.abandoned).toEqual([`${1}`.padStart(64, '0')])
    expect(log.map((entry) => entry.type).filter((type) => type !== 'router/push')).toEqual([
      'walletConnect/connectRequested',
      'walletConnect/pairingStarted',
      'walletConnect/uriReceived',
      'walletConnect/expired',
      'walletConnect/pairingStarted',
      'walletConnect/uriReceived',
    ])
  })

  it('with the modal closed an expired pairing stays expired until a refresh asks for a fresh URI', async () => {
    const { store, stub, flush, wc } = setup()
    store.dispatch(walletConnectActions.connectRequested({}))
    await flush()
    store.dispatch(modalActions.closed())
    await jest.advanceTimersByTimeAsync(230_000)
    expect(wc()).toMatchObject({ status: 'expired', uri: undefined })
    await jest.advanceTimersByTimeAsync(600_000)
    expect(stub.pairings()).toBe(1)

    store.dispatch(walletConnectActions.refreshRequested())
    await flush()
    expect(wc()).toMatchObject({ status: 'pairing', uri: expect.stringMatching(/^wc:0+2@2\?/), pairingExpiresAt: Date.now() + 240_000 })
  })

  it('keeps a live pairing when the view asks again, and replaces it on refresh', async () => {
    const { store, stub, flush, wc } = setup()
    store.dispatch(walletConnectActions.connectRequested({}))
    await flush()
    const uri = wc().uri
    await jest.advanceTimersByTimeAsync(60_000)
    store.dispatch(walletConnectActions.connectRequested({}))
    await flush()
    expect(wc().uri).toBe(uri)
    expect(stub.pairings()).toBe(1)
    expect(store.getState().router.history.filter((r) => r.view === 'ConnectingWalletConnect')).toHaveLength(1)

    store.dispatch(walletConnectActions.refreshRequested())
    await flush()
    expect(wc().uri).not.toBe(uri)
    expect(wc().pairingExpiresAt).toBe(Date.now() + 240_000)
    expect(stub.abandoned).toHaveLength(1)
    // The new pairing's own clock: it expires 4 min − 10 s after the refresh, not before.
    await jest.advanceTimersByTimeAsync(229_999)
    expect(wc().status).toBe('pairing')
  })

  it('connects on approval: the account as connectors.ts puts it, the active network first, Account view, modal closed', async () => {
    const { store, stub, flush, log } = setup()
    store.dispatch(walletConnectActions.connectRequested({ walletId: 'rainbow' }))
    await flush()
    stub.approvals[0]!.resolve(session())
    await flush()
    const state = store.getState()
    expect(state.walletConnect).toMatchObject({ status: 'connected', uri: undefined, session: { topic: 'session-topic', namespaces: ['eip155'], peer: { name: 'Test Wallet' } } })
    expect(state.account.byNamespace.eip155).toMatchObject({
      status: 'connected',
      address: '0x1111111111111111111111111111111111111111',
      caipAddress: 'eip155:1:0x1111111111111111111111111111111111111111',
      connectedWalletInfo: { connectorId: 'walletConnect', name: 'Test Wallet', type: 'WALLET_CONNECT', icon: 'https://wallet.example/icon.png' },
    })
    expect(state.connectors.active).toEqual({ eip155: 'walletConnect' })
    expect(state.connectors.recent[0]).toEqual({ id: 'rainbow', name: 'Test Wallet', imageUrl: 'https://wallet.example/icon.png' })
    expect(state.network.activeCaipNetworkId).toBe('eip155:1')
    expect(state.router.history).toEqual([{ view: 'Account' }])
    // The modal saga (not running here) closes on this; createPortico's test sees it closed.
    expect(log.filter((entry) => entry.type === 'modal/closeRequested')).toEqual([expect.objectContaining({ payload: { force: true } })])
    // No expiry after the session: the timer lost the race.
    await jest.advanceTimersByTimeAsync(300_000)
    expect(store.getState().walletConnect.status).toBe('connected')
    expect(stub.abandoned).toEqual([])
  })

  it('counts the requests waiting in the wallet, from each one sent to its answer, and none once the session ends', async () => {
    const { store, stub, flush } = setup()
    store.dispatch(walletConnectActions.connectRequested({ walletId: 'rainbow' }))
    await flush()
    stub.approvals[0]!.resolve(session())
    await flush()
    stub.emit({ type: 'walletRequest', waiting: true, method: 'eth_sendTransaction' })
    stub.emit({ type: 'walletRequest', waiting: true, method: 'personal_sign' })
    await flush()
    expect(store.getState().walletConnect.waitingRequests).toBe(2)
    stub.emit({ type: 'walletRequest', waiting: false, method: 'personal_sign' })
    await flush()
    expect(store.getState().walletConnect.waitingRequests).toBe(1)
    stub.emit({ type: 'disconnect', reason: 'session_delete' })
    await flush()
    expect(store.getState().walletConnect.waitingRequests).toBe(0)
  })

  it("a session of two namespaces shows the active network's account from its first connected moment; the other joins in the background", async () => {
    const { store, stub, flush, shown } = setup({ withSolana: true })
    store.dispatch(walletConnectActions.connectRequested({}))
    await flush()
    const evm = session()
    const solanaAddress = 'So11111111111111111111111111111111111111112'
    stub.approvals[0]!.resolve({
      ...evm,
      namespaces: {
        solana: { accounts: [`solana:sol:${solanaAddress}`], chains: ['solana:sol'], methods: ['solana_signMessage'], events: [] },
        ...evm.namespaces,
      },
    })
    await flush()
    const state = store.getState()
    // The shown account never passes through the Solana address (a dapp reading useAccount()
    // the moment it says connected reads the EVM account).
    expect(shown).toEqual(['eip155', 'eip155'])
    expect(state.account.activeNamespace).toBe('eip155')
    expect(state.account.byNamespace.solana).toMatchObject({ status: 'connected', caipAddress: `solana:sol:${solanaAddress}` })
    expect(state.network.activeCaipNetworkId).toBe('eip155:1')
  })

  describe.each([
    ['the visitor disconnects in the modal', (t: ReturnType<typeof setup>) => t.store.dispatch(connectorsActions.disconnectRequested())],
    ['the wallet ends the session', (t: ReturnType<typeof setup>) => t.stub.emit({ type: 'disconnect', reason: 'session_delete' })],
  ])('%s (issue 26)', (_how, disconnect) => {
    it("a session of three namespaces, the Solana account shown, ends on the dapp's default network, not the last namespace's or the shown one's", async () => {
      const t = setup({ withSolana: true, withBitcoin: true, withConnectors: true })
      t.store.dispatch(walletConnectActions.connectRequested({}))
      await t.flush()
      const evm = session()
      t.stub.approvals[0]!.resolve({
        ...evm,
        namespaces: {
          ...evm.namespaces,
          solana: { accounts: ['solana:sol:So11111111111111111111111111111111111111112'], chains: ['solana:sol'], methods: [], events: [] },
          bip122: { accounts: ['bip122:regtest:bcrt1qexample'], chains: ['bip122:regtest'], methods: [], events: [] },
        },
      })
      await t.flush()
      expect(Object.keys(t.store.getState().connectors.active).sort()).toEqual(['bip122', 'eip155', 'solana'])
      t.store.dispatch(networkActions.switchRequested({ caipNetworkId: 'solana:sol' }))
      await t.flush()
      expect(t.store.getState().account.activeNamespace).toBe('solana')
      const networks = [t.store.getState().network.activeCaipNetworkId]
      t.store.subscribe(() => {
        if (networks.at(-1) !== t.store.getState().network.activeCaipNetworkId) networks.push(t.store.getState().network.activeCaipNetworkId)
      })
      disconnect(t)
      await t.flush()
      const state = t.store.getState()
      expect(state.connectors.active).toEqual({})
      expect(state.walletConnect.session).toBeUndefined()
      expect(state.network.activeCaipNetworkId).toBe('eip155:1')
      // Straight there: each change of the active network reaches the dapp as an event.
      expect(networks).toEqual(['solana:sol', 'eip155:1'])
    })
  })

  it('a rejected proposal shows the error; asking again pairs anew', async () => {
    const { store, stub, flush, wc } = setup()
    store.dispatch(walletConnectActions.connectRequested({}))
    await flush()
    stub.approvals[0]!.reject(Object.assign(new Error('User rejected.'), { code: 5000 }))
    await flush()
    expect(wc()).toMatchObject({ status: 'error', error: { code: 5000, key: 'errors.userRejectedRequest', params: {} }, uri: undefined })
    store.dispatch(walletConnectActions.connectRequested({}))
    await flush()
    expect(wc()).toMatchObject({ status: 'pairing', error: undefined, uri: expect.stringMatching(/^wc:0+2@2\?/) })
  })

  it("fails with 'Sign Client not initialized' when no WalletConnect loader is wired", async () => {
    const { store, flush, wc } = setup({ withLoader: false })
    store.dispatch(walletConnectActions.connectRequested({}))
    await flush()
    expect(wc()).toMatchObject({ status: 'error', error: { key: 'errors.signClientNotInitialized', params: {} } })
  })
})
