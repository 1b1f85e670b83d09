import type { CaipNetwork } from '../../types/network'

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

/**
 * Bitcoin networks are identified (CAIP-2 `bip122`) by the first 32 hex characters of
 * their genesis block hash. `rpcUrls` is empty on purpose: Bitcoin has no public
 * JSON-RPC endpoint that a browser may call, and Bitcoin wallets (sats-connect) sign and
 * broadcast themselves. Explorers are mempool.space.
 */
export const bitcoin = {
  id: '000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
  testnet: false,
} as const satisfies CaipNetwork

/** Bitcoin testnet3 (the SPEC's "Bitcoin testnet"). */
export const bitcoinTestnet = {
  id: '000000000933ea01ad0ee984209779ba',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space/testnet' } },
  testnet: true,
} as const satisfies CaipNetwork

/**
 * Bitcoin regtest (a local chain such as the dev Esplora stand-in). Not a default
 * network: pass it with `bip122({ networks: [bitcoinRegtest], esploraUrl })`.
 */
export const bitcoinRegtest = {
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  name: 'Bitcoin Regtest',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: [] } },
  testnet: true,
  // A local chain has no image of its own: Bitcoin's (the server has none for this id).
  assets: { imageId: 'bip122' },
} as const satisfies CaipNetwork

/** SPEC §3: the two default Bitcoin networks, mainnet first. */
export const bip122Networks: readonly CaipNetwork[] = [bitcoin, bitcoinTestnet]
