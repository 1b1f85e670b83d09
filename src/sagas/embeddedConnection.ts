import { call, put, select } from 'redux-saga/effects'
import { Time } from '../config/constants'
import { ConnectorNotFoundError } from '../errors'
import type { FrameUser } from '../frame'
import type { ConnectedAccount } from '../plugins/types'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { connectorsActions } from '../store/slices/connectors'
import { embeddedActions } from '../store/slices/embedded'
import { modalActions } from '../store/slices/modal'
import { smartAccountActions } from '../store/slices/smartAccount'
import { routerActions } from '../store/slices/router'
import type { ConnectorInfo } from '../types/connector'
import type { CaipNetwork } from '../types/network'
import type { EmbeddedUser } from '../types/user'
import { putConnected } from './connectors'
import { getSagaContext, type SagaContext } from './context'
import { callFrame, loadFrame, type EmbeddedHolder } from './embeddedFrame'
import { connectEmbeddedSolana, EMBEDDED_SOLANA_NAMESPACE, solanaIsActive } from './embeddedSolana'

/** The connector id under which the embedded wallet appears in the store (type AUTH, SPEC §3). */
export const EMBEDDED_CONNECTOR_ID = 'auth'

/** The embedded wallet's EVM namespace; its Solana account joins through embeddedSolana.ts (docs/embedded-wallet.md). */
export const EMBEDDED_NAMESPACE = 'eip155'

export const embeddedConnectorInfo: ConnectorInfo = { id: EMBEDDED_CONNECTOR_ID, name: 'Email wallet', type: 'AUTH', chain: EMBEDDED_NAMESPACE }

/** The dapp's network for the embedded account: the active one when it is EVM, else the first EVM network. */
function targetNetwork(state: PorticoState): CaipNetwork | undefined {
  const evm = state.network.networks.filter((n) => n.chainNamespace === EMBEDDED_NAMESPACE)
  return evm.find((n) => n.caipNetworkId === state.network.activeCaipNetworkId) ?? evm[0]
}

const sameChain = (chainId: FrameUser['chainId'], network: CaipNetwork) => (typeof chainId === 'number' ? `eip155:${chainId}` === network.caipNetworkId : chainId === network.caipNetworkId)

function toEmbeddedUser(user: FrameUser): EmbeddedUser {
  return {
    email: user.email,
    address: user.address,
    chainId: user.chainId,
    ...(user.accounts ? { accounts: user.accounts.map((a) => ({ ...a })) } : {}),
    ...(user.userName !== undefined ? { userName: user.userName } : {}),
    ...(user.smartAccountDeployed !== undefined ? { smartAccountDeployed: user.smartAccountDeployed } : {}),
    ...(user.preferredAccountType !== undefined ? { preferredAccountType: user.preferredAccountType } : {}),
  }
}

/**
 * The frame signed a user in (CONNECT_OTP, CONNECT_EMAIL answering CONNECT, or a
 * restored session): the frame moves to the dapp's network, the provider is attached to
 * the eip155 plugin as connector 'auth' (type AUTH), and the account enters the store
 * through the plugin's own `connect` and `putConnected`, exactly as a browser wallet's
 * does. Signing, sending, switching and EIP-5792 then go through the plugin unchanged.
 * Interactive logins then show Account and close the modal.
 */
export function* connectEmbeddedUser(holder: EmbeddedHolder, signedIn: FrameUser, options: { interactive: boolean; socialProvider?: string | undefined }) {
  const context = (yield call(getSagaContext)) as SagaContext
  const plugin = context.plugins.get(EMBEDDED_NAMESPACE)
  const frame = (yield call(loadFrame, holder)) as Awaited<ReturnType<NonNullable<SagaContext['frame']>>>
  const state = (yield select()) as PorticoState
  const network = targetNetwork(state)
  if (!plugin?.connectors?.attach || !network) throw new ConnectorNotFoundError({ details: 'The embedded wallet needs the eip155 plugin and an EVM network' })

  let user = signedIn
  if (!sameChain(user.chainId, network)) {
    // GET_USER with a chain moves the frame there and answers the user on it.
    const moved = (yield call(callFrame, (signal) => frame.client.getUser({ chainId: network.caipNetworkId }, { signal }))) as { user: FrameUser }
    user = moved.user
  }
  // The same user's Solana account joins after the EVM one (issue 9); the namespace of the
  // active network is the one that becomes active, so the account shown never flips. A
  // restore shows the account shown before the reload (laid over the store as the active
  // namespace: persistence.ts stores the shown namespace first).
  const solanaActive = solanaIsActive(state) || (!options.interactive && state.account.activeNamespace === EMBEDDED_SOLANA_NAMESPACE)
  frame.provider.setUser(user)
  holder.attached.get(EMBEDDED_NAMESPACE)?.()
  holder.attached.set(EMBEDDED_NAMESPACE, plugin.connectors.attach({ info: embeddedConnectorInfo, provider: frame.provider }))

  yield put(accountActions.connecting({ namespace: EMBEDDED_NAMESPACE }))
  const result = (yield call(plugin.connectors.connect, { connectorId: EMBEDDED_CONNECTOR_ID, network })) as ConnectedAccount
  yield call(putConnected, EMBEDDED_NAMESPACE, embeddedConnectorInfo, result, { activate: !solanaActive })
  yield put(accountActions.userLoaded({ namespace: EMBEDDED_NAMESPACE, user: toEmbeddedUser(user), ...(options.socialProvider ? { socialProvider: options.socialProvider } : {}) }))
  // The account type (smartAccount.ts): enabled networks, and the dapp's preference on a login the visitor makes.
  yield put(smartAccountActions.embeddedAccountConnected({ interactive: options.interactive }))
  yield call(connectEmbeddedSolana, holder, user, { ...options, activate: solanaActive, evmNetwork: network })
  yield put(embeddedActions.reset())
  if (!options.interactive) return
  const after = (yield select()) as PorticoState
  if (!after.network.unsupportedCaipNetworkId || after.network.allowUnsupportedChain) {
    yield put(routerActions.reset({ view: 'Account' }))
    yield put(modalActions.closeRequested({ force: true }))
  }
}

