import { hyperEvm, linea, mainnet as viemMainnet } from 'viem/chains'

import { SupportedEvmChainIds } from '../../config/constants'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eip155Networks, mainnet, toCaipNetwork, zoraTestnet } from './networks'
import { eip155NetworkSource, renderEip155Networks } from './networksSource'

describe('eip155Networks', () => {
  it('is what viem says of the SPEC chains (run scripts/generate-eip155-networks.ts when this fails)', () => {
    const generated = readFileSync(path.join(__dirname, 'networks.generated.ts'), 'utf8')
    expect(generated).toBe(renderEip155Networks(eip155NetworkSource()))
  })

  it('is the SPEC §9 supported EVM chain list, in order, with Ethereum mainnet (the default chain) first', () => {
    expect(eip155Networks.map((network) => network.id)).toEqual(SupportedEvmChainIds)
    expect(eip155Networks[0]?.caipNetworkId).toBe('eip155:1')
  })

  it('names the SPEC chains', () => {
    expect(eip155Networks.map((network) => network.name)).toEqual([
      'Ethereum',
      'Sepolia',
      'Holesky',
      'OP Mainnet',
      'Arbitrum One',
      'Polygon',
      'Celo',
      'Aurora',
      'BNB Smart Chain',
      'Avalanche',
      'ZKsync Era',
      'Gnosis',
      'Base',
      'Zora',
      'Zora Goerli Testnet',
    ])
  })

  it('reads chain 999 as Zora testnet', () => {
    expect(zoraTestnet).toMatchObject({ id: 999, caipNetworkId: 'eip155:999', testnet: true })
  })

  it('marks the Ethereum testnets as testnets', () => {
    const testnets = eip155Networks.filter((network) => network.testnet).map((network) => network.id)
    expect(testnets).toEqual([11155111, 17000, 999])
  })

  it('holds plain, serialisable data with an https RPC URL per chain', () => {
    for (const network of eip155Networks) {
      expect(JSON.parse(JSON.stringify(network))).toEqual(network)
      expect(Object.values(network).some((value) => typeof value === 'function')).toBe(false)
      expect(network.chainNamespace).toBe('eip155')
      expect(network.caipNetworkId).toBe(`eip155:${network.id}`)
      expect(network.rpcUrls.default.http[0]).toMatch(/^https:\/\//)
    }
  })
})

describe('toCaipNetwork', () => {
  it('keeps only the SPEC §3 Network fields', () => {
    expect(toCaipNetwork(viemMainnet)).toEqual({
      id: 1,
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:1',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [...viemMainnet.rpcUrls.default.http] } },
      blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
      testnet: false,
    })
    expect(mainnet).toEqual(toCaipNetwork(viemMainnet))
  })

  it('copies arrays, so the result shares nothing with the viem chain', () => {
    const network = toCaipNetwork(linea)
    expect(network.rpcUrls.default.http).not.toBe(linea.rpcUrls.default.http)
    expect(network.nativeCurrency).not.toBe(linea.nativeCurrency)
  })

  it('converts any viem chain, e.g. HyperEVM (the other chain 999)', () => {
    expect(toCaipNetwork(hyperEvm)).toMatchObject({ id: 999, caipNetworkId: 'eip155:999', name: 'HyperEVM', testnet: false })
  })

  it('keeps WebSocket URLs when the chain has them', () => {
    const withSocket = toCaipNetwork({ ...linea, rpcUrls: { default: { http: ['https://rpc.example'], webSocket: ['wss://rpc.example'] } } })
    expect(withSocket.rpcUrls.default).toEqual({ http: ['https://rpc.example'], webSocket: ['wss://rpc.example'] })
  })

  it('leaves blockExplorers undefined for a chain without one', () => {
    const { blockExplorers: _unused, ...bare } = linea
    expect(toCaipNetwork(bare).blockExplorers).toBeUndefined()
  })
})
