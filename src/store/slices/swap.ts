import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { initialSwapState } from './lazyInitialStates'
import type { TokenBalance } from '../../types/tokenBalance'
import { accountActions } from './account'
import { networkActions } from './network'
import { opensView } from './router'
import type { ErrorRecord } from '../../errors/record'

export type SwapToken = Pick<TokenBalance, 'name' | 'symbol' | 'address' | 'iconUrl'> & { decimals: number; price?: number | undefined }

/** What the swap saga reports about a quote, for the preview (every amount formatted in its token's units). */
export type SwapQuote = {
  /** What the visitor receives at the quoted price. */
  toAmount: string
  /** What the swap still delivers at the worst price the slippage allows (it reverts below). */
  minimumReceived: string
  /** How many `toToken` one `sourceToken` buys at this quote. */
  rate: string
  /** Gas × gas price of the swap, in the native currency, e.g. '0.00042'; undefined when not estimated. */
  networkFee: string | undefined
  networkFeeSymbol: string
  /** The source token must be approved to the pool first (a second wallet request). */
  needsApproval: boolean
}

/** An amount of a token, in its units, e.g. { amount: '1.5', symbol: 'ETH' }. */
export type SwapAmount = { amount: string; symbol: string }

export type SwapState = {
  tokens: SwapToken[]
  /** The token list's own fetch: the view's loading, empty and error states before any quote. */
  tokensStatus: 'idle' | 'loading' | 'loaded' | 'failed'
  sourceToken: SwapToken | undefined
  toToken: SwapToken | undefined
  sourceAmount: string | undefined
  toAmount: string | undefined
  quote: SwapQuote | undefined
  slippagePercent: number
  /** Gas price in wei (decimal string) the quote was made with. */
  gasPrice: string | undefined
  /**
   * `approving`/`swapping`: that transaction is being signed (ApproveTransaction shows)
   * or mined; `done`: the swap is mined.
   */
  status: 'idle' | 'loading' | 'quoted' | 'approving' | 'swapping' | 'done' | 'failed'
  /** Hash of the transaction in flight (approval or swap), or of the finished swap. */
  hash: string | undefined
  /** What the finished swap paid and received (the quote's amount), for its result state. */
  result: { paid: SwapAmount; received: SwapAmount } | undefined
  error: ErrorRecord | undefined
}

const initialState = initialSwapState

const clearQuote = (state: SwapState) => {
  state.toAmount = undefined
  state.quote = undefined
  if (state.status === 'quoted' || state.status === 'failed' || state.status === 'done') state.status = 'idle'
  state.error = undefined
}

export const swapSlice = createSlice({
  name: 'swap',
  initialState,
  reducers: {
    /** Asks the swap saga for the active network's tokens (SPEC §7 /v1/convert/tokens). */
    tokensRequested(state) {
      state.tokensStatus = 'loading'
      state.error = undefined
    },
    tokensLoaded(state, action: PayloadAction<SwapToken[]>) {
      state.tokens = action.payload
      state.tokensStatus = 'loaded'
    },
    tokensFailed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.tokensStatus = 'failed'
      state.error = action.payload.error
    },
    sourceTokenSet(state, action: PayloadAction<SwapToken | undefined>) {
      state.sourceToken = action.payload
      clearQuote(state)
    },
    toTokenSet(state, action: PayloadAction<SwapToken | undefined>) {
      state.toToken = action.payload
      clearQuote(state)
    },
    sourceAmountSet(state, action: PayloadAction<string | undefined>) {
      state.sourceAmount = action.payload
      clearQuote(state)
    },
    /** Asks for a quote of the current form; the saga waits for typing to settle first. */
    quoteRequested(state) {
      state.status = 'loading'
      state.error = undefined
    },
    quoted(state, action: PayloadAction<{ toAmount: string; gasPrice?: string | undefined; quote?: SwapQuote | undefined }>) {
      state.status = 'quoted'
      state.toAmount = action.payload.toAmount
      state.gasPrice = action.payload.gasPrice
      state.quote = action.payload.quote
    },
    /** Executes the quoted swap: approval first when the allowance is short. */
    swapRequested(state) {
      state.error = undefined
    },
    approving(state, action: PayloadAction<{ hash?: string | undefined }>) {
      state.status = 'approving'
      state.hash = action.payload.hash
    },
    swapping(state, action: PayloadAction<{ hash?: string | undefined }>) {
      state.status = 'swapping'
      state.hash = action.payload.hash
    },
    swapped(state, action: PayloadAction<{ hash: string; paid: SwapAmount; received: SwapAmount }>) {
      state.status = 'done'
      state.hash = action.payload.hash
      state.result = { paid: action.payload.paid, received: action.payload.received }
      state.sourceAmount = undefined
      state.toAmount = undefined
      state.quote = undefined
    },
    failed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.status = 'failed'
      state.error = action.payload.error
    },
    reset: () => initialState,
  },
  extraReducers: (builder) => {
    // Tokens, quotes and allowances belong to one network and one account.
    builder.addCase(networkActions.activeNetworkChanged, () => initialState)
    builder.addCase(accountActions.chainDisconnected, () => initialState)
    builder.addCase(accountActions.addressChanged, () => initialState)
    // Opening Swap after a finished swap starts a fresh form (the tokens stay).
    builder.addMatcher(opensView('Swap'), (state) => {
      if (state.status !== 'done') return
      state.status = 'idle'
      state.hash = undefined
      state.result = undefined
    })
  },
})

export const swapActions = swapSlice.actions
