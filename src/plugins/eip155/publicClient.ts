import { createPublicClient, defineChain, fallback, http, type PublicClient, type Transport } from 'viem'
import { Limits, Retry, Time } from '../../config/constants'
import { NetworkError } from '../../errors'
import type { CaipNetwork } from '../../types/network'
import { readRpcUrls } from '../readRpcUrls'
import { eip155Networks } from './networks'
import type { Eip155Runtime } from './runtime'

/**
 * A viem public client for reads on the network (SPEC §9: 10 s timeout, 3 attempts from
 * 150 ms with exponential backoff, batches of up to 1000 calls), cached in the plugin's
 * runtime per URL list. It reads through the Portico server's RPC service first when the
 * dapp set no RPC URL of its own for the network (`readRpcUrls`); several URLs make a
 * fallback transport, so a server that does not serve the chain (400), refuses (429)
 * or is down hands the read on to the network's public URLs.
 *
 * @example
 * const client = publicClientFor(runtime, mainnet)
 * await client.getBalance({ address })
 */
export function publicClientFor(runtime: Eip155Runtime, network: CaipNetwork): PublicClient {
  const urls = readRpcUrls(network, eip155Networks)
  if (urls.length === 0) {
    throw new NetworkError({ key: 'noRpcUrlForChainId' }, { code: 'network/no-rpc-url', metaMessages: [`Chain: ${network.caipNetworkId}`] })
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
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
  })
  const client = createPublicClient({ chain, transport: transports.length === 1 ? transports[0]! : fallback(transports) }) as PublicClient
  runtime.clients.set(key, client)
  return client
}
