/**
 * One viem public client per configured chain, shared by every route group that reads
 * a chain (balance, token metadata, indexer, signature checks; later swap and onramp).
 */
import { type PublicClient, createPublicClient, defineChain, http } from 'viem'
import { type ChainConfig, type Eip155ChainId, nativeCurrencyOf, parseEip155ChainId } from './config'

export interface ChainClients {
  /** The configured chains, in configuration order. */
  readonly chains: readonly ChainConfig[]
  /** The chain's config, or undefined when it is not configured. */
  chain(chainId: string): ChainConfig | undefined
  /** The chain's client, or undefined when it is not configured. */
  client(chainId: string): PublicClient | undefined
}

export interface ChainClientsOptions {
  /** Per RPC call. Default 10 s (SPEC §9 RPC default timeout). */
  timeoutMs?: number
}

/**
 * @example
 * const clients = createChainClients([{ chainId: 'eip155:1', rpcUrl: 'http://127.0.0.1:8545' }])
 * await clients.client('eip155:1')?.getBlockNumber()
 */
export function createChainClients(chains: readonly ChainConfig[], options: ChainClientsOptions = {}): ChainClients {
  const byId = new Map<string, { config: ChainConfig; client: PublicClient }>()
  for (const config of chains) {
    const id = parseEip155ChainId(config.chainId)
    if (id === undefined) throw new Error(`'${config.chainId}' is not an eip155 CAIP-2 chain id`)
    if (byId.has(config.chainId)) throw new Error(`Chain ${config.chainId} is configured twice`)
    const chain = defineChain({
      id,
      name: config.chainId,
      nativeCurrency: nativeCurrencyOf(config),
      rpcUrls: { default: { http: [config.rpcUrl] } },
    })
    const client = createPublicClient({
      chain,
      // Block numbers must be fresh for the indexer; nothing here benefits from viem's cache.
      cacheTime: 0,
      transport: http(config.rpcUrl, { timeout: options.timeoutMs ?? 10_000, retryCount: 1 }),
    })
    byId.set(config.chainId, { config, client: client as PublicClient })
  }
  return {
    chains,
    chain: (chainId) => byId.get(chainId)?.config,
    client: (chainId) => byId.get(chainId)?.client,
  }
}

export type { Eip155ChainId }
