import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { fallbackLimits, initialOnrampState } from './lazyInitialStates'
import { accountActions } from './account'
import { networkActions } from './network'
import type { ErrorRecord } from '../../errors/record'

export type OnrampProvider = { name: string; label: string; feeRange: { min: number; max: number }; url?: string | undefined }
export type PaymentMethod = 'card' | 'bank'
export type PaymentLimits = Record<PaymentMethod, { min: number; max: number }>

/** A purchase the visitor started in a provider's window. */
export type OnrampPurchase = {
  provider: string
  /**
   * `opening`: asking for the provider URL; `waiting`: the provider window is open and
   * the saga watches the balance; `completed`: the funds arrived; `failed`: no URL, or
   * nothing arrived in time.
   */
  status: 'opening' | 'waiting' | 'completed' | 'failed'
  /** The checkout URL, for a link when the window could not be opened. */
  url: string | undefined
  /** Whether the saga could send the pre-opened window there (false: popup blocked). */
  windowOpened: boolean
  /** What arrived, in the purchased currency, formatted. */
  received: string | undefined
  error: ErrorRecord | undefined
}

export type OnrampState = {
  providers: OnrampProvider[]
  providersStatus: 'idle' | 'loading' | 'loaded' | 'failed'
  paymentCurrency: string
  purchaseCurrency: string | undefined
  /** The purchase network as the providers spell it (`ethereum`, `base`, or a CAIP-2 id). */
  purchaseNetwork: string | undefined
  paymentMethod: PaymentMethod
  amount: string | undefined
  /** Purchase limits per method for `paymentCurrency`; the SPEC §9 fallback until the service says otherwise. */
  limits: PaymentLimits
  /** Limits per payment currency, from GET /v1/onramp/options. */
  limitsByCurrency: Record<string, PaymentLimits>
  currencies: string[]
  quote: { purchaseAmount: string; fee: string } | undefined
  status: 'idle' | 'loading' | 'quoted' | 'failed'
  error: ErrorRecord | undefined
  purchase: OnrampPurchase | undefined
}

const initialState = initialOnrampState

const clearQuote = (state: OnrampState) => {
  state.quote = undefined
  if (state.status !== 'loading') state.status = 'idle'
  state.error = undefined
}

export const onrampSlice = createSlice({
  name: 'onramp',
  initialState,
  reducers: {
    /** Asks the onramp saga for the options (currencies, limits) and providers of the active network. */
    providersRequested(state) {
      state.providersStatus = 'loading'
    },
    providersLoaded(state, action: PayloadAction<OnrampProvider[]>) {
      state.providers = action.payload
      state.providersStatus = 'loaded'
    },
    providersFailed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.providersStatus = 'failed'
      state.error = action.payload.error
    },
    /** What the service offers; without it the SPEC §9 fallback stays. */
    optionsLoaded(
      state,
      action: PayloadAction<{ currencies: string[]; limitsByCurrency: Record<string, PaymentLimits>; purchaseCurrency?: string | undefined; purchaseNetwork?: string | undefined }>,
    ) {
      const { currencies, limitsByCurrency, purchaseCurrency, purchaseNetwork } = action.payload
      if (currencies.length > 0) state.currencies = currencies
      state.limitsByCurrency = limitsByCurrency
      if (!state.currencies.includes(state.paymentCurrency)) state.paymentCurrency = state.currencies[0]!
      state.limits = limitsByCurrency[state.paymentCurrency] ?? fallbackLimits()
      if (purchaseCurrency) state.purchaseCurrency = purchaseCurrency
      if (purchaseNetwork) state.purchaseNetwork = purchaseNetwork
    },
    paymentCurrencySet(state, action: PayloadAction<string>) {
      state.paymentCurrency = action.payload
      state.limits = state.limitsByCurrency[action.payload] ?? fallbackLimits()
      clearQuote(state)
    },
    purchaseCurrencySet(state, action: PayloadAction<string>) {
      state.purchaseCurrency = action.payload
      clearQuote(state)
    },
    paymentMethodSet(state, action: PayloadAction<PaymentMethod>) {
      state.paymentMethod = action.payload
      clearQuote(state)
    },
    amountSet(state, action: PayloadAction<string | undefined>) {
      state.amount = action.payload
      clearQuote(state)
    },
    /** Asks for a quote of the current form; the saga waits for typing to settle first. */
    quoteRequested(state) {
      state.status = 'loading'
      state.error = undefined
    },
    quoted(state, action: PayloadAction<NonNullable<OnrampState['quote']>>) {
      state.status = 'quoted'
      state.quote = action.payload
    },
    failed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.status = 'failed'
      state.error = action.payload.error
    },
    /**
     * Buy with `provider`. The view has already opened an empty window named `windowName`
     * in the click (popup blockers allow windows only there); the saga sends it to the
     * provider's URL once the service answers.
     */
    buyRequested(state, action: PayloadAction<{ provider: string; windowName?: string | undefined }>) {
      state.purchase = { provider: action.payload.provider, status: 'opening', url: undefined, windowOpened: false, received: undefined, error: undefined }
    },
    purchaseOpened(state, action: PayloadAction<{ url: string; windowOpened: boolean }>) {
      if (!state.purchase) return
      state.purchase.status = 'waiting'
      state.purchase.url = action.payload.url
      state.purchase.windowOpened = action.payload.windowOpened
    },
    purchaseCompleted(state, action: PayloadAction<{ received: string }>) {
      if (!state.purchase) return
      state.purchase.status = 'completed'
      state.purchase.received = action.payload.received
    },
    purchaseFailed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      if (!state.purchase) return
      state.purchase.status = 'failed'
      state.purchase.error = action.payload.error
    },
    /** The visitor is done with the purchase panel (or left Buy): stop watching. */
    purchaseDismissed(state) {
      state.purchase = undefined
    },
  },
  extraReducers: (builder) => {
    // Options, quotes and purchases belong to one network and one account.
    const reset = (state: OnrampState): OnrampState => ({ ...initialState, paymentCurrency: state.paymentCurrency, paymentMethod: state.paymentMethod })
    builder.addCase(networkActions.activeNetworkChanged, reset)
    builder.addCase(accountActions.chainDisconnected, reset)
    builder.addCase(accountActions.addressChanged, reset)
  },
})

export const onrampActions = onrampSlice.actions
