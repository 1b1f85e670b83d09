import type { CaipNetwork } from '../types/network'

/**
 * The RPC URLs a plugin reads a network through, in the order to try them. When the
 * network's own URLs are the ones the plugin ships for it (the dapp set none of its own),
 * the Portico server's RPC service (`rpcUrls.portico`, SPEC §7) comes first and the
 * shipped public URLs stay behind it as the fallback. A network whose URLs the dapp set
 * (other URLs than the shipped ones, or a network the plugin does not ship) is read from
 * those URLs alone: the dapp's explicit choice wins.
 *
 * @example
 * readRpcUrls(resolvedMainnet, eip155Networks)
 * // ['http://127.0.0.1:8787/v1/rpc?chainId=eip155%3A1&projectId=shop', 'https://eth.merkle.io']
 */
export function readRpcUrls(network: CaipNetwork, shipped: readonly CaipNetwork[]): string[] {
  const own = network.rpcUrls.default.http
  const server = network.rpcUrls.portico?.http ?? []
  const builtIn = shipped.find((n) => n.caipNetworkId === network.caipNetworkId)?.rpcUrls.default.http
  const dappSetOwn = builtIn === undefined || builtIn.length !== own.length || builtIn.some((url, i) => url !== own[i])
  return dappSetOwn ? [...own] : [...server, ...own]
}
