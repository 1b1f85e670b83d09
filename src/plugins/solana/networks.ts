import type { CaipNetwork } from '../../types/network'

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 }

/**
 * Solana networks are identified (CAIP-2) by the first 32 characters of their genesis
 * hash; `id` is that reference. RPC URLs are the Solana Foundation's public endpoints,
 * which are rate-limited: production dapps pass their own through `solana({ networks })`.
 */
export const solanaMainnet = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  testnet: false,
} as const satisfies CaipNetwork

/**
 * Devnet and testnet carry no block explorer: the public explorers select these
 * clusters with a query string (`?cluster=devnet`), which breaks the `${url}/tx/${hash}`
 * links a view builds. Showing no link beats linking to mainnet data.
 */
export const solanaDevnet = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  testnet: true,
} as const satisfies CaipNetwork

export const solanaTestnet = {
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  name: 'Solana Testnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  testnet: true,
} as const satisfies CaipNetwork

/** SPEC §3 / §9: the three default Solana networks, mainnet first. */
export const solanaNetworks: readonly CaipNetwork[] = [solanaMainnet, solanaDevnet, solanaTestnet]
