import { call, put, select } from 'redux-saga/effects'
import { Time } from '../config/constants'
import type { EmailUpdateAction } from '../frame'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { embeddedActions } from '../store/slices/embedded'
import { routerActions } from '../store/slices/router'
import type { Route } from '../store/routes'
import { getSagaContext, type EmbeddedFrame, type SagaContext } from './context'
import { EMBEDDED_CONNECTOR_ID, EMBEDDED_NAMESPACE } from './embeddedConnection'
import { callFrame, loadFrame, type EmbeddedHolder } from './embeddedFrame'
import { reportLoginFailure } from './embeddedLogin'
import { messageRecord } from '../errors/record'
import { lazyState } from '../store/lazyState'

const codeViews = new Set(['UpdateEmailPrimaryOtp', 'UpdateEmailSecondaryOtp'])

/**
 * Shows the code step's view: pushed from UpdateEmail, replacing a code view (a resend,
 * or the primary code's view when the secondary code was sent). A code was just sent,
 * so the 30 s resend cooldown starts (SPEC §5; the server enforces it too).
 */
function* showCodeStep(step: EmailUpdateAction, newEmail: string) {
  const context = (yield call(getSagaContext)) as SagaContext
  const state = (yield select()) as PorticoState
  yield put(embeddedActions.cooldownStarted({ until: context.now() + Time.emailLoginCooldownMs }))
  const current = state.router.history[state.router.history.length - 1]?.view
  const email = state.account.byNamespace[EMBEDDED_NAMESPACE]?.user?.email ?? lazyState(state, 'embedded').email ?? ''
  const route: Route = step === 'VERIFY_PRIMARY_OTP' ? { view: 'UpdateEmailPrimaryOtp', params: { email, newEmail } } : { view: 'UpdateEmailSecondaryOtp', params: { newEmail } }
  yield put(current !== undefined && codeViews.has(current) ? routerActions.replace(route) : routerActions.push(route))
}

/**
 * SPEC §4 email update: UPDATE_EMAIL answers VERIFY_PRIMARY_OTP (a code to the current
 * address first) or VERIFY_SECONDARY_OTP (a code to the new one). The codes arrive as
 * `embedded/otpSubmitted` while the step is one of those (see embedded.ts).
 */
export function* updateEmailSaga(holder: EmbeddedHolder, action: ReturnType<typeof embeddedActions.updateEmailRequested>) {
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    const answer = (yield call(callFrame, (signal) => client.updateEmail(action.payload.email, { signal }))) as { action: EmailUpdateAction }
    yield put(embeddedActions.stepChanged({ step: answer.action }))
    yield call(showCodeStep, answer.action, action.payload.email)
  } catch (error) {
    yield call(reportLoginFailure, error)
  }
}

/** The code sent to the current address: UPDATE_EMAIL_PRIMARY_OTP, then the new address's code. */
export function* primaryCodeSaga(holder: EmbeddedHolder, otp: string) {
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    const answer = (yield call(callFrame, (signal) => client.updateEmailPrimaryOtp(otp, { signal }))) as { action: 'VERIFY_SECONDARY_OTP' }
    yield put(embeddedActions.stepChanged({ step: answer.action }))
    yield call(showCodeStep, answer.action, lazyState((yield select()) as PorticoState, 'embedded').newEmail ?? '')
  } catch (error) {
    yield call(reportLoginFailure, error)
  }
}

/**
 * The code sent to the new address: UPDATE_EMAIL_SECONDARY_OTP answers `newEmail`
 * (SPEC §4), which becomes the wallet's email in the store (the client updates the
 * login cache).
 */
export function* secondaryCodeSaga(holder: EmbeddedHolder, otp: string) {
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    const { newEmail } = (yield call(callFrame, (signal) => client.updateEmailSecondaryOtp(otp, { signal }))) as { newEmail: string }
    yield put(embeddedActions.stepChanged({ step: 'idle', newEmail }))
    yield put(embeddedActions.emailUpdated({ newEmail }))
    // Every namespace the embedded wallet connected (its EVM and Solana accounts) shows the same user.
    const state = (yield select()) as PorticoState
    for (const [namespace, connectorId] of Object.entries(state.connectors.active)) {
      const user = state.account.byNamespace[namespace]?.user
      if (connectorId === EMBEDDED_CONNECTOR_ID && user) yield put(accountActions.userLoaded({ namespace, user: { ...user, email: newEmail } }))
    }
    // Back to the account, which shows the new email.
    yield put(routerActions.reset({ view: 'Account' }))
    yield put(alertsActions.toastRequested({ message: messageRecord('notices.emailUpdated'), variant: 'success' }))
  } catch (error) {
    yield call(reportLoginFailure, error)
  }
}
