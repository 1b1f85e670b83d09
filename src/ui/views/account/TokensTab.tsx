import { useEffect } from 'react'
import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../../react/hooks'
import { accountActions } from '../../../store/slices/account'
import { routerActions } from '../../../store/slices/router'
import { Avatar } from '../../components/Avatar'
import { EmptyState, ErrorState, Loading } from '../../components/StatusMessage'
import { formatAmount, formatFiat } from '../../format/formatAmount'
import { useLocale } from '../../locales/useLocale'
import { format } from '../../strings'
import { selectOnrampAvailable } from '../../../store/slices/options'
import { useStrings } from '../../useStrings'

/**
 * Account → Tokens: the balances the balance saga loaded (SPEC §3 Token balance), most
 * valuable first, each with its quantity, unit price and value. A failed fetch offers a retry; the saga enforces the 30 s retry gate.
 */
export function TokensTab() {
  const account = useAccount()
  const { locale } = useLocale()
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const onramp = usePorticoSelector(selectOnrampAvailable)
  const namespace = account.namespace
  const status = account.tokenBalanceStatus

  useEffect(() => {
    if (namespace && account.isConnected && status === 'idle') dispatch(accountActions.balanceRequested({ namespace }))
  }, [dispatch, namespace, account.isConnected, status])

  if (status === 'error') {
    return <ErrorState message={t.errors.tokenBalanceUnavailable} onRetry={namespace ? () => dispatch(accountActions.balanceRequested({ namespace, force: true })) : undefined} />
  }
  if (status !== 'loaded') return <Loading label={t.loadingTokens} />
  if (account.tokenBalance.length === 0) {
    return (
      <EmptyState message={t.noTokens}>
        {onramp ? (
          <button type="button" className="portico-secondary" onClick={() => dispatch(routerActions.push({ view: 'Buy' }))}>
            {t.buy}
          </button>
        ) : null}
      </EmptyState>
    )
  }
  const tokens = [...account.tokenBalance].sort((a, b) => b.value - a.value)
  return (
    <ul className="portico-list" data-testid="portico-token-list">
      {tokens.map((token) => (
        <li key={`${token.chainId}:${token.address ?? token.symbol}`} className="portico-item">
          <Avatar name={token.symbol} src={token.iconUrl || undefined} size="md" round />
          <span className="portico-item-main">
            <span className="portico-item-title">{token.name}</span>
            <span className="portico-hint portico-small">
              {formatAmount(token.quantity.numeric, undefined, locale)} {token.symbol}
            </span>
          </span>
          <span className="portico-item-end" style={endColumn}>
            {/* A balance read straight from the chain has no price: no value rather than a false $0.00. */}
            <span data-testid="portico-token-value">{token.price > 0 || token.value > 0 ? formatFiat(token.value, 'USD', locale) : '—'}</span>
            {token.price > 0 ? (
              <span className="portico-hint portico-small" data-testid="portico-token-price">
                {format(t.tokenPrice, { price: formatFiat(token.price, 'USD', locale) })}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** Value over unit price, right-aligned (a style prop: allowed under the demo's strict CSP). */
const endColumn = { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' } as const
