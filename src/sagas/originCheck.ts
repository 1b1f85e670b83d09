import { call, put, select, take } from 'redux-saga/effects'
import type { PorticoServices } from '../createServices'
import { isOriginAllowed } from '../shared/originMatch'
import type { PorticoState } from '../store/rootReducer'
import { alertsActions } from '../store/slices/alerts'
import { modalActions } from '../store/slices/modal'
import { getSagaContext, getServices, type SagaContext } from './context'

/**
 * The page's origin against the project's (GET /projects/v1/origins, SPEC §7), once, the
 * first time the modal opens (nothing is requested before the visitor acts):
 * - the project lists origins and this one is not among them: 'Invalid App
 *   Configuration' (SPEC §6), the alert the secure page also raises for the embedded
 *   wallet;
 * - the project lists no origin at all, so the server has verified no domain for it:
 *   'unverified domain' (SPEC §8). Wallets may warn the visitor about such a dapp.
 * A server that cannot be reached says nothing about the origin, so nothing is raised.
 */
export function* originCheckSaga() {
  const context = (yield call(getSagaContext)) as SagaContext
  const origin = context.window?.location?.origin
  const state = (yield select()) as PorticoState
  if (!origin || origin === 'null' || !state.options.projectId) return
  yield take(modalActions.opened.type)
  let allowed: string[]
  try {
    const services = (yield call(getServices)) as PorticoServices
    allowed = (yield call(services.walletListing.getAllowedOrigins)) as string[]
  } catch {
    return
  }
  if (allowed.length === 0) yield put(alertsActions.alertRaised('unverifiedDomain'))
  else if (!isOriginAllowed(origin, allowed)) yield put(alertsActions.alertRaised('invalidAppConfiguration'))
}
