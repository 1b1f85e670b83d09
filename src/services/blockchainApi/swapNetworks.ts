import { SwapChainIds } from '../../config/constants'
import { NetworkNotSupportedForGasPriceError, NetworkNotSupportedForSwapsError } from '../../errors'
import type { CaipNetworkId } from '../../types/network'
import type { BlockchainApiContext } from './context'

/** SPEC §9: the EVM networks on which swaps are offered, as CAIP-2 ids. */
export const defaultSwapNetworks: readonly CaipNetworkId[] = SwapChainIds.map((id): CaipNetworkId => `eip155:${id}`)

/** SPEC §8: convert calls on a network outside the swap list throw 'Network not supported for Swaps'. */
export function assertSwapNetwork(context: BlockchainApiContext, chainId: CaipNetworkId): void {
  if (!context.swapNetworks.has(chainId)) throw new NetworkNotSupportedForSwapsError()
}

/** SPEC §8: a gas price on a network outside the swap list throws 'Network not supported for Gas Price'. */
export function assertGasPriceNetwork(context: BlockchainApiContext, chainId: CaipNetworkId): void {
  if (!context.swapNetworks.has(chainId)) throw new NetworkNotSupportedForGasPriceError()
}
