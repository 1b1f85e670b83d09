import { delay, put, race, select, take, takeLatest } from 'redux-saga/effects'
import { Time } from '../config/constants'
import type { PorticoState } from '../store/rootReducer'
import { alertsActions } from '../store/slices/alerts'

/** How long a toast stays up. */
export const TOAST_DURATION_MS = 2_200
/** How long a toast with a link (a sent transaction's explorer) stays up: long enough to reach the link. */
export const TOAST_WITH_LINK_DURATION_MS = 8_000

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
  // A toast the pointer or the keyboard is on stays until they leave it, then for its time
  // again (WCAG 2.2.1: its link must not vanish under the visitor's hand).
  const duration = action.payload.transaction ? TOAST_WITH_LINK_DURATION_MS : TOAST_DURATION_MS
  for (;;) {
    const { held } = yield race({ timeout: delay(duration), held: take(alertsActions.toastHeld.type) })
    if (!held) break
    yield take(alertsActions.toastReleased.type)
  }
  yield put(alertsActions.toastHidden())
}

export function* toastSaga() {
  yield takeLatest(alertsActions.toastRequested.type, showToastSaga)
}
