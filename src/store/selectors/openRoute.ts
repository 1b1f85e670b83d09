import type { Route } from '../routes'
import type { PorticoState } from '../rootReducer'
import { selectIsConnected } from './account'

/**
 * SPEC §2 "Opening the modal": a requested view overrides; with a connected address
 * it opens Account; on mobile AllWallets; with no adapters and nothing connected
 * ConnectingWalletConnectBasic; otherwise Connect.
 *
 * @example
 * store.dispatch(modalActions.opened({ route: resolveOpenRoute(store.getState()) }))
 */
export function resolveOpenRoute(state: PorticoState, requested?: Route): Route {
  if (requested) return requested
  if (selectIsConnected(state)) return { view: 'Account' }
  if (state.options.namespaces.length === 0) return { view: 'ConnectingWalletConnectBasic' }
  if (state.options.isMobile) return { view: 'AllWallets' }
  return { view: 'Connect' }
}
