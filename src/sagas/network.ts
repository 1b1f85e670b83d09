import { call as callEffect, put, race, take, takeEvery, takeLatest } from 'redux-saga/effects'
import { call, select } from './effects'
import type { Action } from '@reduxjs/toolkit'
import { WALLET_CONNECT_CONNECTOR_ID } from '../config/constants'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { connectorsActions } from '../store/slices/connectors'
import { modalActions } from '../store/slices/modal'
import { networkActions } from '../store/slices/network'
import { NetworkNotFoundError, PorticoError, RpcError, toRpcError } from '../errors'
import { routerActions } from '../store/slices/router'
import type { CaipNetwork } from '../types/network'
import { getSagaContext } from './context'
import { toRecord } from '../errors/toRecord'
import { ProviderRpcCode } from '../errors/rpcCodes'

/**
 * Switches the active network: through the connected wallet of that namespace when
 * there is one (the wallet decides; its account becomes the active one), else locally.
 * A network of another namespace than the connected account's, with no connection of
 * its own, waits for one instead (see `connectForNetwork`): the account shown never sits
 * beside a network of another namespace. The send slice clears itself on the resulting
 * `activeNetworkChanged` (SPEC §4).
 */
export function* switchNetworkSaga(action: ReturnType<typeof networkActions.switchRequested>): Generator<unknown, SwitchResult, never> {
  const { caipNetworkId } = action.payload
  const state = yield* select()
  const network = state.network.networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!network) {
    yield put(alertsActions.alertRaised('networkNotFound'))
    return { error: new NetworkNotFoundError({ metaMessages: [`Network: ${caipNetworkId}`] }) }
  }
  const namespace = network.chainNamespace
  const account = state.account.byNamespace[namespace]
  const shown = state.account.activeNamespace ? state.account.byNamespace[state.account.activeNamespace] : undefined
  if (account?.status !== 'connected' && shown?.status === 'connected' && state.account.activeNamespace !== namespace) {
    return yield* call(connectForNetwork, network)
  }
  yield put(networkActions.switchStarted({ caipNetworkId }))
  const connectorId = state.connectors.active[namespace]
  const context = yield* call(getSagaContext)
  const switcher = context.plugins.get(namespace)?.connectors?.switchNetwork
  try {
    if (account?.status === 'connected' && connectorId === WALLET_CONNECT_CONNECTOR_ID && context.walletConnect) {
      // A remote session: the WalletConnect client switches (asking the wallet when it can).
      const client = yield* call(context.walletConnect)
      yield callEffect(client.switchNetwork, caipNetworkId)
    } else if (account?.status === 'connected' && connectorId && switcher) {
      yield callEffect(switcher, { connectorId, network })
    }
    yield put(networkActions.activeNetworkChanged({ caipNetworkId }))
    yield put(accountActions.networkChanged({ namespace, caipNetworkId }))
    // A wallet connected in several namespaces (the embedded wallet, a WalletConnect
    // session): the network's namespace becomes the active account, so the modal, the
    // dapp's useAccount and signMessage follow the network the visitor chose.
    if (account?.status === 'connected' && state.account.activeNamespace !== namespace) yield put(accountActions.activeNamespaceSet(namespace))
    yield* call(leaveNetworkList)
    return {}
  } catch (error) {
    yield put(networkActions.switchFailed())
    yield put(alertsActions.toastRequested({ message: toRecord(error), variant: 'error' }))
    return { error: error instanceof PorticoError ? error : toRpcError(error) }
  }
}

export type SwitchResult = { error?: PorticoError }

/**
 * After a switch chosen in the network list, the visitor is done there: back to the view
 * they came from (the Account view, with the new network's balance), or, when the dapp
 * opened the modal on the list itself, the modal closes.
 */
function* leaveNetworkList() {
  const { modal, router } = yield* select()
  if (!modal.open || router.history.at(-1)?.view !== 'Networks') return
  yield put(router.history.length > 1 ? routerActions.goBack() : modalActions.closeRequested())
}

/**
 * A switch to a network whose namespace has no connection while another namespace's
 * account is shown: the modal shows the Connect view for that namespace, and the switch
 * finishes once the visitor connected it (the connect saga connects on this network;
 * should the wallet come back on another of the namespace, it is asked to switch). When
 * the modal closes first, nothing changed and the switch fails with a 4001 `RpcError`.
 */
export function* connectForNetwork(network: CaipNetwork): Generator<unknown, SwitchResult, never> {
  const { caipNetworkId, chainNamespace: namespace } = network
  yield put(networkActions.connectionAwaited({ caipNetworkId }))
  try {
    const state = yield* select()
    if (state.modal.open) yield put(routerActions.push({ view: 'Connect' }))
    else yield put(modalActions.opened({ route: { view: 'Connect' } }))
    const outcome = (yield race({
      // putConnected's second step: the account is in place (its network too), the connector active.
      connected: take((action: Action) => connectorsActions.connectSucceeded.match(action) && action.payload.namespace === namespace),
      closed: take(modalActions.closed.type),
    })) as { connected?: ReturnType<typeof connectorsActions.connectSucceeded>; closed?: unknown }
    if (!outcome.connected) {
      return { error: new RpcError(ProviderRpcCode.UserRejectedRequest, { message: { key: 'modalClosedBeforeConnect', params: { network: network.name } } }) }
    }
  } finally {
    yield put(networkActions.connectionAwaitEnded())
  }
  const after = yield* select()
  const account = after.account.byNamespace[namespace]
  // Connected on the chosen network and shown: putConnected moves the active network there next.
  if (after.account.activeNamespace === namespace && account?.caipAddress?.startsWith(`${caipNetworkId}:`)) return {}
  return yield* call(switchNetworkSaga, networkActions.switchRequested({ caipNetworkId }))
}

/** SPEC §4: an unsupported network opens UnsupportedChain unless unsupported chains are allowed. */
export function* unsupportedChainSaga() {
  const state: PorticoState = yield* select()
  if (state.network.unsupportedCaipNetworkId && !state.network.allowUnsupportedChain) {
    yield put(modalActions.opened({ route: { view: 'UnsupportedChain' } }))
  }
}

export function* networkSaga() {
  yield takeLatest(networkActions.switchRequested.type, switchNetworkSaga)
  yield takeEvery(networkActions.activeNetworkChanged.type, unsupportedChainSaga)
}
