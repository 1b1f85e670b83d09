import type { CaipNetwork } from '../../types/network'
import { arbitrum, aurora, avalanche, base, bsc, celo, gnosis, holesky, mainnet, optimism, polygon, sepolia, zksync, zora, zoraTestnet } from './networks.generated'

// The SPEC §9 chains are plain data generated from viem's chain definitions
// (scripts/generate-eip155-networks.ts), so creating the plugin loads no viem code.
export { arbitrum, aurora, avalanche, base, bsc, celo, gnosis, holesky, mainnet, optimism, polygon, sepolia, zksync, zora, zoraTestnet }
export { toCaipNetwork } from './toCaipNetwork'

/*
 * SPEC §9 names "chain 999" right after Zora without naming it. viem has three chains
 * with id 999 (Zora Goerli Testnet, HyperEVM, Wanchain Testnet); the SPEC's list comes
 * from a toolkit that paired Zora with its testnet, so we read 999 as Zora's testnet.
 * A dapp that means HyperEVM passes `toCaipNetwork(hyperEvm)` in `eip155({ networks })`.
 */

/**
 * SPEC §9 supported EVM chains, in the SPEC's order: Ethereum mainnet and testnets,
 * Optimism, Arbitrum, Polygon, Celo, Aurora, BNB, Avalanche, zkSync, Gnosis, Base, Zora
 * and chain 999. Ethereum mainnet is first because it is the default chain (`eip155:1`).
 */
export const eip155Networks: readonly CaipNetwork[] = [mainnet, sepolia, holesky, optimism, arbitrum, polygon, celo, aurora, bsc, avalanche, zksync, gnosis, base, zora, zoraTestnet]
