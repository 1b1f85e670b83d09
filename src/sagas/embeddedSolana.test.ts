import { JSDOM } from 'jsdom'
import { createSolanaDevWallet } from '../../dev/wallets/solana'
import createSagaMiddleware, { type Task } from 'redux-saga'
import { all, fork } from 'redux-saga/effects'
import { getBase58Decoder } from '@solana/kit'
import { resolveConfig } from '../config/resolveConfig'
import { createLoginCache, LoginCacheKeys, type AppEvent, type AppResponsePayload } from '../frame'
import { frameEventType, successType } from '../frame/protocol'
import { ADDRESS, SOLANA_ADDRESS, user } from '../frame/test/fixtures'
import { eip155 } from '../plugins/eip155'
import { solana } from '../plugins/solana'
import { createStorage } from '../storage/createStorage'
import { createFullStore } from '../test/fullStore'
import { recordShownAccounts } from '../test/shownAccounts'
import { connectorsActions } from '../store/slices/connectors'
import { embeddedActions } from '../store/slices/embedded'
import { modalActions } from '../store/slices/modal'
import { networkActions } from '../store/slices/network'
import { testNetwork } from '../test/fakeNamespacePlugin'
import type { CaipNetwork } from '../types/network'
import { connectorsSaga } from './connectors'
import type { SagaContext } from './context'
import { embeddedSaga } from './embedded'
import { modalSaga } from './modal'
import { networkSaga } from './network'
import { persistenceSaga } from './persistence'
import { signMessageSaga } from './signMessage'
import { scriptedFrame } from '../test/scriptedFrame'

// The embedded user's Solana account (issue 9) through the real sagas, the real frame
// client in a jsdom page and the real eip155 and solana plugins; the test plays the
// secure page. The real secure page, server and Solana runtime are in
// embeddedSolana.integration.test.ts.

const localnet: CaipNetwork = {
  id: 'GfVcyD4kkTrj4bKc7WA9sZCin9JDbdT4',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:GfVcyD4kkTrj4bKc7WA9sZCin9JDbdT4',
  name: 'Solana Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}
const bothUser = { ...user, addresses: { eip155: ADDRESS, solana: SOLANA_ADDRESS } }

let task: Task | undefined
let cleanup: (() => void)[] = []
afterEach(() => {
  task?.cancel()
  for (const run of cleanup) run()
  cleanup = []
  jest.useRealTimers()
})

function setup(options: { defaultNetwork?: CaipNetwork; cache?: Record<string, string>; connections?: Record<string, string> } = {}) {
  jest.useFakeTimers({ now: 1_900_000_000_000 })
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'https://shop.example/' })
  const storage = dom.window.localStorage
  for (const [key, value] of Object.entries(options.cache ?? {})) storage.setItem(key, value)
  // As the persistence saga left it: the namespaces, the one shown first.
  if (options.connections) createStorage({ store: storage }).write({ recentWallets: [], connections: options.connections })
  const loginCache = createLoginCache({ store: storage })
  const evm = eip155({ networks: [testNetwork(1, 'Ethereum')] })
  const sol = solana({ networks: [localnet] })
  const config = resolveConfig({ projectId: 'shop', plugins: [evm, sol], devtools: false, ...(options.defaultNetwork ? { defaultNetwork: options.defaultNetwork } : {}) }, { defaultPlugins: () => [] })
  const { frame, posted, send, ofType, lastPosted } = scriptedFrame(dom, (run) => cleanup.push(run))
  const context: SagaContext = {
    config,
    plugins: config.registry.byNamespace,
    window: undefined,
    services: () => Promise.reject(new Error('no services in this test')),
    now: () => Date.now(),
    storage: createStorage({ store: storage }),
    frame,
    loginCache,
  }
  const sagaMiddleware = createSagaMiddleware({ context: { portico: context } })
  const store = createFullStore({ config, middleware: [sagaMiddleware] })
  task = sagaMiddleware.run(function* () {
    yield all([fork(persistenceSaga), fork(modalSaga), fork(connectorsSaga), fork(networkSaga), fork(embeddedSaga)])
  })
  const flush = (ms = 0) => jest.advanceTimersByTimeAsync(ms)
  const succeed = async <E extends AppEvent>(event: E, payload: AppResponsePayload<E>) => {
    send({ id: lastPosted(event).message.id, type: successType(event), payload })
    await flush()
  }
  const run = <T>(saga: () => Generator<unknown, T, never>) => sagaMiddleware.run(saga).toPromise() as Promise<T>
  /** Email, code, and the frame's user: a connected embedded wallet. */
  const login = async (signedIn: typeof user = bothUser) => {
    store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await flush()
    send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: true } })
    await flush(500)
    await succeed('CONNECT_EMAIL', { action: 'VERIFY_OTP' })
    store.dispatch(embeddedActions.otpSubmitted({ otp: '042137' }))
    await flush()
    await succeed('CONNECT_OTP', { user: signedIn })
    await flush()
  }
  return { store, plugins: { eip155: evm, solana: sol }, posted, flush, succeed, send, ofType, lastPosted, run, login, state: () => store.getState() }
}

