export { eip155, eip155Features, type Eip155PluginOptions } from './plugin'
export { isEvmAddress } from './address'
export type { PorticoEip1193Provider, Eip1193EventMap, Eip1193EventName, Eip1193RequestArguments } from './dappProvider'
export { toCaipNetwork, eip155Networks, mainnet, sepolia, holesky, optimism, arbitrum, polygon, celo, aurora, bsc, avalanche, zksync, gnosis, base, zora, zoraTestnet } from './networks'
