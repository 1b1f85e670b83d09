import { startRelay, type Relay } from '../../dev/relay'
import { createWalletConnectDevWallet, type WalletConnectDevWallet } from '../../dev/wallets/walletconnect/wallet'
import { createPortico, type Portico } from '../createPortico'
import { walletConnectActions } from '../store/slices/walletConnect'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import { noteSignClientInit, settleSignClientTimers, until } from '../walletconnect/test/harness'
import { lazyState } from '../store/lazyState'

// The WalletConnect saga through a real store (createPortico), the lazily loaded
// client, the local relay and a real sign-client wallet.
let relay: Relay
let wallet: WalletConnectDevWallet
let portico: Portico | undefined

beforeEach(async () => {
  relay = await startRelay()
  wallet = await createWalletConnectDevWallet({ relayUrl: relay.url })
  noteSignClientInit()
})
afterEach(async () => {
  portico?.destroy()
  portico = undefined
  // destroy() stops the saga, which closes the dapp's socket; then the wallet's.
  await until(() => relay.connections() <= 1)
  await wallet.destroy()
  await relay.stop()
})
afterAll(settleSignClientTimers)
jest.setTimeout(20_000)

let fake: ReturnType<typeof createFakeNamespacePlugin>

function start() {
  fake = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')], connectors: [] })
  portico = createPortico(
    { projectId: 'portico-test', plugins: [fake.plugin], devtools: false, endpoints: { relay: relay.url }, metadata: { name: 'Portico demo', description: '', url: 'http://127.0.0.1', icons: [] } },
    { storage: null },
  )
  return portico
}

async function pair(p: Portico, walletId?: string) {
  await p.ready()
  p.open()
  p.store.dispatch(walletConnectActions.connectRequested({ walletId }))
  expect(p.getState().router.history.at(-1)).toEqual({ view: 'ConnectingWalletConnect', params: { walletId } })
  await untilState(p, (s) => lazyState(s, 'walletConnect').uri !== undefined, 5000)
  noteSignClientInit()
  const { uri, pairingExpiresAt } = lazyState(p.getState(), 'walletConnect')
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(pairingExpiresAt! - Date.now()).toBeGreaterThan(239_000)
  await wallet.pair(uri!)
  await untilState(p, (s) => s.account.byNamespace.eip155?.status === 'connected', 5000)
  return wallet.sessions()[0]!.topic
}

const account = (p: Portico) => p.getState().account.byNamespace.eip155!

describe('WalletConnect saga with the relay', () => {
  it('pairs, connects the account, follows session events and disconnects when the wallet deletes the session', async () => {
    const p = start()
    const topic = await pair(p, 'portico-dev-wallet')
    const address = wallet.address

    const state = p.getState()
    expect(account(p)).toMatchObject({
      status: 'connected',
      address,
      caipAddress: `eip155:1:${address}`,
      connectedWalletInfo: { connectorId: 'walletConnect', type: 'WALLET_CONNECT', name: 'Portico Dev Wallet (WalletConnect)' },
    })
    expect(state.connectors.active).toEqual({ eip155: 'walletConnect' })
    expect(state.connectors.recent[0]).toMatchObject({ id: 'portico-dev-wallet', name: 'Portico Dev Wallet (WalletConnect)' })
    expect(state.network.activeCaipNetworkId).toBe('eip155:1')
    expect(lazyState(state, 'walletConnect')).toMatchObject({ status: 'connected', uri: undefined, session: { topic, namespaces: ['eip155'] } })
    expect(state.router.history).toEqual([{ view: 'Account' }])
    expect(state.modal.open).toBe(false)
    // Live objects stay out of the store.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)

    // session_event chainChanged → network and account follow.
    await wallet.emitChainChanged(topic, 10)
    await untilState(p, (s) => s.network.activeCaipNetworkId === 'eip155:10')
    expect(account(p).caipAddress).toBe(`eip155:10:${address}`)

    // session_event accountsChanged → the address changes.
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    await wallet.emitAccountsChanged(topic, [`eip155:10:${other}`], 10)
    await untilState(p, () => account(p).address === other)
    expect(account(p).caipAddress).toBe(`eip155:10:${other}`)

    // session_update: back to the first address, chain 1 only.
    await wallet.updateSession(topic, { address, chainIds: [1] })
    await untilState(p, () => account(p).caipAddress === `eip155:1:${address}`)
    expect(p.getState().network.activeCaipNetworkId).toBe('eip155:1')

    // session_delete from the wallet → chain disconnect (SPEC §4) and cleanup.
    await wallet.disconnect(topic)
    await untilState(p, () => account(p).status === 'disconnected')
    expect(account(p).address).toBeUndefined()
    expect(p.getState().connectors.active).toEqual({})
    expect(lazyState(p.getState(), 'walletConnect')).toMatchObject({ status: 'idle', session: undefined })
    expect(p.getState().router.history).toEqual([{ view: 'Connect' }])
  })

  it('portico.switchNetwork() moves a WalletConnect connection to another approved chain', async () => {
    const p = start()
    await pair(p)
    await p.switchNetwork('eip155:10')
    expect(p.getState().network.activeCaipNetworkId).toBe('eip155:10')
    expect(account(p).caipAddress).toBe(`eip155:10:${wallet.address}`)
    // The session's client switched; the namespace plugin, which does not know the
    // 'walletConnect' connector, was not asked.
    expect(fake.calls.filter((c) => c.method === 'switchNetwork')).toEqual([])
  })

  it('portico.disconnect() ends the session on the wallet', async () => {
    const p = start()
    const topic = await pair(p)
    const deleted = new Promise<string>((resolve) => wallet.on((event) => event.type === 'deleted' && resolve(event.topic)))
    await p.disconnect()
    expect(await deleted).toBe(topic)
    expect(account(p).status).toBe('disconnected')
    expect(lazyState(p.getState(), 'walletConnect').status).toBe('idle')
    await until(() => wallet.sessions().length === 0)
  })

  it('the WalletConnect chunk is not loaded before the visitor picks WalletConnect', async () => {
    start()
    await new Promise((resolve) => setTimeout(resolve, 50))
    // No client, so no socket: the relay only sees the wallet's once it pairs (none yet).
    expect(relay.connections()).toBe(0)
  })
})
