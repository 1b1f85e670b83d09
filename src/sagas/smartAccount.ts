/**
 * The embedded wallet's account type (SPEC §3, §4, §9; docs/smart-accounts.md):
 *
 * - When the embedded EVM account connects, the frame is asked for the smart-account-enabled
 *   networks (a failure empties the cached list, SPEC §4), and the account type is set:
 *   the visitor's choice made in this page, else on an interactive login the dapp's
 *   preference (`defaultAccountTypes`, SPEC §9 default `smartAccount`). A restored session
 *   keeps the type the frame remembers for the user.
 * - `smartAccount/switchAccountType` (the Account view's button) → SET_PREFERRED_ACCOUNT.
 *   A change of type waits for the visitor's approval in the frame's prompt (issue 25):
 *   SET_PREFERRED_ACCOUNT has no timeout (EventsWithoutLoadTimeout), and a Cancel comes
 *   back as 4001, recorded as `switchFailed`.
 *   The frame then announces the new address (ACCOUNT_CHANGED → the provider's
 *   `accountsChanged` → `account/addressChanged`, which refreshes the balance); here the
 *   user (types, deployed flag) is read again.
 */
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import type { FrameUser } from '../frame'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { smartAccountActions } from '../store/slices/smartAccount'
import type { CaipNetworkId } from '../types/network'
import type { EmbeddedUser } from '../types/user'
import type { EmbeddedAccountType } from '../validation/accountType'
import { getSagaContext, type SagaContext } from './context'
import { toRecord } from '../errors/toRecord'
import { messageRecord } from '../errors/record'
import { EMBEDDED_NAMESPACE } from './embeddedConnection'
import { callFrame, type EmbeddedHolder } from './embeddedFrame'

const isEmbeddedType = (value: unknown): value is EmbeddedAccountType => value === 'eoa' || value === 'smartAccount'

/** Reads the user again and records its accounts, types and deployed flag. */
function* refreshUser(holder: EmbeddedHolder) {
  const frame = holder.frame
  if (!frame) return
  const { user } = (yield call(callFrame, (signal) => frame.client.getUser({}, { signal }))) as { user: FrameUser }
  const loaded: EmbeddedUser = {
    email: user.email,
    address: user.address,
    chainId: user.chainId,
    ...(user.accounts ? { accounts: user.accounts.map((a) => ({ ...a })) } : {}),
    ...(user.userName !== undefined ? { userName: user.userName } : {}),
    ...(user.smartAccountDeployed !== undefined ? { smartAccountDeployed: user.smartAccountDeployed } : {}),
    ...(user.preferredAccountType !== undefined ? { preferredAccountType: user.preferredAccountType } : {}),
  }
  // The social provider stays: userLoaded keeps the one recorded at login when none is given.
  yield put(accountActions.userLoaded({ namespace: EMBEDDED_NAMESPACE, user: loaded }))
  if (user.accounts) yield put(accountActions.allAccountsSet({ namespace: EMBEDDED_NAMESPACE, accounts: user.accounts }))
}

export function* embeddedAccountTypeSaga(holder: EmbeddedHolder, options: { interactive: boolean }) {
  const frame = holder.frame
  if (!frame) return
  try {
    const { smartAccountEnabledNetworks } = (yield call(callFrame, (signal) => frame.client.getSmartAccountEnabledNetworks({ signal }))) as { smartAccountEnabledNetworks: number[] }
    // The frame names EVM chain ids; the store keeps CAIP-2 ids, as it does for every network.
    const networks = smartAccountEnabledNetworks.filter((id) => Number.isSafeInteger(id) && id > 0).map((id): CaipNetworkId => `${EMBEDDED_NAMESPACE}:${id}`)
    yield put(smartAccountActions.enabledNetworksLoaded({ networks }))
  } catch {
    yield put(smartAccountActions.enabledNetworksFailed())
  }
  const context = (yield call(getSagaContext)) as SagaContext
  const state = (yield select()) as PorticoState
  const chosen = state.account.byNamespace[EMBEDDED_NAMESPACE]?.preferredAccountTypes[EMBEDDED_NAMESPACE]
  const wanted = chosen ?? (options.interactive ? context.config.accountTypes[EMBEDDED_NAMESPACE] : undefined)
  try {
    if (isEmbeddedType(wanted)) {
      yield put(accountActions.preferredAccountTypeSet({ namespace: EMBEDDED_NAMESPACE, type: wanted }))
      const current = state.account.byNamespace[EMBEDDED_NAMESPACE]?.user?.preferredAccountType
      if (current !== wanted) yield call(callFrame, (signal) => frame.client.setPreferredAccount(wanted, { signal }))
    }
    yield call(refreshUser, holder)
  } catch (error) {
    // The account stays as the frame signed it in (its EOA or smart account); the Account
    // view's account-type row says why the preference did not apply.
    yield put(smartAccountActions.switchFailed({ error: toRecord(error) }))
  }
}

export function* switchAccountTypeSaga(holder: EmbeddedHolder, action: ReturnType<typeof smartAccountActions.switchAccountType>) {
  const { namespace, type } = action.payload
  const frame = holder.frame
  if (!frame || namespace !== EMBEDDED_NAMESPACE || !isEmbeddedType(type)) {
    yield put(smartAccountActions.switchFailed({ error: messageRecord('errors.accountTypeEmailOnly') }))
    return
  }
  try {
    yield call(callFrame, (signal) => frame.client.setPreferredAccount(type, { signal }))
    yield put(accountActions.preferredAccountTypeSet({ namespace, type }))
    yield call(refreshUser, holder)
    yield put(accountActions.balanceRequested({ namespace, force: true }))
    yield put(smartAccountActions.switchSucceeded())
  } catch (error) {
    yield put(smartAccountActions.switchFailed({ error: toRecord(error) }))
  }
}

export function* smartAccountSaga(holder: EmbeddedHolder) {
  yield takeEvery(smartAccountActions.embeddedAccountConnected.type, function* (action: ReturnType<typeof smartAccountActions.embeddedAccountConnected>) {
    yield call(embeddedAccountTypeSaga, holder, { interactive: action.payload.interactive })
  })
  yield takeLatest(smartAccountActions.switchAccountType.type, switchAccountTypeSaga, holder)
}
