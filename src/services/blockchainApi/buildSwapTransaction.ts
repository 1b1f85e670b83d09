import { Swap } from '../../config/constants'
import type { CaipNetworkId } from '../../types/network'
import type { BlockchainApiContext, CallOptions } from './context'
import { assertSwapNetwork } from './swapNetworks'
import type { SwapTransactionRequest, SwapTransactionResponse } from './types'

export type BuildSwapTransactionParameters = CallOptions &
  Omit<SwapTransactionRequest, 'slippage' | 'disableEstimate'> & {
    chainId: CaipNetworkId
    /** Percent; defaults to the shared `Swap.slippagePercent` (SPEC §9). */
    slippage?: number | undefined
    /** Skip the server's gas estimate; default false. */
    disableEstimate?: boolean | undefined
  }
export type BuildSwapTransactionReturnType = SwapTransactionResponse

/**
 * The swap transaction to sign (POST /v1/convert/build-transaction).
 *
 * @throws NetworkNotSupportedForSwapsError when `chainId` is not a swap network.
 *
 * @example
 * const { tx } = await api.buildSwapTransaction({ chainId: 'eip155:1', amount: '1000000', from: usdc, to: eth, userAddress })
 */
export async function buildSwapTransaction(
  context: BlockchainApiContext,
  { chainId, amount, slippage = Swap.slippagePercent, from, to, userAddress, disableEstimate = false, signal, timeoutMs }: BuildSwapTransactionParameters,
): Promise<BuildSwapTransactionReturnType> {
  assertSwapNetwork(context, chainId)
  const body: SwapTransactionRequest = { amount, slippage, from, to, userAddress, disableEstimate }
  return context.http.post<SwapTransactionResponse>({ path: '/v1/convert/build-transaction', body, signal, timeoutMs })
}
