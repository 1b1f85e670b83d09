import { buffers, eventChannel, type EventChannel } from 'redux-saga'
import { actionChannel, all, call as callEffect, cancel, fork, put, spawn, take, takeEvery, takeLatest } from 'redux-saga/effects'
import { call, select } from './effects'
import type { Channel, Task } from 'redux-saga'
import { ConnectorNotFoundError, FailedToDisconnectError } from '../errors'
import type { ConnectedAccount, ConnectorEvent, NamespacePlugin } from '../plugins/types'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { connectorsActions } from '../store/slices/connectors'
import { modalActions } from '../store/slices/modal'
import { networkActions } from '../store/slices/network'
import { routerActions } from '../store/slices/router'
import type { ConnectorInfo } from '../types/connector'
import { getSagaContext, type SagaContext } from './context'
import { toRecord } from '../errors/toRecord'
import { networkOfCaipAddress } from '../types/network'

/** Runs each plugin's connector discovery and mirrors its lists into the store. */
export function* discoverySaga() {
  const context: SagaContext = yield* call(getSagaContext)
  const tasks = [...context.plugins.values()].filter((plugin) => plugin.connectors).map((plugin) => callEffect(discoverNamespace, plugin, context))
  yield all(tasks)
}

function* discoverNamespace(plugin: NamespacePlugin, context: SagaContext) {
  const networks = context.config.networks.filter((n) => n.chainNamespace === plugin.namespace)
  // Discovery may report synchronously while subscribing; only the latest list matters.
  const channel: EventChannel<readonly ConnectorInfo[]> = eventChannel(
    (emit) => plugin.connectors!.discover({ projectId: context.config.projectId ?? '', networks, window: context.window }, (list) => emit([...list])),
    buffers.sliding(1),
  )
  try {
    while (true) {
      const connectors: readonly ConnectorInfo[] = yield take(channel)
      yield put(connectorsActions.discovered({ namespace: plugin.namespace, connectors }))
    }
  } finally {
    channel.close()
  }
}

/** Connects a connector, shows the Connecting view meanwhile, and watches its events. */
export function* connectSaga(action: ReturnType<typeof connectorsActions.connectRequested>) {
  const { connectorId, namespace } = action.payload
  const context: SagaContext = yield* call(getSagaContext)
  const plugin = context.plugins.get(namespace)
  const state: PorticoState = yield* select()
  const info = state.connectors.byNamespace[namespace]?.find((c) => c.id === connectorId)
  // The network a switch waits on this connection for, else the active one when it is this namespace's, else its first.
  const ofNamespace = (id: string | undefined) => state.network.networks.find((n) => n.caipNetworkId === id && n.chainNamespace === namespace)
  const network = ofNamespace(state.network.awaitingConnection) ?? ofNamespace(state.network.activeCaipNetworkId) ?? state.network.networks.find((n) => n.chainNamespace === namespace)
  if (!plugin?.connectors || !info || !network) {
    yield put(connectorsActions.connectFailed({ error: toRecord(new ConnectorNotFoundError()) }))
    return
  }
  yield put(accountActions.connecting({ namespace }))
  yield put(routerActions.push({ view: 'ConnectingExternal', params: { connectorId } }))
  try {
    const result: ConnectedAccount = yield* call(plugin.connectors.connect, { connectorId, network })
    yield callEffect(putConnected, namespace, info, result)
    yield put(connectorsActions.recentAdded({ id: connectorId, name: info.name, imageUrl: info.imageUrl, rdns: info.info?.rdns }))
    const after: PorticoState = yield* select()
    if (!after.network.unsupportedCaipNetworkId || after.network.allowUnsupportedChain) {
      yield put(routerActions.reset({ view: 'Account' }))
      yield put(modalActions.closeRequested({ force: true }))
    }
  } catch (error) {
    yield put(accountActions.connectFailed({ namespace }))
    yield put(connectorsActions.connectFailed({ error: toRecord(error) }))
  }
}

/**
 * Records a live connection in the store: the account, the active connector (which
 * starts its event watcher) and the wallet's network. Shared by connect and reconnect.
 * `activate: false` joins a namespace without making it the active account or moving the
 * active network (a wallet's second namespace, e.g. the embedded wallet's Solana account).
 */
