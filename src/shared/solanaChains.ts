/**
 * Wallet Standard names Solana clusters (`solana:mainnet`); CAIP-2 names them by genesis
 * hash. The solana plugin, `portico/solana`'s wallet adapter, the WalletConnect
 * session's Solana side and the embedded wallet's (src/plugins/solana/) all
 * translate with this one table.
 */
export type SolanaWalletChain = `solana:${string}`

/** A Map, not an object, so that an id such as `constructor` finds nothing. */
const ClusterByGenesis: ReadonlyMap<string, SolanaWalletChain> = /* @__PURE__ */ new Map<string, SolanaWalletChain>([
  ['5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:mainnet'],
  ['EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'solana:devnet'],
  ['4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'solana:testnet'],
])

/**
 * The Wallet Standard chain of a network: mainnet, devnet and testnet by their genesis
 * hash; any other Solana network (a local validator, a private cluster) is
 * `solana:localnet`, the one name the standard has for "not a public cluster".
 *
 * @example
 * walletChainOf({ id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }) // 'solana:devnet'
 */
export function walletChainOf(network: { id: string | number }): SolanaWalletChain {
  return ClusterByGenesis.get(String(network.id)) ?? 'solana:localnet'
}
