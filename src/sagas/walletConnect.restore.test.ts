import createSagaMiddleware, { type Task } from 'redux-saga'
import type { Middleware, UnknownAction } from '@reduxjs/toolkit'
import { all, fork } from 'redux-saga/effects'
import { getBase58Encoder, getPublicKeyFromAddress, verifySignature, type Address, type SignatureBytes } from '@solana/kit'
import { networks } from 'bitcoinjs-lib'
import { verifyMessage, type Hex } from 'viem'
import { startEsplora } from '../../dev/esplora'
import { startRelay, type Relay } from '../../dev/relay'
import { solanaLocalnet, startSolanaRpc } from '../../dev/solana'
import { verifyBitcoinMessage } from '../../dev/wallets/bitcoin'
import { createWalletConnectDevWallet, type WalletConnectDevWallet } from '../../dev/wallets/walletconnect/wallet'
import { resolveConfig } from '../config/resolveConfig'
import { bip122 } from '../plugins/bip122'
import { bitcoinRegtest } from '../plugins/bip122/networks'
import { eip155 } from '../plugins/eip155'
import { solana } from '../plugins/solana'
import type { NamespacePlugin } from '../plugins/types'
import { createStorage, type KeyValueStore } from '../storage/createStorage'
import type { PorticoStore } from '../store/createStore'
import { createFullStore } from '../test/fullStore'
import { recordShownAccounts } from '../test/shownAccounts'
import { accountActions } from '../store/slices/account'
import { networkActions } from '../store/slices/network'
import { walletConnectActions } from '../store/slices/walletConnect'
import type { PorticoState } from '../store/rootReducer'
import { createWalletConnectClient } from '../walletconnect/client'
import { createMemoryStorage } from '../walletconnect/memoryStorage'
import { dappMetadata, noteSignClientInit, settleSignClientTimers, testNetwork, until } from '../walletconnect/test/harness'
import type { WalletConnectClient, WalletConnectKeyValueStorage } from '../walletconnect/types'
import { connectorsSaga } from './connectors'
import type { SagaContext } from './context'
import { persistenceSaga } from './persistence'
import { walletConnectSaga } from './walletConnect'
import { lazyState } from '../store/lazyState'
import { builtInProtocols } from '../walletconnect/test/protocols'

// A WalletConnect connection survives a reload: each "visit" is a fresh store, saga
// run and WalletConnect client over the same two stores the browser keeps — Portico's
// own (localStorage: which connector to restore) and the sign-client's (IndexedDB:
// the session and its keys). The wallet stays up between visits, as a phone would.
jest.setTimeout(30_000)

let relay: Relay
let wallet: WalletConnectDevWallet
const visits: Visit[] = []

beforeEach(async () => {
  relay = await startRelay()
  wallet = await createWalletConnectDevWallet({ relayUrl: relay.url })
  noteSignClientInit()
})
afterEach(async () => {
  for (const visit of visits.splice(0)) await visit.leave()
  await until(() => relay.connections() <= 1)
  await wallet.destroy()
  await relay.stop()
})
afterAll(settleSignClientTimers)

function keyValueStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }
}

type Visit = { store: PorticoStore; plugin: NamespacePlugin; plugins: NamespacePlugin[]; loads: () => number; actions: string[]; leave(): Promise<void> }

