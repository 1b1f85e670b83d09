import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { Onramp } from '../../config/constants'

export type OnrampProvider = { name: string; label: string; feeRange: { min: number; max: number }; url?: string | undefined }
export type PaymentMethod = 'card' | 'bank'

export type OnrampState = {
  providers: OnrampProvider[]
  paymentCurrency: string
  purchaseCurrency: string | undefined
  paymentMethod: PaymentMethod
  amount: string | undefined
  /** Purchase limits per method; the SPEC §9 fallback until the service says otherwise. */
  limits: Record<PaymentMethod, { min: number; max: number }>
  currencies: string[]
  quote: { purchaseAmount: string; fee: string } | undefined
  status: 'idle' | 'loading' | 'quoted' | 'failed'
  error: string | undefined
}

const initialState: OnrampState = {
  providers: [],
  paymentCurrency: 'USD',
  purchaseCurrency: undefined,
  paymentMethod: 'card',
  amount: undefined,
  limits: { card: { ...Onramp.fallbackLimits.card }, bank: { ...Onramp.fallbackLimits.bank } },
  currencies: [...Onramp.fallbackCurrencies],
  quote: undefined,
  status: 'idle',
  error: undefined,
}

export const onrampSlice = createSlice({
  name: 'onramp',
  initialState,
  reducers: {
    providersLoaded(state, action: PayloadAction<OnrampProvider[]>) {
      state.providers = action.payload
    },
    paymentCurrencySet(state, action: PayloadAction<string>) {
      state.paymentCurrency = action.payload
      state.quote = undefined
    },
    purchaseCurrencySet(state, action: PayloadAction<string>) {
      state.purchaseCurrency = action.payload
      state.quote = undefined
    },
    paymentMethodSet(state, action: PayloadAction<PaymentMethod>) {
      state.paymentMethod = action.payload
      state.quote = undefined
    },
    amountSet(state, action: PayloadAction<string | undefined>) {
      state.amount = action.payload
      state.quote = undefined
    },
    quoteRequested(state) {
      state.status = 'loading'
      state.error = undefined
    },
    quoted(state, action: PayloadAction<NonNullable<OnrampState['quote']>>) {
      state.status = 'quoted'
      state.quote = action.payload
    },
    failed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'failed'
      state.error = action.payload.message
    },
  },
})

export const onrampActions = onrampSlice.actions
