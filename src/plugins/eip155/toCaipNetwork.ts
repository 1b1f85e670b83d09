import type { Chain } from 'viem'
import type { CaipNetwork } from '../../types/network'

/**
 * Turns a viem chain into the plain `CaipNetwork` data the store keeps. Only the SPEC §3
 * Network fields survive: viem's formatters, serializers, contracts and explorer API
 * URLs are left behind so the result serialises and compares as data.
 *
 * @example
 * import { linea } from 'viem/chains'
 * const network = toCaipNetwork(linea) // { id: 59144, caipNetworkId: 'eip155:59144', ... }
 * eip155({ networks: [...eip155Networks, network] })
 */
export function toCaipNetwork(chain: Chain): CaipNetwork {
  const explorer = chain.blockExplorers?.default
  const { http, webSocket } = chain.rpcUrls.default
  return {
    id: chain.id,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${chain.id}`,
    name: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: { default: webSocket ? { http: [...http], webSocket: [...webSocket] } : { http: [...http] } },
    blockExplorers: explorer ? { default: { name: explorer.name, url: explorer.url } } : undefined,
    testnet: chain.testnet === true,
  }
}
