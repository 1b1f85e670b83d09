import { call, delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import type { SiwxConfig, SiwxMessageParameters, SiwxSession } from '../config/types'
import { ConnectorNotFoundError } from '../errors'
import { toRecord } from '../errors/toRecord'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { modalActions } from '../store/slices/modal'
import { routerActions } from '../store/slices/router'
import { siwxActions } from '../store/slices/siwx'
import { getSagaContext, type SagaContext } from './context'
import { isUserRejection } from './names'
import { activeConnection, signMessageSaga, type ActiveConnection, type SignMessageResult } from './signMessage'
import { networkOfCaipAddress } from '../types/network'

const loadSiwe = () => import('./siweMessage')
type Siwe = Awaited<ReturnType<typeof loadSiwe>>

/** SIWE is an EVM sign-in (EIP-4361); other namespaces connect without it. */
const SIWX_NAMESPACE = 'eip155'

function* siwxConfig() {
  const context: SagaContext = yield call(getSagaContext)
  return context.config.siwx
}

const sameAddress = (a: string | undefined, b: string | undefined) => Boolean(a && b && a.toLowerCase() === b.toLowerCase())

/**
 * After a connection (or a reload that restored one, or an account change): a live
 * session of the dapp's backend for this address means the visitor is signed in;
 * otherwise the modal opens on ConnectingSiwe. A session of another address is signed
 * out first.
 */
export function* afterConnectSaga(action: ReturnType<typeof accountActions.connected> | ReturnType<typeof accountActions.addressChanged>) {
  const { namespace, address } = action.payload
  if (namespace !== SIWX_NAMESPACE) return
  const config: SiwxConfig = yield call(siwxConfig)
  yield put(siwxActions.checking())
  let session: SiwxSession | null | undefined
  try {
    session = config.getSession ? ((yield call(config.getSession)) as SiwxSession | null | undefined) : undefined
  } catch {
    // No answer about a session is no session: the visitor signs in again.
    session = undefined
  }
  if (session && sameAddress(session.address, address)) {
    yield put(siwxActions.signedIn({ ...session }))
    return
  }
  const state: PorticoState = yield select()
  if ((session || state.siwx.session) && config.signOut) {
    try {
      yield call(config.signOut)
    } catch {
      // Best effort: the other address's session ends on the backend when it expires.
    }
  }
  yield put(siwxActions.signInNeeded())
  // Let the connect flow finish (it resets the router to Account and closes the modal).
  yield delay(0)
  const now: PorticoState = yield select()
  if (now.account.byNamespace[namespace]?.address !== address) return
  yield put(modalActions.opened({ route: { view: 'ConnectingSiwe' } }))
}

/**
 * ConnectingSiwe's Sign in: an EIP-4361 message (viem `createSiweMessage`) for the
 * connected address and chain with the backend's nonce, signed by the wallet, verified
 * by the backend. The visitor refusing is SPEC §8 'Signature declined'; a backend that
 * cannot give a nonce or refuses the signature is 'A problem occurred while trying
 * initialize authentication'.
 */
export function* signInSaga() {
  const config: SiwxConfig | undefined = yield call(siwxConfig)
  const context: SagaContext = yield call(getSagaContext)
  const connection: ActiveConnection | undefined = yield call(activeConnection, SIWX_NAMESPACE)
  const state: PorticoState = yield select()
  const caipAddress = state.account.byNamespace[SIWX_NAMESPACE]?.caipAddress
  if (!config || !connection || !caipAddress) {
    yield put(siwxActions.signInFailed({ error: toRecord(new ConnectorNotFoundError()) }))
    return
  }
  const chainId = networkOfCaipAddress(caipAddress)
  yield put(siwxActions.signing())
  let message: string
  try {
    const { createSiweMessage, generateSiweNonce, getAddress }: Siwe = yield call(loadSiwe)
    const nonce: string = config.getNonce ? yield call(config.getNonce) : generateSiweNonce()
    const params: SiwxMessageParameters = config.getMessageParams ? yield call(config.getMessageParams) : {}
    const location = context.window?.location
    const domain = params.domain ?? location?.host
    const uri = params.uri ?? location?.origin
    if (!domain || !uri) throw new Error('No page to sign in to: pass domain and uri from getMessageParams')
    message = createSiweMessage({
      address: getAddress(connection.address),
      chainId: Number(chainId.split(':')[1]),
      domain,
      uri,
      nonce,
      version: '1',
      issuedAt: new Date(context.now()),
      statement: params.statement,
      expirationTime: params.expirationTime,
      notBefore: params.notBefore,
      requestId: params.requestId,
      resources: params.resources,
    })
  } catch (error) {
    yield put(siwxActions.signInFailed({ error: toRecord(error, { key: 'problemInitializingAuthentication' }) }))
    return
  }
  const signed: SignMessageResult = yield call(signMessageSaga, { message, namespace: SIWX_NAMESPACE })
  if ('error' in signed) {
    yield put(siwxActions.signInFailed({ error: isUserRejection(signed.error) ? toRecord(signed.error, { key: 'signatureDeclined' }) : toRecord(signed.error) }))
    return
  }
  yield put(siwxActions.verifying())
  const session: SiwxSession = { address: signed.address, chainId, message, signature: signed.signature }
  try {
    const valid: boolean = config.verifyMessage ? yield call(config.verifyMessage, { message, signature: signed.signature, address: signed.address, chainId }) : true
    if (!valid) throw new Error('verifyMessage refused the signature')
  } catch (error) {
    yield put(siwxActions.signInFailed({ error: toRecord(error, { key: 'problemInitializingAuthentication' }) }))
    return
  }
  yield put(siwxActions.signedIn(session))
  if (config.onSignIn) yield call(config.onSignIn, session)
  yield put(routerActions.reset({ view: 'Account' }))
  yield put(modalActions.closeRequested({ force: true }))
}

/** On disconnect the backend session ends too (unless `signOutOnDisconnect: false`). */
export function* signOutSaga(action: ReturnType<typeof accountActions.chainDisconnected>) {
  if (action.payload.namespace !== SIWX_NAMESPACE) return
  const config: SiwxConfig = yield call(siwxConfig)
  const state: PorticoState = yield select()
  if (config.signOutOnDisconnect === false) {
    yield put(siwxActions.signInNeeded())
    return
  }
  if (state.siwx.session && config.signOut) {
    try {
      yield call(config.signOut)
    } catch {
      // The session still ends locally; the backend's expires on its own.
    }
  }
  yield put(siwxActions.signedOut())
  if (state.siwx.session && config.onSignOut) yield call(config.onSignOut)
}

/** Runs only when the dapp configured `siwx` (or `siweConfig`). */
export function* siwxSaga() {
  const config: SiwxConfig | undefined = yield call(siwxConfig)
  if (!config) return
  yield takeLatest(siwxActions.signInRequested.type, signInSaga)
  yield takeLatest([accountActions.connected.type, accountActions.addressChanged.type], afterConnectSaga)
  yield takeEvery(accountActions.chainDisconnected.type, signOutSaga)
}
