import type { CaipNetwork, CaipNetworkId } from '../../types/network'
import type { PorticoState } from '../rootReducer'
import { networkOfCaipAddress } from '../../types/network'

/** A namespace's live connection as plain data (the shape of the plugin contract's `LiveConnection`). */
export type NamespaceConnection = {
  connectorId: string
  address: string
  /**
   * The addresses the dapp may use: the active one. (A wallet's other accounts are not
   * offered: the store follows only the active one, so a list could go stale.)
   */
  accounts: readonly string[]
  caipNetworkId: CaipNetworkId
}

/**
 * The connection of `namespace`, or undefined when there is none. A connection stays
 * while the visitor tries another wallet (status `connecting` with the old account still
 * in place): it is live until the new one replaces it.
 *
 * @example
 * selectConnection(state, 'eip155') // { connectorId: 'io.metamask', address: '0xd8dA…', accounts: ['0xd8dA…'], caipNetworkId: 'eip155:1' }
 */
export function selectConnection(state: PorticoState, namespace: string): NamespaceConnection | undefined {
  const account = state.account.byNamespace[namespace]
  const connectorId = state.connectors.active[namespace]
  if (!account || !connectorId || !account.address || !account.caipAddress) return undefined
  if (account.status !== 'connected' && account.status !== 'connecting') return undefined
  const caipNetworkId = networkOfCaipAddress(account.caipAddress)
  return { connectorId, address: account.address, accounts: [account.address], caipNetworkId }
}

/** Whether `namespace` has a connection (see `selectConnection`). */
export const selectIsNamespaceConnected = (state: PorticoState, namespace: string): boolean => selectConnection(state, namespace) !== undefined

/** The network a namespace's requests use while not connected: the active one when it is this namespace's, else its first. */
export function selectNamespaceNetwork(state: PorticoState, namespace: string): CaipNetwork | undefined {
  const networks = state.network.networks.filter((n) => n.chainNamespace === namespace)
  return networks.find((n) => n.caipNetworkId === state.network.activeCaipNetworkId) ?? networks[0]
}

/** Whether a remembered connection of `namespace` is still being restored after a reload. */
export const selectIsRestoring = (state: PorticoState, namespace: string): boolean => state.connectors.restoring[namespace] !== undefined
