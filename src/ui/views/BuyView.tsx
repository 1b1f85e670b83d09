import { useEffect, useId } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { selectActiveNetwork } from '../../store/slices/network'
import { onrampActions, type OnrampProvider, type PaymentMethod } from '../../store/slices/onramp'
import { routerActions } from '../../store/slices/router'
import { selectOnrampAvailable } from '../../store/slices/options'
import { openCheckoutWindow } from '../components/buy/openCheckoutWindow'
import { Icon } from '../components/Icon'
import { EmptyState, ErrorState, Loading } from '../components/StatusMessage'
import { TextField } from '../components/TextField'
import { onrampAmountProblem } from '../forms/onrampAmountProblem'
import { formatAmount, formatNumber } from '../format/formatAmount'
import { useLocale } from '../locales/useLocale'
import { format, translate, type Strings } from '../strings'
import { useStrings } from '../useStrings'
import { lazyState } from '../../store/lazyState'

const methods: readonly PaymentMethod[] = ['card', 'bank']
const percent = (fraction: number) => String(Math.round(fraction * 1000) / 10)

/**
 * Buy (onramp): payment method (card or bank, each with its limits: the SPEC §9
 * fallback card 10–7500 and bank 10–25000 until the service says otherwise), payment
 * currency (USD, EUR), amount checked against the limits, the quote and the providers
 * with their fees (1–2 %). "Buy with …" opens the provider's window in the click and the
 * onramp saga sends it to the checkout URL, then watches the balance until the purchase
 * arrives.
 */
export function BuyView() {
  const t = useStrings()
  // Restricted time zones (SPEC §9): the entries to Buy are hidden there; a dapp that
  // opens the view itself gets this instead of a form that would fetch quotes.
  if (!usePorticoSelector(selectOnrampAvailable)) return <EmptyState message={t.onrampUnavailable} />
  return <BuyForm />
}

function BuyForm() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const { locale } = useLocale()
  const id = useId()
  const onramp = usePorticoSelector((s) => lazyState(s, 'onramp'))
  const network = usePorticoSelector(selectActiveNetwork)
  const symbol = onramp.purchaseCurrency ?? network?.nativeCurrency.symbol ?? ''
  useEffect(() => {
    if (onramp.providersStatus === 'idle') dispatch(onrampActions.providersRequested())
    if (!onramp.purchaseCurrency && network) dispatch(onrampActions.purchaseCurrencySet(network.nativeCurrency.symbol))
    // On arrival only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (onramp.purchase) return <Purchase symbol={symbol} />

  const limits = onramp.limits[onramp.paymentMethod]
  const problem = onrampAmountProblem(onramp.amount, limits)
  const requestQuote = (amount: string | undefined, method: PaymentMethod = onramp.paymentMethod) => {
    if (amount && !onrampAmountProblem(amount, onramp.limits[method])) dispatch(onrampActions.quoteRequested())
  }
  const canBuy = onramp.amount !== undefined && !problem

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
        hint={format(t.limitHint, { min: formatNumber(limits.min, locale), max: formatNumber(limits.max, locale), currency: onramp.paymentCurrency })}
        error={problem ? format(t.amountOutOfRange, { min: formatNumber(problem.min, locale), max: formatNumber(problem.max, locale), currency: onramp.paymentCurrency }) : undefined}
        end={<span className="portico-input-suffix">{onramp.paymentCurrency}</span>}
      />
      {onramp.status === 'loading' ? <Loading label={t.fetchingBuyQuote} compact /> : null}
      {onramp.status === 'failed' ? <ErrorState message={onramp.error ? translate(t, onramp.error) : ''} onRetry={() => dispatch(onrampActions.quoteRequested())} /> : null}
      {onramp.status === 'quoted' && onramp.quote ? (
        <p className="portico-notice" role="status">
          {format(t.youGet, { amount: onramp.quote.purchaseAmount, symbol })} · {format(t.fee, { fee: onramp.quote.fee })}
        </p>
      ) : null}
      <section aria-label={t.providers} className="portico-stack-tight">
        <p className="portico-label">{t.providers}</p>
        <Providers canBuy={canBuy} />
      </section>
    </div>
  )
}

