import { buffers, eventChannel, type EventChannel, type Task } from 'redux-saga'
import { actionChannel, call, cancel, cancelled, delay, fork, put, race, select, spawn, take, takeEvery, takeLatest } from 'redux-saga/effects'
import type { Channel } from 'redux-saga'
import { Time, WALLET_CONNECT_CONNECTOR_ID } from '../config/constants'
import { WalletSessionError } from '../errors'
import type { PorticoState } from '../store/rootReducer'
import type { ConnectedAccount, ConnectorCapability } from '../plugins/types'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { connectorsActions } from '../store/slices/connectors'
import { modalActions } from '../store/slices/modal'
import { networkActions } from '../store/slices/network'
import { routerActions } from '../store/slices/router'
import { walletConnectActions, type WalletConnectSessionSummary } from '../store/slices/walletConnect'
import type { ConnectorInfo } from '../types/connector'
import type { CaipNetwork, CaipNetworkId } from '../types/network'
import { namespaceOfCaip, networkOfCaipAddress } from '../types/network'
import type { WalletConnectClient, WalletConnectEvent, WalletConnectPairing, WalletConnectSessionInfo } from '../walletconnect/types'
import { putConnected, resetNamespace, resetNamespaces } from './connectors'
import { getSagaContext, type SagaContext } from './context'
import { toReason, toRecord } from '../errors/toRecord'
import { PAIRING_REQUESTS, rememberedNamespaces, showConnectingView, type PairingRequest, type WalletConnectStart } from './walletConnectStart'
import { lazyState } from '../store/lazyState'

export { WALLET_CONNECT_CONNECTOR_ID }

const connectingViews = new Set(['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'])

/** The name a remote wallet shows for itself (Wallet Standard `name`). */
const WALLET_CONNECT_NAME = 'WalletConnect'

/**
 * The live client, once this saga loaded it, and the namespaces whose plugin drives the
 * session through an attached provider (with the functions that detach them). Shared by
 * the processes below, never stored.
 */
type ClientHolder = { client: WalletConnectClient | undefined; attached: Map<string, () => void> }

function* loadClient(holder: ClientHolder) {
  if (holder.client) return holder.client
  const context: SagaContext = yield call(getSagaContext)
  if (!context.walletConnect) throw WalletSessionError.notInitialized()
  const client: WalletConnectClient = yield call(context.walletConnect)
  holder.client = client
  return client
}

const summary = (session: WalletConnectSessionInfo): WalletConnectSessionSummary => ({
  topic: session.topic,
  peer: { name: session.peer.name, url: session.peer.url, icons: [...session.peer.icons] },
  namespaces: Object.keys(session.namespaces),
  expiry: session.expiry,
})

/** Namespaces the store holds as connected through WalletConnect. */
function walletConnectNamespaces(state: PorticoState): string[] {
  return Object.entries(state.connectors.active)
    .filter(([, connectorId]) => connectorId === WALLET_CONNECT_CONNECTOR_ID)
    .map(([namespace]) => namespace)
}

/**
 * One pairing, from URI to session. SPEC §4: the pairing expires after 4 minutes and
 * counts as expired within 10 s of that, so it is marked expired at 4 min − 10 s. While
 * the visitor still looks at a WalletConnect view a fresh URI replaces it at once;
 * otherwise the next `connectRequested` or `refreshRequested` makes one.
 */
