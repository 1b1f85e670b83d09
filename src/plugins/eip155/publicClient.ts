import { createPublicClient, defineChain, fallback, http, TimeoutError, type PublicClient, type Transport } from 'viem'
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
 * The SPEC's 10 s is what a visitor waits for one call, its retries and fallbacks
 * included (`withDeadline`): a hung node says "The network did not answer. Try again."
 * after 10 s, not after three 10 s attempts.
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
  const transports: Transport[] = urls.map((url) => http(url, { timeout: Time.rpcTimeoutMs, retryCount: Retry.attempts - 1, retryDelay: Retry.baseDelayMs, batch: { batchSize: Limits.rpcBatchSize } }))
  const chain = defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
  })
  const transport = withDeadline(transports.length === 1 ? transports[0]! : fallback(transports), Time.rpcTimeoutMs, urls[0]!)
  const client = createPublicClient({ chain, transport }) as PublicClient
  runtime.clients.set(key, client)
  return client
}

/**
 * A transport whose every request, retries and fallbacks included, settles within `ms`:
 * past it the request fails with viem's `TimeoutError` (Portico's `networkDidNotAnswer`).
 * viem's own `timeout` bounds one attempt only, so a hung node would otherwise hold a
 * call for every attempt in turn.
 *
 * @example
 * createPublicClient({ transport: withDeadline(http(url, { retryCount: 2 }), 10_000, url) })
 */
export function withDeadline(transport: Transport, ms: number, url: string): Transport {
  return (parameters) => {
    const inner = transport(parameters)
    const request = ((args: { method: string; params?: unknown }, options?: unknown) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError({ body: args, url })), ms)
      })
      return Promise.race([(inner.request as (a: unknown, o?: unknown) => Promise<unknown>)(args, options), late]).finally(() => clearTimeout(timer))
    }) as typeof inner.request
    return { ...inner, request }
  }
}
