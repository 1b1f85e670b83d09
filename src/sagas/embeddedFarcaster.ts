import { call, put } from 'redux-saga/effects'
import type { FrameUser } from '../frame'
import { accountActions } from '../store/slices/account'
import { embeddedActions } from '../store/slices/embedded'
import type { EmbeddedFrame } from './context'
import { EMBEDDED_NAMESPACE, connectEmbeddedUser } from './embeddedConnection'
import { callFrame, loadFrame, type EmbeddedHolder } from './embeddedFrame'
import { reportLoginFailure } from './embeddedLogin'

/**
 * Farcaster login (SPEC §2 ConnectingFarcaster): GET_FARCASTER_URI answers the URL the
 * view shows as a QR code and a link; CONNECT_FARCASTER then waits (no request timeout)
 * until the visitor approves in their Farcaster app, and the account connects as for email.
 *
 * SPEC §8 "Something went wrong" is the message of an aborted request, "except a
 * farcaster URI request": the URI request is sent without an abort signal, so neither
 * the modal closing nor `abortPendingRequests` ends it (the client leaves it pending);
 * an aborted CONNECT_FARCASTER shows 'Something went wrong' in the view, with a retry.
 */
export function* farcasterRequestedSaga(holder: EmbeddedHolder) {
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    const { url } = (yield call(client.getFarcasterUri)) as { url: string }
    yield put(embeddedActions.farcasterUriReceived({ url }))
    const { user } = (yield call(callFrame, (signal) => client.connectFarcaster({ signal }))) as { user: FrameUser }
    yield put(accountActions.connecting({ namespace: EMBEDDED_NAMESPACE }))
    yield put(embeddedActions.stepChanged({ step: 'CONNECT' }))
    yield call(connectEmbeddedUser, holder, user, { interactive: true, socialProvider: 'farcaster' })
  } catch (error) {
    yield put(accountActions.connectFailed({ namespace: EMBEDDED_NAMESPACE }))
    yield call(reportLoginFailure, error)
  }
}