export function* pairingSaga(holder: ClientHolder) {
  const context: SagaContext = yield call(getSagaContext)
  while (true) {
    yield put(walletConnectActions.pairingStarted())
    let pairing: WalletConnectPairing
    try {
      const client: WalletConnectClient = yield call(loadClient, holder)
      pairing = yield call(client.connect)
    } catch (error) {
      yield put(walletConnectActions.failed({ error: toRecord(error) }))
      return
    }
    const expiresAt = context.now() + Time.pairingExpiryMs
    yield put(walletConnectActions.uriReceived({ uri: pairing.uri, expiresAt }))
    try {
      const outcome: { session?: WalletConnectSessionInfo; expired?: true } = yield race({
        session: call(() => pairing.approval),
        expired: delay(Math.max(0, expiresAt - Time.pairingExpiryMarginMs - context.now())),
      })
      if (outcome.session) {
        yield call(onApproved, holder, outcome.session)
        return
      }
    } catch (error) {
      yield put(walletConnectActions.failed({ error: toRecord(error) }))
      return
    } finally {
      // A pairing left behind (expired, replaced, or the saga stopped) is dropped on the client too.
      const state: PorticoState = yield select()
      if (lazyState(state, 'walletConnect').status !== 'connected' && holder.client?.initialized) {
        // Detached: the pairing task may be the one being cancelled.
        yield spawn(abandon, holder.client, pairing.pairingTopic)
      }
    }
    yield put(walletConnectActions.expired())
    const state: PorticoState = yield select()
    const view = state.router.history[state.router.history.length - 1]?.view
    if (!state.modal.open || !view || !connectingViews.has(view)) return
  }
}

function* abandon(client: WalletConnectClient, pairingTopic: string) {
  try {
    yield call(client.abandonPairing, pairingTopic)
  } catch {
    // Best effort: an abandoned pairing also expires on its own.
  }
}

/**
 * The wallet approved: the session's accounts enter the store the way any connection
 * does (connectors.ts `putConnected`), one namespace at a time, the active network's
 * namespace first and shown; then the Account view, and the modal closes.
 */
function* onApproved(holder: ClientHolder, session: WalletConnectSessionInfo) {
  yield put(walletConnectActions.connected(summary(session)))
  yield call(connectNamespaces, holder, session, Object.keys(session.namespaces))
  const after: PorticoState = yield select()
  yield put(connectorsActions.recentAdded({ id: lazyState(after, 'walletConnect').walletId ?? WALLET_CONNECT_CONNECTOR_ID, name: session.peer.name, imageUrl: session.peer.icons[0] }))
  if (!after.network.unsupportedCaipNetworkId || after.network.allowUnsupportedChain) {
    yield put(routerActions.reset({ view: 'Account' }))
    yield put(modalActions.closeRequested({ force: true }))
  }
}

/**
 * The session's namespaces enter the store the way any connection does (connectors.ts
 * `putConnected`), one at a time: the active network's namespace (or `preferred`, the one
 * shown before a reload) first, and it is the one the modal shows; the others join in the background (`activate: false`), so the account
 * shown never flickers through another namespace's address while the rest connect. When
 * the active network's namespace does not connect, the first one that does is shown. A plugin that takes foreign wallets (`connectors.attach`) gets the
 * session as its own wallet shape first (an EIP-1193 provider for eip155), so signing,
 * sending, EIP-5792 and the provider events run through the plugin's code.
 */
function* connectNamespaces(holder: ClientHolder, session: WalletConnectSessionInfo, candidates: readonly string[], preferred?: string) {
  const state: PorticoState = yield select()
  const context: SagaContext = yield call(getSagaContext)
  const active = state.network.activeCaipNetworkId
  const namespaces = candidates.filter((ns) => (session.namespaces[ns]?.accounts.length ?? 0) > 0)
  const activeNamespace = (preferred !== undefined && namespaces.includes(preferred) ? preferred : undefined) ?? namespaces.find((ns) => active?.startsWith(`${ns}:`)) ?? namespaces[0]
  const ordered = [...(activeNamespace ? [activeNamespace] : []), ...namespaces.filter((ns) => ns !== activeNamespace)]
  let shown = false
  for (const namespace of ordered) {
    const accounts = accountsOf(session, namespace, active)
    if (!accounts) continue
    const info: ConnectorInfo = {
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: session.peer.name,
      type: 'WALLET_CONNECT',
      chain: namespace,
      chains: session.namespaces[namespace]!.chains,
      imageUrl: session.peer.icons[0],
    }
    const connectThroughPlugin = (yield call(attachProvider, holder, context, namespace, info)) as Awaited<ReturnType<typeof attachProvider>>
    yield put(accountActions.connecting({ namespace }))
    let result: ConnectedAccount | null = {
      address: accounts.addresses[0]!,
      accounts: accounts.addresses.map((address) => ({ address })),
      caipNetworkId: accounts.caipNetworkId,
    }
    if (connectThroughPlugin) {
      // The plugin records the connection it signs with (solana, bip122): its silent
      // reconnect, which the session's wallet answers without a round trip.
      const network = state.network.networks.find((n) => n.caipNetworkId === accounts.caipNetworkId)
      try {
        result = network ? ((yield call(connectThroughPlugin, network)) as ConnectedAccount | null) : null
      } catch (error) {
        result = null
        yield put(alertsActions.toastRequested({ message: toRecord(error, { key: 'accountDidNotConnect', params: { namespace, reason: toReason(error) } }), variant: 'error' }))
      }
    }
    if (!result) {
      holder.attached.get(namespace)?.()
      holder.attached.delete(namespace)
      yield put(accountActions.connectFailed({ namespace }))
      continue
    }
    yield call(putConnected, namespace, info, result, { activate: !shown })
    shown = true
  }
}

