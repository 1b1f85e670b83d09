import { call as callEffect, delay, put, race, take, takeLatest } from 'redux-saga/effects'
import { call, select } from './effects'
import { Onramp } from '../config/constants'
import { PorticoError } from '../errors'
import type { OnrampOptionsResponse, OnrampUrlResponse } from '../services'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { onrampActions, type OnrampProvider, type PaymentLimits, type PaymentMethod } from '../store/slices/onramp'
import { getSagaContext, getServices } from './context'
import { toRecord } from '../errors/toRecord'
import { messageRecord } from '../errors/record'
import { connectedWallet, type ConnectedWallet } from './swapAccount'
import { loadUnits, type Units } from './loadUnits'
import { lazyState } from '../store/lazyState'

/** How long typing must pause before a quote is asked for. */
export const ONRAMP_QUOTE_DEBOUNCE_MS = 300
/** How often the balance is read while a purchase is open in the provider's window. */
export const ONRAMP_POLL_INTERVAL_MS = 3_000
/** How long a purchase is watched before the visitor is told nothing arrived. */
export const ONRAMP_WATCH_TIMEOUT_MS = 15 * 60_000

/**
 * Used when the service lists no providers (a hosted API without
 * GET /v1/onramp/providers): the URL generator picks its default provider, at SPEC §9's
 * fee range.
 */
export const DEFAULT_ONRAMP_PROVIDER: OnrampProvider = { name: '', label: '', feeRange: { ...Onramp.feeRange } }

/** The options' payment methods as the UI names them (`ach_bank_account` is the bank). */
const METHOD_OF: Record<string, PaymentMethod> = { card: 'card', ach_bank_account: 'bank', bank: 'bank' }

function* onrampWallet() {
  const context = yield* call(getSagaContext)
  const wallet = connectedWallet(yield* select(), context)
  if (!wallet) throw new PorticoError({ key: 'connectWalletToBuy' })
  return wallet
}

/** Currencies and per-method limits from GET /v1/onramp/options, and what is sold on the active network. */
export function onrampOptionsFor(options: OnrampOptionsResponse, chainId: string | number) {
  const limitsByCurrency: Record<string, PaymentLimits> = {}
  for (const currency of options.paymentCurrencies) {
    const limits: PaymentLimits = { card: { ...Onramp.fallbackLimits.card }, bank: { ...Onramp.fallbackLimits.bank } }
    for (const limit of currency.payment_method_limits) {
      const method = METHOD_OF[limit.id]
      if (method) limits[method] = { min: limit.min, max: limit.max }
    }
    limitsByCurrency[currency.id] = limits
  }
  const sold = options.purchaseCurrencies.flatMap((currency) => currency.networks.filter((n) => n.chain_id === String(chainId)).map((n) => ({ symbol: currency.symbol, network: n.name })))
  return { currencies: options.paymentCurrencies.map((c) => c.id), limitsByCurrency, purchaseCurrency: sold[0]?.symbol, purchaseNetwork: sold[0]?.network }
}

/**
 * Options and providers for the active network. Either may be missing from a service:
 * without options the SPEC §9 fallback limits and currencies stay; without a provider
 * list the URL generator's default provider is offered, at SPEC §9's 1–2 % fees.
 */
export function* fetchOnrampProvidersSaga() {
  try {
    const wallet = yield* call(onrampWallet)
    const { blockchainApi: api } = yield* call(getServices)
    try {
      const options = yield* call(api.getOnrampOptions)
      yield put(onrampActions.optionsLoaded(onrampOptionsFor(options, wallet.network.id)))
    } catch {
      // The fallback limits stay.
    }
    let providers: OnrampProvider[]
    try {
      const answer = yield* call(api.getOnrampProviders)
      providers = answer.providers.map((p) => ({ name: p.name, label: p.label, feeRange: p.feeRange }))
    } catch {
      providers = [DEFAULT_ONRAMP_PROVIDER]
    }
    yield put(onrampActions.providersLoaded(providers))
  } catch (error) {
    yield put(onrampActions.providersFailed({ error: toRecord(error) }))
  }
}

/** The purchase network as the providers spell it, else the CAIP-2 id (which the reference server takes too). */
const purchaseNetworkOf = (state: PorticoState, wallet: ConnectedWallet) => lazyState(state, 'onramp').purchaseNetwork ?? wallet.network.caipNetworkId
const purchaseCurrencyOf = (state: PorticoState, wallet: ConnectedWallet) => lazyState(state, 'onramp').purchaseCurrency ?? wallet.network.nativeCurrency.symbol

