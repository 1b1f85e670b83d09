import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import { WALLET_CONNECT_CONNECTOR_ID } from '../config/constants'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { modalActions } from '../store/slices/modal'
import { networkActions } from '../store/slices/network'
import { NetworkNotFoundError, PorticoError, toRpcError } from '../errors'
import { getSagaContext, type SagaContext } from './context'
import type { WalletConnectClient } from '../walletconnect/types'
import { errorMessage } from './errorMessage'

/**
 * Switches the active network: through the connected wallet of that namespace when
 * there is one (the wallet decides), else locally. The send slice clears itself on
 * the resulting `activeNetworkChanged` (SPEC §4).
 */
export function* switchNetworkSaga(action: ReturnType<typeof networkActions.switchRequested>): Generator<unknown, SwitchResult, never> {
  const { caipNetworkId } = action.payload
  const state = (yield select()) as PorticoState
  const network = state.network.networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!network) {
    yield put(alertsActions.alertRaised('networkNotFound'))
    return { error: new NetworkNotFoundError({ metaMessages: [`Network: ${caipNetworkId}`] }) }
  }
  yield put(networkActions.switchStarted({ caipNetworkId }))
  const namespace = network.chainNamespace
  const account = state.account.byNamespace[namespace]
  const connectorId = state.connectors.active[namespace]
  const context = (yield call(getSagaContext)) as SagaContext
  const switcher = context.plugins.get(namespace)?.connectors?.switchNetwork
  try {
    if (account?.status === 'connected' && connectorId === WALLET_CONNECT_CONNECTOR_ID && context.walletConnect) {
      // A remote session: the WalletConnect client switches (asking the wallet when it can).
      const client = (yield call(context.walletConnect)) as WalletConnectClient
      yield call(client.switchNetwork, caipNetworkId)
    } else if (account?.status === 'connected' && connectorId && switcher) {
      yield call(switcher, { connectorId, network })
    }
    yield put(networkActions.activeNetworkChanged({ caipNetworkId }))
    yield put(accountActions.networkChanged({ namespace, caipNetworkId }))
    // A wallet connected in several namespaces (the embedded wallet, a WalletConnect
    // session): the network's namespace becomes the active account, so the modal, the
    // dapp's useAccount and signMessage follow the network the visitor chose.
    if (account?.status === 'connected' && state.account.activeNamespace !== namespace) yield put(accountActions.activeNamespaceSet(namespace))
    return {}
  } catch (error) {
    yield put(networkActions.switchFailed())
    yield put(alertsActions.toastRequested({ message: errorMessage(error), variant: 'error' }))
    return { error: error instanceof PorticoError ? error : toRpcError(error) }
  }
}

export type SwitchResult = { error?: PorticoError }

/** SPEC §4: an unsupported network opens UnsupportedChain unless unsupported chains are allowed. */
export function* unsupportedChainSaga() {
  const state: PorticoState = yield select()
  if (state.network.unsupportedCaipNetworkId && !state.network.allowUnsupportedChain) {
    yield put(modalActions.opened({ route: { view: 'UnsupportedChain' } }))
  }
}

export function* networkSaga() {
  yield takeLatest(networkActions.switchRequested.type, switchNetworkSaga)
  yield takeEvery(networkActions.activeNetworkChanged.type, unsupportedChainSaga)
}
