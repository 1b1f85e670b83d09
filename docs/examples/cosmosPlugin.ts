import { bech32 } from 'bech32'

// Inside this repository the example imports Portico's source; a plugin package
// imports the same names from 'portico'.
import type { NamespacePlugin, PluginFeatures } from '../../src/plugins/types'
import type { CaipNetwork } from '../../src/types/network'

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
 * A Cosmos account address: bech32 with the chain's prefix (`cosmos` on the Hub) and a
 * 20-byte account or 32-byte module/interchain account. The checksum is verified, so a
 * typo is caught; `cosmosvaloper1...` (a validator) and `osmo1...` (another chain) are not
 * Hub account addresses.
 */
export function isCosmosAddress(address: string, prefix = 'cosmos'): boolean {
  const decoded = bech32.decodeUnsafe(address)
  if (!decoded || decoded.prefix !== prefix) return false
  const bytes = bech32.fromWordsUnsafe(decoded.words)
  return bytes !== undefined && (bytes.length === 20 || bytes.length === 32)
}

/** Portico has no Cosmos balance, names, activity, swaps or send yet: all off. */
const cosmosFeatures: PluginFeatures = {
  balance: false,
  names: false,
  activity: false,
  send: false,
  swaps: () => false,
}

export type CosmosPluginOptions = {
  /** Replaces the default networks (Cosmos Hub). */
  networks?: readonly CaipNetwork[] | undefined
  /** Bech32 prefix of the accounts on those networks; `cosmos` for the Hub. */
  prefix?: string | undefined
}

/**
 * The `cosmos` namespace plugin: the required core only. Creating it is cheap (no network,
 * nothing loaded); wallets would come as a `connectors` capability that loads its wallet
 * library on first use.
 */
export function cosmos(options: CosmosPluginOptions = {}): NamespacePlugin {
  const prefix = options.prefix ?? 'cosmos'
  return {
    namespace: 'cosmos',
    name: 'Cosmos',
    networks: options.networks ?? [cosmosHub],
    isAddress: (address) => isCosmosAddress(address, prefix),
    features: cosmosFeatures,
  }
}
