import { call, put, select } from 'redux-saga/effects'
import type { FrameUser } from '../frame'
import type * as SolanaWalletModuleType from '../frame/solanaWallet'
import type { FrameSolanaWallet } from '../frame/solanaWallet'
import type { ConnectedAccount, RpcCodecs } from '../plugins/types'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { networkActions } from '../store/slices/network'
import type { ConnectorInfo } from '../types/connector'
import type { CaipNetwork } from '../types/network'
import type { EmbeddedUser } from '../types/user'
import { putConnected } from './connectors'
import { getSagaContext, type SagaContext } from './context'
import { loadFrame, type EmbeddedHolder } from './embeddedFrame'
import { toReason, toRecord } from '../errors/toRecord'

type SolanaWalletModule = typeof SolanaWalletModuleType
/** The frame's Solana wallet (with @solana/kit's codecs) loads only for a dapp with the solana plugin. */
const loadSolanaWallet = (): Promise<SolanaWalletModule> => import('../frame/solanaWallet')

/** The namespace of the embedded user's ed25519 key (issue 9, docs/embedded-wallet.md "Solana"). */
export const EMBEDDED_SOLANA_NAMESPACE = 'solana'

/** Same id as the eip155 connector ('auth', embeddedConnection.ts), kept here to avoid an import cycle. */
const EMBEDDED_CONNECTOR_ID = 'auth'

function solanaConnectorInfo(networks: readonly CaipNetwork[]): ConnectorInfo {
  return { id: EMBEDDED_CONNECTOR_ID, name: 'Email wallet', type: 'AUTH', chain: EMBEDDED_SOLANA_NAMESPACE, chains: networks.map((n) => n.caipNetworkId) }
}

function toSolanaUser(user: FrameUser, address: string, network: CaipNetwork): EmbeddedUser {
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
 * The embedded user's Solana account joins the `solana()` plugin as connector 'auth'
 * (type AUTH): a Wallet Standard wallet over the frame (`src/frame/solanaWallet.ts`) is
 * attached to the plugin and connected through the plugin's own `connect` and
 * `putConnected`, so signing a message and sending SOL run the plugin's code unchanged
 * and reach the frame as solana_* RPC requests.
 *
 * Nothing happens without the solana plugin, a Solana network, or a Solana address in the
 * frame's user (an older frame). A Solana wallet the visitor connected themselves stays
 * connected: the embedded wallet does not take its place. A failure here leaves the EVM
 * login as it is and says so in a toast.
 */
export function* connectEmbeddedSolana(
  holder: EmbeddedHolder,
  user: FrameUser,
  options: {
    socialProvider?: string | undefined
    /** Make the Solana account the active one (the active network is Solana's). */
    activate?: boolean | undefined
    /** Where the EVM account is: made active when `activate` was asked but Solana could not join. */
    evmNetwork?: CaipNetwork | undefined
  } = {},
) {
  const joined = (yield call(joinEmbeddedSolana, holder, user, options)) as boolean
  if (options.activate && !joined && options.evmNetwork) {
    yield put(accountActions.activeNamespaceSet('eip155'))
    yield put(networkActions.activeNetworkChanged({ caipNetworkId: options.evmNetwork.caipNetworkId }))
  }
}

function* joinEmbeddedSolana(holder: EmbeddedHolder, user: FrameUser, options: { socialProvider?: string | undefined; activate?: boolean | undefined }) {
  const context = (yield call(getSagaContext)) as SagaContext
  const plugin = context.plugins.get(EMBEDDED_SOLANA_NAMESPACE)
  const state = (yield select()) as PorticoState
  const networks = state.network.networks.filter((n) => n.chainNamespace === EMBEDDED_SOLANA_NAMESPACE)
  const own = state.connectors.active[EMBEDDED_SOLANA_NAMESPACE]
  const address = user.addresses?.solana
  if (!plugin?.connectors?.attach || !plugin.connectors.loadRpcCodecs || networks.length === 0 || address === undefined) return false
  if (own !== undefined && own !== EMBEDDED_CONNECTOR_ID) return false
  const network = networks.find((n) => n.caipNetworkId === state.network.activeCaipNetworkId) ?? networks[0]!
  const info = solanaConnectorInfo(networks)

  yield put(accountActions.connecting({ namespace: EMBEDDED_SOLANA_NAMESPACE }))
  try {
    const frame = (yield call(loadFrame, holder)) as Awaited<ReturnType<NonNullable<SagaContext['frame']>>>
    const { createFrameSolanaWallet } = (yield call(loadSolanaWallet)) as SolanaWalletModule
    const codecs = (yield call(plugin.connectors.loadRpcCodecs)) as RpcCodecs
    const wallet: FrameSolanaWallet = createFrameSolanaWallet({ client: frame.client, networks, codecs })
    wallet.setUser(user)
    holder.attached.get(EMBEDDED_SOLANA_NAMESPACE)?.()
    const detach = plugin.connectors.attach({ info, provider: wallet })
    holder.attached.set(EMBEDDED_SOLANA_NAMESPACE, () => {
      detach()
      wallet.destroy()
    })
    const result = (yield call(plugin.connectors.connect, { connectorId: EMBEDDED_CONNECTOR_ID, network })) as ConnectedAccount
    yield call(putConnected, EMBEDDED_SOLANA_NAMESPACE, info, result, { activate: options.activate === true })
    yield put(
      accountActions.userLoaded({
        namespace: EMBEDDED_SOLANA_NAMESPACE,
        user: toSolanaUser(user, result.address, network),
        ...(options.socialProvider ? { socialProvider: options.socialProvider } : {}),
      }),
    )
    return true
  } catch (error) {
    holder.attached.get(EMBEDDED_SOLANA_NAMESPACE)?.()
    holder.attached.delete(EMBEDDED_SOLANA_NAMESPACE)
    yield put(accountActions.connectFailed({ namespace: EMBEDDED_SOLANA_NAMESPACE }))
    yield put(alertsActions.toastRequested({ message: toRecord(error, { key: 'embeddedSolanaDidNotConnect', params: { reason: toReason(error) } }), variant: 'error' }))
    return false
  }
}

/** Whether the active network is a Solana one: the embedded login then makes the Solana account the active one. */
export function solanaIsActive(state: PorticoState): boolean {
  return state.network.networks.some((n) => n.caipNetworkId === state.network.activeCaipNetworkId && n.chainNamespace === EMBEDDED_SOLANA_NAMESPACE)
}
