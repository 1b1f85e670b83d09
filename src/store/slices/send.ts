import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { initialSendState } from './lazyInitialStates'
import { tokenBalanceKey, type TokenBalance } from '../../types/tokenBalance'
import { accountActions } from './account'
import { networkActions } from './network'
import { opensView } from './router'
import type { ErrorRecord } from '../../errors/record'

export type SendState = {
  token: TokenBalance | undefined
  amount: string | undefined
  receiverAddress: string | undefined
  receiverProfileName: string | undefined
  status: 'idle' | 'sending' | 'sent' | 'failed'
  hash: string | undefined
  error: ErrorRecord | undefined
}

const initialState = initialSendState

export const sendSlice = createSlice({
  name: 'send',
  initialState,
  reducers: {
    tokenSet(state, action: PayloadAction<TokenBalance | undefined>) {
      state.token = action.payload
    },
    amountSet(state, action: PayloadAction<string | undefined>) {
      state.amount = action.payload
    },
    receiverSet(state, action: PayloadAction<{ address: string | undefined; profileName?: string | undefined }>) {
      state.receiverAddress = action.payload.address
      state.receiverProfileName = action.payload.profileName
    },
    sendRequested(state) {
      state.status = 'sending'
      state.error = undefined
    },
    sent(state, action: PayloadAction<{ hash: string }>) {
      state.status = 'sent'
      state.hash = action.payload.hash
    },
    sendFailed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.status = 'failed'
      state.error = action.payload.error
    },
    reset: () => initialState,
  },
  extraReducers: (builder) => {
    // SPEC §4: switching the active network clears any pending send.
    builder.addCase(networkActions.activeNetworkChanged, () => initialState)
    // Fresh balances replace the picked token's, so the amount is checked (here and by
    // the send saga) against what the account holds now, not when the token was picked.
    builder.addCase(accountActions.tokenBalanceLoaded, (state, action) => {
      if (!state.token || state.status === 'sending') return
      const key = tokenBalanceKey(state.token)
      const fresh = action.payload.tokens.find((token) => tokenBalanceKey(token) === key)
      if (fresh) state.token = fresh
    })
    // Opening Send after a finished send starts a fresh form.
    builder.addMatcher(opensView('Send'), (state) => (state.status === 'sent' ? initialState : state))
  },
})

export const sendActions = sendSlice.actions
