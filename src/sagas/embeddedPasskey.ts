import { call, put } from 'redux-saga/effects'
import type { FrameUser } from '../frame'
import { accountActions } from '../store/slices/account'
import { embeddedActions } from '../store/slices/embedded'
import type { EmbeddedFrame } from './context'
import { EMBEDDED_NAMESPACE, connectEmbeddedUser } from './embeddedConnection'
import { callFrame, loadFrame, type EmbeddedHolder } from './embeddedFrame'
import { reportLoginFailure } from './embeddedLogin'

/**
 * "Continue with a passkey" (issue 32): CONNECT_PASSKEY makes the frame show its passkey
 * prompt (the frame asks to be shown, as for an approval); the visitor signs in with a
 * passkey, or signs up with a new one, by a click in the frame, where the WebAuthn
 * ceremony must run (secure/passkeyLogin.ts). The request has no timeout: it waits for
 * the visitor. The account then connects exactly as after the email code.
 */
export function* passkeyRequestedSaga(holder: EmbeddedHolder) {
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    const { user } = (yield call(callFrame, (signal) => client.connectPasskey({}, { signal }))) as { user: FrameUser }
    yield put(embeddedActions.stepChanged({ step: 'CONNECT' }))
    yield call(connectEmbeddedUser, holder, user, { interactive: true })
  } catch (error) {
    yield put(accountActions.connectFailed({ namespace: EMBEDDED_NAMESPACE }))
    yield call(reportLoginFailure, error)
  }
}
