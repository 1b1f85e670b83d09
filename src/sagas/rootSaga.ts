import { all, fork } from 'redux-saga/effects'
import { balanceSaga } from './balance'
import { connectorsSaga } from './connectors'
import { embeddedSaga } from './embedded'
import { historySaga } from './history'
import { modalSaga } from './modal'
import { namesSaga } from './names'
import { networkSaga } from './network'
import { onrampSaga } from './onramp'
import { persistenceSaga } from './persistence'
import { sendFlowSaga } from './send'
import { siwxSaga } from './siwx'
import { swapSaga } from './swap'
import { toastSaga } from './toast'
import { walletConnectStartSaga } from './walletConnectStart'
import { walletsSaga } from './wallets'

/** Starts every long-running process; each lives in its own file. */
export function* rootSaga() {
  yield all([fork(persistenceSaga), fork(modalSaga), fork(toastSaga), fork(networkSaga), fork(connectorsSaga), fork(walletsSaga), fork(balanceSaga), fork(sendFlowSaga), fork(walletConnectStartSaga), fork(embeddedSaga), fork(historySaga), fork(namesSaga), fork(siwxSaga), fork(swapSaga), fork(onrampSaga)])
}
