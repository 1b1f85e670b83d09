import { ConfigError, createPluginRegistry, createPortico, eip155, RpcError, TransactionNodeError, type ConnectorInfo, type NamespacePlugin } from 'portico'
import { startCosmosNode, type CosmosNode } from '../../../dev/cosmos/server'
import { installKeplrDevWallet, type KeplrDevWallet } from '../../../dev/wallets/cosmos'
import { DEV_COSMOS_KEY_HEX, fromHex } from '../../../dev/wallets/devKeys'
import { cosmos, cosmosHub } from '.'

const receiver = 'cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0'

describe('cosmos() in the registry and in createPortico', () => {
  it('registers from config beside eip155: found by namespace and CAIP-2 id, its networks in the store', () => {
    const registry = createPluginRegistry([eip155(), cosmos()])
    expect(registry.namespaces).toEqual(['eip155', 'cosmos'])
    expect(registry.getPluginForNetwork('cosmos:cosmoshub-4')?.name).toBe('Cosmos')
    expect(registry.getNetwork('cosmos:cosmoshub-4')).toEqual(cosmosHub)
    expect(registry.isCaipAddress(`cosmos:cosmoshub-4:${receiver}`)).toBe(true)
    expect(registry.isAddressFor('eip155', receiver)).toBe(false)

    const portico = createPortico({ projectId: 'p', plugins: [eip155(), cosmos()], devtools: false })
    try {
      expect(portico.getState().network.networks.map((n) => n.caipNetworkId)).toContain('cosmos:cosmoshub-4')
    } finally {
      portico.destroy()
    }
  })

  it('is refused twice, and refuses a network it has no REST API for, naming the option', () => {
    expect(() => createPluginRegistry([cosmos(), cosmos()])).toThrow(ConfigError)
    const theta = { ...cosmosHub, id: 'theta-testnet-001', caipNetworkId: 'cosmos:theta-testnet-001' as const, name: 'Theta Testnet' }
    expect(() => cosmos({ networks: [theta] })).toThrow(new ConfigError("Plugin 'cosmos': options.chains['cosmos:theta-testnet-001'] is missing: give Theta Testnet's REST URL, denom and fee."))
  })

  it('turns send on and every Blockchain API feature off', () => {
    const { features } = cosmos()
    expect(features).toMatchObject({ balance: false, names: false, activity: false, send: true })
    expect(features.swaps(cosmosHub)).toBe(false)
  })
})

/** A window stand-in: events and a loaded document, which is all the plugin asks of one. */
function fakeWindow(): Window {
  return Object.assign(new EventTarget(), { document: { readyState: 'complete' } }) as unknown as Window
}

describe('the cosmos plugin with the Keplr-style dev wallet and the local node', () => {
  let node: CosmosNode
  let wallet: KeplrDevWallet
  let plugin: NamespacePlugin
  let win: Window
  beforeAll(async () => {
    node = await startCosmosNode()
  })
  afterAll(() => node.stop())
  beforeEach(() => {
    win = fakeWindow()
    wallet = installKeplrDevWallet({ window: win, privateKey: fromHex(DEV_COSMOS_KEY_HEX), chainIds: [String(node.network.id)] }).wallet
    plugin = cosmos({ networks: [node.network], chains: { [node.network.caipNetworkId]: node.chain } })
  })

  async function discover(): Promise<readonly ConnectorInfo[]> {
    return new Promise((resolve) => {
      const stop = plugin.connectors!.discover({ projectId: 'p', networks: [node.network], window: win }, (list) => {
        resolve(list)
        queueMicrotask(() => stop())
      })
    })
  }

  it('discovers window.keplr, connects, reads the balance and sends; the node moves the coins', async () => {
    expect(await discover()).toEqual([{ id: 'keplr', name: 'Keplr', type: 'INJECTED', chain: 'cosmos', chains: ['cosmos:cosmoshub-local'] }])
    const address = wallet.dev.address()
    node.ledger.fund(address, 5_000_000n)
    const account = await plugin.connectors!.connect({ connectorId: 'keplr', network: node.network })
    expect(account).toEqual({ address, accounts: [{ address }], caipNetworkId: 'cosmos:cosmoshub-local' })
    expect(await plugin.balance!.getBalance({ address, network: node.network })).toEqual({ value: node.ledger.balanceOf(address).toString(), decimals: 6, symbol: 'ATOM' })

    const before = node.ledger.balanceOf(address)
    const hash = await plugin.connectors!.sendTransaction!({ connectorId: 'keplr', network: node.network, from: address, to: receiver, amount: '1250000' })
    expect(node.ledger.transfers.at(-1)).toEqual({ hash, from: address, to: receiver, amount: 1_250_000n, fee: 2_000n })
    expect(node.ledger.balanceOf(address)).toBe(before - 1_252_000n)
    expect((await plugin.balance!.getBalance({ address, network: node.network })).value).toBe((before - 1_252_000n).toString())
  })

  it("reports the visitor's refusal as a 4001 RpcError, on connect and on send", async () => {
    await discover()
    wallet.dev.refuseNext()
    const refused = plugin.connectors!.connect({ connectorId: 'keplr', network: node.network })
    await expect(refused).rejects.toBeInstanceOf(RpcError)
    await expect(refused).rejects.toMatchObject({ code: 4001 })

    const { address } = await plugin.connectors!.connect({ connectorId: 'keplr', network: node.network })
    node.ledger.fund(address, 10_000n)
    wallet.dev.refuseNext()
    await expect(plugin.connectors!.sendTransaction!({ connectorId: 'keplr', network: node.network, from: address, to: receiver, amount: '1' })).rejects.toMatchObject({ code: 4001 })
  })

  it("says the node's insufficient-funds refusal in words", async () => {
    await discover()
    const { address } = await plugin.connectors!.connect({ connectorId: 'keplr', network: node.network })
    node.ledger.fund(address, 1n)
    const all = node.ledger.balanceOf(address).toString()
    const sent = plugin.connectors!.sendTransaction!({ connectorId: 'keplr', network: node.network, from: address, to: receiver, amount: all })
    await expect(sent).rejects.toBeInstanceOf(TransactionNodeError)
    await expect(sent).rejects.toMatchObject({ shortMessage: 'Insufficient funds: the account cannot pay the amount plus the network fee.', details: expect.stringContaining('insufficient funds') })
  })

  it("reports the wallet's keystore change as the account, and disconnecting takes the site's permission back", async () => {
    await discover()
    const { address } = await plugin.connectors!.connect({ connectorId: 'keplr', network: node.network })
    const events: unknown[] = []
    const stop = plugin.connectors!.watch!({ connectorId: 'keplr' }, (event) => events.push(event))
    // The watcher starts once the wallet code has loaded (it already has: connect loaded it).
    await new Promise((resolve) => setTimeout(resolve, 0))
    win.dispatchEvent(new Event('keplr_keystorechange'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [address] }])

    await plugin.connectors!.disconnect({ connectorId: 'keplr' })
    expect(wallet.dev.enabled()).toEqual([])
    win.dispatchEvent(new Event('keplr_keystorechange'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(events).toHaveLength(1)
    stop()
  })

  it('lists no wallet on a page without window.keplr', async () => {
    win = fakeWindow()
    expect(await discover()).toEqual([])
    await expect(plugin.connectors!.connect({ connectorId: 'keplr', network: node.network })).rejects.toMatchObject({ code: 'wallet/connector-not-found' })
  })
})