/**
 * Hands the namespace's plugin the session in the shape it takes (its `remote`
 * capability builds the wallet: an EIP-1193 provider, a Wallet Standard wallet, a
 * sats-connect provider), when the plugin has one and takes foreign wallets. Returns how
 * to connect it through the plugin when the plugin keeps its own connection, else
 * undefined (the session's accounts are the account).
 */
async function attachProvider(holder: ClientHolder, context: SagaContext, namespace: string, info: ConnectorInfo) {
  const plugin = context.plugins.get(namespace)
  const connectors = plugin?.connectors
  if (!connectors?.attach || !plugin?.remote || !holder.client) return undefined
  const remote = await plugin.remote.load()
  const wallet = await remote.createWallet(holder.client, { name: WALLET_CONNECT_NAME })
  holder.attached.get(namespace)?.()
  const detach = connectors.attach({ info, provider: wallet.provider })
  holder.attached.set(namespace, () => {
    detach()
    wallet.destroy()
  })
  if (wallet.connect !== 'plugin') return undefined
  return connectThrough(connectors, info)
}

/** Connects the attached provider through the plugin: its silent `reconnect` when it has one. */
function connectThrough(connectors: ConnectorCapability, info: ConnectorInfo) {
  const join = connectors.reconnect ?? connectors.connect
  return (network: CaipNetwork) => join({ connectorId: info.id, network })
}

/** The session ended: the plugins forget its providers. */
function detachProviders(holder: ClientHolder) {
  for (const detach of holder.attached.values()) detach()
  holder.attached.clear()
}

/** The addresses of `namespace` on the active network when the wallet approved it, else on its first chain. */
function accountsOf(session: WalletConnectSessionInfo, namespace: string, active: CaipNetworkId | undefined) {
  const parsed = (session.namespaces[namespace]?.accounts ?? []).map((account) => {
    const [ns, reference, ...rest] = account.split(':')
    return { caipNetworkId: `${ns}:${reference}` as CaipNetworkId, address: rest.join(':') }
  })
  const chain = active && parsed.some((a) => a.caipNetworkId === active) ? active : parsed[0]?.caipNetworkId
  if (!chain) return undefined
  return { caipNetworkId: chain, addresses: [...new Set(parsed.filter((a) => a.caipNetworkId === chain).map((a) => a.address))] }
}

/** The wallet ended the session: its namespaces end together (connectors.ts `resetNamespaces`). */
function* endSession() {
  yield put(walletConnectActions.disconnected())
  const state: PorticoState = yield select()
  yield call(resetNamespaces, walletConnectNamespaces(state))
}

/**
 * Session events become store actions (SPEC §4): session_update, chain and account
 * changes, and session_delete (already cleaned up by the client) as a disconnect.
 * Ends when the session ends, from either side.
 */
