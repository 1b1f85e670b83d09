import { Limits } from '../../config/constants'
import type { WalletListingContext } from './context'
import { getWallets, type GetWalletsParameters } from './getWallets'
import type { GetWalletsResponse } from './types'

export type GetWalletsPageOptions = Omit<GetWalletsParameters, 'page' | 'entries' | 'search'>
export type GetWalletsPageReturnType = GetWalletsResponse

/**
 * One page of the "all wallets" view, 40 wallets per page (SPEC §9).
 *
 * @example
 * const first = await listing.getWalletsPage(1, { chains: ['eip155:1'] })
 * const hasMore = first.count > 40
 */
export function getWalletsPage(context: WalletListingContext, page: number, options: GetWalletsPageOptions = {}): Promise<GetWalletsPageReturnType> {
  return getWallets(context, { ...options, page, entries: Limits.walletsPerPage })
}
