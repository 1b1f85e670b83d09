import { createSelector } from '@reduxjs/toolkit'
import type { PorticoState } from '../rootReducer'
import { emptyAccount, type AccountState } from '../slices/account'

const fallback = emptyAccount()

/** The account of the active namespace (or an empty, disconnected one). */
export const selectActiveAccount = (state: PorticoState): AccountState => {
  const ns = state.account.activeNamespace
  return (ns && state.account.byNamespace[ns]) || fallback
}

export const selectIsConnected = (state: PorticoState): boolean =>
  Object.values(state.account.byNamespace).some((a) => a.status === 'connected')

export const selectConnectedNamespaces = createSelector([(s: PorticoState) => s.account.byNamespace], (byNamespace) =>
  Object.entries(byNamespace)
    .filter(([, a]) => a.status === 'connected')
    .map(([ns]) => ns),
)