describe("the embedded user's Solana account", () => {
  it('joins the solana plugin as connector auth (type AUTH) beside the EVM account; the EVM network stays active', async () => {
    const t = setup()
    // The account the dapp shows is the EVM one from the first moment: the Solana one never takes its place.
    const shown: (string | undefined)[] = []
    t.store.subscribe(() => {
      const active = t.state().account.activeNamespace
      if (shown.at(-1) !== active) shown.push(active)
    })
    await t.login()
    expect(shown).toEqual(['eip155'])
    const { account, connectors, network } = t.state()
    expect(account.byNamespace.eip155).toMatchObject({ status: 'connected', address: ADDRESS, connectedWalletInfo: { connectorId: 'auth', type: 'AUTH' } })
    expect(account.byNamespace.solana).toMatchObject({
      status: 'connected',
      address: SOLANA_ADDRESS,
      caipAddress: `${localnet.caipNetworkId}:${SOLANA_ADDRESS}`,
      connectedWalletInfo: { connectorId: 'auth', type: 'AUTH', name: 'Email wallet' },
      user: { email: 'ada@example.com', address: SOLANA_ADDRESS, chainId: localnet.caipNetworkId, accounts: [{ address: SOLANA_ADDRESS, type: 'eoa' }] },
    })
    expect(connectors.active).toEqual({ eip155: 'auth', solana: 'auth' })
    expect(account.activeNamespace).toBe('eip155')
    expect(network.activeCaipNetworkId).toBe('eip155:1')
    expect(t.state().modal.open).toBe(false)
  })

  it('signs on the Solana network with solana_signMessage once the visitor switched to it', async () => {
    const t = setup()
    await t.login()
    t.store.dispatch(networkActions.switchRequested({ caipNetworkId: localnet.caipNetworkId }))
    await t.flush()
    expect(t.state().account.activeNamespace).toBe('solana')
    expect(t.state().network.activeCaipNetworkId).toBe(localnet.caipNetworkId)
    // No SWITCH_NETWORK: solana_* requests carry their own chain, the EVM side keeps its own.
    expect(t.ofType('SWITCH_NETWORK')).toEqual([])

    const signing = t.run(() => signMessageSaga({ message: 'hello' }))
    await t.flush()
    expect(t.lastPosted('RPC_REQUEST').message.payload).toEqual({
      method: 'solana_signMessage',
      params: { message: getBase58Decoder().decode(new TextEncoder().encode('hello')), pubkey: SOLANA_ADDRESS },
    })
    const signature = getBase58Decoder().decode(new Uint8Array(64).fill(3))
    await t.succeed('RPC_REQUEST', { result: { signature } })
    await expect(signing).resolves.toEqual({ signature, address: SOLANA_ADDRESS })
  })

  it('makes the Solana account the active one when the active network is Solana at login, without moving the network', async () => {
    const t = setup({ defaultNetwork: localnet })
    expect(t.state().network.activeCaipNetworkId).toBe(localnet.caipNetworkId)
    const actives: (string | undefined)[] = []
    t.store.subscribe(() => {
      if (actives.at(-1) !== t.state().account.activeNamespace) actives.push(t.state().account.activeNamespace)
    })
    await t.login()
    expect(t.state().account.byNamespace.eip155?.status).toBe('connected')
    expect(t.state().account.byNamespace.solana?.status).toBe('connected')
    expect(t.state().account.activeNamespace).toBe('solana')
    expect(t.state().network.activeCaipNetworkId).toBe(localnet.caipNetworkId)
    // The first account to connect (EVM) is active only while nothing else is: no flip back and forth.
    expect(actives).toEqual(['eip155', 'solana'])
  })

  it('after a reload shows the Solana account again when it was the one shown, and its network', async () => {
    const cache = { [LoginCacheKeys.emailLoginUsed]: 'true', [LoginCacheKeys.email]: 'ada@example.com', [LoginCacheKeys.lastChainId]: '1' }
    const t = setup({ cache, connections: { solana: 'auth', eip155: 'auth' } })
    const shown = recordShownAccounts(t.store)
    await t.flush()
    t.send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: true } })
    await t.flush(500)
    await t.succeed('IS_CONNECTED', { isConnected: true })
    await t.succeed('GET_USER', { user: bothUser })
    await t.flush()
    expect(t.state().account.byNamespace.eip155?.status).toBe('connected')
    expect(t.state().account.byNamespace.solana?.status).toBe('connected')
    expect(shown).toEqual(['solana'])
    expect(t.state().network.activeCaipNetworkId).toBe(localnet.caipNetworkId)
  })

  it('with a Solana network active but no Solana address, the EVM account and an EVM network become active', async () => {
    const t = setup({ defaultNetwork: localnet })
    await t.login(user)
    expect(t.state().account.activeNamespace).toBe('eip155')
    expect(t.state().network.activeCaipNetworkId).toBe('eip155:1')
  })

  it('connects only the EVM account for a user without a Solana address (an older frame)', async () => {
    const t = setup()
    await t.login(user)
    expect(t.state().account.byNamespace.eip155?.status).toBe('connected')
    expect(t.state().account.byNamespace.solana?.status ?? 'disconnected').toBe('disconnected')
    expect(t.state().connectors.active).toEqual({ eip155: 'auth' })
  })

  it('leaves a Solana wallet the visitor connected themselves in place', async () => {
    const t = setup()
    // A real Wallet Standard wallet (dev keys), handed to the plugin and connected as the visitor would.
    const own = await createSolanaDevWallet({ rpcUrl: 'http://127.0.0.1:1', name: 'Own Wallet', chains: ['solana:localnet'] })
    const info = { id: 'wallet-standard:Own Wallet', name: 'Own Wallet', type: 'ANNOUNCED' as const, chain: 'solana' }
    cleanup.push(t.plugins.solana.connectors!.attach!({ info, provider: own }))
    t.store.dispatch(connectorsActions.discovered({ namespace: 'solana', connectors: [info] }))
    t.store.dispatch(connectorsActions.connectRequested({ connectorId: info.id, namespace: 'solana' }))
    await t.flush()
    expect(t.state().connectors.active).toEqual({ solana: info.id })
    await t.login()
    expect(t.state().connectors.active).toEqual({ solana: info.id, eip155: 'auth' })
    expect(t.state().account.byNamespace.solana?.address).toBe(own.dev.addresses()[0])
  })

  it('disconnecting the Solana account signs out of the frame and ends the EVM account too', async () => {
    const t = setup()
    await t.login()
    t.store.dispatch(connectorsActions.disconnectRequested({ namespace: 'solana' }))
    await t.flush()
    await t.succeed('SIGN_OUT', {})
    await t.flush()
    expect(t.ofType('SIGN_OUT')).toHaveLength(1)
    expect(t.state().account.byNamespace.solana?.status).toBe('disconnected')
    expect(t.state().account.byNamespace.eip155?.status).toBe('disconnected')
    expect(t.state().connectors.active).toEqual({})
  })

  it.each([
    ['the shown (EVM) account', { namespace: 'eip155' }],
    ['every account', undefined],
  ])("disconnecting %s leaves the dapp's default network active, not the Solana account's (issue 26)", async (_what, payload) => {
    const t = setup()
    await t.login()
    const networks = [t.state().network.activeCaipNetworkId]
    t.store.subscribe(() => {
      if (networks.at(-1) !== t.state().network.activeCaipNetworkId) networks.push(t.state().network.activeCaipNetworkId)
    })
    t.store.dispatch(connectorsActions.disconnectRequested(payload))
    await t.flush()
    await t.succeed('SIGN_OUT', {})
    await t.flush()
    expect(t.state().account.byNamespace.eip155?.status).toBe('disconnected')
    expect(t.state().account.byNamespace.solana?.status).toBe('disconnected')
    expect(t.state().network.activeCaipNetworkId).toBe('eip155:1')
    // Not even for a moment: each change of the active network reaches the dapp as an event.
    expect(networks).toEqual(['eip155:1'])
  })

  it('an expired session ends both accounts', async () => {
    const t = setup()
    await t.login()
    t.send({ id: crypto.randomUUID(), type: frameEventType('SESSION_EXPIRED'), payload: {} })
    await t.flush()
    expect(t.state().account.byNamespace.eip155?.status).toBe('disconnected')
    expect(t.state().account.byNamespace.solana?.status).toBe('disconnected')
    expect(t.state().connectors.active).toEqual({})
  })
})
