import { WalletSessionError } from '../../errors'
import type { CaipNetwork } from '../../types/network'

/** The network's first RPC URL, or the SPEC §8 "No RPC url provided for chainId". */
export function rpcUrlOf(network: CaipNetwork): string {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw WalletSessionError.noRpcUrl()
  return url
}
