import { call, put } from 'redux-saga/effects'
import { detectTimeZone, isRestrictedTimeZone } from '../config/restrictedTimezones'
import { optionsActions } from '../store/slices/options'
import { getSagaContext, type SagaContext } from './context'

/**
 * SPEC §9 restricted time zones: once, when the runtime starts, the visitor's time zone
 * (`Intl`) against the dapp's `restrictedTimezones` (default `RestrictedTimezones`); on a
 * match, Buy is hidden. Here rather than in `createPortico` so the list stays out of the
 * dapp's first load; the modal cannot open on Buy before the runtime runs.
 */
export function* regionSaga() {
  const context = (yield call(getSagaContext)) as SagaContext
  if (isRestrictedTimeZone(detectTimeZone(), context.config.restrictedTimezones)) yield put(optionsActions.onrampRestrictedSet(true))
}
