import { call, delay, fork, put, race, select, take, takeEvery } from 'redux-saga/effects'
import { WALLET_CONNECT_CONNECTOR_ID } from '../config/constants'
import type { ConnectedAccount } from '../plugins/types'
import { hydrateAction } from '../store/hydrate'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { connectorsActions } from '../store/slices/connectors'
import type { ConnectorInfo } from '../types/connector'
import { followShownAccount, putConnected } from './connectors'
import { getSagaContext, type SagaContext } from './context'
import { EMBEDDED_CONNECTOR_ID } from './embeddedConnection'

/** How long a remembered wallet has to announce itself again after a reload. */
export const RECONNECT_DISCOVERY_TIMEOUT_MS = 3_000

/**
 * The longest any restore may keep `connectors.restoring` set: the embedded wallet's
 * frame may take its 20 s load timeout (SPEC §9) and a WalletConnect relay its 15 s
 * connect timeout before they give up; past this, nobody waits any longer.
 */
export const RESTORE_TIMEOUT_MS = 25_000

/**
 * Writes what must survive a reload whenever it changes. The shown account's namespace
 * is written first among the connections: the next visit shows it first (hydrate).
 */
export function* persistSaga() {
  const context: SagaContext = yield call(getSagaContext)
  const state: PorticoState = yield select()
  const shown = state.account.activeNamespace
  const active = Object.entries(state.connectors.active)
  const connections = Object.fromEntries([...active.filter(([ns]) => ns === shown), ...active.filter(([ns]) => ns !== shown)])
  context.storage.write({ recentWallets: state.connectors.recent.map((w) => ({ ...w })), connections })
}

/**
 * Restores the previous session on start. `createPortico` already laid the last visit
 * over the store before any process ran (the server's `initialState`, else this
 * storage), so the first render shows the recent wallets and each remembered connection
 * as `reconnecting`; here each connection comes back once its connector is discovered
 * again, through the plugin's silent `reconnect` (no prompt). A wallet that no longer
 * authorises the dapp is forgotten.
 */
export function* restoreSaga() {
  const context: SagaContext = yield call(getSagaContext)
  const saved = context.storage.read()
  const before: PorticoState = yield select()
  // This browser's storage is the truth: what the server's cookie named but the storage
  // no longer holds (another tab disconnected since the page was served) is not
  // restored, and what a store made without createPortico never showed is laid now.
  for (const [namespace, connectorId] of Object.entries(before.connectors.restoring)) {
    if (saved.connections[namespace] !== connectorId) yield put(connectorsActions.restoreEnded({ namespace }))
  }
  if (saved.recentWallets.length > 0 || Object.keys(saved.connections).length > 0) yield put(hydrateAction(before, saved))
  const state: PorticoState = yield select()
  const restoring = Object.entries(state.connectors.restoring)
  if (restoring.length === 0) return
  // Each path below ends its own namespaces (restoreEnded, or connectSucceeded); the
  // watchdog ends whatever a path could not (no WalletConnect client configured, say).
  yield fork(restoreWatchdog)
  for (const [namespace, connectorId] of restoring) {
    // A WalletConnect session is restored by walletConnectSaga, which owns the client
    // (its chunk loads only then); no plugin discovers a 'walletConnect' connector.
    if (connectorId === WALLET_CONNECT_CONNECTOR_ID) continue
    // The embedded wallet is never discovered either: embeddedConnection.ts restores it from the login cache.
    if (connectorId === EMBEDDED_CONNECTOR_ID) continue
    yield fork(reconnectSaga, namespace, connectorId)
  }
}

function* restoreWatchdog() {
  yield delay(RESTORE_TIMEOUT_MS)
  const state: PorticoState = yield select()
  if (Object.keys(state.connectors.restoring).length > 0) yield call(endRestore)
}

/**
 * Ends the restore of `namespace` (every one when undefined). When the account that was
 * to be shown did not come back, the next connected one is shown, and the network follows it.
 */
export function* endRestore(namespace?: string) {
  const before: PorticoState = yield select()
  yield put(connectorsActions.restoreEnded(namespace === undefined ? undefined : { namespace }))
  yield call(followShownAccount, before)
}

export function* reconnectSaga(namespace: string, connectorId: string) {
  try {
    yield call(reconnectConnector, namespace, connectorId)
  } finally {
    yield call(endRestore, namespace)
  }
}

function* reconnectConnector(namespace: string, connectorId: string) {
  const context: SagaContext = yield call(getSagaContext)
  const reconnect = context.plugins.get(namespace)?.connectors?.reconnect
  if (!reconnect) return
  const info: ConnectorInfo | undefined = yield call(waitForConnector, namespace, connectorId)
  const state: PorticoState = yield select()
  const network =
    state.network.networks.find((n) => n.caipNetworkId === state.network.activeCaipNetworkId && n.chainNamespace === namespace) ?? state.network.networks.find((n) => n.chainNamespace === namespace)
  // The visitor may have connected by hand meanwhile; that wins.
  if (!info || !network || state.connectors.active[namespace]) {
    if (!info) yield call(forget, namespace)
    return
  }
  try {
    const result: ConnectedAccount | null = yield call(reconnect, { connectorId, network })
    // The remembered connections come back in parallel, in whatever order their wallets
    // answer: the account shown before the reload (hydrate shows it first) stays shown, and
    // the others join in the background, unless the shown one is gone already.
    const now: PorticoState = yield select()
    const shown = now.account.activeNamespace
    const shownStatus = shown === undefined ? undefined : now.account.byNamespace[shown]?.status
    const activate = shown === namespace || (shownStatus !== 'connected' && shownStatus !== 'reconnecting')
    if (result) yield call(putConnected, namespace, info, result, { activate })
    else yield call(forget, namespace)
  } catch {
    yield call(forget, namespace)
  }
}

function* waitForConnector(namespace: string, connectorId: string) {
  const find = (state: PorticoState) => state.connectors.byNamespace[namespace]?.find((c) => c.id === connectorId)
  const deadline: { timeout?: true } = yield race({ timeout: delay(RECONNECT_DISCOVERY_TIMEOUT_MS), found: call(untilFound, find) })
  if (deadline.timeout) return undefined
  const state: PorticoState = yield select()
  return find(state)
}

function* untilFound(find: (state: PorticoState) => ConnectorInfo | undefined) {
  while (true) {
    const state: PorticoState = yield select()
    if (find(state)) return
    yield take(connectorsActions.discovered.type)
  }
}

function* forget(namespace: string) {
  const context: SagaContext = yield call(getSagaContext)
  const saved = context.storage.read()
  delete saved.connections[namespace]
  context.storage.write(saved)
}

export function* persistenceSaga() {
  yield takeEvery([connectorsActions.recentAdded.type, connectorsActions.connectSucceeded.type, connectorsActions.disconnected.type, accountActions.activeNamespaceSet.type], persistSaga)
  yield fork(restoreSaga)
}
