import { all, fork } from 'redux-saga/effects'
import { accountActions } from '../store/slices/account'
import { namesActions } from '../store/slices/names'
import { onrampActions } from '../store/slices/onramp'
import { sendActions } from '../store/slices/send'
import { siwxActions } from '../store/slices/siwx'
import { swapActions } from '../store/slices/swap'
import { transactionsActions } from '../store/slices/transactions'
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
 * Every action the account-action sagas (accountActions.ts) wait for when they start:
 * the first one loads their chunk, and none is lost meanwhile (lazySaga.ts).
 */
export const ACCOUNT_ACTION_TRIGGERS = [
  accountActions.connected.type,
  accountActions.addressChanged.type,
  accountActions.networkChanged.type,
  accountActions.chainDisconnected.type,
  accountActions.balanceRequested.type,
  // What the recovery of failed fetches counts (accountDataRecovery.ts); the chunk's own sagas put them.
  accountActions.tokenBalanceFailed.type,
  accountActions.tokenBalanceLoaded.type,
  transactionsActions.fetchFailed.type,
  transactionsActions.pageLoaded.type,
  transactionsActions.refreshed.type,
  transactionsActions.reset.type,
  sendActions.sendRequested.type,
  transactionsActions.fetchRequested.type,
  transactionsActions.pendingAdded.type,
  namesActions.queryChanged.type,
  namesActions.registerRequested.type,
  siwxActions.signInRequested.type,
  swapActions.tokensRequested.type,
  swapActions.quoteRequested.type,
  swapActions.swapRequested.type,
  onrampActions.providersRequested.type,
  onrampActions.quoteRequested.type,
  onrampActions.buyRequested.type,
] as const

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
    fork(lazySaga, { triggers: ACCOUNT_ACTION_TRIGGERS, load: loadAccountActions }),
  ])
}
