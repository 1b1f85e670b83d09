import { useAccount, usePorticoDispatch } from '../../../react/hooks'
import type { Route } from '../../../store/routes'
import { routerActions } from '../../../store/slices/router'
import { Icon, type IconName } from '../../components/Icon'

/**
 * A row of the Account view that only embedded wallets (connector type AUTH) have, and
 * that opens `route`: "Change email" (SPEC §4 email update), "Devices" (issue 32).
 */
export function EmbeddedRow({ icon, label, route }: { icon: IconName; label: string; route: Route }) {
  const dispatch = usePorticoDispatch()
  const account = useAccount()
  if (account.connectedWalletInfo?.type !== 'AUTH') return null
  return (
    <button type="button" className="portico-row" onClick={() => dispatch(routerActions.push(route))}>
      <span className="portico-avatar portico-avatar-md" aria-hidden="true">
        <Icon name={icon} />
      </span>
      <span className="portico-row-label">{label}</span>
      <Icon name="chevronRight" size={16} />
    </button>
  )
}
