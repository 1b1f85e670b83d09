import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { alertsActions } from '../../store/slices/alerts'
import { useStrings } from '../useStrings'
import { Icon } from './Icon'

/**
 * The SPEC §8 alerts currently raised (Invalid App Configuration, Session Expired, ...),
 * at the top of the modal. Each is announced as an alert and can be dismissed.
 */
export function AlertBar() {
  const alerts = usePorticoSelector((s) => s.alerts.alerts)
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  if (alerts.length === 0) return null
  return (
    <div className="portico-alerts">
      {alerts.map((id) => (
        <div key={id} className="portico-alert" role="alert" data-alert={id}>
          <Icon name="alert" size={18} />
          <div className="portico-alert-text">
            <p className="portico-alert-title">{t.alerts[id].title}</p>
            <p className="portico-alert-message">{t.alerts[id].message}</p>
          </div>
          <button type="button" className="portico-icon-button portico-icon-button-small" aria-label={`${t.dismiss}: ${t.alerts[id].title}`} onClick={() => dispatch(alertsActions.alertDismissed(id))}>
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
    </div>
  )
}
