import { call, delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import type { PorticoServices } from '../createServices'
import { ChainNotSupportedError, HttpStatusError, PorticoError, RpcError, userRejectionCodes } from '../errors'
import type { IdentityResponse, NameProfile, NameSuggestionsResponse } from '../services'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { namesActions } from '../store/slices/names'
import { routerActions } from '../store/slices/router'
import { isRegisterName } from '../validation/registerName'
import { getSagaContext, getServices, type SagaContext } from './context'
import { toRecord } from '../errors/toRecord'
import { messageRecord } from '../errors/record'
import { signMessageSaga, type SignMessageResult } from './signMessage'
import { lazyState } from '../store/lazyState'

/** Pause in typing before suggestions are asked for. */
export const NAME_SUGGESTIONS_DEBOUNCE_MS = 300
/** SLIP-44 coin type of Ethereum: SPEC §5 names are eip155 only. */
export const ETHEREUM_COIN_TYPE = 60

/** The HTTP status behind a service error, if there is one. */
function statusOf(error: unknown): number | undefined {
  const found = error instanceof PorticoError ? error.walk((e) => e instanceof HttpStatusError) : undefined
  return found instanceof HttpStatusError ? found.status : undefined
}

/** Whether the wallet's refusal is the visitor saying no (EIP-1193 4001, 5000). */
export function isUserRejection(error: unknown): boolean {
  const rejects = (e: unknown) => (e instanceof RpcError ? e.isUserRejection : userRejectionCodes.includes((e as { code?: unknown } | null)?.code as number))
  if (rejects(error)) return true
  return error instanceof PorticoError && Boolean(error.walk(rejects))
}

/**
 * Suggestions and availability while the visitor types (debounced: `takeLatest` drops a
 * wait that a newer keystroke replaced). The suggestions list marks the typed name itself
 * as registered or free; when it cannot be had, a lookup says whether the name exists
 * (404: free). Failures carry SPEC §8 'Error fetching name suggestions' and 'Error
 * resolving name'.
 */
export function* nameQuerySaga(action: ReturnType<typeof namesActions.queryChanged>) {
  const query = action.payload.name
  if (!isRegisterName(query)) return
  yield delay(NAME_SUGGESTIONS_DEBOUNCE_MS)
  const services: PorticoServices = yield call(getServices)
  yield put(namesActions.suggestionsLoading())
  let exact: { name: string; registered: boolean } | undefined
  try {
    const { suggestions }: NameSuggestionsResponse = yield call(services.blockchainApi.getNameSuggestions, { name: query })
    yield put(namesActions.suggestionsLoaded({ query, suggestions: suggestions.map((s) => ({ name: s.name, registered: s.registered })) }))
    exact = suggestions.find((s) => labelOf(s.name) === query.toLowerCase())
  } catch (error) {
    yield put(namesActions.suggestionsFailed({ query, error: toRecord(error) }))
  }
  if (exact) {
    yield put(namesActions.availabilityChecked({ query, available: !exact.registered, fullName: exact.name }))
    return
  }
  try {
    const profile: NameProfile = yield call(services.blockchainApi.lookupName, { name: query })
    yield put(namesActions.availabilityChecked({ query, available: false, fullName: profile.name }))
  } catch (error) {
    if (statusOf(error) === 404) yield put(namesActions.availabilityChecked({ query, available: true, fullName: undefined }))
    else yield put(namesActions.availabilityFailed({ query, error: toRecord(error) }))
  }
}

/** `alice` of `alice.portico.id`, lower case. */
function labelOf(name: string): string {
  return name.toLowerCase().split('.')[0] ?? ''
}

/**
 * Registers a name for the connected EVM account: the wallet signs the registration
 * message (JSON text: name, attributes, timestamp), `POST /v1/profile/account` sends it
 * with the signature, and the name becomes the account's profile name at once, then
 * RegisterAccountNameSuccess. A refusal in the wallet is 'Signature declined'; any
 * failure of the call is 'Error registering name'.
 */
export function* registerNameSaga(action: ReturnType<typeof namesActions.registerRequested>) {
  const label = action.payload.name.trim()
  const state: PorticoState = yield select()
  const context: SagaContext = yield call(getSagaContext)
  const account = state.account.byNamespace.eip155
  if (!isRegisterName(label)) {
    yield put(namesActions.registerFailed({ error: messageRecord('errors.errorRegisteringName') }))
    return
  }
  if (account?.status !== 'connected' || !account.address || !context.plugins.get('eip155')?.features.names) {
    yield put(namesActions.registerFailed({ error: toRecord(new ChainNotSupportedError()) }))
    return
  }
  // The full name when the service told it (suggestions), else the label: the server adds its suffix.
  const { fullName } = lazyState(state, 'names')
  const known = fullName && labelOf(fullName) === label.toLowerCase() ? fullName : undefined
  const message = JSON.stringify({ name: known ?? label.toLowerCase(), attributes: {}, timestamp: context.now() })
  const signed: SignMessageResult = yield call(signMessageSaga, { message, namespace: 'eip155' })
  if ('error' in signed) {
    yield put(namesActions.registerFailed({ error: isUserRejection(signed.error) ? toRecord(signed.error, { key: 'signatureDeclined' }) : toRecord(signed.error) }))
    return
  }
  yield put(namesActions.signed())
  const services: PorticoServices = yield call(getServices)
  try {
    const profile: NameProfile = yield call(services.blockchainApi.registerName, {
      coinType: ETHEREUM_COIN_TYPE,
      address: signed.address,
      message,
      signature: signed.signature as `0x${string}`,
    })
    yield put(accountActions.profileLoaded({ namespace: 'eip155', name: profile.name, image: profile.attributes[0]?.avatar }))
    yield put(namesActions.registered({ name: profile.name }))
    yield put(routerActions.replace({ view: 'RegisterAccountNameSuccess', params: { name: profile.name } }))
  } catch (error) {
    yield put(namesActions.registerFailed({ error: toRecord(error, { key: 'errorRegisteringName' }), reason: statusOf(error) === 409 ? 'taken' : undefined }))
  }
}

/**
 * The profile name and image of a newly connected EVM account (GET /v1/identity,
 * cached 5 min by the client). An address without a name keeps showing the address; a
 * failed lookup does too (the name is decoration, the address is the truth).
 */
export function* loadProfileSaga(action: ReturnType<typeof accountActions.connected> | ReturnType<typeof accountActions.addressChanged>) {
  const { namespace, address } = action.payload
  const context: SagaContext = yield call(getSagaContext)
  if (!context.plugins.get(namespace)?.features.names) return
  try {
    const services: PorticoServices = yield call(getServices)
    const identity: IdentityResponse = yield call(services.blockchainApi.getIdentity, { address })
    const state: PorticoState = yield select()
    // The account may have changed while the lookup ran.
    if (state.account.byNamespace[namespace]?.address !== address) return
    yield put(accountActions.profileLoaded({ namespace, name: identity.name ?? undefined, image: identity.avatar ?? undefined }))
  } catch {
    // See above: no name shown, which is what the visitor had before.
  }
}

export function* namesSaga() {
  yield takeLatest(namesActions.queryChanged.type, nameQuerySaga)
  yield takeLatest(namesActions.registerRequested.type, registerNameSaga)
  yield takeEvery([accountActions.connected.type, accountActions.addressChanged.type], loadProfileSaga)
}
