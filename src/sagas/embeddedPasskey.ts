import type { UnknownAction } from '@reduxjs/toolkit'
import { call, put } from 'redux-saga/effects'
import type { FrameUser } from '../frame'
import { FrameRequestError } from '../frame/errors'
import { messageRecord, type MessageKey } from '../errors/record'
import { toRecord } from '../errors/toRecord'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { embeddedActions } from '../store/slices/embedded'
import type { EmbeddedFrame } from './context'
import { EMBEDDED_NAMESPACE, connectEmbeddedUser } from './embeddedConnection'
import { callFrame, loadFrame, type EmbeddedHolder } from './embeddedFrame'
import { reportLoginFailure } from './embeddedLogin'
import { ProviderRpcCode } from '../errors/rpcCodes'
import { CUSTODY_NAMESPACES } from '../shared/custodyApi'

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

/**
 * The signed-in embedded user adds a passkey (Account view, "Add a passkey"): ADD_PASSKEY
 * shows the frame's prompt; the outcome is a toast, the account stays as it is.
 */
export function* passkeyAddSaga(holder: EmbeddedHolder) {
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    yield call(callFrame, (signal) => client.addPasskey({ signal }))
    yield put(alertsActions.toastRequested({ message: messageRecord('notices.passkeyAdded'), variant: 'success' }))
  } catch (error) {
    yield put(alertsActions.toastRequested({ message: toRecord(error), variant: 'error' }))
  }
}

/**
 * One of the frame's own prompts, opened from an Account row (issue 32): `ask` sends the
 * request, which waits for the visitor in the frame; `finished` clears the row's busy
 * state whatever happened. A cancel (4001) is the visitor's choice and shows nothing; any
 * other failure is an error toast; `notice`, when given, is the success toast.
 */
function* framePromptSaga(holder: EmbeddedHolder, ask: (frame: EmbeddedFrame, signal: AbortSignal) => Promise<unknown>, finished: () => UnknownAction, notice?: MessageKey) {
  try {
    const frame = (yield call(loadFrame, holder)) as EmbeddedFrame
    yield call(callFrame, (signal) => ask(frame, signal))
    if (notice !== undefined) yield put(alertsActions.toastRequested({ message: messageRecord(notice), variant: 'success' }))
  } catch (error) {
    if (!(error instanceof FrameRequestError && error.remoteCode === ProviderRpcCode.UserRejectedRequest)) yield put(alertsActions.toastRequested({ message: toRecord(error), variant: 'error' }))
  } finally {
    yield put(finished())
  }
}

/**
 * "Export private key": EXPORT_PRIVATE_KEY shows the frame's export prompt, which runs the
 * step-up and shows the key in the frame only. The app learns only that the prompt closed.
 */
export function* keyExportSaga(holder: EmbeddedHolder, action: ReturnType<typeof embeddedActions.keyExportRequested>) {
  const asked = action.payload?.namespace
  // Only a namespace the embedded wallet keeps a key in; else the frame picks the chain's.
  const namespace = CUSTODY_NAMESPACES.find((known) => known === asked)
  yield call(framePromptSaga, holder, ({ client }, signal) => client.exportPrivateKey(namespace === undefined ? {} : { namespace }, { signal }), embeddedActions.keyExportFinished)
}

/** "Two-step verification": MANAGE_SECOND_FACTOR shows the frame's second-factor settings. The app learns only that they closed. */
export function* secondFactorSaga(holder: EmbeddedHolder) {
  yield call(framePromptSaga, holder, ({ client }, signal) => client.manageSecondFactor({ signal }), embeddedActions.secondFactorFinished)
}

/** "Change recovery": CHANGE_RECOVERY shows the frame's recovery prompt; once a new recovery is saved, the old one no longer opens the wallet. */
export function* recoveryChangeSaga(holder: EmbeddedHolder) {
  yield call(framePromptSaga, holder, ({ client }, signal) => client.changeRecovery({ signal }), embeddedActions.recoveryChangeFinished, 'notices.recoveryChanged')
}