const providerLabel = (t: Strings, provider: OnrampProvider) => provider.label || t.defaultProvider

function Providers({ canBuy }: { canBuy: boolean }) {
  const t = useStrings()
  const dispatch = usePorticoDispatch()
  const providers = usePorticoSelector((s) => lazyState(s, 'onramp').providers)
  const status = usePorticoSelector((s) => lazyState(s, 'onramp').providersStatus)
  const error = usePorticoSelector((s) => lazyState(s, 'onramp').error)
  if (status === 'failed') return <ErrorState message={error ? translate(t, error) : ''} onRetry={() => dispatch(onrampActions.providersRequested())} />
  if (status !== 'loaded') return <Loading label={t.loadingProviders} compact />
  if (providers.length === 0) return <EmptyState message={t.noProviders} />
  return (
    <ul className="portico-list">
      {providers.map((provider) => {
        const { min, max } = provider.feeRange
        const fees = min === max ? format(t.fee, { fee: `${percent(min)}%` }) : format(t.providerFees, { min: percent(min), max: percent(max) })
        const label = providerLabel(t, provider)
        return (
          <li key={provider.name || 'default'} className="portico-item">
            <span className="portico-item-main">
              <span className="portico-item-title">{label}</span>
              <span className="portico-hint portico-small">{fees}</span>
            </span>
            <button
              type="button"
              className="portico-primary portico-small-button"
              aria-disabled={!canBuy || undefined}
              onClick={() => {
                if (!canBuy) return
                // Opened here, in the click, or popup blockers refuse it; the saga fills it in.
                const windowName = openCheckoutWindow(typeof window === 'undefined' ? undefined : window)
                dispatch(onrampActions.buyRequested({ provider: provider.name, windowName }))
              }}
            >
              {provider.name ? format(t.buyWith, { provider: label }) : t.buyWithDefault}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

/** The purchase in the provider's window: opening, waiting for the funds, done or failed. */
function Purchase({ symbol }: { symbol: string }) {
  const t = useStrings()
  const { locale } = useLocale()
  const dispatch = usePorticoDispatch()
  const purchase = usePorticoSelector((s) => lazyState(s, 'onramp').purchase)
  const providers = usePorticoSelector((s) => lazyState(s, 'onramp').providers)
  if (!purchase) return null
  const found = providers.find((p) => p.name === purchase.provider)
  const label = found ? providerLabel(t, found) : purchase.provider || t.defaultProvider
  // Done after the funds arrived goes to the account, where they show; stopping or a
  // failure stays on the form, to try again.
  const onDismiss = () => {
    dispatch(onrampActions.purchaseDismissed())
    if (purchase.status === 'completed') dispatch(routerActions.reset({ view: 'Account' }))
  }
  const dismiss = (
    <button type="button" className="portico-secondary portico-wide" onClick={onDismiss}>
      {purchase.status === 'waiting' || purchase.status === 'opening' ? t.buyStopWaiting : t.buyDismiss}
    </button>
  )
  return (
    <div className="portico-stack" data-testid="portico-onramp-purchase" data-state={purchase.status}>
      {purchase.status === 'opening' ? <Loading label={format(t.buyOpening, { provider: label })} /> : null}
      {purchase.status === 'waiting' ? (
        <>
          <Loading label={format(t.buyWaiting, { provider: label })} />
          {!purchase.windowOpened && purchase.url ? (
            <a className="portico-primary portico-wide" href={purchase.url} target="_blank" rel="noopener noreferrer">
              <Icon name="external" size={16} /> {format(t.buyOpenLink, { provider: label })}
            </a>
          ) : null}
          {dismiss}
        </>
      ) : null}
      {purchase.status === 'completed' ? (
        <>
          <p className="portico-success" role="status">
            <Icon name="check" size={16} /> {format(t.buyCompleted, { amount: formatAmount(purchase.received ?? '0', undefined, locale), symbol })}
          </p>
          {dismiss}
        </>
      ) : null}
      {purchase.status === 'failed' ? (
        <>
          <ErrorState message={purchase.error ? translate(t, purchase.error) : ''} />
          {dismiss}
        </>
      ) : null}
    </div>
  )
}
