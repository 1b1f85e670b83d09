import type { CaipNetworkId } from '../../types/network'
import type { BlockchainApiContext, CallOptions } from './context'
import { assertSwapNetwork } from './swapNetworks'
import type { ApproveTransactionQuery, ApproveTransactionResponse } from './types'

export type BuildApproveTransactionParameters = CallOptions &
  ApproveTransactionQuery & {
    chainId: CaipNetworkId
  }
export type BuildApproveTransactionReturnType = ApproveTransactionResponse

/**
 * The transaction that lets the swap router spend `from` (GET /v1/convert/build-approve).
 *
 * @throws NetworkNotSupportedForSwapsError when `chainId` is not a swap network.
 *
 * @example
 * const { tx } = await api.buildApproveTransaction({ chainId: 'eip155:1', userAddress, from: usdc, to: eth })
 * await wallet.sendTransaction({ to: tx.to, data: tx.data })
 */
export async function buildApproveTransaction(
  context: BlockchainApiContext,
  { chainId, userAddress, from, to, amount, ...call }: BuildApproveTransactionParameters,
): Promise<BuildApproveTransactionReturnType> {
  assertSwapNetwork(context, chainId)
  return context.http.get<ApproveTransactionResponse>({
    path: '/v1/convert/build-approve',
    params: { userAddress, from, to, amount },
    ...call,
  })
}
