import { segment, type BlockchainApiContext, type CallOptions } from './context'
import type { HistoryQuery, TransactionHistoryResponse } from './types'

export type GetTransactionHistoryParameters = CallOptions &
  HistoryQuery & {
    /** The account (address) whose activity to list. */
    account: string
  }
export type GetTransactionHistoryReturnType = TransactionHistoryResponse

/**
 * One page of an account's activity (GET /v1/account/{account}/history). Pass the
 * previous page's `next` as `cursor` for the following page; `next` is null on the last.
 *
 * @example
 * const first = await api.getTransactionHistory({ account: address, chainId: 'eip155:1' })
 * const second = first.next ? await api.getTransactionHistory({ account: address, chainId: 'eip155:1', cursor: first.next }) : undefined
 */
export function getTransactionHistory(context: BlockchainApiContext, { account, cursor, onramp, chainId, ...call }: GetTransactionHistoryParameters): Promise<GetTransactionHistoryReturnType> {
  return context.http.get<TransactionHistoryResponse>({
    path: `/v1/account/${segment(account)}/history`,
    params: { cursor, onramp, chainId },
    ...call,
  })
}
