import type { Action } from '@reduxjs/toolkit'
import { all, fork } from 'redux-saga/effects'
import { accountSlice } from '../store/slices/account'
import { namesSlice } from '../store/slices/names'
import { onrampSlice } from '../store/slices/onramp'
import { sendSlice } from '../store/slices/send'
import { siwxSlice } from '../store/slices/siwx'
import { swapSlice } from '../store/slices/swap'
import { transactionsSlice } from '../store/slices/transactions'
import { connectorsSaga } from './connectors'
import { diagnosticsSaga } from './diagnostics'
import { embeddedSaga } from './embedded'
import { lazySaga } from './lazySaga'
import { modalSaga } from './modal'
import { networkSaga } from './network'
import { originCheckSaga } from './originCheck'
import { persistenceSaga } from './persistence'
import { regionSaga } from './region'
import { systemThemeSaga } from './systemTheme'
import { toastSaga } from './toast'
import { walletConnectStartSaga } from './walletConnectStart'
import { walletsSaga } from './wallets'

/**
 * The slices the account-action sagas (accountActions.ts) serve: any action of theirs
 * loads the chunk, and none is lost meanwhile (lazySaga.ts). The trigger set is made from
 * the slices' action creators, so an action added to one of them is a trigger too.
 */
export const ACCOUNT_ACTION_SLICES = [accountSlice, transactionsSlice, sendSlice, namesSlice, siwxSlice, swapSlice, onrampSlice] as const

const accountActionTypes = new Set<string>(ACCOUNT_ACTION_SLICES.flatMap((slice) => Object.values(slice.actions).map((creator) => creator.type)))

/** Whether `action` is one that loads the account actions (an action of one of their slices). */
export const isAccountAction = (action: Action): boolean => accountActionTypes.has(action.type)

const loadAccountActions = () => import('./accountActions').then((module) => module.accountActionsSaga)

/**
 * Starts every long-running process; each lives in its own file. What the Connect button,
 * the Connect view and the restore of a remembered connection need starts with the store;
 * the account actions start on first use.
 */
export function* rootSaga() {
  yield all([
    fork(diagnosticsSaga),
    fork(persistenceSaga),
    fork(modalSaga),
    fork(toastSaga),
    fork(networkSaga),
    fork(connectorsSaga),
    fork(walletsSaga),
    fork(originCheckSaga),
    fork(regionSaga),
    fork(walletConnectStartSaga),
    fork(embeddedSaga),
    fork(systemThemeSaga),
    fork(lazySaga, { triggers: isAccountAction, load: loadAccountActions }),
  ])
}