export function* putConnected(namespace: string, info: ConnectorInfo, result: ConnectedAccount, options: { activate?: boolean | undefined } = {}) {
  const activate = options.activate !== false
  yield put(
    accountActions.connected({
      namespace,
      address: result.address,
      caipNetworkId: result.caipNetworkId,
      allAccounts: result.accounts.map((a) => ({ ...a })),
      connectedWalletInfo: { connectorId: info.id, name: info.name, type: info.type, icon: info.imageUrl },
      ...(activate ? {} : { activate: false }),
    }),
  )
  yield put(connectorsActions.connectSucceeded({ connectorId: info.id, namespace }))
  if (activate) yield put(networkActions.activeNetworkChanged({ caipNetworkId: result.caipNetworkId }))
}

/**
 * Owns one event watcher per connected namespace: started when a connection succeeds,
 * cancelled when the namespace disconnects (by the visitor, or by the wallet).
 */
export function* connectionWatchersSaga() {
  const context = yield* call(getSagaContext)
  const tasks = new Map<string, Task>()
  const channel = (yield actionChannel([connectorsActions.connectSucceeded.type, connectorsActions.disconnected.type])) as Channel<
    ReturnType<typeof connectorsActions.connectSucceeded> | ReturnType<typeof connectorsActions.disconnected>
  >
  while (true) {
    const action = (yield take(channel)) as ReturnType<typeof connectorsActions.connectSucceeded> | ReturnType<typeof connectorsActions.disconnected>
    const { namespace } = action.payload
    const previous = tasks.get(namespace)
    tasks.delete(namespace)
    if (previous?.isRunning()) yield cancel(previous)
    const watch = context.plugins.get(namespace)?.connectors?.watch
    if (connectorsActions.connectSucceeded.match(action) && watch) {
      tasks.set(namespace, (yield fork(watchConnector, watch, namespace, action.payload.connectorId)) as Task)
    }
  }
}

/** Provider events (accountsChanged, chainChanged, disconnect) become store actions. */
export function* watchConnector(watch: NonNullable<NonNullable<NamespacePlugin['connectors']>['watch']>, namespace: string, connectorId: string) {
  // Every provider event counts (an account change then a chain change), so none is dropped.
  const channel: EventChannel<ConnectorEvent> = eventChannel((emit) => watch({ connectorId }, emit), buffers.expanding(8))
  try {
    while (true) {
      const event: ConnectorEvent = yield take(channel)
      const state: PorticoState = yield* select()
      if (event.type === 'disconnect' || (event.type === 'accountsChanged' && event.accounts.length === 0)) {
        // Detached: the reset's `disconnected` cancels this watcher (connectionWatchersSaga),
        // which must not cut the reset short (the namespaces ending with it, the network).
        yield spawn(resetNamespace, namespace)
        return
      }
      if (event.type === 'accountsChanged') {
        const caipAddress = state.account.byNamespace[namespace]?.caipAddress
        const caipNetworkId = caipAddress && networkOfCaipAddress(caipAddress)
        if (caipNetworkId && event.accounts[0]) {
          yield put(accountActions.addressChanged({ namespace, address: event.accounts[0], caipNetworkId }))
        }
      } else {
        // The active network follows the shown account's wallet only: a wallet of a namespace
        // in the background moving chains must not put its network beside another account.
        if (state.account.activeNamespace === namespace || state.account.activeNamespace === undefined) {
          yield put(networkActions.activeNetworkChanged({ caipNetworkId: event.caipNetworkId }))
        }
        yield put(accountActions.networkChanged({ namespace, caipNetworkId: event.caipNetworkId }))
      }
    }
  } finally {
    channel.close()
  }
}

/** SPEC §4 chain disconnect of one namespace (see `resetNamespaces`). */
export function* resetNamespace(namespace: string) {
  yield callEffect(resetNamespaces, [namespace])
}

/**
 * SPEC §4 chain disconnect of namespaces that end together (a WalletConnect session, the
 * visitor's "disconnect all", and see `endingWith`): each account reset and its connector
 * gone, then `settleAfterDisconnect` once, so the active network never passes through the
 * networks of the accounts still on their way out.
 */
export function* resetNamespaces(namespaces: readonly string[]) {
  const before: PorticoState = yield* select()
  for (const namespace of namespaces) yield callEffect(clearNamespace, namespace)
  yield callEffect(settleAfterDisconnect, before)
}

