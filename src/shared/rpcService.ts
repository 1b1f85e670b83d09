/**
 * The wallet RPC service of SPEC §7 ("a wallet RPC service per chain takes chainId and
 * projectId as query parameters"): where it lives on a Portico server, and the SPEC §9
 * limits both ends keep. The client (`src/plugins/*` read transports) and the server
 * (`server/routes/rpc.ts`) share this file, so the two cannot drift apart.
 */
import type { CaipNetworkId } from './caip'

/** Path of the service on a Portico server (the Blockchain API's base URL). */
export const RPC_SERVICE_PATH = '/v1/rpc'

/** SPEC §9 "RPC default timeout: 10 s, batch size 1000". */
export const RPC_TIMEOUT_MS = 10_000
export const RPC_BATCH_SIZE = 1000

/**
 * The service's URL for one network of one project.
 *
 * @example
 * rpcServiceUrl('https://portico.shop.example', 'eip155:1', 'shop')
 * // 'https://portico.shop.example/v1/rpc?chainId=eip155%3A1&projectId=shop'
 */
export function rpcServiceUrl(baseUrl: string, chainId: CaipNetworkId, projectId: string): string {
  const url = new URL(baseUrl)
  // A base URL with a path (https://host/portico) keeps it.
  url.pathname = `${url.pathname.replace(/\/$/, '')}${RPC_SERVICE_PATH}`
  url.search = ''
  url.searchParams.set('chainId', chainId)
  url.searchParams.set('projectId', projectId)
  return url.href
}
