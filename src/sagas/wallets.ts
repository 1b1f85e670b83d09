import { call, put, select, takeLatest } from 'redux-saga/effects'
import type { PorticoServices } from '../createServices'
import type { GetWalletsResponse } from '../services'
import type { PorticoState } from '../store/rootReducer'
import { modalActions } from '../store/slices/modal'
import { walletsActions } from '../store/slices/wallets'
import { toRecord } from '../errors/toRecord'
import { getServices } from './context'

/** The listing filters every wallet query shares: the dapp's networks and include/exclude lists. */
function listingFilters(state: PorticoState) {
  const { includeWalletIds, excludeWalletIds } = state.options
  return {
    chains: state.network.networks.map((n) => n.caipNetworkId),
    include: includeWalletIds.length ? includeWalletIds : undefined,
    exclude: excludeWalletIds.length ? excludeWalletIds : undefined,
  }
}

/** AllWallets paging: pages of 40 (SPEC §9); a newer request replaces an older one. */
export function* fetchWalletsPageSaga(action: ReturnType<typeof walletsActions.pageRequested>) {
  const state: PorticoState = yield select()
  try {
    const services: PorticoServices = yield call(getServices)
    const result: GetWalletsResponse = yield call(services.walletListing.getWalletsPage, action.payload.page, listingFilters(state))
    yield put(walletsActions.pageLoaded({ page: action.payload.page, data: result.data, count: result.count }))
  } catch (error) {
    yield put(walletsActions.pageFailed({ error: toRecord(error) }))
  }
}

/**
 * Wallet search: takeLatest cancels the previous query while it waits, and the client
 * holds each answer for at least 300 ms (SPEC §9) so results never flicker.
 */
export function* searchWalletsSaga(action: ReturnType<typeof walletsActions.searchRequested>) {
  const { query } = action.payload
  if (!query.trim()) return
  const state: PorticoState = yield select()
  try {
    const services: PorticoServices = yield call(getServices)
    const result: GetWalletsResponse = yield call(services.walletListing.searchWallets, query.trim(), listingFilters(state))
    yield put(walletsActions.searchLoaded({ query, results: result.data }))
  } catch (error) {
    yield put(walletsActions.searchFailed({ query, error: toRecord(error) }))
  }
}

/**
 * Recommended (4) and featured wallets, fetched once, the first time the modal opens:
 * nothing is requested from the listing service before the visitor acts.
 */
export function* recommendedWalletsSaga() {
  const state: PorticoState = yield select()
  if (state.wallets.recommended.length > 0 || !state.options.features.allWallets) return
  try {
    const services: PorticoServices = yield call(getServices)
    const filters = listingFilters(state)
    const recommended: GetWalletsResponse = yield call(services.walletListing.getRecommendedWallets, filters)
    const featuredIds = state.options.featuredWalletIds
    const featured: GetWalletsResponse = featuredIds.length
      ? yield call(services.walletListing.getWallets, { ...filters, include: featuredIds })
      : { data: [], count: 0 }
    yield put(walletsActions.recommendedLoaded({ recommended: recommended.data, featured: featured.data }))
  } catch (error) {
    // The Connect view still works from discovered wallets; AllWallets shows the error on its own request.
    yield put(walletsActions.pageFailed({ error: toRecord(error) }))
  }
}

export function* walletsSaga() {
  yield takeLatest(walletsActions.pageRequested.type, fetchWalletsPageSaga)
  yield takeLatest(walletsActions.searchRequested.type, searchWalletsSaga)
  yield takeLatest(modalActions.opened.type, recommendedWalletsSaga)
}
