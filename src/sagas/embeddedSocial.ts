import { call, cancelled, delay, put } from 'redux-saga/effects'
import type { OAuthProvider } from '../config/constants'
import { WalletError } from '../errors'
import type { FrameUser } from '../frame'
import { accountActions } from '../store/slices/account'
import { embeddedActions } from '../store/slices/embedded'
import { getSagaContext, type EmbeddedFrame, type SagaContext } from './context'
import { EMBEDDED_NAMESPACE, connectEmbeddedUser } from './embeddedConnection'
import { callFrame, loadFrame, type EmbeddedHolder } from './embeddedFrame'
import { reportLoginFailure } from './embeddedLogin'
import { messageRecord } from '../errors/record'

/** The popup's name: a second login reuses the window instead of stacking another. */
export const SOCIAL_POPUP_NAME = 'portico-social'
const POPUP_FEATURES = 'popup=yes,width=480,height=640'
/** How often the popup is checked for its way back to the dapp's origin. */
export const POPUP_POLL_MS = 250
/** The server forgets a started login after 10 minutes; the popup is not watched longer. */
export const POPUP_MAX_WAIT_MS = 10 * 60_000

export class SocialLoginError extends WalletError {
  override name = 'SocialLoginError'
}

/** What a popup needs to be: the part of `Window` the saga reads. */
export type PopupWindow = Pick<Window, 'closed' | 'close'> & { location: { href: string } }

/**
 * The URL the popup came back to on the dapp's origin, or undefined while it is
 * elsewhere (reading a cross-origin window's location throws) or still blank.
 */
export function readPopupReturn(popup: PopupWindow, origin: string): string | undefined {
  try {
    const href = popup.location.href
    return href.startsWith(`${origin}/`) && href.includes('#') ? href : undefined
  } catch {
    return undefined
  }
}

/**
 * Social login (SPEC §3 social providers): `embedded/socialRequested` is dispatched in
 * the visitor's click, and this saga runs synchronously inside that dispatch up to its
 * first wait, so the popup is opened (blank) while the browser still counts the click.
 * Then GET_SOCIAL_REDIRECT_URI sends the popup to the provider; the provider sends it
 * to the server's callback, which sends it back to the dapp's origin with a result in
 * the fragment; that URL goes to the frame as CONNECT_SOCIAL's `uri`, and the frame
 * finishes the login with what it kept. The account then connects as for email.
 */
export function* socialRequestedSaga(holder: EmbeddedHolder, action: { payload: { provider: OAuthProvider } }) {
  const context = (yield call(getSagaContext)) as SagaContext
  const { provider } = action.payload
  const window = context.window
  // Synchronous, still inside the click: no effect may come before this.
  let popup: PopupWindow | null
  try {
    popup = window?.open('about:blank', SOCIAL_POPUP_NAME, POPUP_FEATURES) ?? null
  } catch {
    popup = null
  }
  if (popup === null || window === undefined) {
    yield put(embeddedActions.failed({ error: messageRecord('errors.loginPopupBlocked') }))
    return
  }
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    const { uri } = (yield call(callFrame, (signal) => client.getSocialRedirectUri(provider, { signal }))) as { uri: string }
    popup.location.href = uri
    const returned = (yield call(waitForPopup, popup, window.location.origin)) as string
    popup.close()
    yield put(accountActions.connecting({ namespace: EMBEDDED_NAMESPACE }))
    const { user } = (yield call(callFrame, (signal) => client.connectSocial({ uri: returned }, { signal }))) as { user: FrameUser }
    yield put(embeddedActions.stepChanged({ step: 'CONNECT' }))
    yield call(connectEmbeddedUser, holder, user, { interactive: true, socialProvider: provider })
  } catch (error) {
    popup.close()
    yield put(accountActions.connectFailed({ namespace: EMBEDDED_NAMESPACE }))
    yield call(reportLoginFailure, error)
  } finally {
    if ((yield cancelled()) as boolean) popup.close()
  }
}

/** Waits until the popup is back on the dapp's origin; a closed popup ends the login. */
export function* waitForPopup(popup: PopupWindow, origin: string) {
  const context = (yield call(getSagaContext)) as SagaContext
  const started = context.now()
  for (;;) {
    const returned = readPopupReturn(popup, origin)
    if (returned !== undefined) return returned
    if (popup.closed) throw new SocialLoginError({ key: 'loginPopupClosed' }, { code: 'wallet/social-popup-closed' })
    if (context.now() - started > POPUP_MAX_WAIT_MS) throw new SocialLoginError({ key: 'loginTimedOut' }, { code: 'wallet/social-timeout' })
    yield delay(POPUP_POLL_MS)
  }
}
