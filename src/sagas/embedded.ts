import { call, fork, put, race, select, take, takeEvery, takeLatest, type CallEffect } from 'redux-saga/effects'
import type { PorticoState } from '../store/rootReducer'
import { connectorsActions } from '../store/slices/connectors'
import { embeddedActions } from '../store/slices/embedded'
import { modalActions } from '../store/slices/modal'
import { optionsActions } from '../store/slices/options'
import { getSagaContext, type EmbeddedFrame, type SagaContext } from './context'
import { embeddedDisconnectedSaga, restoreEmbeddedSaga } from './embeddedConnection'
import { createEmbeddedHolder, frameTheme, frameWatcherSaga, loadFrame, type EmbeddedHolder } from './embeddedFrame'
import { farcasterRequestedSaga } from './embeddedFarcaster'
import { loginCacheSaga } from './embeddedLoginCache'
import { deviceRemoveSaga, devicesRequestedSaga } from './embeddedDevices'
import { keyExportSaga, passkeyAddSaga, passkeyRequestedSaga, recoveryChangeSaga, secondFactorSaga } from './embeddedPasskey'
import { deviceCodeSaga, emailSubmittedSaga, loginCodeSaga } from './embeddedLogin'
import { socialRequestedSaga } from './embeddedSocial'
import { smartAccountSaga } from './smartAccount'
import { primaryCodeSaga, secondaryCodeSaga, updateEmailSaga } from './embeddedUpdateEmail'
import { messageRecord } from '../errors/record'
import { lazyState } from '../store/lazyState'

/**
 * Routes a code to the step it answers (SPEC §4): the new-device code, the login code,
 * or one of the two email-update codes.
 */
export function* otpSubmittedSaga(holder: EmbeddedHolder, action: ReturnType<typeof embeddedActions.otpSubmitted>) {
  const { step } = lazyState((yield select()) as PorticoState, 'embedded')
  const { otp } = action.payload
  if (step === 'VERIFY_DEVICE') yield call(deviceCodeSaga, holder, otp)
  else if (step === 'VERIFY_OTP') yield call(loginCodeSaga, holder, otp)
  else if (step === 'VERIFY_PRIMARY_OTP') yield call(primaryCodeSaga, holder, otp)
  else if (step === 'VERIFY_SECONDARY_OTP') yield call(secondaryCodeSaga, holder, otp)
  else yield put(embeddedActions.failed({ error: messageRecord('errors.enterEmailFirst') }))
}

/**
 * Runs one step of a login or email-update flow until it ends or the modal closes; a
 * close aborts the frame request (SPEC §8) and leaves the flow, keeping the cooldown.
 */
function* untilModalClosed(flow: CallEffect) {
  const { closed } = (yield race({ done: flow, closed: take(modalActions.closed.type) })) as { closed?: unknown }
  if (closed && lazyState((yield select()) as PorticoState, 'embedded').pending) yield put(embeddedActions.flowCancelled())
}

/**
 * Creates the frame when the modal opens with email or socials on, so its 20 s load and
 * the 500 ms after READY run while the visitor types (docs/embedded-wallet.md "When
 * the iframe is created"). Nothing is loaded before that.
 */
function* prewarmSaga(holder: EmbeddedHolder) {
  const context = (yield call(getSagaContext)) as SagaContext
  const { email, socials, passkey } = context.config.features
  if (holder.frame || !context.frame || (!email && !passkey && !(socials && socials.length > 0))) return
  try {
    yield call(loadFrame, holder)
  } catch {
    // Reported by loadFrame (alert); the visitor's own submit tries again.
  }
}

/** The mode in effect after the dapp's choice or the visitor's colour scheme changed it, and the dapp's theme variables. */
function* themeSaga(holder: EmbeddedHolder) {
  const frame: EmbeddedFrame | undefined = holder.frame
  if (!frame || frame.client.status() !== 'ready') return
  const state = (yield select()) as PorticoState
  try {
    yield call(frame.client.syncTheme, frameTheme(state))
  } catch {
    // Cosmetic.
  }
}

/**
 * The embedded wallet's processes (issues 6 and 9): the frame watcher (status and alerts), the
 * reconnect on start, the email, social and Farcaster logins, the email update, and the cleanup when the
 * embedded connection ends. docs/embedded-wallet.md walks through them.
 */
export function* embeddedSaga() {
  const holder = createEmbeddedHolder()
  yield fork(frameWatcherSaga, holder)
  yield fork(loginCacheSaga, holder)
  yield fork(restoreEmbeddedSaga, holder)
  yield fork(smartAccountSaga, holder)
  yield takeEvery(modalActions.opened.type, prewarmSaga, holder)
  yield takeLatest(embeddedActions.emailSubmitted.type, function* (action: ReturnType<typeof embeddedActions.emailSubmitted>) {
    yield call(untilModalClosed, call(emailSubmittedSaga, holder, action))
  })
  yield takeLatest(embeddedActions.otpSubmitted.type, function* (action: ReturnType<typeof embeddedActions.otpSubmitted>) {
    yield call(untilModalClosed, call(otpSubmittedSaga, holder, action))
  })
  // Social login: the saga opens the popup synchronously, inside the click's dispatch.
  yield takeLatest(embeddedActions.socialRequested.type, function* (action: ReturnType<typeof embeddedActions.socialRequested>) {
    yield call(untilModalClosed, call(socialRequestedSaga, holder, action))
  })
  yield takeLatest(embeddedActions.farcasterRequested.type, function* () {
    yield call(untilModalClosed, call(farcasterRequestedSaga, holder))
  })
  yield takeLatest(embeddedActions.passkeyRequested.type, function* () {
    yield call(untilModalClosed, call(passkeyRequestedSaga, holder))
  })
  yield takeLatest(embeddedActions.passkeyAddRequested.type, function* () {
    yield call(untilModalClosed, call(passkeyAddSaga, holder))
  })
  yield takeLatest(embeddedActions.keyExportRequested.type, function* (action: ReturnType<typeof embeddedActions.keyExportRequested>) {
    yield call(untilModalClosed, call(keyExportSaga, holder, action))
  })
  yield takeLatest(embeddedActions.secondFactorRequested.type, function* () {
    yield call(untilModalClosed, call(secondFactorSaga, holder))
  })
  yield takeLatest(embeddedActions.recoveryChangeRequested.type, function* () {
    yield call(untilModalClosed, call(recoveryChangeSaga, holder))
  })
  yield takeLatest(embeddedActions.devicesRequested.type, function* () {
    yield call(untilModalClosed, call(devicesRequestedSaga, holder))
  })
  yield takeLatest(embeddedActions.deviceRemoveRequested.type, function* (action: ReturnType<typeof embeddedActions.deviceRemoveRequested>) {
    yield call(untilModalClosed, call(deviceRemoveSaga, holder, action))
  })
  yield takeLatest(embeddedActions.updateEmailRequested.type, function* (action: ReturnType<typeof embeddedActions.updateEmailRequested>) {
    yield call(untilModalClosed, call(updateEmailSaga, holder, action))
  })
  yield takeEvery(connectorsActions.disconnected.type, function* (action: ReturnType<typeof connectorsActions.disconnected>) {
    // One user in both namespaces: connectors.ts ends the other with it (`endingWith`).
    yield call(embeddedDisconnectedSaga, holder, action.payload.namespace)
  })
  yield takeLatest([optionsActions.themeModeSet.type, optionsActions.systemThemeModeChanged.type, optionsActions.themeVariablesSet.type], themeSaga, holder)
}
