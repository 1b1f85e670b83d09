import { all, fork } from 'redux-saga/effects'
import { accountDataRecoverySaga } from './accountDataRecovery'
import { balanceSaga } from './balance'
import { historySaga } from './history'
import { namesSaga } from './names'
import { onrampSaga } from './onramp'
import { sendFlowSaga } from './send'
import { siwxSaga } from './siwx'
import { swapSaga } from './swap'

/**
 * The account actions (balances, names, SIWX, history, send, swap, onramp): one lazy
 * chunk, started by the root saga on the first action that needs one of them (the
 * visitor connects, or a remembered connection is restored, or the Account view asks).
 * Any action of their slices starts it (rootSaga.ts `isAccountAction`, made from the
 * slices' action creators); accountActions.test.ts checks every one.
 */
export function* accountActionsSaga() {
  yield all([fork(balanceSaga), fork(sendFlowSaga), fork(historySaga), fork(namesSaga), fork(siwxSaga), fork(swapSaga), fork(onrampSaga), fork(accountDataRecoverySaga)])
}