export function* watchSessionSaga(holder: ClientHolder) {
  let client: WalletConnectClient
  try {
    client = yield call(loadClient, holder)
  } catch {
    return
  }
  const channel: EventChannel<WalletConnectEvent> = eventChannel((emit) => client.onEvent(emit), buffers.expanding(8))
  try {
    while (true) {
      const { event }: { event?: WalletConnectEvent } = yield race({ event: take(channel), ended: take(walletConnectActions.disconnected.type) })
      if (!event) return
      if (event.type === 'disconnect') {
        yield call(endSession)
        return
      }
      if (event.type === 'relay') {
        yield put(walletConnectActions.relayStatusChanged({ connected: event.connected }))
        continue
      }
      if (event.type === 'walletRequest') {
        yield put(event.waiting ? walletConnectActions.walletRequestSent() : walletConnectActions.walletRequestSettled())
        continue
      }
      yield call(applySessionEvent, event, holder)
    }
  } finally {
    channel.close()
  }
}

function* applySessionEvent(event: Exclude<WalletConnectEvent, { type: 'disconnect' | 'relay' | 'walletRequest' }>, holder: ClientHolder) {
  const state: PorticoState = yield select()
  // A namespace driven through an attached provider hears these changes as provider
  // events (the connector watcher of connectors.ts turns them into the same actions).
  const connected = walletConnectNamespaces(state).filter((namespace) => !holder.attached.has(namespace))
  if (event.type === 'chainChanged') {
    const namespace = namespaceOfCaip(event.caipNetworkId)
    if (!connected.includes(namespace)) return
    yield put(networkActions.activeNetworkChanged({ caipNetworkId: event.caipNetworkId }))
    yield put(accountActions.networkChanged({ namespace, caipNetworkId: event.caipNetworkId }))
    return
  }
  if (event.type === 'accountsChanged') {
    if (!connected.includes(event.namespace)) return
    if (event.accounts.length === 0) {
      yield call(resetNamespace, event.namespace)
      return
    }
    const caipAddress = state.account.byNamespace[event.namespace]?.caipAddress
    const caipNetworkId = caipAddress && networkOfCaipAddress(caipAddress)
    if (caipNetworkId && event.accounts[0] !== state.account.byNamespace[event.namespace]?.address) {
      yield put(accountActions.addressChanged({ namespace: event.namespace, address: event.accounts[0]!, caipNetworkId }))
    }
    return
  }
  // session_update: namespaces may have gone, chains narrowed, accounts changed.
  yield put(walletConnectActions.sessionUpdated(summary(event.session)))
  for (const namespace of connected) {
    const account = state.account.byNamespace[namespace]
    const current = account?.caipAddress && networkOfCaipAddress(account.caipAddress)
    const accounts = accountsOf(event.session, namespace, current)
    if (!accounts) {
      yield call(resetNamespace, namespace)
      continue
    }
    if (accounts.caipNetworkId !== current) {
      if (namespace === state.account.activeNamespace) yield put(networkActions.activeNetworkChanged({ caipNetworkId: accounts.caipNetworkId }))
      yield put(accountActions.networkChanged({ namespace, caipNetworkId: accounts.caipNetworkId }))
    }
    if (!accounts.addresses.includes(account?.address ?? '')) {
      yield put(accountActions.addressChanged({ namespace, address: accounts.addresses[0]!, caipNetworkId: accounts.caipNetworkId }))
    }
  }
}

/**
 * The visitor disconnected in the modal (any path that resets the namespaces): once no
 * namespace is held through WalletConnect any more, the session ends on the wallet too.
 */
function* disconnectWhenUnused(holder: ClientHolder) {
  const state: PorticoState = yield select()
  if (lazyState(state, 'walletConnect').status !== 'connected' || walletConnectNamespaces(state).length > 0) return
  yield put(walletConnectActions.disconnected())
  const client = holder.client
  if (!client?.initialized) return
  try {
    yield call(client.disconnect)
  } catch {
    // The session is gone locally; the wallet's copy expires on its own.
  }
}

