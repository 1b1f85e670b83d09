import { useEffect, useId, type FormEvent } from 'react'
import { SwapChainIds } from '../../config/constants'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { selectActiveNetwork } from '../../store/slices/network'
import { swapActions, type SwapToken } from '../../store/slices/swap'
import { Icon } from '../components/Icon'
import { ErrorState, Loading } from '../components/StatusMessage'
import { formatAmount } from '../format/formatAmount'
import { intents } from '../intents'
import { translateError } from '../strings'
import { useStrings } from '../useStrings'

const tokenKey = (token: SwapToken | undefined) => (token ? (token.address ?? token.symbol) : '')
const isPositive = (amount: string | undefined) => amount !== undefined && /^\d*\.?\d+$|^\d+\.$/.test(amount.trim()) && Number(amount) > 0

/**
 * SPEC §2 Swap: pay one token, receive another, on the 12 swap chains of SPEC §5
 * ('Network not supported for Swaps' elsewhere). Every change of amount or token asks
 * the swap saga (issue 8) for a quote; the view shows the quote, the slippage and the
 * network cost it reports, and the approve and swap steps while the wallet signs.
 */
export function SwapView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const network = usePorticoSelector(selectActiveNetwork)
  const swap = usePorticoSelector((s) => s.swap)
  const supported = network?.chainNamespace === 'eip155' && SwapChainIds.includes(Number(network.id))
  const noTokens = swap.tokens.length === 0
  useEffect(() => {
    if (supported && noTokens) dispatch(intents.swapTokensRequested())
  }, [dispatch, supported, noTokens])

  if (!supported) return <ErrorState message={t.errors.networkNotSupportedForSwaps} />
  if (noTokens) {
    return swap.status === 'failed' ? (
      <ErrorState message={translateError(t, swap.error ?? '')} onRetry={() => dispatch(intents.swapTokensRequested())} />
    ) : (
      <Loading label={t.loadingSwapTokens} />
    )
  }

  const quote = (next: { source?: SwapToken | undefined; to?: SwapToken | undefined; amount?: string | undefined }) => {
    const source = 'source' in next ? next.source : swap.sourceToken
    const to = 'to' in next ? next.to : swap.toToken
    const amount = 'amount' in next ? next.amount : swap.sourceAmount
    if (source && to && tokenKey(source) !== tokenKey(to) && isPositive(amount)) dispatch(swapActions.quoteRequested())
  }
  const busy = swap.status === 'approving' || swap.status === 'swapping' || swap.status === 'loading'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (swap.status === 'quoted') dispatch(intents.swapRequested())
  }

  return (
    <form className="portico-stack" onSubmit={submit} noValidate>
      <TokenAmount
        legend={t.youPay}
        tokens={swap.tokens}
        token={swap.sourceToken}
        amount={swap.sourceAmount ?? ''}
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
        token={swap.toToken}
        amount={swap.toAmount !== undefined ? formatAmount(swap.toAmount) : ''}
        readOnly
        onToken={(token) => {
          dispatch(swapActions.toTokenSet(token))
          quote({ to: token })
        }}
      />
      {swap.status === 'loading' ? <Loading label={t.fetchingQuote} compact /> : null}
      {swap.status === 'approving' ? <Loading label={t.swapApproving} compact /> : null}
      {swap.status === 'swapping' ? <Loading label={t.swapSwapping} compact /> : null}
      {swap.status === 'failed' ? <ErrorState message={translateError(t, swap.error ?? '')} /> : null}
      {swap.status === 'done' ? (
        <p className="portico-success" role="status">
          <Icon name="check" size={16} /> {t.swapDone}
        </p>
      ) : null}
      <dl className="portico-details">
        <dt>{t.slippage}</dt>
        <dd>{swap.slippagePercent}%</dd>
        {swap.gasPrice !== undefined ? (
          <>
            <dt>{t.networkCost}</dt>
            <dd>{swap.gasPrice}</dd>
          </>
        ) : null}
      </dl>
      <button type="submit" className="portico-primary portico-wide" aria-disabled={swap.status !== 'quoted' || undefined} disabled={busy}>
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
  onToken,
  onAmount,
}: {
  legend: string
  tokens: readonly SwapToken[]
  token: SwapToken | undefined
  amount: string
  readOnly?: boolean
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
          onChange={(event) => onAmount?.(event.target.value.replace(',', '.'))}
        />
        <label htmlFor={`${id}-token`} className="portico-visually-hidden">
          {`${legend}: ${t.token}`}
        </label>
        <select
          id={`${id}-token`}
          className="portico-select"
          value={tokenKey(token)}
          onChange={(event) => onToken(tokens.find((tk) => tokenKey(tk) === event.target.value))}
        >
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
