import { combineSlices, type Action } from '@reduxjs/toolkit'
import { accountSlice } from './slices/account'
import { alertsSlice } from './slices/alerts'
import { connectorsSlice } from './slices/connectors'
import {
  initialEmbeddedState,
  initialNamesState,
  initialOnrampState,
  initialSendState,
  initialSiwxState,
  initialSmartAccountState,
  initialSwapState,
  initialTransactionsState,
  initialWalletConnectState,
} from './slices/lazyInitialStates'
import { modalSlice } from './slices/modal'
import { networkSlice } from './slices/network'
import { optionsSlice } from './slices/options'
import { routerSlice } from './slices/router'
import { walletsSlice } from './slices/wallets'

/**
 * A slice whose reducer loads with the saga runtime: until then its state is its initial
 * state, unchanged, and the runtime replays what was dispatched meanwhile into the real
 * reducer (src/store/lazySlices.ts).
 */
const standIn =
  <S>(initial: S) =>
  (state: S = initial, _action: Action): S =>
    state

/**
 * The store's reducer at start: the slices the first render and `createPortico` need,
 * and stand-ins for those only the processes change (the embedded wallet, WalletConnect,
 * the account actions), whose reducers are not in the dapp's first load.
 */
export const rootReducer = combineSlices(accountSlice, alertsSlice, connectorsSlice, modalSlice, networkSlice, optionsSlice, routerSlice, walletsSlice, {
  embedded: standIn(initialEmbeddedState),
  names: standIn(initialNamesState),
  onramp: standIn(initialOnrampState),
  send: standIn(initialSendState),
  siwx: standIn(initialSiwxState),
  smartAccount: standIn(initialSmartAccountState),
  swap: standIn(initialSwapState),
  transactions: standIn(initialTransactionsState),
  walletConnect: standIn(initialWalletConnectState),
})

export type PorticoState = ReturnType<typeof rootReducer>
