import { createSelector } from '@reduxjs/toolkit'
import type { CaipNetwork } from '../../types/network'
import type { PorticoState } from '../rootReducer'
import { emptyAccount, type AccountState } from '../slices/account'
import { namespaceOfCaip, networkOfCaipAddress } from '../../types/network'

const fallback = emptyAccount()

/** The account of the active namespace (or an empty, disconnected one). */
export const selectActiveAccount = (state: PorticoState): AccountState => {
  const ns = state.account.activeNamespace
  return (ns && state.account.byNamespace[ns]) || fallback
}

export const selectIsConnected = (state: PorticoState): boolean => Object.values(state.account.byNamespace).some((a) => a.status === 'connected')

export const selectConnectedNamespaces = createSelector([(s: PorticoState) => s.account.byNamespace], (byNamespace) =>
  Object.entries(byNamespace)
    .filter(([, a]) => a.status === 'connected')
    .map(([ns]) => ns),
)

/**
 * The network the active account is on (from its CAIP address), or the active network
 * while no account is connected. What the Account view shows beside the account, so the
 * two always belong together.
 *
 * @example
 * selectAccountNetwork(state)?.caipNetworkId // 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' for a bcrt1… account
 */
export const selectAccountNetwork = createSelector(
  [selectActiveAccount, (s: PorticoState) => s.network.networks, (s: PorticoState) => s.network.activeCaipNetworkId],
  (account, networks, activeCaipNetworkId): CaipNetwork | undefined => {
    const active = networks.find((n) => n.caipNetworkId === activeCaipNetworkId)
    if (account.status !== 'connected' || !account.caipAddress) return active
    const caipNetworkId = networkOfCaipAddress(account.caipAddress)
    // An unsupported network (not configured) has no entry: the last active one of the account's namespace stands in.
    return networks.find((n) => n.caipNetworkId === caipNetworkId) ?? (active?.chainNamespace === namespaceOfCaip(caipNetworkId) ? active : undefined)
  },
)
