import { usePorticoSelector } from '../../react/hooks'
import type { PorticoState } from '../../store/rootReducer'
import type { WalletListing } from '../../types/walletListing'

/** A listed wallet by id, from any list the wallets slice holds (pages, search, recommended, featured). */
export function selectListing(state: PorticoState, walletId: string | undefined): WalletListing | undefined {
  if (!walletId) return undefined
  const { list, search, recommended, featured } = state.wallets
  return [...recommended, ...featured, ...list, ...search.results].find((w) => w.id === walletId)
}

export function useListing(walletId: string | undefined): WalletListing | undefined {
  return usePorticoSelector((s) => selectListing(s, walletId))
}
