import { createPublicClient, defineChain, fallback, http, type PublicClient, type Transport } from 'viem'
import { Limits, Retry, Time } from '../../config/constants'
import { ErrorMessages, NetworkError } from '../../errors'
import type { CaipNetwork } from '../../types/network'
import type { Eip155Runtime } from './runtime'

/**
 * A viem public client over the network's own RPC URLs (SPEC §9: 10 s timeout, 3
 * attempts from 150 ms with exponential backoff, batches of up to 1000 calls), cached
 * in the plugin's runtime per URL list. Several URLs make a fallback transport.
 *
 * @example
 * const client = publicClientFor(runtime, mainnet)
 * await client.getBalance({ address })
 */
export function publicClientFor(runtime: Eip155Runtime, network: CaipNetwork): PublicClient {
  const urls = network.rpcUrls.default.http
  if (urls.length === 0) {
    throw new NetworkError(ErrorMessages.noRpcUrlForChainId, { code: 'network/no-rpc-url', metaMessages: [`Chain: ${network.caipNetworkId}`] })
  }
  const key = `${network.id} ${urls.join(' ')}`
  const cached = runtime.clients.get(key) as PublicClient | undefined
  if (cached) return cached
  const transports: Transport[] = urls.map((url) =>
    http(url, { timeout: Time.rpcTimeoutMs, retryCount: Retry.attempts - 1, retryDelay: Retry.baseDelayMs, batch: { batchSize: Limits.rpcBatchSize } }),
  )
  const chain = defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: urls } },
  })
  const client = createPublicClient({ chain, transport: transports.length === 1 ? transports[0]! : fallback(transports) }) as PublicClient
  runtime.clients.set(key, client)
  return client
}