/** Quotes the form once typing settles (a newer request cancels the older). */
export function* quoteOnrampSaga() {
  yield delay(ONRAMP_QUOTE_DEBOUNCE_MS)
  try {
    const wallet = yield* call(onrampWallet)
    const state = yield* select()
    const { amount, paymentCurrency, paymentMethod, providers } = lazyState(state, 'onramp')
    if (!amount || !/^\d+(\.\d{1,2})?$/.test(amount)) throw new PorticoError({ key: 'buyAmountDecimals' })
    const { blockchainApi: api } = yield* call(getServices)
    const quote = yield* call(api.getOnrampQuote, {
      purchaseCurrency: purchaseCurrencyOf(state, wallet),
      paymentCurrency,
      amount,
      network: purchaseNetworkOf(state, wallet),
      provider: providers[0]?.name || undefined,
      paymentMethod,
    })
    const fee = Number(quote.providerFee.amount) + Number(quote.networkFee.amount)
    yield put(onrampActions.quoted({ purchaseAmount: quote.purchaseAmount.amount, fee: `${fee.toFixed(2)} ${quote.providerFee.currency}` }))
  } catch (error) {
    yield put(onrampActions.failed({ error: toRecord(error) }))
  }
}

/**
 * Sends the window the view opened in the click (named `windowName`, still blank and so
 * still ours) to the checkout URL: popup blockers allow new windows only in a click, and
 * the URL arrives after it. The opener link is cut before it leaves our origin. Returns
 * false when there is no such window (blocked, closed): the view then shows a link.
 */
export function openCheckout(win: Window | undefined, windowName: string | undefined, url: string): boolean {
  if (!win || !windowName) return false
  try {
    // An empty URL with the name of an open window returns that window without navigating it.
    const target = win.open('', windowName)
    if (!target || target.closed) return false
    target.opener = null
    target.location.replace(url)
    return true
  } catch {
    return false
  }
}

/**
 * Buy: asks the service for the provider's checkout URL (SPEC §7
 * /v1/generators/onrampurl) for the connected address, sends the pre-opened window
 * there, then watches the native balance until the purchase arrives (or the visitor
 * dismisses it, or 15 minutes pass), refreshes the balances and says so.
 */
export function* buyOnrampSaga(action: ReturnType<typeof onrampActions.buyRequested>) {
  const context = yield* call(getSagaContext)
  try {
    const wallet = yield* call(onrampWallet)
    const state = yield* select()
    const { amount, paymentCurrency } = lazyState(state, 'onramp')
    const network = purchaseNetworkOf(state, wallet)
    const symbol = purchaseCurrencyOf(state, wallet)
    const { blockchainApi: api } = yield* call(getServices)
    const before = yield* call(nativeBalance, wallet)
    const { url } = (yield callEffect(api.generateOnrampUrl, {
      destinationWallets: [{ address: wallet.address, blockchains: [network], assets: [symbol] }],
      defaultNetwork: network,
      partnerUserId: wallet.address,
      ...(amount && Number(amount) > 0 ? { presetFiatAmount: Number(amount), presetFiatCurrency: paymentCurrency } : {}),
      ...(action.payload.provider ? { provider: action.payload.provider } : {}),
    })) as OnrampUrlResponse
    const windowOpened = openCheckout(context.window, action.payload.windowName, url)
    yield put(onrampActions.purchaseOpened({ url, windowOpened }))
    if (before === undefined) return

    const { arrived } = (yield race({
      arrived: callEffect(watchBalance, wallet, before),
      dismissed: take(onrampActions.purchaseDismissed.type),
      timeout: delay(ONRAMP_WATCH_TIMEOUT_MS),
    })) as { arrived?: bigint; dismissed?: unknown; timeout?: true }
    const now = yield* select()
    if (arrived === undefined) {
      if (lazyState(now, 'onramp').purchase?.status === 'waiting') yield put(onrampActions.purchaseFailed({ error: messageRecord('errors.purchaseNotArrived') }))
      return
    }
    const { formatUnits }: Units = yield* call(loadUnits)
    const received = formatUnits(arrived - before, wallet.network.nativeCurrency.decimals)
    yield put(onrampActions.purchaseCompleted({ received }))
    yield put(accountActions.balanceRequested({ namespace: wallet.namespace, force: true }))
    yield put(alertsActions.toastRequested({ message: messageRecord('notices.purchaseReceived', { amount: received, symbol }), variant: 'success' }))
  } catch (error) {
    yield put(onrampActions.purchaseFailed({ error: toRecord(error) }))
  }
}

/** The native balance in the smallest unit, read from the chain; undefined when the plugin cannot. */
function* nativeBalance(wallet: ConnectedWallet) {
  const reader = wallet.plugin.balance
  if (!reader) return undefined
  const { value } = (yield callEffect([reader, reader.getBalance], { address: wallet.address, network: wallet.network })) as { value: string }
  return BigInt(value)
}

/** Reads the balance every few seconds until it grows; resolves with the new balance. */
function* watchBalance(wallet: ConnectedWallet, before: bigint) {
  for (;;) {
    yield delay(ONRAMP_POLL_INTERVAL_MS)
    try {
      const now = yield* call(nativeBalance, wallet)
      if (now !== undefined && now > before) return now
    } catch {
      // A missed read is retried at the next tick.
    }
  }
}

/** The onramp processes: options and providers, debounced quotes, and the purchase. */
export function* onrampSaga() {
  yield takeLatest(onrampActions.providersRequested.type, fetchOnrampProvidersSaga)
  yield takeLatest(onrampActions.quoteRequested.type, quoteOnrampSaga)
  yield takeLatest(onrampActions.buyRequested.type, buyOnrampSaga)
}
