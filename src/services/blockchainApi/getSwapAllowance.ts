import type { CaipNetworkId } from '../../types/network'
import type { BlockchainApiContext, CallOptions } from './context'
import { assertSwapNetwork } from './swapNetworks'
import type { SwapAllowanceQuery, SwapAllowanceResponse } from './types'

export type GetSwapAllowanceParameters = CallOptions &
  SwapAllowanceQuery & {
    chainId: CaipNetworkId
  }
export type GetSwapAllowanceReturnType = SwapAllowanceResponse

/**
 * How much of a token the swap router may spend for the user (GET /v1/convert/allowance).
 *
 * @throws NetworkNotSupportedForSwapsError when `chainId` is not a swap network.
 *
 * @example
 * const { allowance } = await api.getSwapAllowance({ chainId: 'eip155:1', tokenAddress: 'eip155:1:0xA0b8…', userAddress: `eip155:1:${address}` })
 * const needsApproval = BigInt(allowance) < amount
 */
export async function getSwapAllowance(context: BlockchainApiContext, { chainId, tokenAddress, userAddress, ...call }: GetSwapAllowanceParameters): Promise<GetSwapAllowanceReturnType> {
  assertSwapNetwork(context, chainId)
  return context.http.get<SwapAllowanceResponse>({ path: '/v1/convert/allowance', params: { tokenAddress, userAddress }, ...call })
}
