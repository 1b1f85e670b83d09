import type { CallOptions, WalletListingContext } from './context'
import type { GetWalletsQuery, GetWalletsResponse } from './types'

export type GetWalletsParameters = CallOptions & GetWalletsQuery
export type GetWalletsReturnType = GetWalletsResponse

/**
 * One page of the wallet listing (GET /getWallets). Only the parameters given are sent.
 *
 * @example
 * const { data, count } = await listing.getWallets({ page: 1, entries: 40, chains: ['eip155:1'], exclude: installedIds })
 */
export function getWallets(
  context: WalletListingContext,
  { page, entries, include, exclude, chains, search, badge_type, signal, timeoutMs }: GetWalletsParameters = {},
): Promise<GetWalletsReturnType> {
  return context.http.get<GetWalletsResponse>({
    path: '/getWallets',
    params: { page, entries, include, exclude, chains, search, badge_type },
    signal,
    timeoutMs,
  })
}
