import { call, delay, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import type { PorticoServices } from '../createServices'
import { NetworkNotFoundError } from '../errors'
import { toRecord } from '../errors/toRecord'
import type { TransactionHistoryResponse } from '../services'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { transactionsActions } from '../store/slices/transactions'
import type { TransactionHistoryItem } from '../types/transaction'
import type { CaipNetwork, CaipNetworkId } from '../types/network'
import type { HistoryCapability, HistoryPage } from '../plugins/types'
import { getSagaContext, getServices, type SagaContext } from './context'
import { networkOfCaipAddress } from '../types/network'

/** How often the history is read again while a transaction sent from the modal is pending. */
export const PENDING_POLL_MS = 3_000
/** How long a pending transaction is watched before it stops being shown as pending. */
export const PENDING_WATCH_MS = 5 * 60_000

type HistoryAccount = {
  namespace: string
  address: string
  caipNetworkId: CaipNetworkId
  /** Whether the account has an Activity list at all. */
  activity: boolean
  /** The plugin's own history reader, for a namespace the Blockchain API does not serve. */
  reader: HistoryCapability | undefined
  network: CaipNetwork | undefined
}

/** The connected account whose history the Activity and NFTs tabs show, if any. */
function* historyAccount(): Generator<unknown, HistoryAccount | undefined, never> {
  const state = (yield select()) as PorticoState
  const context = (yield call(getSagaContext)) as SagaContext
  const namespace = state.account.activeNamespace
  const account = namespace ? state.account.byNamespace[namespace] : undefined
  if (!namespace || account?.status !== 'connected' || !account.address || !account.caipAddress) return undefined
  const caipNetworkId = networkOfCaipAddress(account.caipAddress)
  // SPEC §5: activity on eip155 only, from the Blockchain API (the plugin's `features.activity`);
  // a plugin may read its namespace's history itself (its `history` capability, e.g. Esplora).
  const plugin = context.plugins.get(namespace)
  const fromApi = plugin?.features.activity ?? false
  const reader = fromApi ? undefined : plugin?.history
  const activity = state.options.features.history && (fromApi || reader !== undefined)
  const network = state.network.networks.find((n) => n.caipNetworkId === caipNetworkId)
  return { namespace, address: account.address, caipNetworkId, activity, reader, network }
}

/**
 * One page of the account's history on its network: from the Blockchain API (SPEC §7:
 * cursor, onramp, chainId), or from the plugin's own reader.
 */
function* fetchPage(account: HistoryAccount, cursor: string | undefined, onramp: string | undefined) {
  if (account.reader) {
    if (!account.network) throw new NetworkNotFoundError({ metaMessages: [`Network: ${account.caipNetworkId}`] })
    const page: HistoryPage = yield call(account.reader.getHistory, { address: account.address, network: account.network, cursor })
    return { items: page.items, next: page.next }
  }
  const services: PorticoServices = yield call(getServices)
  const page: TransactionHistoryResponse = yield call(services.blockchainApi.getTransactionHistory, {
    account: account.address,
    chainId: account.caipNetworkId,
    cursor,
    onramp,
  })
  return { items: page.data as TransactionHistoryItem[], next: page.next ?? undefined }
}

/**
 * Loads the first page of the history, or the page after `cursor` ("load more"). A
 * namespace without activity support has an empty history (the tabs say so); a failure
 * is SPEC §8 'Failed to fetch transactions', with the pages already loaded kept.
 */
export function* fetchHistorySaga(action: ReturnType<typeof transactionsActions.fetchRequested>) {
  const { cursor, onramp } = action.payload ?? {}
  const account: HistoryAccount | undefined = yield call(historyAccount)
  if (!account || !account.activity) {
    yield put(transactionsActions.pageLoaded({ items: [], next: undefined, append: false }))
    return
  }
  try {
    const page: { items: TransactionHistoryItem[]; next: string | undefined } = yield call(fetchPage, account, cursor, onramp)
    yield put(transactionsActions.pageLoaded({ ...page, append: cursor !== undefined }))
  } catch (error) {
    yield put(transactionsActions.fetchFailed({ error: toRecord(error, { key: 'failedToFetchTransactions' }) }))
  }
}

/**
 * A transaction sent from the modal shows as pending (SPEC §9: up to 99) until the
 * history lists it: the first page is read again every few seconds; once it is there the
 * list and the balances are refreshed. Given up on after PENDING_WATCH_MS.
 */
export function* watchPendingSaga(action: ReturnType<typeof transactionsActions.pendingAdded>) {
  const hash = action.payload
  const context: SagaContext = yield call(getSagaContext)
  const started = context.now()
  while (true) {
    yield delay(PENDING_POLL_MS)
    const state: PorticoState = yield select()
    if (!state.transactions.pending.includes(hash)) return
    const account: HistoryAccount | undefined = yield call(historyAccount)
    if (!account?.activity) {
      yield put(transactionsActions.pendingDropped(hash))
      return
    }
    try {
      const page: { items: TransactionHistoryItem[]; next: string | undefined } = yield call(fetchPage, account, undefined, undefined)
      yield put(transactionsActions.refreshed(page))
    } catch {
      // The next poll tries again; a pending row is still the truth meanwhile.
    }
    const after: PorticoState = yield select()
    if (!after.transactions.pending.includes(hash)) {
      yield put(accountActions.balanceRequested({ namespace: account.namespace, force: true }))
      return
    }
    if (context.now() - started >= PENDING_WATCH_MS) {
      yield put(transactionsActions.pendingDropped(hash))
      return
    }
  }
}

export function* historySaga() {
  yield takeLatest(transactionsActions.fetchRequested.type, fetchHistorySaga)
  yield takeEvery(transactionsActions.pendingAdded.type, function* (action: ReturnType<typeof transactionsActions.pendingAdded>) {
    yield fork(watchPendingSaga, action)
  })
}
