import { useAccount, usePorticoDispatch } from '../../../react/hooks'
import { routerActions } from '../../../store/slices/router'
import { Icon } from '../../components/Icon'
import { useStrings } from '../../useStrings'

/** Issue 32: an embedded user opens the list of the devices signed in to their wallet. */
export function DevicesRow() {
  const t = useStrings()
  const dispatch = usePorticoDispatch()
  const account = useAccount()
  if (account.connectedWalletInfo?.type !== 'AUTH') return null
  return (
    <button type="button" className="portico-row" onClick={() => dispatch(routerActions.push({ view: 'EmbeddedDevices' }))}>
      <span className="portico-avatar portico-avatar-md" aria-hidden="true">
        <Icon name="device" />
      </span>
      <span className="portico-row-label">{t.devices}</span>
      <Icon name="chevronRight" size={16} />
    </button>
  )
}
