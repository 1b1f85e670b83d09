import { buffers, type Channel } from 'redux-saga'
import { actionChannel, call, put, select, take } from 'redux-saga/effects'
import { WALLET_CONNECT_CONNECTOR_ID } from '../config/constants'
import type { PorticoState } from '../store/rootReducer'
import { routerActions } from '../store/slices/router'
import { walletConnectActions } from '../store/slices/walletConnect'
import { getSagaContext, type SagaContext } from './context'

// The WalletConnect saga (src/sagas/walletConnect.ts) is a lazy chunk like the
// sign-client it drives: a dapp whose visitors never pick WalletConnect never loads it.
// This small saga starts with the store, buffers pairing requests from the first
// moment, and loads the real one on the first request, or at once when the visitor's
// last connection was WalletConnect (its session is restored on load).

/** A request that starts or renews a pairing. */
export type PairingRequest = ReturnType<typeof walletConnectActions.connectRequested> | ReturnType<typeof walletConnectActions.refreshRequested>

/** The actions that start or renew a pairing. */
export const PAIRING_REQUESTS = [walletConnectActions.connectRequested.type, walletConnectActions.refreshRequested.type]

/**
 * What the starter hands the WalletConnect saga: the channel that has buffered pairing
 * requests since the store started, and the request that caused the load.
 */
export type WalletConnectStart = { requests: Channel<PairingRequest>; first?: PairingRequest | undefined }

const loadWalletConnectSaga = () => import('./walletConnect')
type WalletConnectModule = Awaited<ReturnType<typeof loadWalletConnectSaga>>

/** Namespaces whose last connection (in the dapp's storage) was WalletConnect. */
export function rememberedNamespaces(context: SagaContext): string[] {
  return Object.entries(context.storage.read().connections)
    .filter(([, connectorId]) => connectorId === WALLET_CONNECT_CONNECTOR_ID)
    .map(([namespace]) => namespace)
}

/** Shows ConnectingWalletConnect for the requested wallet unless it (or the basic QR view) already shows. */
export function* showConnectingView(action: ReturnType<typeof walletConnectActions.connectRequested>) {
  const walletId = action.payload?.walletId
  const state: PorticoState = yield select()
  const top = state.router.history[state.router.history.length - 1]
  const showing = top?.view === 'ConnectingWalletConnectBasic' || (top?.view === 'ConnectingWalletConnect' && top.params.walletId === walletId)
  if (!showing) yield put(routerActions.push({ view: 'ConnectingWalletConnect', params: { walletId } }))
}

/**
 * Starts with the store; runs the WalletConnect saga from its lazy chunk on the first
 * pairing request (which it passes on, with every request that arrives meanwhile), or
 * immediately when a WalletConnect session is remembered.
 */
export function* walletConnectStartSaga() {
  const requests: Channel<PairingRequest> = yield actionChannel(PAIRING_REQUESTS, buffers.expanding<PairingRequest>())
  const context: SagaContext = yield call(getSagaContext)
  const first: PairingRequest | undefined = rememberedNamespaces(context).length > 0 ? undefined : yield take(requests)
  // The visitor sees the view at once; the chunk loads behind it.
  if (first && walletConnectActions.connectRequested.match(first)) yield call(showConnectingView, first)
  const { walletConnectSaga }: WalletConnectModule = yield call(loadWalletConnectSaga)
  const start: WalletConnectStart = { requests, first }
  yield call(walletConnectSaga, start)
}
