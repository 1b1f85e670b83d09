import { delay, put, select, takeLatest } from 'redux-saga/effects'
import { Time } from '../config/constants'
import type { PorticoState } from '../store/rootReducer'
import { alertsActions } from '../store/slices/alerts'

/** How long a toast stays up. */
export const TOAST_DURATION_MS = 2_200

/**
 * Shows a toast; when one is already up it is hidden first and the new one appears
 * 150 ms later (SPEC §9 toast swap delay), so the swap is visible.
 */
export function* showToastSaga(action: ReturnType<typeof alertsActions.toastRequested>) {
  const state: PorticoState = yield select()
  if (state.alerts.toast) {
    yield put(alertsActions.toastHidden())
    yield delay(Time.toastSwapDelayMs)
  }
  yield put(alertsActions.toastShown(action.payload))
  yield delay(TOAST_DURATION_MS)
  yield put(alertsActions.toastHidden())
}

export function* toastSaga() {
  yield takeLatest(alertsActions.toastRequested.type, showToastSaga)
}
