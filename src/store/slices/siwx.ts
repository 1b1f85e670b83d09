import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { initialSiwxState } from './lazyInitialStates'
import type { SiwxSession } from '../../config/types'
import type { ErrorRecord } from '../../errors/record'

/** Sign-in with X (SPEC §2 ConnectingSiwe): whether the connected account is signed in to the dapp. */
export type SiwxState = {
  status: 'idle' | 'checking' | 'signing' | 'verifying' | 'signedIn' | 'error'
  session: SiwxSession | undefined
  /** SPEC §8: 'Signature declined' when the visitor refuses; the reason otherwise. */
  error: ErrorRecord | undefined
}

const initialState = initialSiwxState

export const siwxSlice = createSlice({
  name: 'siwx',
  initialState,
  reducers: {
    /** ConnectingSiwe's Sign in: build the message, ask the wallet, verify. */
    signInRequested(state) {
      state.error = undefined
    },
    /** Asking the dapp's backend for a live session (after connect or reload). */
    checking(state) {
      state.status = 'checking'
    },
    signing(state) {
      state.status = 'signing'
      state.error = undefined
    },
    verifying(state) {
      state.status = 'verifying'
    },
    signedIn(state, action: PayloadAction<SiwxSession>) {
      state.status = 'signedIn'
      state.session = action.payload
      state.error = undefined
    },
    /** The account needs to sign in (no session for it): ConnectingSiwe is shown. */
    signInNeeded(state) {
      state.status = 'idle'
      state.session = undefined
    },
    signInFailed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.status = 'error'
      state.error = action.payload.error
    },
    signedOut: () => initialState,
  },
})

export const siwxActions = siwxSlice.actions
