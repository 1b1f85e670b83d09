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
import { OpenWalletLink } from './OpenWalletLink'
import { useWalletOpenLink } from '../useWalletOpenLink'
import { lazyState } from '../../store/lazyState'

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
      <WalletRequestNotice />
      <div role="alert">{toast?.variant === 'error' ? content : null}</div>
      <div role="status">{toast && toast.variant !== 'error' ? content : null}</div>
    </div>
  )
}

/**
 * While a request waits in a wallet connected over WalletConnect (a dapp's
 * `eth_sendTransaction` or `personal_sign` through the provider, with the modal closed),
 * the page says which wallet to open to approve it: "Approve in <wallet>", and on a phone
 * "Open <wallet> to approve", which brings its app up. Not while the modal shows
 * ApproveTransaction, which says the same; gone when the wallet answers.
 */
function WalletRequestNotice() {
  const t = useStrings()
  const waiting = usePorticoSelector((s) => lazyState(s, 'walletConnect').waitingRequests > 0)
  const peer = usePorticoSelector((s) => lazyState(s, 'walletConnect').session?.peer.name)
  const approvingInModal = usePorticoSelector((s) => s.modal.open && s.router.history.at(-1)?.view === 'ApproveTransaction')
  const openLink = useWalletOpenLink()
  const shown = waiting && !approvingInModal
  return (
    <div role="status">
      {shown ? (
        <div className="portico-toast portico-toast-info" data-testid="portico-wallet-request">
          <Icon name="wallet" size={16} />
          <span>{peer ? format(t.approveTransactionIn, { name: peer }) : t.approveTransactionHint}</span>
          {openLink ? <OpenWalletLink link={openLink} className="portico-toast-link" /> : null}
        </div>
      ) : null}
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