/** Drops remembered connections that cannot be restored (persistence.ts keeps the rest). */
function* forgetConnections(namespaces: readonly string[]) {
  if (namespaces.length === 0) return
  const context: SagaContext = yield call(getSagaContext)
  const saved = context.storage.read()
  for (const namespace of namespaces) if (saved.connections[namespace] === WALLET_CONNECT_CONNECTOR_ID) delete saved.connections[namespace]
  context.storage.write(saved)
}

/**
 * After a reload: the last connection was WalletConnect, so the chunk loads and the
 * sign-client restores its sessions from its storage (IndexedDB in the browser). The
 * newest live session reconnects the remembered namespaces silently: no prompt, no
 * view, the modal stays as it is. No live session (deleted, expired, storage cleared)
 * means the connection is forgotten. A namespace the visitor connected by hand
 * meanwhile wins.
 */
export function* restoreSessionSaga(holder: ClientHolder, namespaces: readonly string[]) {
  try {
    yield call(restoreSession, holder, namespaces)
  } finally {
    for (const namespace of namespaces) yield put(connectorsActions.restoreEnded({ namespace }))
  }
}

function* restoreSession(holder: ClientHolder, namespaces: readonly string[]) {
  let session: WalletConnectSessionInfo | undefined
  try {
    const client: WalletConnectClient = yield call(loadClient, holder)
    session = yield call(client.restoreSession)
  } catch {
    session = undefined
  }
  const state: PorticoState = yield select()
  if (!session) {
    yield call(forgetConnections, namespaces)
    return
  }
  if (lazyState(state, 'walletConnect').status === 'connected') return
  const restorable = namespaces.filter((ns) => (session.namespaces[ns]?.accounts.length ?? 0) > 0 && !state.connectors.active[ns])
  yield call(
    forgetConnections,
    namespaces.filter((ns) => !session.namespaces[ns]),
  )
  if (restorable.length === 0) return
  yield put(walletConnectActions.connected(summary(session)))
  // The account shown before the reload is shown again (the restore laid it over the store
  // as the active namespace: persistence.ts stores the shown namespace first).
  yield call(connectNamespaces, holder, session, restorable, state.account.activeNamespace)
}

/**
 * The WalletConnect process. `connectRequested` shows ConnectingWalletConnect, loads
 * the WalletConnect chunk and pairs (a live pairing is kept rather than replaced);
 * `refreshRequested` always makes a fresh URI. On approval the session's events are
 * watched until it ends. Stopping the saga (portico.destroy()) closes the client.
 */
export function* walletConnectSaga(start?: WalletConnectStart) {
  const holder: ClientHolder = { client: undefined, attached: new Map() }
  let pairing: Task | undefined
  yield takeLatest(walletConnectActions.connected.type, watchSessionSaga, holder)
  yield takeEvery(connectorsActions.disconnected.type, disconnectWhenUnused, holder)
  yield takeEvery(walletConnectActions.disconnected.type, detachProviders, holder)
  // Lazy: the chunk loads on start only when the last connection was WalletConnect.
  const context: SagaContext = yield call(getSagaContext)
  const remembered = rememberedNamespaces(context)
  if (remembered.length > 0 && context.walletConnect) yield fork(restoreSessionSaga, holder, remembered)
  const requests: Channel<PairingRequest> = start?.requests ?? ((yield actionChannel(PAIRING_REQUESTS)) as Channel<PairingRequest>)
  let next: PairingRequest | undefined = start?.first
  try {
    while (true) {
      const action: PairingRequest = next ?? ((yield take(requests)) as PairingRequest)
      next = undefined
      const state: PorticoState = yield select()
      if (walletConnectActions.connectRequested.match(action)) {
        yield call(showConnectingView, action)
        // The view asks on every mount; a pairing still in progress keeps its URI.
        if (pairing?.isRunning() && lazyState(state, 'walletConnect').status === 'pairing') continue
      }
      if (pairing?.isRunning()) yield cancel(pairing)
      pairing = (yield fork(pairingSaga, holder)) as Task
    }
  } finally {
    if ((yield cancelled()) as boolean) {
      requests.close()
      const client = holder.client
      holder.client = undefined
      detachProviders(holder)
      if (client) void client.destroy().catch(() => undefined)
    }
  }
}
