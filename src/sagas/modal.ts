import { delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import { Time } from '../config/constants'
import { CloseBlockingViews } from '../store/routes'
import type { PorticoState } from '../store/rootReducer'
import { modalActions } from '../store/slices/modal'

/** SPEC §4: closing is blocked in ApproveTransaction unless forced; a blocked close shakes. */
export function* closeModalSaga(action: ReturnType<typeof modalActions.closeRequested>) {
  const state: PorticoState = yield select()
  // Closed already, or opened again after this request was made (and before the sagas took it).
  if (!state.modal.open || !state.modal.closePending) return
  const view = state.router.history[state.router.history.length - 1]?.view
  if (view && CloseBlockingViews.includes(view) && !action.payload?.force) {
    yield put(modalActions.shakeRequested())
    return
  }
  yield put(modalActions.closed())
}

/** SPEC §4: the 500 ms shake. A new shake restarts the timer. */
export function* shakeSaga() {
  yield put(modalActions.shakeStarted())
  yield delay(Time.shakeMs)
  yield put(modalActions.shakeEnded())
}

export function* modalSaga() {
  yield takeEvery(modalActions.closeRequested.type, closeModalSaga)
  yield takeLatest(modalActions.shakeRequested.type, shakeSaga)
}