/** Resets `namespace` and the namespaces that end with it, without settling the network. */
function* clearNamespace(namespace: string) {
  const state: PorticoState = yield* select()
  for (const ending of endingWith(state, namespace)) {
    yield put(accountActions.chainDisconnected({ namespace: ending }))
    yield put(connectorsActions.disconnected({ namespace: ending }))
  }
}

/**
 * `namespace`, and when its connection is the embedded wallet's (type AUTH: one user with
 * an address in each namespace, one sign-out for all), every other namespace connected
 * through that same connector: "Disconnect clears both" (docs/embedded-wallet.md).
 */
function endingWith(state: PorticoState, namespace: string): string[] {
  const connectorId = state.connectors.active[namespace]
  if (connectorId === undefined || state.account.byNamespace[namespace]?.connectedWalletInfo?.type !== 'AUTH') return [namespace]
  const siblings = Object.keys(state.connectors.active).filter((other) => other !== namespace && state.connectors.active[other] === connectorId)
  return [namespace, ...siblings]
}

/**
 * After a disconnect: with an account left, the active network follows the one shown
 * (`followShownAccount`); with none, the Connect view, and the active network is the
 * dapp's default again (issue 26: it used to stay on the last namespace's, so the next
 * visitor met "Bitcoin Regtest" or "Solana Localnet" where the dapp chose Ethereum).
 */
function* settleAfterDisconnect(before: PorticoState) {
  const state: PorticoState = yield* select()
  if (Object.values(state.account.byNamespace).some((a) => a.status === 'connected')) {
    yield callEffect(followShownAccount, before)
    return
  }
  yield put(routerActions.reset({ view: 'Connect' }))
  const context: SagaContext = yield* call(getSagaContext)
  const fallback = context.config.defaultNetwork?.caipNetworkId
  if (fallback && (state.network.activeCaipNetworkId !== fallback || state.network.unsupportedCaipNetworkId)) {
    yield put(networkActions.activeNetworkChanged({ caipNetworkId: fallback }))
  }
}

/**
 * When another namespace's account is shown than in `before` (the shown one went away),
 * the active network follows it, so it never sits beside the old namespace's network.
 */
export function* followShownAccount(before: PorticoState) {
  const state: PorticoState = yield* select()
  const shown = state.account.activeNamespace
  const account = shown && shown !== before.account.activeNamespace ? state.account.byNamespace[shown] : undefined
  if (account?.status !== 'connected' || !account.caipAddress) return
  yield put(networkActions.activeNetworkChanged({ caipNetworkId: networkOfCaipAddress(account.caipAddress) }))
}

/**
 * Disconnects one namespace, or every connected one. A wallet that fails to
 * disconnect keeps its state and the visitor sees 'Failed to disconnect'.
 */
export function* disconnectSaga(action: ReturnType<typeof connectorsActions.disconnectRequested>): Generator<unknown, DisconnectResult, never> {
  const context = yield* call(getSagaContext)
  const state = yield* select()
  const failed: DisconnectResult['failed'] = []
  const before = state
  const namespaces = action.payload?.namespace ? [action.payload.namespace] : Object.keys(state.connectors.active)
  // SPEC §4 modal loading state: the modal waits (and takes no second click) while wallets let go.
  yield put(modalActions.setLoading(true))
  try {
    for (const namespace of namespaces) {
      const connectorId = state.connectors.active[namespace]
      const connectors = context.plugins.get(namespace)?.connectors
      try {
        if (connectorId && connectors) yield callEffect(connectors.disconnect, { connectorId })
      } catch (error) {
        const failure = new FailedToDisconnectError({ cause: error })
        failed.push({ namespace, error: failure })
        yield put(alertsActions.toastRequested({ message: toRecord(failure), variant: 'error' }))
        continue
      }
      yield callEffect(clearNamespace, namespace)
    }
    yield callEffect(settleAfterDisconnect, before)
  } finally {
    yield put(modalActions.setLoading(false))
  }
  return { failed }
}

export type DisconnectResult = { failed: { namespace: string; error: FailedToDisconnectError }[] }

export function* connectorsSaga() {
  yield fork(discoverySaga)
  yield fork(connectionWatchersSaga)
  yield takeLatest(connectorsActions.connectRequested.type, connectSaga)
  yield takeEvery(connectorsActions.disconnectRequested.type, disconnectSaga)
}
