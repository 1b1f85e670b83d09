import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { Swap } from '../../config/constants'
import type { TokenBalance } from '../../types/tokenBalance'

export type SwapToken = Pick<TokenBalance, 'name' | 'symbol' | 'address' | 'iconUrl'> & { decimals: number; price?: number | undefined }

export type SwapState = {
  tokens: SwapToken[]
  sourceToken: SwapToken | undefined
  toToken: SwapToken | undefined
  sourceAmount: string | undefined
  toAmount: string | undefined
  slippagePercent: number
  gasPrice: string | undefined
  status: 'idle' | 'loading' | 'quoted' | 'approving' | 'swapping' | 'done' | 'failed'
  error: string | undefined
}

const initialState: SwapState = {
  tokens: [],
  sourceToken: undefined,
  toToken: undefined,
  sourceAmount: undefined,
  toAmount: undefined,
  slippagePercent: Swap.slippagePercent,
  gasPrice: undefined,
  status: 'idle',
  error: undefined,
}

export const swapSlice = createSlice({
  name: 'swap',
  initialState,
  reducers: {
    tokensLoaded(state, action: PayloadAction<SwapToken[]>) {
      state.tokens = action.payload
    },
    sourceTokenSet(state, action: PayloadAction<SwapToken | undefined>) {
      state.sourceToken = action.payload
    },
    toTokenSet(state, action: PayloadAction<SwapToken | undefined>) {
      state.toToken = action.payload
    },
    sourceAmountSet(state, action: PayloadAction<string | undefined>) {
      state.sourceAmount = action.payload
      state.toAmount = undefined
    },
    quoteRequested(state) {
      state.status = 'loading'
      state.error = undefined
    },
    quoted(state, action: PayloadAction<{ toAmount: string; gasPrice?: string | undefined }>) {
      state.status = 'quoted'
      state.toAmount = action.payload.toAmount
      state.gasPrice = action.payload.gasPrice
    },
    failed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'failed'
      state.error = action.payload.message
    },
    reset: () => initialState,
  },
})

export const swapActions = swapSlice.actions
