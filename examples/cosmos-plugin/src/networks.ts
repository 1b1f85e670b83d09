import type { CaipNetwork } from 'portico'

/** Cosmos Hub mainnet. A CAIP-2 cosmos id is `cosmos:<chain-id>`. */
export const cosmosHub = {
  id: 'cosmoshub-4',
  chainNamespace: 'cosmos',
  caipNetworkId: 'cosmos:cosmoshub-4',
  name: 'Cosmos Hub',
  nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
  rpcUrls: { default: { http: ['https://cosmos-rpc.publicnode.com'] } },
  blockExplorers: { default: { name: 'Mintscan', url: 'https://www.mintscan.io/cosmos' } },
  testnet: false,
} as const satisfies CaipNetwork

/**
 * What the plugin needs of a Cosmos chain beside its `CaipNetwork`: the node's REST (LCD)
 * API, the staking denomination the native balance and fees are in, and the fee a
 * transfer pays.
 */
export type CosmosChainInfo = {
  /** Base URL of the node's REST API (LCD), e.g. `https://cosmos-rest.publicnode.com`. */
  restUrl: string
  /** The native coin's base denomination, e.g. `uatom`. */
  denom: string
  /** Fee of a transfer, in `denom`'s smallest unit, and its gas limit. */
  fee: { amount: string; gas: string }
}

/** The Hub's REST API and fee, for the default network. */
export const cosmosHubInfo: CosmosChainInfo = {
  restUrl: 'https://cosmos-rest.publicnode.com',
  denom: 'uatom',
  fee: { amount: '5000', gas: '200000' },
}
