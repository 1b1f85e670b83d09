import { useEffect, useId } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { selectActiveNetwork } from '../../store/slices/network'
import { onrampActions, type PaymentMethod } from '../../store/slices/onramp'
import { Icon } from '../components/Icon'
import { EmptyState, ErrorState, Loading } from '../components/StatusMessage'
import { TextField } from '../components/TextField'
import { onrampAmountProblem } from '../forms/onrampAmountProblem'
import { intents } from '../intents'
import { format, translateError } from '../strings'
import { useStrings } from '../useStrings'

const methods: readonly PaymentMethod[] = ['card', 'bank']
const percent = (fraction: number) => String(Math.round(fraction * 1000) / 10)

/**
 * Buy (onramp): payment method (card or bank, each with its limits: the SPEC §9
 * fallback card 10–7500 and bank 10–25000 until the service says otherwise), payment
 * currency (USD, EUR), amount checked against the limits, the quote and the providers
 * with their fees (1–2 %). The onramp saga (issue 8) answers quotes and provider URLs.
 */
export function BuyView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const id = useId()
  const onramp = usePorticoSelector((s) => s.onramp)
  const network = usePorticoSelector(selectActiveNetwork)
  const symbol = onramp.purchaseCurrency ?? network?.nativeCurrency.symbol ?? ''
  useEffect(() => {
    if (onramp.providers.length === 0) dispatch(intents.onrampProvidersRequested())
    if (!onramp.purchaseCurrency && network) dispatch(onrampActions.purchaseCurrencySet(network.nativeCurrency.symbol))
    // On arrival only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const limits = onramp.limits[onramp.paymentMethod]
  const problem = onrampAmountProblem(onramp.amount, limits)
  const requestQuote = (amount: string | undefined, method: PaymentMethod = onramp.paymentMethod) => {
    if (amount && !onrampAmountProblem(amount, onramp.limits[method])) dispatch(onrampActions.quoteRequested())
  }

  return (
    <div className="portico-stack">
      <fieldset className="portico-fieldset">
        <legend className="portico-label">{t.paymentMethod}</legend>
        <div className="portico-segmented">
          {methods.map((method) => (
            <label key={method} className="portico-segment">
              <input
                type="radio"
                name={`${id}-method`}
                value={method}
                checked={onramp.paymentMethod === method}
                onChange={() => {
                  dispatch(onrampActions.paymentMethodSet(method))
                  requestQuote(onramp.amount, method)
                }}
              />
              <span>
                <Icon name={method === 'card' ? 'card' : 'wallet'} size={16} /> {method === 'card' ? t.card : t.bank}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="portico-field">
        <label htmlFor={`${id}-currency`} className="portico-label">
          {t.currency}
        </label>
        <select
          id={`${id}-currency`}
          className="portico-select portico-wide"
          value={onramp.paymentCurrency}
          onChange={(event) => {
            dispatch(onrampActions.paymentCurrencySet(event.target.value))
            requestQuote(onramp.amount)
          }}
        >
          {onramp.currencies.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t.amount}
        inputMode="decimal"
        autoComplete="off"
        placeholder={String(limits.min)}
        value={onramp.amount ?? ''}
        data-autofocus
        onChange={(event) => {
          const amount = event.target.value.replace(',', '.') || undefined
          dispatch(onrampActions.amountSet(amount))
          requestQuote(amount)
        }}
        hint={format(t.limitHint, { min: limits.min, max: limits.max, currency: onramp.paymentCurrency })}
        error={problem ? format(t.amountOutOfRange, { min: problem.min, max: problem.max, currency: onramp.paymentCurrency }) : undefined}
        end={<span className="portico-input-suffix">{onramp.paymentCurrency}</span>}
      />
      {onramp.status === 'loading' ? <Loading label={t.fetchingBuyQuote} compact /> : null}
      {onramp.status === 'failed' ? <ErrorState message={translateError(t, onramp.error ?? '')} onRetry={() => dispatch(onrampActions.quoteRequested())} /> : null}
      {onramp.status === 'quoted' && onramp.quote ? (
        <p className="portico-notice" role="status">
          {format(t.youGet, { amount: onramp.quote.purchaseAmount, symbol })} · {format(t.fee, { fee: onramp.quote.fee })}
        </p>
      ) : null}
      <section aria-label={t.providers} className="portico-stack-tight">
        <p className="portico-label">{t.providers}</p>
        <Providers />
      </section>
    </div>
  )
}

function Providers() {
  const t = useStrings()
  const providers = usePorticoSelector((s) => s.onramp.providers)
  const status = usePorticoSelector((s) => s.onramp.status)
  if (providers.length === 0) return status === 'failed' ? <EmptyState message={t.noProviders} /> : <Loading label={t.loadingProviders} compact />
  return (
    <ul className="portico-list">
      {providers.map((provider) => {
        const fees = format(t.providerFees, { min: percent(provider.feeRange.min), max: percent(provider.feeRange.max) })
        return (
          <li key={provider.name} className="portico-item">
            <span className="portico-item-main">
              <span className="portico-item-title">{provider.label}</span>
              <span className="portico-hint portico-small">{fees}</span>
            </span>
            {provider.url ? (
              <a className="portico-primary portico-small-button" href={provider.url} target="_blank" rel="noopener noreferrer">
                {format(t.buyWith, { provider: provider.label })}
              </a>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
