import { solanaDevnet, solanaMainnet, solanaNetworks, solanaTestnet } from './networks'
import { solana } from './plugin'

// Records when the heavy libraries are first loaded (jest.mock factories run on first require).
const mockLoaded = new Set<string>()
jest.mock('@wallet-standard/app', () => {
  mockLoaded.add('@wallet-standard/app')
  return jest.requireActual('@wallet-standard/app')
})
jest.mock('@solana/kit', () => {
  mockLoaded.add('@solana/kit')
  return jest.requireActual('@solana/kit')
})

describe('solana networks', () => {
  it('are mainnet, devnet and testnet with their genesis-hash ids and public RPC URLs', () => {
    expect(solanaNetworks.map((network) => [network.caipNetworkId, network.rpcUrls.default.http[0], network.testnet])).toEqual([
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'https://api.mainnet-beta.solana.com', false],
      ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'https://api.devnet.solana.com', true],
      ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'https://api.testnet.solana.com', true],
    ])
    for (const network of solanaNetworks) {
      expect(network.caipNetworkId).toBe(`solana:${network.id}`)
      expect(network.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
    }
  })
})

describe('solana()', () => {
  it('is the solana namespace with the three networks by default, replaceable', () => {
    expect(solana().namespace).toBe('solana')
    expect(solana().networks).toEqual([solanaMainnet, solanaDevnet, solanaTestnet])
    expect(solana({ networks: [solanaDevnet] }).networks).toEqual([solanaDevnet])
  })

  it('uses the SPEC §5 Solana address rule', () => {
    expect(solana().isAddress('So11111111111111111111111111111111111111112')).toBe(true)
    expect(solana().isAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe(false)
  })

  it('supports balance and send only (SPEC §5)', () => {
    const { features } = solana()
    expect(features).toMatchObject({ balance: true, names: false, activity: false, send: true })
    expect(solanaNetworks.some(features.swaps)).toBe(false)
  })

  it('has connector and balance capabilities that load nothing until first used', async () => {
    const plugin = solana({ networks: [solanaDevnet] })
    expect(plugin.connectors).toBeDefined()
    expect(plugin.balance).toBeDefined()
    expect(mockLoaded).toEqual(new Set())

    const emitted = await new Promise((resolve) => plugin.connectors!.discover({ projectId: 'p', networks: [solanaDevnet] }, resolve))
    expect(emitted).toEqual([]) // no window: no wallets
    expect(mockLoaded).toEqual(new Set(['@wallet-standard/app']))

    const noRpc = { ...solanaDevnet, rpcUrls: { default: { http: [] } } }
    await expect(plugin.balance!.getBalance({ address: 'So11111111111111111111111111111111111111112', network: noRpc })).rejects.toThrow('No RPC url provided for chainId')
    expect(mockLoaded.has('@solana/kit')).toBe(true)
  })
})
