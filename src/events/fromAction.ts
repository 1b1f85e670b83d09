import type { UnknownAction } from '@reduxjs/toolkit'
import { englishText, type ErrorRecord } from '../errors/record'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { connectorsActions } from '../store/slices/connectors'
import type { embeddedActions } from '../store/slices/embedded'
import { modalActions } from '../store/slices/modal'
import { networkActions } from '../store/slices/network'
import type { sendActions } from '../store/slices/send'
import type { siwxActions } from '../store/slices/siwx'
import type { walletConnectActions } from '../store/slices/walletConnect'
import type { ErrorEventData, PorticoEvent } from './types'
import { networkOfCaipAddress } from '../types/network'

type ActionCreator = (...args: never[]) => { type: string }

/**
 * Whether `action` is `C`'s, by its type name: the slices of the embedded wallet,
 * WalletConnect, send and SIWX load with the saga runtime (src/store/lazySlices.ts), so
 * only their types are imported here. The name is checked against `C` by the compiler.
 */
const isAction = <C extends ActionCreator>(action: UnknownAction, type: ReturnType<C>['type']): action is UnknownAction & ReturnType<C> => action.type === type

/** The store's error record, with its English sentence for dapps that log it. */
const errorData = (error: ErrorRecord): ErrorEventData => ({ ...error, message: englishText(error) })

const isConnected = (state: PorticoState) => Object.values(state.account.byNamespace).some((a) => a.status === 'connected')

/**
 * The dapp events one store action causes, read from the action and the state before and
 * after it. Pure, so every rule is a unit test; the events middleware emits the result.
 *
 * @example
 * eventsFromAction(modalActions.closed(), before, after) // [{ name: 'MODAL_CLOSE', data: { connected: false } }]
 */
export function eventsFromAction(action: UnknownAction, before: PorticoState, after: PorticoState): PorticoEvent[] {
  if (modalActions.opened.match(action)) {
    return before.modal.open ? [] : [{ name: 'MODAL_OPEN', data: { view: action.payload.route.view, connected: isConnected(after) } }]
  }
  if (modalActions.closed.match(action)) {
    return before.modal.open ? [{ name: 'MODAL_CLOSE', data: { connected: isConnected(after) } }] : []
  }
  if (connectorsActions.connectSucceeded.match(action)) {
    const { namespace, connectorId } = action.payload
    const account = after.account.byNamespace[namespace]
    const caipNetworkId = account?.caipAddress && networkOfCaipAddress(account.caipAddress)
    if (!account?.address || !caipNetworkId) return []
    const wallet = account.connectedWalletInfo
    return [
      {
        name: 'CONNECT_SUCCESS',
        data: {
          namespace,
          address: account.address,
          caipNetworkId: caipNetworkId as `${string}:${string}`,
          connector: { id: connectorId, name: wallet?.name ?? connectorId, type: wallet?.type ?? 'EXTERNAL' },
          reconnected: before.connectors.restoring[namespace] !== undefined,
        },
      },
    ]
  }
  if (connectorsActions.connectFailed.match(action)) return [{ name: 'CONNECT_ERROR', data: { ...errorData(action.payload.error), method: 'wallet' } }]
  if (isAction<typeof walletConnectActions.failed>(action, 'walletConnect/failed')) return [{ name: 'CONNECT_ERROR', data: { ...errorData(action.payload.error), method: 'walletConnect' } }]
  if (isAction<typeof embeddedActions.failed>(action, 'embedded/failed')) return [{ name: 'CONNECT_ERROR', data: { ...errorData(action.payload.error), method: 'embedded' } }]
  if (connectorsActions.disconnected.match(action)) {
    const { namespace } = action.payload
    return before.connectors.active[namespace] !== undefined ? [{ name: 'DISCONNECT_SUCCESS', data: { namespace } }] : []
  }
  if (accountActions.addressChanged.match(action)) {
    const { namespace, address, caipNetworkId } = action.payload
    return before.account.byNamespace[namespace]?.address === address ? [] : [{ name: 'ACCOUNT_CHANGED', data: { namespace, address, caipNetworkId } }]
  }
  if (networkActions.activeNetworkChanged.match(action)) {
    const previous = before.network.activeCaipNetworkId
    const current = after.network.activeCaipNetworkId
    return current !== previous && current !== undefined ? [{ name: 'SWITCH_NETWORK', data: { caipNetworkId: current, previous } }] : []
  }
  if (isAction<typeof sendActions.sent>(action, 'send/sent')) {
    return [
      {
        name: 'SEND_SUCCESS',
        data: {
          hash: action.payload.hash,
          caipNetworkId: before.network.activeCaipNetworkId,
          amount: before.send.amount,
          token: before.send.token?.symbol,
          receiver: before.send.receiverAddress,
        },
      },
    ]
  }
  if (isAction<typeof sendActions.sendFailed>(action, 'send/sendFailed')) return [{ name: 'SEND_ERROR', data: errorData(action.payload.error) }]
  if (isAction<typeof siwxActions.signedIn>(action, 'siwx/signedIn')) return [{ name: 'SIWX_AUTH_SUCCESS', data: { address: action.payload.address, chainId: action.payload.chainId } }]
  return []
}