/**
 * Reconnect on reload (SPEC §3 cached login state, §4 rules): when the cache says an
 * email login was used, the frame is loaded at start and asked IS_CONNECTED; a live
 * session is restored with GET_USER, a dead one (or a failed check) leaves the visitor
 * signed out; the login-cache rules clear the cache only on the server's answer that the session is
 * gone, not on a check that got no answer. The cached last login time keeps the SPEC §5
 * cooldown across the reload.
 */
export function* restoreEmbeddedSaga(holder: EmbeddedHolder) {
  const context = (yield call(getSagaContext)) as SagaContext
  const remembered = Object.entries(context.storage.read().connections).filter(([, connectorId]) => connectorId === EMBEDDED_CONNECTOR_ID)
  try {
    yield call(restoreEmbedded, holder)
  } finally {
    // The embedded wallet's namespaces (EVM, and Solana when it joined) stop waiting either way.
    for (const [namespace] of remembered) yield put(connectorsActions.restoreEnded({ namespace }))
  }
}

function* restoreEmbedded(holder: EmbeddedHolder) {
  const context = (yield call(getSagaContext)) as SagaContext
  const cache = context.loginCache?.read()
  if (!cache) return
  if (cache.lastEmailLoginTime !== undefined && cache.lastEmailLoginTime + Time.emailLoginCooldownMs > context.now()) {
    yield put(embeddedActions.cooldownStarted({ until: cache.lastEmailLoginTime + Time.emailLoginCooldownMs }))
  }
  if (!cache.emailLoginUsed || !context.frame) return
  // Another wallet was the last EVM connection: that one is restored instead.
  const saved = context.storage.read().connections[EMBEDDED_NAMESPACE]
  if (saved !== undefined && saved !== EMBEDDED_CONNECTOR_ID) return

  yield put(accountActions.connecting({ namespace: EMBEDDED_NAMESPACE }))
  try {
    const frame = (yield call(loadFrame, holder)) as Awaited<ReturnType<NonNullable<SagaContext['frame']>>>
    const { isConnected } = (yield call(frame.client.isConnected)) as { isConnected: boolean }
    const state = (yield select()) as PorticoState
    const network = targetNetwork(state)
    // The visitor may have connected another wallet meanwhile; that wins.
    if (!isConnected || !network || state.connectors.active[EMBEDDED_NAMESPACE]) {
      yield put(accountActions.connectFailed({ namespace: EMBEDDED_NAMESPACE }))
      return
    }
    const { user } = (yield call(frame.client.getUser, { chainId: network.caipNetworkId })) as { user: FrameUser }
    yield call(connectEmbeddedUser, holder, user, { interactive: false })
  } catch {
    // The frame did not load or answer: signed out here (the alert, if any, is the watcher's).
    yield put(accountActions.connectFailed({ namespace: EMBEDDED_NAMESPACE }))
  }
}

/**
 * The embedded connection ended (disconnect, sign-out, session expired): the provider
 * leaves the plugin and forgets the user. Signing out itself happened in the provider
 * (`wallet_revokePermissions` → SIGN_OUT, which also clears the login cache).
 */
export function* embeddedDisconnectedSaga(holder: EmbeddedHolder, namespace: string) {
  const detach = holder.attached.get(namespace)
  if (!detach) return
  holder.attached.delete(namespace)
  detach()
  holder.frame?.provider.clearUser()
  yield put(embeddedActions.reset())
}
