import { call, cancelled, delay, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import { Time } from '../config/constants'
import type { PorticoServices } from '../createServices'
import type { GetWalletsResponse } from '../services'
import type { PorticoState } from '../store/rootReducer'
import type { WalletListing } from '../types/walletListing'
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
 * Wallet search, one request per pause in the typing: each keystroke (takeLatest)
 * cancels the previous run, which is either still in its 300 ms debounce (nothing was
 * sent) or waiting for its answer (its request is aborted through the AbortController,
 * so the listing server sees it cancelled). The client holds each answer for at least
 * 300 ms (SPEC §9) so results never flicker.
 */
export function* searchWalletsSaga(action: ReturnType<typeof walletsActions.searchRequested>) {
  const { query } = action.payload
  if (!query.trim()) return
  yield delay(Time.walletSearchDebounceMs)
  const state: PorticoState = yield select()
  const controller = new AbortController()
  try {
    const services: PorticoServices = yield call(getServices)
    const result: GetWalletsResponse = yield call(services.walletListing.searchWallets, query.trim(), { ...listingFilters(state), signal: controller.signal })
    yield put(walletsActions.searchLoaded({ query, results: result.data }))
  } catch (error) {
    yield put(walletsActions.searchFailed({ query, error: toRecord(error) }))
  } finally {
    if ((yield cancelled()) as boolean) controller.abort()
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
    const featured: GetWalletsResponse = featuredIds.length ? yield call(services.walletListing.getWallets, { ...filters, include: featuredIds }) : { data: [], count: 0 }
    yield put(walletsActions.recommendedLoaded({ recommended: recommended.data, featured: featured.data }))
  } catch (error) {
    // The Connect view still works from discovered wallets; AllWallets shows the error on its own request.
    yield put(walletsActions.pageFailed({ error: toRecord(error) }))
  }
}

/**
 * SPEC §9 image preload (2 s timeout) for every wallet a list brings: each picture is
 * fetched once, and the store says whether it came (the lists show it) or failed or
 * timed out (they keep the initial letter instead of a broken or blank image).
 */
export function* preloadWalletImagesSaga(action: WalletListAction) {
  const state: PorticoState = yield select()
  const known = state.wallets.images
  const ids = [
    ...new Set(
      walletsOf(action)
        .map((w) => w.image_id)
        .filter((id): id is string => typeof id === 'string' && id !== '' && !(id in known)),
    ),
  ]
  if (ids.length === 0) return
  yield put(walletsActions.imagesPreloading(ids))
  const services: PorticoServices = yield call(getServices)
  const { walletListing } = services
  for (const imageId of ids) yield fork(preloadOne, walletListing, imageId)
}

type WalletListAction = ReturnType<typeof walletsActions.pageLoaded | typeof walletsActions.searchLoaded | typeof walletsActions.recommendedLoaded>

function walletsOf(action: WalletListAction): WalletListing[] {
  if (walletsActions.pageLoaded.match(action)) return action.payload.data
  if (walletsActions.searchLoaded.match(action)) return action.payload.results
  return [...action.payload.recommended, ...action.payload.featured]
}

function* preloadOne(listing: PorticoServices['walletListing'], imageId: string) {
  const loaded: boolean = yield call(listing.preloadImage, listing.getImageUrl({ kind: 'wallet', id: imageId }))
  yield put(walletsActions.imagePreloaded({ imageId, loaded }))
}

export function* walletsSaga() {
  yield takeEvery([walletsActions.pageLoaded.type, walletsActions.searchLoaded.type, walletsActions.recommendedLoaded.type], preloadWalletImagesSaga)
  yield takeLatest(walletsActions.pageRequested.type, fetchWalletsPageSaga)
  yield takeLatest(walletsActions.searchRequested.type, searchWalletsSaga)
  yield takeLatest(modalActions.opened.type, recommendedWalletsSaga)
}
