import { Limits, Time } from '../../config/constants'
import type { WalletListingContext } from './context'
import { getWallets, type GetWalletsParameters } from './getWallets'
import type { GetWalletsResponse } from './types'

export type SearchWalletsOptions = Omit<GetWalletsParameters, 'page' | 'entries' | 'search'>
export type SearchWalletsReturnType = GetWalletsResponse

/**
 * Searches the listing by name: up to 100 wallets (SPEC §9). The promise settles no
 * sooner than 300 ms after the call, success or failure, so the search view never
 * flickers between typing, loading and results. A caller abort rejects at once.
 *
 * @example
 * const { data } = await listing.searchWallets('rainbow', { chains: ['eip155:1'], signal })
 */
export async function searchWallets(context: WalletListingContext, query: string, options: SearchWalletsOptions = {}): Promise<SearchWalletsReturnType> {
  const request = getWallets(context, { ...options, page: 1, entries: Limits.walletSearchEntries, search: query })
  const minimum = context.sleep(Time.walletSearchMinDelayMs, options.signal)
  const [result, waited] = await Promise.allSettled([request, minimum])
  if (waited.status === 'rejected') throw waited.reason
  if (result.status === 'rejected') throw result.reason
  return result.value
}
