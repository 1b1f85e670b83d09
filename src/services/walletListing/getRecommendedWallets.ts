import { Limits } from '../../config/constants'
import type { WalletListingContext } from './context'
import { getWallets, type GetWalletsParameters } from './getWallets'
import type { GetWalletsResponse } from './types'

export type GetRecommendedWalletsParameters = Omit<GetWalletsParameters, 'page' | 'entries' | 'search'>
export type GetRecommendedWalletsReturnType = GetWalletsResponse

/**
 * The recommended wallets: the first page of 4 (SPEC §9). Pass the featured ids as
 * `include` and the installed or recent ones as `exclude`.
 *
 * @example
 * const { data } = await listing.getRecommendedWallets({ chains: ['eip155:1'], exclude: recentIds })
 */
export function getRecommendedWallets(context: WalletListingContext, parameters: GetRecommendedWalletsParameters = {}): Promise<GetRecommendedWalletsReturnType> {
  return getWallets(context, { ...parameters, page: 1, entries: Limits.recommendedWallets })
}
