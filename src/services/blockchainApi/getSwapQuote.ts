import type { CaipNetworkId } from '../../types/network'
import type { BlockchainApiContext, CallOptions } from './context'
import { assertSwapNetwork } from './swapNetworks'
import type { SwapQuotesQuery, SwapQuotesResponse } from './types'

export type GetSwapQuoteParameters = CallOptions &
  SwapQuotesQuery & {
    /** The active network; must be a swap network (SPEC §8). */
    chainId: CaipNetworkId
  }
export type GetSwapQuoteReturnType = SwapQuotesResponse

/**
 * Swap quotes (GET /v1/convert/quotes).
 *
 * @throws NetworkNotSupportedForSwapsError 'Network not supported for Swaps' when
 * `chainId` is not a swap network; no request is made.
 *
 * @example
 * const { quotes } = await api.getSwapQuote({
 *   chainId: 'eip155:1', amount: '1000000', gasPrice: '20000000000',
 *   userAddress: `eip155:1:${address}`, from: 'eip155:1:0xA0b8…USDC', to: 'eip155:1:0xeeee…',
 * })
 */
export async function getSwapQuote(context: BlockchainApiContext, { chainId, amount, userAddress, from, to, gasPrice, ...call }: GetSwapQuoteParameters): Promise<GetSwapQuoteReturnType> {
  assertSwapNetwork(context, chainId)
  return context.http.get<SwapQuotesResponse>({ path: '/v1/convert/quotes', params: { amount, userAddress, from, to, gasPrice }, ...call })
}
