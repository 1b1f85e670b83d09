import { call as callEffect, put } from 'redux-saga/effects'
import { call, select } from './effects'
import type { FrameUser } from '../frame'
import type { EmbeddedNamespace, NamespacePlugin } from '../plugins/types'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { networkActions } from '../store/slices/network'
import type { ConnectorInfo } from '../types/connector'
import type { CaipNetwork } from '../types/network'
import type { EmbeddedUser } from '../types/user'
import { putConnected } from './connectors'
import { attachEmbeddedWallet, loadFrame, type EmbeddedHolder } from './embeddedFrame'
import { toReason, toRecord } from '../errors/toRecord'

/** Same id as the primary namespace's connector ('auth', embeddedConnection.ts), kept here to avoid an import cycle. */
const EMBEDDED_CONNECTOR_ID = 'auth'

/** A plugin whose namespace the embedded user joins, with its loaded `embedded` side. */
export type JoinedNamespace = { plugin: NamespacePlugin; side: EmbeddedNamespace }

/** The plugins, besides the primary one, whose namespace the embedded user joins (their `embedded` capability, loaded). */
export async function loadJoinedNamespaces(plugins: ReadonlyMap<string, NamespacePlugin>): Promise<JoinedNamespace[]> {
  const loaded = await Promise.all([...plugins.values()].map(async (plugin) => (plugin.embedded ? [{ plugin, side: await plugin.embedded.load() }] : [])))
  return loaded.flat().filter(({ side }) => side.primary !== true)
}

function joinedConnectorInfo(namespace: string, networks: readonly CaipNetwork[]): ConnectorInfo {
  return { id: EMBEDDED_CONNECTOR_ID, name: 'Email wallet', type: 'AUTH', chain: namespace, chains: networks.map((n) => n.caipNetworkId) }
}

function toJoinedUser(user: FrameUser, address: string, network: CaipNetwork): EmbeddedUser {
  return {
    email: user.email,
    address,
    chainId: network.caipNetworkId,
    accounts: [{ address, type: 'eoa' }],
    ...(user.userName !== undefined ? { userName: user.userName } : {}),
    smartAccountDeployed: false,
    preferredAccountType: 'eoa',
  }
}

/**
 * The joined namespace whose account the embedded login makes the active one: the active
 * network's, or on a restore (`interactive` false) the namespace shown before the reload.
 */
export function joinedActiveNamespace(state: PorticoState, namespaces: readonly JoinedNamespace[], interactive: boolean): string | undefined {
  const joined = namespaces.map(({ plugin }) => plugin.namespace)
  const active = state.network.networks.find((n) => n.caipNetworkId === state.network.activeCaipNetworkId)?.chainNamespace
  if (active !== undefined && joined.includes(active)) return active
  const shown = state.account.activeNamespace
  return !interactive && shown !== undefined && joined.includes(shown) ? shown : undefined
}

/**
 * The embedded user's accounts on the other namespaces whose plugin has an `embedded`
 * capability (Solana's ed25519 key, docs/embedded-wallet.md) join as connector 'auth' (type
 * AUTH): the plugin's wallet over the frame is attached to the plugin and connected through
 * the plugin's own `connect` and `putConnected`, so signing and sending run the plugin's
 * code unchanged and reach the frame as RPC requests.
 *
 * A namespace joins only with its plugin, one of its networks and an address for it in the
 * frame's user. A wallet the visitor connected themselves on it stays connected: the
 * embedded wallet does not take its place. A failure leaves the primary login as it is
 * and says so in a toast. When `activate` names a namespace that could not join, the
 * primary account (`primaryNetwork`) is made the active one.
 */
export function* joinEmbeddedNamespaces(
  holder: EmbeddedHolder,
  user: FrameUser,
  namespaces: readonly JoinedNamespace[],
  options: { socialProvider?: string | undefined; activate?: string | undefined; primaryNetwork?: CaipNetwork | undefined } = {},
) {
  let activated = false
  for (const joinedNamespace of namespaces) {
    const activate = options.activate === joinedNamespace.plugin.namespace
    const joined = yield* call(joinEmbedded, holder, joinedNamespace, user, { socialProvider: options.socialProvider, activate })
    if (joined && activate) activated = true
  }
  if (options.activate !== undefined && !activated && options.primaryNetwork) {
    yield put(accountActions.activeNamespaceSet(options.primaryNetwork.chainNamespace))
    yield put(networkActions.activeNetworkChanged({ caipNetworkId: options.primaryNetwork.caipNetworkId }))
  }
}

function* joinEmbedded(holder: EmbeddedHolder, { plugin, side }: JoinedNamespace, user: FrameUser, options: { socialProvider?: string | undefined; activate: boolean }) {
  const { namespace, connectors } = plugin
  const state = yield* select()
  const networks = state.network.networks.filter((n) => n.chainNamespace === namespace)
  const own = state.connectors.active[namespace]
  if (!connectors?.attach || networks.length === 0 || side.addressOf(user) === undefined) return false
  if (own !== undefined && own !== EMBEDDED_CONNECTOR_ID) return false
  const network = networks.find((n) => n.caipNetworkId === state.network.activeCaipNetworkId) ?? networks[0]!
  const info = joinedConnectorInfo(namespace, networks)

  yield put(accountActions.connecting({ namespace }))
  try {
    const frame = yield* call(loadFrame, holder)
    yield* call(attachEmbeddedWallet, holder, frame, plugin, { info, networks, user })
    const result = yield* call(connectors.connect, { connectorId: EMBEDDED_CONNECTOR_ID, network })
    yield callEffect(putConnected, namespace, info, result, { activate: options.activate })
    yield put(
      accountActions.userLoaded({
        namespace,
        user: toJoinedUser(user, result.address, network),
        ...(options.socialProvider ? { socialProvider: options.socialProvider } : {}),
      }),
    )
    return true
  } catch (error) {
    holder.attached.get(namespace)?.()
    holder.attached.delete(namespace)
    yield put(accountActions.connectFailed({ namespace }))
    yield put(alertsActions.toastRequested({ message: toRecord(error, { key: 'embeddedSolanaDidNotConnect', params: { reason: toReason(error) } }), variant: 'error' }))
    return false
  }
}
