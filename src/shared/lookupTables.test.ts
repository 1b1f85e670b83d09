import { CaipIdBySatsNetwork, satsNetworkOf } from './satsNetworks'
import { walletChainOf } from './solanaChains'

describe('walletChainOf', () => {
  it('names the public clusters by genesis hash and every other Solana network localnet', () => {
    expect(walletChainOf({ id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toBe('solana:mainnet')
    expect(walletChainOf({ id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1' })).toBe('solana:devnet')
    expect(walletChainOf({ id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z' })).toBe('solana:testnet')
    expect(walletChainOf({ id: 'localValidatorGenesis' })).toBe('solana:localnet')
    expect(walletChainOf({ id: 'constructor' })).toBe('solana:localnet')
  })
})

describe('satsNetworkOf', () => {
  it('round-trips every sats-connect network and names no other chain', () => {
    for (const [name, id] of Object.entries(CaipIdBySatsNetwork)) expect(satsNetworkOf(id)).toBe(name)
    expect(satsNetworkOf('eip155:1')).toBeUndefined()
    expect(satsNetworkOf('bip122:unknown')).toBeUndefined()
  })
})