/** One page load: the sagas that restore a connection, over the browser's two stores (an EVM dapp unless `makePlugins` says otherwise). */
function visit(
  porticoStorage: KeyValueStore,
  signClientStorage: WalletConnectKeyValueStorage,
  makePlugins: () => NamespacePlugin[] = () => [eip155({ networks: [testNetwork(1), testNetwork(10)] })],
): Visit {
  const plugins = makePlugins()
  const plugin = plugins[0]!
  const networks = plugins.flatMap((p) => [...p.networks])
  const config = resolveConfig({ projectId: 'portico-test', plugins, devtools: false, endpoints: { relay: relay.url } }, { defaultPlugins: () => [] })
  let loads = 0
  let client: WalletConnectClient | undefined
  let loading: Promise<WalletConnectClient> | undefined
  const context: SagaContext = {
    config,
    plugins: config.registry.byNamespace,
    window: undefined,
    services: () => Promise.reject(new Error('no services in this test')),
    now: () => Date.now(),
    storage: createStorage({ store: porticoStorage }),
    // What createPortico's loader does, with the browser's persistent store and a stable prefix.
    walletConnect: () =>
      (loading ??= (async () => {
        loads++
        client = createWalletConnectClient({
          projectId: 'portico-test',
          relayUrl: relay.url,
          metadata: dappMetadata,
          protocols: builtInProtocols,
          networks,
          storage: signClientStorage,
          storagePrefix: 'portico-restore-test',
        })
        await client.init()
        noteSignClientInit()
        return client
      })()),
  }
  const actions: string[] = []
  const recorder: Middleware = () => (next) => (action) => {
    actions.push((action as UnknownAction).type)
    return next(action)
  }
  const sagaMiddleware = createSagaMiddleware({ context: { portico: context } })
  const store = createFullStore({ config, middleware: [recorder, sagaMiddleware] })
  const task: Task = sagaMiddleware.run(function* () {
    yield all([fork(persistenceSaga), fork(connectorsSaga), fork(walletConnectSaga)])
  })
  const entry: Visit = {
    store,
    plugin,
    plugins,
    loads: () => loads,
    actions,
    async leave() {
      if (!task.isRunning()) return
      task.cancel()
      // The saga destroys its client on cancel; wait for it like a closing tab.
      await loading?.then((c) => c.destroy()).catch(() => undefined)
    },
  }
  visits.push(entry)
  return entry
}

const eip = (state: PorticoState) => state.account.byNamespace.eip155
const untilStore = (store: PorticoStore, predicate: (s: PorticoState) => boolean, timeoutMs = 8000) => until(() => predicate(store.getState()), timeoutMs)

async function pairOn(first: Visit) {
  first.store.dispatch(walletConnectActions.connectRequested({}))
  await untilStore(first.store, (s) => lazyState(s, 'walletConnect').uri !== undefined)
  await wallet.pair(lazyState(first.store.getState(), 'walletConnect').uri!)
  await untilStore(first.store, (s) => eip(s)?.status === 'connected')
}

