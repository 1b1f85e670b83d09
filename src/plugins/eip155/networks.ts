import type { Chain } from 'viem'
import {
  arbitrum as viemArbitrum,
  aurora as viemAurora,
  avalanche as viemAvalanche,
  base as viemBase,
  bsc as viemBsc,
  celo as viemCelo,
  gnosis as viemGnosis,
  holesky as viemHolesky,
  mainnet as viemMainnet,
  optimism as viemOptimism,
  polygon as viemPolygon,
  sepolia as viemSepolia,
  zksync as viemZksync,
  zora as viemZora,
  zoraTestnet as viemZoraTestnet,
} from 'viem/chains'

import type { CaipNetwork } from '../../types/network'

/**
 * Turns a viem chain into the plain `CaipNetwork` data the store keeps. Only the SPEC §3
 * Network fields survive: viem's formatters, serializers, contracts and explorer API
 * URLs are left behind so the result serialises and compares as data.
 *
 * @example
 * import { linea } from 'viem/chains'
 * const network = toCaipNetwork(linea) // { id: 59144, caipNetworkId: 'eip155:59144', ... }
 * eip155({ networks: [...eip155Networks, network] })
 */
export function toCaipNetwork(chain: Chain): CaipNetwork {
  const explorer = chain.blockExplorers?.default
  const { http, webSocket } = chain.rpcUrls.default
  return {
    id: chain.id,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${chain.id}`,
    name: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: { default: webSocket ? { http: [...http], webSocket: [...webSocket] } : { http: [...http] } },
    blockExplorers: explorer ? { default: { name: explorer.name, url: explorer.url } } : undefined,
    testnet: chain.testnet === true,
  }
}

// One constant per chain, each marked pure, so a bundler drops the ones a dapp never
// reaches (for example when it passes its own `networks` to `eip155()`).
export const mainnet = /* @__PURE__ */ toCaipNetwork(viemMainnet)
export const sepolia = /* @__PURE__ */ toCaipNetwork(viemSepolia)
export const holesky = /* @__PURE__ */ toCaipNetwork(viemHolesky)
export const optimism = /* @__PURE__ */ toCaipNetwork(viemOptimism)
export const arbitrum = /* @__PURE__ */ toCaipNetwork(viemArbitrum)
export const polygon = /* @__PURE__ */ toCaipNetwork(viemPolygon)
export const celo = /* @__PURE__ */ toCaipNetwork(viemCelo)
export const aurora = /* @__PURE__ */ toCaipNetwork(viemAurora)
export const bsc = /* @__PURE__ */ toCaipNetwork(viemBsc)
export const avalanche = /* @__PURE__ */ toCaipNetwork(viemAvalanche)
export const zksync = /* @__PURE__ */ toCaipNetwork(viemZksync)
export const gnosis = /* @__PURE__ */ toCaipNetwork(viemGnosis)
export const base = /* @__PURE__ */ toCaipNetwork(viemBase)
export const zora = /* @__PURE__ */ toCaipNetwork(viemZora)
/**
 * SPEC §9 names "chain 999" right after Zora without naming it. viem has three chains
 * with id 999 (Zora Goerli Testnet, HyperEVM, Wanchain Testnet); the SPEC's list comes
 * from a toolkit that paired Zora with its testnet, so we read 999 as Zora's testnet.
 * A dapp that means HyperEVM passes `toCaipNetwork(hyperEvm)` in `eip155({ networks })`.
 */
export const zoraTestnet = /* @__PURE__ */ toCaipNetwork(viemZoraTestnet)

/**
 * SPEC §9 supported EVM chains, in the SPEC's order: Ethereum mainnet and testnets,
 * Optimism, Arbitrum, Polygon, Celo, Aurora, BNB, Avalanche, zkSync, Gnosis, Base, Zora
 * and chain 999. Ethereum mainnet is first because it is the default chain (`eip155:1`).
 */
export const eip155Networks: readonly CaipNetwork[] = [
  mainnet,
  sepolia,
  holesky,
  optimism,
  arbitrum,
  polygon,
  celo,
  aurora,
  bsc,
  avalanche,
  zksync,
  gnosis,
  base,
  zora,
  zoraTestnet,
]
