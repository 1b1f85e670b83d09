import { useEffect, useId, type FormEvent } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { networkFeatures, selectPluginFeatures } from '../../store/selectors/features'
import { selectActiveNetwork } from '../../store/slices/network'
import { swapActions, type SwapToken } from '../../store/slices/swap'
import { Icon } from '../components/Icon'
import { TransactionResult, typedAmount } from '../components/TransactionResult'
import { EmptyState, ErrorState, Loading } from '../components/StatusMessage'
import { formatAmount } from '../format/formatAmount'
import { useLocale } from '../locales/useLocale'
import { format, translate } from '../strings'
import { useStrings } from '../useStrings'
import { lazyState } from '../../store/lazyState'

const tokenKey = (token: SwapToken | undefined) => (token ? (token.address ?? token.symbol) : '')
const isPositive = (amount: string | undefined) => amount !== undefined && /^\d*\.?\d+$|^\d+\.$/.test(amount.trim()) && Number(amount) > 0

/**
 * SPEC §2 Swap: pay one token, receive another, on the networks where the namespace's
 * plugin offers swaps (SPEC §5: the 12 swap chains; 'Network not supported for Swaps'
 * elsewhere). Every change of amount or token asks
 * the swap saga for a quote (it waits for typing to settle); the view previews the
 * rate, the minimum received at the slippage, and the network fee, then the approval
 * and swap while the wallet signs (ApproveTransaction) and while they are mined, and the
 * result once the swap is mined.
 */
export function SwapView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const { locale } = useLocale()
  const network = usePorticoSelector(selectActiveNetwork)
  const swap = usePorticoSelector((s) => lazyState(s, 'swap'))
  const plugin = usePorticoSelector((s) => selectPluginFeatures(s, network?.chainNamespace))
  const supported = networkFeatures(plugin, network?.caipNetworkId).swaps
  const tokensIdle = swap.tokensStatus === 'idle'
  useEffect(() => {
    if (supported && tokensIdle) dispatch(swapActions.tokensRequested())
  }, [dispatch, supported, tokensIdle])

  if (!supported) return <ErrorState message={t.errors.networkNotSupportedForSwaps} />
  if (swap.tokensStatus === 'failed') {
    return <ErrorState message={swap.error ? translate(t, swap.error) : ''} onRetry={() => dispatch(swapActions.tokensRequested())} />
  }
  if (swap.tokensStatus !== 'loaded') return <Loading label={t.loadingSwapTokens} />
  if (swap.tokens.length === 0) return <EmptyState message={t.noSwapTokens} />

  if (swap.status === 'done' && swap.hash && swap.result) {
    const { paid, received } = swap.result
    const summary = format(t.swappedSummary, { paid: typedAmount(paid.amount, paid.symbol, locale), received: `${formatAmount(received.amount, undefined, locale)} ${received.symbol}` })
    return <TransactionResult title={t.swapped} summary={summary} hash={swap.hash} caipNetworkId={network?.caipNetworkId} />
  }

  const quote = (next: { source?: SwapToken | undefined; to?: SwapToken | undefined; amount?: string | undefined }) => {
    const source = 'source' in next ? next.source : swap.sourceToken
    const to = 'to' in next ? next.to : swap.toToken
    const amount = 'amount' in next ? next.amount : swap.sourceAmount
    if (source && to && tokenKey(source) !== tokenKey(to) && isPositive(amount)) dispatch(swapActions.quoteRequested())
  }
  const inFlight = swap.status === 'approving' || swap.status === 'swapping'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (swap.status === 'quoted') dispatch(swapActions.swapRequested())
  }
  const preview = swap.quote
  const source = swap.sourceToken
  const target = swap.toToken

  return (
    <form className="portico-stack" onSubmit={submit} noValidate aria-busy={inFlight || swap.status === 'loading'}>
      <TokenAmount
        legend={t.youPay}
        tokens={swap.tokens}
        token={source}
        amount={swap.sourceAmount ?? ''}
        disabled={inFlight}
        onToken={(token) => {
          dispatch(swapActions.sourceTokenSet(token))
          quote({ source: token })
        }}
        onAmount={(amount) => {
          dispatch(swapActions.sourceAmountSet(amount || undefined))
          quote({ amount })
        }}
      />
      <button
        type="button"
        className="portico-icon-button portico-flip"
        aria-label={t.flipTokens}
        disabled={inFlight}
        onClick={() => {
          dispatch(swapActions.sourceTokenSet(swap.toToken))
          dispatch(swapActions.toTokenSet(swap.sourceToken))
          quote({ source: swap.toToken, to: swap.sourceToken })
        }}
      >
        <Icon name="swap" />
      </button>
      <TokenAmount
        legend={t.youReceive}
        tokens={swap.tokens}
        token={target}
        amount={swap.toAmount !== undefined ? formatAmount(swap.toAmount) : ''}
        readOnly
        disabled={inFlight}
        onToken={(token) => {
          dispatch(swapActions.toTokenSet(token))
          quote({ to: token })
        }}
      />
      {swap.status === 'loading' ? <Loading label={t.fetchingQuote} compact /> : null}
      {swap.status === 'approving' ? <Loading label={swap.hash ? t.swapApprovalPending : t.swapApproving} compact /> : null}
      {swap.status === 'swapping' ? <Loading label={swap.hash ? t.swapPending : t.swapSwapping} compact /> : null}
      {swap.status === 'failed' ? <ErrorState message={swap.error ? translate(t, swap.error) : ''} /> : null}
      {preview && source && target && swap.status !== 'loading' ? (
        <dl className="portico-details" aria-label={t.titles.Swap}>
          <dt>{t.swapRate}</dt>
          <dd>{format(t.swapRateValue, { from: source.symbol, rate: formatAmount(preview.rate, 4, locale), to: target.symbol })}</dd>
          <dt>{t.minimumReceived}</dt>
          <dd>{`${formatAmount(preview.minimumReceived, undefined, locale)} ${target.symbol}`}</dd>
          {preview.networkFee !== undefined ? (
            <>
              <dt>{t.networkCost}</dt>
              <dd>{format(t.networkFeeValue, { amount: formatAmount(preview.networkFee, 6, locale), symbol: preview.networkFeeSymbol })}</dd>
            </>
          ) : null}
          <dt>{t.slippage}</dt>
          <dd>{swap.slippagePercent}%</dd>
        </dl>
      ) : (
        <dl className="portico-details">
          <dt>{t.slippage}</dt>
          <dd>{swap.slippagePercent}%</dd>
        </dl>
      )}
      {preview?.needsApproval && swap.status === 'quoted' && source ? (
        <p className="portico-notice">
          <Icon name="info" size={16} /> {format(t.swapNeedsApproval, { symbol: source.symbol })}
        </p>
      ) : null}
      <button type="submit" className="portico-primary portico-wide" aria-disabled={swap.status !== 'quoted' || undefined} disabled={inFlight}>
        {isPositive(swap.sourceAmount) ? t.reviewSwap : t.enterAmount}
      </button>
    </form>
  )
}

