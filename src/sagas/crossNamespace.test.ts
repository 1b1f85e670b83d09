import { createPortico, type Portico } from '../createPortico'
import { connectorsActions } from '../store/slices/connectors'
import type { PorticoState } from '../store/rootReducer'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import type { CaipNetwork } from '../types/network'

// The rule of issue 16 through the whole instance (connect, network and connector sagas):
// an account is never shown beside a network of another namespace.
const regtest: CaipNetwork = { ...testNetwork(1), id: 'regtest', chainNamespace: 'bip122', caipNetworkId: 'bip122:regtest', name: 'Bitcoin Regtest' }
const btcAddress = 'bcrt1qdevaddress'
const evmAddress = '0x1111111111111111111111111111111111111111'
const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

function setup() {
  const evm = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')], connectors: [injectedConnector()], address: evmAddress })
  const btc = createFakeNamespacePlugin({ namespace: 'bip122', networks: [regtest], connectors: [{ ...injectedConnector('sats-connect:dev'), chain: 'bip122' }], address: btcAddress })
  const p = createPortico({ projectId: 'dapp', plugins: [evm.plugin, btc.plugin], devtools: false }, { storage: null })
  instances.push(p)
  const mismatches: string[] = []
  let queued = false
  // Checked once the actions dispatched in one go have landed, as a render sees the state.
  p.subscribe(() => {
    if (queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      const mismatch = mismatchOf(p.getState())
      if (mismatch) mismatches.push(mismatch)
    })
  })
  const connect = async (connectorId: string, namespace: string) => {
    p.store.dispatch(connectorsActions.connectRequested({ connectorId, namespace }))
    await untilState(p, (s) => s.account.byNamespace[namespace]?.status === 'connected' && s.account.activeNamespace === namespace)
  }
  return { p, evm, btc, mismatches, connect }
}

function mismatchOf(state: PorticoState): string | undefined {
  const namespace = state.account.activeNamespace
  const account = namespace ? state.account.byNamespace[namespace] : undefined
  const network = state.network.networks.find((n) => n.caipNetworkId === state.network.activeCaipNetworkId)
  return account?.status === 'connected' && network && network.chainNamespace !== namespace ? `${account.caipAddress} beside ${network.caipNetworkId}` : undefined
}

describe('a network switch across namespaces', () => {
  it('shows the Connect view for the namespace, connects the chosen wallet on the chosen network, and then shows that account', async () => {
    const t = setup()
    await t.connect('sats-connect:dev', 'bip122')
    expect(t.p.getState().network.activeCaipNetworkId).toBe('bip122:regtest')

    const switching = t.p.switchNetwork('eip155:10')
    await untilState(t.p, (s) => s.modal.open && s.router.history.at(-1)?.view === 'Connect')
    expect(t.p.getState().network.awaitingConnection).toBe('eip155:10')
    expect(t.p.getState().account.activeNamespace).toBe('bip122')

    await t.connect('io.metamask', 'eip155')
    await switching
    // The wallet was connected on the chosen network; it answered on chain 1, so it was asked to switch.
    expect(t.evm.calls.filter((c) => c.method === 'connect')).toEqual([{ method: 'connect', args: expect.objectContaining({ network: expect.objectContaining({ caipNetworkId: 'eip155:10' }) }) }])
    expect(t.evm.calls.filter((c) => c.method === 'switchNetwork')).toHaveLength(1)
    expect(t.p.getState().account.activeNamespace).toBe('eip155')
    expect(t.p.getState().account.byNamespace.eip155?.caipAddress).toBe(`eip155:10:${evmAddress}`)
    expect(t.p.getState().network).toMatchObject({ activeCaipNetworkId: 'eip155:10', awaitingConnection: undefined })
    expect(t.p.getState().modal.open).toBe(false)

    // Back to Bitcoin: connected already, so its account becomes the shown one with no prompt.
    await t.p.switchNetwork('bip122:regtest')
    expect(t.p.getState().account.activeNamespace).toBe('bip122')
    expect(t.p.getState().modal.open).toBe(false)
    expect(t.mismatches).toEqual([])
  })

  it('rejects with 4001 and changes nothing when the visitor closes the Connect view', async () => {
    const t = setup()
    await t.connect('sats-connect:dev', 'bip122')
    const switching = t.p.switchNetwork('eip155:1')
    await untilState(t.p, (s) => s.modal.open)
    t.p.close()
    await expect(switching).rejects.toMatchObject({ code: 4001 })
    expect(t.p.getState().network).toMatchObject({ activeCaipNetworkId: 'bip122:regtest', awaitingConnection: undefined })
    expect(t.p.getState().account.activeNamespace).toBe('bip122')
    expect(t.mismatches).toEqual([])
  })

  it('moves the network to the account left shown when the shown namespace disconnects, and ignores a background wallet changing chains', async () => {
    const t = setup()
    await t.connect('sats-connect:dev', 'bip122')
    await t.connect('io.metamask', 'eip155')
    expect(t.p.getState().network.activeCaipNetworkId).toBe('eip155:1')

    await t.p.disconnect({ namespace: 'eip155' })
    expect(t.p.getState().account.activeNamespace).toBe('bip122')
    expect(t.p.getState().network.activeCaipNetworkId).toBe('bip122:regtest')

    await t.connect('io.metamask', 'eip155')
    await t.p.switchNetwork('bip122:regtest')
    // The EVM wallet, now in the background, moves to chain 10: its account follows, the shown network does not.
    t.evm.emit({ type: 'chainChanged', caipNetworkId: 'eip155:10' })
    await untilState(t.p, (s) => s.account.byNamespace.eip155?.caipAddress === `eip155:10:${evmAddress}`)
    expect(t.p.getState().network.activeCaipNetworkId).toBe('bip122:regtest')
    expect(t.mismatches).toEqual([])
  })
})
