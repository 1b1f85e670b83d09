import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { initialSmartAccountState } from './lazyInitialStates'
import type { CaipNetworkId } from '../../types/network'
import type { EmbeddedAccountType } from '../../validation/accountType'
import type { ErrorRecord } from '../../errors/record'

/**
 * The embedded wallet's smart accounts (SPEC §3 "Smart-account-enabled networks", §4):
 * the networks where the frame offers one, and the account-type switch in progress.
 * The type preferences themselves are `account.byNamespace[ns].preferredAccountTypes`.
 */
export type SmartAccountState = {
  /**
   * CAIP-2 ids of the networks where the embedded wallet offers a smart account (the frame
   * names chain ids; the saga qualifies them with the embedded account's namespace); []
   * until loaded, and after a failed call (SPEC §4).
   */
  enabledNetworks: CaipNetworkId[]
  /** The type being switched to, while the frame answers. */
  switchingTo: EmbeddedAccountType | undefined
  error: ErrorRecord | undefined
}

/** CAIP-2 syntax: namespace (3 to 8 of a-z, 0-9, -) and reference (1 to 32 of a-z, A-Z, 0-9, -, _). */
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

const initialState = initialSmartAccountState

export const smartAccountSlice = createSlice({
  name: 'smartAccount',
  initialState,
  reducers: {
    /** The embedded wallet's EVM account is in the store; `interactive`: a login the visitor made (not a restored session). */
    embeddedAccountConnected(_state, _action: PayloadAction<{ interactive: boolean }>) {},
    enabledNetworksLoaded(state, action: PayloadAction<{ networks: CaipNetworkId[] }>) {
      state.enabledNetworks = action.payload.networks.filter((id) => CAIP2.test(id))
    },
    /** SPEC §4: the smart-account networks call failed, so the cached list becomes empty. */
    enabledNetworksFailed(state) {
      state.enabledNetworks = []
    },
    /** The visitor asks for the other account type (Account view); the saga tells the frame (SET_PREFERRED_ACCOUNT). */
    switchAccountType(state, action: PayloadAction<{ namespace: string; type: EmbeddedAccountType }>) {
      state.switchingTo = action.payload.type
      state.error = undefined
    },
    switchSucceeded(state) {
      state.switchingTo = undefined
    },
    switchFailed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.switchingTo = undefined
      state.error = action.payload.error
    },
  },
  selectors: {
    selectEnabledNetworks: (state) => state.enabledNetworks,
  },
})

export const smartAccountActions = smartAccountSlice.actions
