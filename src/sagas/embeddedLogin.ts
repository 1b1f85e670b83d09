import { call, put, select } from 'redux-saga/effects'
import { Time } from '../config/constants'
import type { EmailConnectAction, FrameUser } from '../frame'
import { FrameRequestError } from '../frame/errors'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { embeddedActions } from '../store/slices/embedded'
import { routerActions } from '../store/slices/router'
import { getSagaContext, type EmbeddedFrame, type SagaContext } from './context'
import { EMBEDDED_NAMESPACE, connectEmbeddedUser } from './embeddedConnection'
import { callFrame, loadFrame, type EmbeddedHolder } from './embeddedFrame'
import { toRecord } from '../errors/toRecord'
import { messageRecord } from '../errors/record'
import { lazyState } from '../store/lazyState'

const verifyViews = new Set(['EmailVerifyOtp', 'EmailVerifyDevice'])

/** Seconds left of a cooldown ending at `until`, rounded up (SPEC §5 'Please try again after {n} seconds'). */
const secondsLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000))

/**
 * A failed login step: the message goes to the view. The server's own cooldown
 * (EMAIL_COOLDOWN with retryAfter) becomes the store's cooldown and the SPEC §5 message.
 */
export function* reportLoginFailure(error: unknown) {
  const context = (yield call(getSagaContext)) as SagaContext
  if (error instanceof FrameRequestError && error.retryAfter !== undefined && error.retryAfter > 0) {
    yield put(embeddedActions.cooldownStarted({ until: context.now() + error.retryAfter * 1000 }))
    yield put(embeddedActions.failed({ error: toRecord(error, { key: 'tryAgainAfter', params: { seconds: Math.ceil(error.retryAfter) } }) }))
    return
  }
  yield put(embeddedActions.failed({ error: toRecord(error) }))
}

/** Shows the view of a code step: pushed from Connect, replacing a code view (a resend). */
function* showStep(step: Exclude<EmailConnectAction, 'CONNECT'>, email: string) {
  const state = (yield select()) as PorticoState
  const current = state.router.history[state.router.history.length - 1]?.view
  const route = step === 'VERIFY_DEVICE' ? ({ view: 'EmailVerifyDevice', params: { email } } as const) : ({ view: 'EmailVerifyOtp', params: { email } } as const)
  yield put(current !== undefined && verifyViews.has(current) ? routerActions.replace(route) : routerActions.push(route))
}

/**
 * SPEC §4 email connect: CONNECT_EMAIL answers VERIFY_DEVICE, VERIFY_OTP or CONNECT.
 * Blocked for 30 s after a code was sent (SPEC §5 'Please try again after {n} seconds');
 * a code sent starts that cooldown. CONNECT (this device already holds a session for
 * the email) connects at once.
 */
export function* emailSubmittedSaga(holder: EmbeddedHolder, action: ReturnType<typeof embeddedActions.emailSubmitted>) {
  const context = (yield call(getSagaContext)) as SagaContext
  const { email } = action.payload
  const { cooldownUntil } = lazyState((yield select()) as PorticoState, 'embedded')
  const now = context.now()
  if (cooldownUntil !== undefined && cooldownUntil > now) {
    yield put(embeddedActions.failed({ error: messageRecord('errors.tryAgainAfter', { seconds: secondsLeft(cooldownUntil, now) }) }))
    return
  }
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    const answer = (yield call(callFrame, (signal) => client.connectEmail(email, { signal }))) as { action: EmailConnectAction }
    if (answer.action === 'CONNECT') {
      yield put(embeddedActions.stepChanged({ step: 'CONNECT' }))
      const { user } = (yield call(callFrame, (signal) => client.getUser({}, { signal }))) as { user: FrameUser }
      yield call(connectEmbeddedUser, holder, user, { interactive: true })
      return
    }
    yield put(embeddedActions.cooldownStarted({ until: context.now() + Time.emailLoginCooldownMs }))
    yield put(embeddedActions.stepChanged({ step: answer.action }))
    yield call(showStep, answer.action, email)
  } catch (error) {
    yield call(reportLoginFailure, error)
  }
}

/**
 * The code of the new-device email (SPEC §4 VERIFY_DEVICE): CONNECT_DEVICE approves this
 * browser and the server sends the login code, so the flow moves on to VERIFY_OTP.
 */
export function* deviceCodeSaga(holder: EmbeddedHolder, otp: string) {
  const context = (yield call(getSagaContext)) as SagaContext
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    const answer = (yield call(callFrame, (signal) => client.connectDevice(otp, { signal }))) as { action: 'VERIFY_OTP' }
    const email = lazyState((yield select()) as PorticoState, 'embedded').email ?? ''
    yield put(embeddedActions.cooldownStarted({ until: context.now() + Time.emailLoginCooldownMs }))
    yield put(embeddedActions.stepChanged({ step: answer.action }))
    yield call(showStep, answer.action, email)
  } catch (error) {
    yield call(reportLoginFailure, error)
  }
}

/** The login code (SPEC §4 VERIFY_OTP): CONNECT_OTP answers the user, who becomes the connected account. */
export function* loginCodeSaga(holder: EmbeddedHolder, otp: string) {
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    const { user } = (yield call(callFrame, (signal) => client.connectOtp(otp, { signal }))) as { user: FrameUser }
    yield put(embeddedActions.stepChanged({ step: 'CONNECT' }))
    yield call(connectEmbeddedUser, holder, user, { interactive: true })
  } catch (error) {
    yield put(accountActions.connectFailed({ namespace: EMBEDDED_NAMESPACE }))
    yield call(reportLoginFailure, error)
  }
}
