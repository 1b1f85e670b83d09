import { bip122Networks, bitcoin, bitcoinTestnet } from './networks'
import { bip122 } from './plugin'

describe('bitcoin networks', () => {
  it('are mainnet and testnet by genesis-hash reference', () => {
    expect(bip122Networks.map((network) => network.caipNetworkId)).toEqual([
      'bip122:000000000019d6689c085ae165831e93',
      'bip122:000000000933ea01ad0ee984209779ba',
    ])
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

  it('has no connector capability yet', () => {
    expect(bip122().connectors).toBeUndefined()
  })
})
