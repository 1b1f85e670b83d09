import { useAccount, usePorticoSelector } from '../../../react/hooks'
import { networkFeatures, selectPluginFeatures } from '../../../store/selectors/features'
import { Icon } from '../../components/Icon'
import { EmptyState, ErrorState, Loading } from '../../components/StatusMessage'
import { describeTransaction } from '../../format/describeTransaction'
import { formatTimeAgo, relativeTime } from '../../format/relativeTime'
import { useLocale } from '../../locales/useLocale'
import { truncateAddress } from '../../format/truncateAddress'
import { format, translate, type Strings } from '../../strings'
import { useNow } from '../../useNow'
import { useStrings } from '../../useStrings'
import type { TransactionHistoryItem } from '../../../types/transaction'
import { imageUrl } from './imageUrl'
import { useHistory } from './useHistory'

/**
 * Account → Activity with the SPEC §9 display rules: amounts with 3 decimals, '+' and
 * '-' by operation, addresses truncated 4…6, relative times (sec … yr), NFT and token
 * images. Pending transactions sent from the modal come first. Only for namespaces with
 * activity: the plugin's `features.activity` (the Blockchain API serves the history,
 * SPEC §5) or its `history` capability (the plugin reads it).
 */
export function ActivityTab() {
  const account = useAccount()
  const t = useStrings()
  const plugin = usePorticoSelector((s) => selectPluginFeatures(s, account.namespace))
  if (account.namespace && !networkFeatures(plugin, undefined).activity) return <EmptyState message={t.activityUnavailable} />
  return <ActivityList />
}

function ActivityList() {
  const t = useStrings()
  const history = useHistory()
  const now = useNow(30_000)
  if (history.status === 'error' && history.items.length === 0) {
    return <ErrorState message={history.error ? translate(t, history.error) : t.errors.failedToFetchTransactions} onRetry={history.retry} />
  }
  if (history.items.length === 0 && history.pending.length === 0) {
    return history.status === 'loaded' ? <EmptyState message={t.noActivity} /> : <Loading label={t.loadingActivity} />
  }
  return (
    <div className="portico-stack-tight">
      <ul className="portico-list" data-testid="portico-activity">
        {history.pending.map((hash) => (
          <li key={hash} className="portico-item" data-status="pending">
            <span className="portico-avatar portico-avatar-md portico-avatar-round" aria-hidden="true">
              <span className="portico-spinner" />
            </span>
            <span className="portico-item-main">
              <span className="portico-item-title">{t.pending}</span>
              <span className="portico-hint portico-small">{truncateAddress(hash)}</span>
            </span>
          </li>
        ))}
        {history.items.map((item) => (
          <TransactionRow key={item.id} item={item} now={now} t={t} />
        ))}
      </ul>
      {history.status === 'loading' ? <Loading label={t.loadingActivity} compact /> : null}
      {history.status === 'error' ? <ErrorState message={history.error ? translate(t, history.error) : t.errors.failedToFetchTransactions} onRetry={history.retry} /> : null}
      {history.next && history.status === 'loaded' ? (
        <button type="button" className="portico-secondary portico-wide" onClick={history.loadMore}>
          {t.loadMore}
        </button>
      ) : null}
    </div>
  )
}

export function TransactionRow({ item, now, t }: { item: TransactionHistoryItem; now: number; t: Strings }) {
  const { locale } = useLocale()
  const model = describeTransaction(item, locale)
  const ago = relativeTime(model.minedAt, now)
  const image = model.lines.find((l) => l.imageUrl)
  const title = t.operations[model.operationType.toLowerCase()] ?? capitalise(model.operationType)
  // Each part (an amount with its symbol, the counterparty) stays on one line; the
  // description wraps between parts, so an amount is never cut off mid-number.
  const counterparty = model.counterparty ? format(model.counterparty.direction === 'to' ? t.transferTo : t.transferFrom, { address: model.counterparty.address }) : undefined
  const parts = [...model.lines.map((l) => l.text), ...(counterparty ? [counterparty] : [])]
  return (
    <li className="portico-item" data-status={model.status} data-testid="portico-transaction">
      {image?.imageUrl ? (
        <span className={`portico-avatar portico-avatar-md ${image.kind === 'fungible' ? 'portico-avatar-round' : ''}`} aria-hidden="true">
          <img src={imageUrl(image.imageUrl)} alt="" />
        </span>
      ) : (
        <span className="portico-avatar portico-avatar-md portico-avatar-round" aria-hidden="true">
          <Icon name={model.lines[0]?.sign === '+' ? 'receive' : 'send'} size={16} />
        </span>
      )}
      <span className="portico-item-main">
        <span className="portico-item-title">
          {title}
          {model.status === 'failed' ? <span className="portico-tag portico-tag-error">{t.failed}</span> : null}
        </span>
        <span className="portico-hint portico-small portico-wrap-parts" data-testid="portico-transaction-description">
          {parts.map((part, index) => (
            <span key={index}>
              {index > 0 ? ' · ' : null}
              <span className="portico-nowrap">{part}</span>
            </span>
          ))}
        </span>
      </span>
      {ago ? (
        <time className="portico-item-end portico-hint portico-small" dateTime={model.minedAt}>
          {formatTimeAgo(ago, locale, t)}
        </time>
      ) : null}
    </li>
  )
}

function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text
}
