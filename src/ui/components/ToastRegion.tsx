import { usePorticoSelector } from '../../react/hooks'
import { translate } from '../strings'
import { useLocale } from '../locales/useLocale'
import { useStrings } from '../useStrings'
import { useThemeAttributes } from '../useThemeAttributes'
import { Icon } from './Icon'

/**
 * The toast on screen (the toast saga swaps toasts with the 150 ms gap of SPEC §9).
 * Both live regions stay mounted so screen readers announce what appears in them:
 * errors as alerts, everything else politely as status.
 */
export function ToastRegion() {
  const toast = usePorticoSelector((s) => s.alerts.toast)
  const theme = useThemeAttributes()
  const t = useStrings()
  const locale = useLocale()
  const content = toast ? (
    <div key={toast.id} className={`portico-toast portico-toast-${toast.variant}`} data-testid="portico-toast">
      <Icon name={toast.variant === 'error' ? 'alert' : toast.variant === 'success' ? 'check' : 'info'} size={16} />
      <span>{translate(t, toast.message)}</span>
    </div>
  ) : null
  return (
    <div className="portico-toast-root" {...locale.attributes} {...theme} aria-label={t.notifications} role="region">
      <div role="alert">{toast?.variant === 'error' ? content : null}</div>
      <div role="status">{toast && toast.variant !== 'error' ? content : null}</div>
    </div>
  )
}
