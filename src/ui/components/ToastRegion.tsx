import type { MessageRecord } from '../../errors/record'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { alertsActions } from '../../store/slices/alerts'
import { transactionExplorerLink } from '../format/explorerLink'
import { formatAmount } from '../format/formatAmount'
import { format } from '../strings'
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
  const networks = usePorticoSelector((s) => s.network.networks)
  const transaction = toast?.transaction
  const explorer =
    transaction &&
    transactionExplorerLink(
      networks.find((n) => n.caipNetworkId === transaction.caipNetworkId),
      transaction.hash,
    )
  const theme = useThemeAttributes()
  const t = useStrings()
  const locale = useLocale()
  const dispatch = usePorticoDispatch()
  const hold = () => dispatch(alertsActions.toastHeld())
  const release = () => dispatch(alertsActions.toastReleased())
  const content = toast ? (
    <div key={toast.id} className={`portico-toast portico-toast-${toast.variant}`} data-testid="portico-toast" onPointerEnter={hold} onPointerLeave={release} onFocus={hold} onBlur={release}>
      <Icon name={toast.variant === 'error' ? 'alert' : toast.variant === 'success' ? 'check' : 'info'} size={16} />
      <span>{translate(t, withAmountFormatted(toast.message, locale.locale))}</span>
      {explorer ? (
        <a className="portico-toast-link" href={explorer.url} target="_blank" rel="noopener noreferrer">
          {format(t.viewOnExplorer, { name: explorer.name })}
        </a>
      ) : null}
    </div>
  ) : null
  return (
    <div className="portico-toast-root" {...locale.attributes} {...theme} aria-label={t.notifications} role="region">
      <div role="alert">{toast?.variant === 'error' ? content : null}</div>
      <div role="status">{toast && toast.variant !== 'error' ? content : null}</div>
    </div>
  )
}

/**
 * A notice's `amount` is the raw decimal a saga read from the chain ('0.05'); the toast
 * writes it with the same formatter as the account panel and the views (3 decimals, the
 * visitor's locale), so the toast and the panel never show one amount two ways.
 */
function withAmountFormatted(record: MessageRecord, locale: string): MessageRecord {
  const amount = record.params.amount
  if (typeof amount !== 'string' && typeof amount !== 'number') return record
  return { ...record, params: { ...record.params, amount: formatAmount(amount, undefined, locale) } }
}
