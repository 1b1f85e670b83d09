import type { ChainNamespace } from '../config/constants'
import type { CaipNetworkId } from '../shared/caip'

export type { CaipAddress, CaipNetworkId } from '../shared/caip'

/**
 * A network as the store keeps it (SPEC §3 Network): plain data only, so it can be
 * serialised, replayed and compared.
 */
export type CaipNetwork = {
  /** Chain reference: a number for eip155, a genesis-hash prefix string elsewhere. */
  id: number | string
  chainNamespace: ChainNamespace | (string & {})
  caipNetworkId: CaipNetworkId
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: {
    default: { http: string[]; webSocket?: string[] }
    /**
     * The Portico server's wallet RPC service for this network (SPEC §7,
     * `{endpoints.blockchainApi}/v1/rpc?chainId&projectId`), set by `createPortico` when
     * the config has a projectId. Plugins read through it first, with `default` behind it,
     * unless `default` holds RPC URLs of the dapp's own (docs/self-hosting.md, "Reads
     * through the server"). Never given to wallets: `wallet_addEthereumChain` and
     * WalletConnect get `default`.
     */
    portico?: { http: string[] } | undefined
  }
  blockExplorers?: { default: { name: string; url: string } } | undefined
  testnet?: boolean | undefined
  assets?: { imageId?: string | undefined; imageUrl?: string | undefined } | undefined
}

/**
 * The network of a CAIP-10 address: its first two parts. The one place the network is
 * read back out of an account's `caipAddress` (issue 26).
 *
 * @example
 * networkOfCaipAddress('eip155:10:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // 'eip155:10'
 * networkOfCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7EcD…')      // 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 */
export function networkOfCaipAddress(caipAddress: string): CaipNetworkId {
  const [namespace = '', reference = ''] = caipAddress.split(':')
  return `${namespace}:${reference}`
}

/**
 * The namespace of a CAIP-2 network id or CAIP-10 address: its first part.
 *
 * @example
 * namespaceOfCaip('bip122:000000000019d6689c085ae165831e93') // 'bip122'
 */
export function namespaceOfCaip(caip: string): string {
  return caip.split(':')[0] ?? ''
}