function TokenAmount({
  legend,
  tokens,
  token,
  amount,
  readOnly = false,
  disabled = false,
  onToken,
  onAmount,
}: {
  legend: string
  tokens: readonly SwapToken[]
  token: SwapToken | undefined
  amount: string
  readOnly?: boolean
  disabled?: boolean
  onToken: (token: SwapToken | undefined) => void
  onAmount?: (amount: string) => void
}) {
  const t = useStrings()
  const id = useId()
  return (
    <fieldset className="portico-swap-box">
      <legend className="portico-label">{legend}</legend>
      <div className="portico-swap-row">
        <label htmlFor={`${id}-amount`} className="portico-visually-hidden">
          {`${legend}: ${t.amount}`}
        </label>
        <input
          id={`${id}-amount`}
          className="portico-amount"
          inputMode="decimal"
          placeholder="0"
          autoComplete="off"
          value={amount}
          readOnly={readOnly}
          disabled={disabled && !readOnly}
          onChange={(event) => onAmount?.(event.target.value.replace(',', '.'))}
        />
        <label htmlFor={`${id}-token`} className="portico-visually-hidden">
          {`${legend}: ${t.token}`}
        </label>
        <select id={`${id}-token`} className="portico-select" value={tokenKey(token)} disabled={disabled} onChange={(event) => onToken(tokens.find((tk) => tokenKey(tk) === event.target.value))}>
          <option value="">{t.selectToken}</option>
          {tokens.map((tk) => (
            <option key={tokenKey(tk)} value={tokenKey(tk)}>
              {tk.symbol}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  )
}
