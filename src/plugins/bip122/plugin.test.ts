import { bip122Networks, bitcoin, bitcoinTestnet } from './networks'
import { bip122 } from './plugin'

// Records when sats-connect is first loaded (jest.mock factories run on first require).
const mockLoaded = new Set<string>()
jest.mock('sats-connect', () => {
  mockLoaded.add('sats-connect')
  return jest.requireActual('sats-connect')
})

describe('bitcoin networks', () => {
  it('are mainnet and testnet by genesis-hash reference', () => {
    expect(bip122Networks.map((network) => network.caipNetworkId)).toEqual(['bip122:000000000019d6689c085ae165831e93', 'bip122:000000000933ea01ad0ee984209779ba'])
    expect(bip122Networks.map((network) => network.testnet)).toEqual([false, true])
    for (const network of bip122Networks) expect(network.caipNetworkId).toBe(`bip122:${network.id}`)
  })
})

describe('bip122()', () => {
  it('is the bip122 namespace with both networks by default', () => {
    expect(bip122().namespace).toBe('bip122')
    expect(bip122().networks).toEqual([bitcoin, bitcoinTestnet])
  })

  it('validates addresses for its networks', () => {
    const both = bip122()
    expect(both.isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true)
    expect(both.isAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(true)
    expect(both.isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false)

    const mainnetOnly = bip122({ networks: [bitcoin] })
    expect(mainnetOnly.isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true)
    expect(mainnetOnly.isAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false)
  })

  it('supports none of the SPEC §5 features', () => {
    const { features } = bip122()
    expect(features).toMatchObject({ balance: false, names: false, activity: false, send: false })
    expect(bip122Networks.some(features.swaps)).toBe(false)
  })

  it('has connector and balance capabilities that load nothing until first used', async () => {
    const plugin = bip122()
    expect(plugin.connectors).toBeDefined()
    expect(plugin.balance).toBeDefined()
    expect(mockLoaded).toEqual(new Set())

    // Discovery only reads window: sats-connect stays unloaded.
    const emitted = await new Promise((resolve) => plugin.connectors!.discover({ projectId: 'p', networks: bip122Networks }, resolve))
    expect(emitted).toEqual([])
    expect(mockLoaded).toEqual(new Set())

    await expect(plugin.connectors!.connect({ connectorId: 'not-sats-connect', network: bitcoin })).rejects.toThrow(/not a sats-connect wallet/)
    expect(mockLoaded).toEqual(new Set(['sats-connect']))
  })

  it('reads the balance from mempool.space by default, or from the configured Esplora API', async () => {
    const requested: string[] = []
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      requested.push(String(input))
      const stats = { funded_txo_sum: 5000, spent_txo_sum: 1000 }
      return new Response(JSON.stringify({ chain_stats: stats, mempool_stats: { funded_txo_sum: 300, spent_txo_sum: 0 } }), { headers: { 'content-type': 'application/json' } })
    })
    try {
      const address = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
      await expect(bip122().balance!.getBalance({ address, network: bitcoin })).resolves.toEqual({ value: '4300', decimals: 8, symbol: 'BTC' })
      await bip122({ esploraUrl: 'https://esplora.example/api/' }).balance!.getBalance({ address, network: bitcoin })
      expect(requested).toEqual([`https://mempool.space/api/address/${address}`, `https://esplora.example/api/address/${address}`])
    } finally {
      fetchSpy.mockRestore()
    }
  })
})