describe('a WalletConnect connection after a reload', () => {
  it('is restored silently from the stored session, and signs through the same session', async () => {
    const porticoStorage = keyValueStore()
    const signClientStorage = createMemoryStorage()
    const first = visit(porticoStorage, signClientStorage)
    await pairOn(first)
    const topic = lazyState(first.store.getState(), 'walletConnect').session!.topic
    expect(JSON.parse(porticoStorage.data.get('portico.store')!).state.connections).toEqual({ eip155: 'walletConnect' })
    // Portico's own storage names the connector only; the keys are the sign-client's.
    expect(porticoStorage.data.get('portico.store')).not.toMatch(/symKey|topic|[0-9a-f]{64}/i)
    await first.leave()

    const second = visit(porticoStorage, signClientStorage)
    await untilStore(second.store, (s) => eip(s)?.status === 'connected')
    const state = second.store.getState()
    expect(second.loads()).toBe(1)
    expect(eip(state)).toMatchObject({ address: wallet.address, caipAddress: `eip155:1:${wallet.address}`, connectedWalletInfo: { connectorId: 'walletConnect', type: 'WALLET_CONNECT' } })
    expect(lazyState(state, 'walletConnect')).toMatchObject({ status: 'connected', session: { topic } })
    // Silent: no pairing, no view, no modal.
    expect(second.actions.filter((type) => /pairingStarted|uriReceived|router\/|modal\//.test(type))).toEqual([])
    expect(state.modal.open).toBe(false)

    // The restored session is live on the relay: the wallet answers through it.
    const message = 'still here after a reload'
    const signature = await second.plugin.connectors!.signMessage!({ connectorId: 'walletConnect', address: wallet.address, message })
    expect(await verifyMessage({ address: wallet.address as Hex, message, signature: signature as Hex })).toBe(true)

    // And its events still arrive: the wallet deletes the session.
    await wallet.disconnect(topic)
    await untilStore(second.store, (s) => eip(s)?.status !== 'connected')
    expect(JSON.parse(porticoStorage.data.get('portico.store')!).state.connections).toEqual({})
  })

  it('forgets the connection when the session is gone from the sign-client storage', async () => {
    const porticoStorage = keyValueStore()
    const first = visit(porticoStorage, createMemoryStorage())
    await pairOn(first)
    await first.leave()

    // Site data cleared (or the session expired): nothing to restore.
    const second = visit(porticoStorage, createMemoryStorage())
    await until(() => JSON.parse(porticoStorage.data.get('portico.store')!).state.connections.eip155 === undefined)
    expect(second.loads()).toBe(1)
    expect(eip(second.store.getState())?.status ?? 'disconnected').toBe('disconnected')
    expect(lazyState(second.store.getState(), 'walletConnect').status).toBe('idle')
  })

  it('does not load WalletConnect when the last connection was not WalletConnect', async () => {
    const porticoStorage = keyValueStore()
    porticoStorage.setItem('portico.store', JSON.stringify({ version: 1, state: { recentWallets: [], connections: { eip155: 'io.metamask' } } }))
    const sockets = relay.connections()
    const page = visit(porticoStorage, createMemoryStorage())
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(page.loads()).toBe(0)
    expect(relay.connections()).toBe(sockets)
  })
})

describe('Solana and Bitcoin over WalletConnect after a reload', () => {
  it('are restored silently, attached to their plugins again, and sign through the restored session', async () => {
    const [rpc, esplora] = await Promise.all([startSolanaRpc(), startEsplora()])
    const localnet = solanaLocalnet(rpc.url)
    const chainWallet = await createWalletConnectDevWallet({
      relayUrl: relay.url,
      solana: { rpcUrl: rpc.url, chains: [localnet.caipNetworkId] },
      bitcoin: { esploraUrl: esplora.url },
    })
    noteSignClientInit()
    try {
      const plugins = () => [solana({ networks: [localnet] }), bip122({ networks: [bitcoinRegtest], esploraUrl: esplora.url })]
      const connected = (s: PorticoState) => s.account.byNamespace.solana?.status === 'connected' && s.account.byNamespace.bip122?.status === 'connected'
      const porticoStorage = keyValueStore()
      const signClientStorage = createMemoryStorage()
      const first = visit(porticoStorage, signClientStorage, plugins)
      first.store.dispatch(walletConnectActions.connectRequested({}))
      await untilStore(first.store, (s) => lazyState(s, 'walletConnect').uri !== undefined)
      await chainWallet.pair(lazyState(first.store.getState(), 'walletConnect').uri!)
      await untilStore(first.store, connected)
      expect(JSON.parse(porticoStorage.data.get('portico.store')!).state.connections).toEqual({ solana: 'walletConnect', bip122: 'walletConnect' })
      // The visitor moves to the Bitcoin account (what the network saga does on a switch):
      // that account is stored as the one shown, and is shown again after the reload.
      first.store.dispatch(accountActions.activeNamespaceSet('bip122'))
      first.store.dispatch(networkActions.activeNetworkChanged({ caipNetworkId: bitcoinRegtest.caipNetworkId }))
      await until(() => Object.keys(JSON.parse(porticoStorage.data.get('portico.store')!).state.connections)[0] === 'bip122')
      await first.leave()

      const second = visit(porticoStorage, signClientStorage, plugins)
      const shown = recordShownAccounts(second.store)
      await untilStore(second.store, connected)
      expect(shown).toEqual(['bip122'])
      expect(second.store.getState().network.activeCaipNetworkId).toBe(bitcoinRegtest.caipNetworkId)
      const [solanaPlugin, bitcoinPlugin] = second.plugins as [NamespacePlugin, NamespacePlugin]
      expect(second.store.getState().account.byNamespace.solana?.caipAddress).toBe(`${localnet.caipNetworkId}:${chainWallet.solanaAddress}`)
      expect(second.store.getState().account.byNamespace.bip122?.caipAddress).toBe(`${bitcoinRegtest.caipNetworkId}:${chainWallet.bitcoinAddress}`)

      const solanaSignature = await solanaPlugin.connectors!.signMessage!({ connectorId: 'walletConnect', address: chainWallet.solanaAddress!, message: 'still here' })
      const key = await getPublicKeyFromAddress(chainWallet.solanaAddress! as Address)
      expect(await verifySignature(key, getBase58Encoder().encode(solanaSignature) as SignatureBytes, new TextEncoder().encode('still here'))).toBe(true)
      const bitcoinSignature = await bitcoinPlugin.connectors!.signMessage!({ connectorId: 'walletConnect', address: chainWallet.bitcoinAddress!, message: 'still here' })
      expect(verifyBitcoinMessage(chainWallet.bitcoinAddress!, 'still here', bitcoinSignature, networks.regtest)).toBe(true)
    } finally {
      for (const visited of visits.splice(0)) await visited.leave()
      await chainWallet.destroy()
      await Promise.all([rpc.stop(), esplora.stop()])
    }
  })
})
