import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { routerActions } from '../../store/slices/router'
import { transactionExplorerLink } from '../format/explorerLink'
import { formatAmount } from '../format/formatAmount'
import { truncateAddress } from '../format/truncateAddress'
import { format } from '../strings'
import { useStrings } from '../useStrings'
import { CopyButton } from './CopyButton'
import { Icon } from './Icon'

/**
 * An amount the visitor typed, in their locale, with the SPEC §9 3 decimals at least and
 * every digit they typed (a sent 0.00001234 ETH must not read 0.000 ETH).
 *
 * @example
 * typedAmount('0.25', 'ETH', 'en') // '0.250 ETH'
 */
export function typedAmount(amount: string, symbol: string, locale: string): string {
  const typed = amount.trim().split('.')[1]?.length ?? 0
  return `${formatAmount(amount, Math.max(3, typed), locale)} ${symbol}`.trim()
}

/**
 * Where Send and Swap end: what happened ("Sent", "Swapped") and for how much, the
 * transaction's hash (shortened, copied whole), a link to the network's block explorer
 * when it has an https one, and Done, which opens the Account view.
 */
export function TransactionResult({ title, summary, hash, caipNetworkId }: { title: string; summary: string; hash: string; caipNetworkId: string | undefined }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const network = usePorticoSelector((s) => s.network.networks.find((n) => n.caipNetworkId === caipNetworkId))
  const explorer = transactionExplorerLink(network, hash)
  return (
    <div className="portico-stack portico-center" data-testid="portico-transaction-result">
      <span className="portico-avatar portico-avatar-xl portico-avatar-round portico-success-badge" aria-hidden="true">
        <Icon name="check" size={32} />
      </span>
      <div role="status">
        <h3 className="portico-strong portico-result-title">{title}</h3>
        <p className="portico-result-summary">{summary}</p>
      </div>
      <p className="portico-result-hash">
        <span className="portico-label">{t.transactionLabel}</span> <code title={hash}>{truncateAddress(hash)}</code>
        <CopyButton value={hash} label={t.copyTransactionHash} />
      </p>
      {explorer ? (
        <a className="portico-secondary portico-wide" href={explorer.url} target="_blank" rel="noopener noreferrer">
          {format(t.viewOnExplorer, { name: explorer.name })}
        </a>
      ) : null}
      <button type="button" className="portico-primary portico-wide" onClick={() => dispatch(routerActions.reset({ view: 'Account' }))}>
        {t.done}
      </button>
    </div>
  )
}
