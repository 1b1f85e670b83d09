import type { BlockchainApiContext, CallOptions } from './context'
import { assertSwapNetwork } from './swapNetworks'
import type { SwapTokensQuery, SwapTokensResponse } from './types'

export type GetSwapTokensParameters = CallOptions & SwapTokensQuery
export type GetSwapTokensReturnType = SwapTokensResponse

/**
 * Tokens that can be swapped on a network (GET /v1/convert/tokens).
 *
 * @throws NetworkNotSupportedForSwapsError when `chainId` is not a swap network.
 *
 * @example
 * const { tokens } = await api.getSwapTokens({ chainId: 'eip155:8453' })
 */
export async function getSwapTokens(context: BlockchainApiContext, { chainId, ...call }: GetSwapTokensParameters): Promise<GetSwapTokensReturnType> {
  assertSwapNetwork(context, chainId)
  return context.http.get<SwapTokensResponse>({ path: '/v1/convert/tokens', params: { chainId }, ...call })
}
