import { call as callEffect, put } from 'redux-saga/effects'
import { call, select } from './effects'
import { WALLET_CONNECT_CONNECTOR_ID } from '../config/constants'
import { PorticoError, toRpcError } from '../errors'
import type { NamespacePlugin } from '../plugins/types'
import { modalActions } from '../store/slices/modal'
import { routerActions } from '../store/slices/router'
import { getSagaContext } from './context'

export type SignMessageRequest = { message: string; namespace?: string | undefined }
export type SignMessageResult = { signature: string; address: string } | { error: PorticoError }

export type ActiveConnection = { namespace: string; address: string; connectorId: string; plugin: NamespacePlugin }

/** The live connection of `namespace` (default the active one): what a wallet request needs. */
export function* activeConnection(namespace?: string): Generator<unknown, ActiveConnection | undefined, never> {
  const state = yield* select()
  const chosen = namespace ?? state.account.activeNamespace
  const account = chosen ? state.account.byNamespace[chosen] : undefined
  const connectorId = chosen ? state.connectors.active[chosen] : undefined
  const context = yield* call(getSagaContext)
  const plugin = chosen ? context.plugins.get(chosen) : undefined
  if (!chosen || account?.status !== 'connected' || !account.address || !connectorId || !plugin) return undefined
  return { namespace: chosen, address: account.address, connectorId, plugin }
}

/**
 * Asks the connected wallet of `namespace` (default the active one) to sign `message`
 * (EIP-191 personal_sign on EVM, the namespace's own message signing elsewhere).
 * Returns the error instead of throwing so `portico.signMessage` rejects with it as is.
 */
export function* signMessageSaga(request: SignMessageRequest) {
  const connection: ActiveConnection | undefined = yield callEffect(activeConnection, request.namespace)
  const sign = connection?.plugin.connectors?.signMessage
  if (!connection || !sign) {
    return { error: new PorticoError({ key: 'connectWalletToSign' }) } satisfies SignMessageResult
  }
  try {
    const signature: string = yield* call(sign, { connectorId: connection.connectorId, address: connection.address, message: request.message })
    return { signature, address: connection.address } satisfies SignMessageResult
  } catch (error) {
    return { error: toRpcError(error) } satisfies SignMessageResult
  }
}

/**
 * `portico.signMessage`: on a phone, a wallet connected over WalletConnect is another
 * app, so while it is asked the modal shows ApproveTransaction with "Open … to approve"
 * (on top of the open view, or opened for the request and closed after it).
 */
export function* dappSignMessageSaga(request: SignMessageRequest) {
  const state = yield* select()
  const connection: ActiveConnection | undefined = yield callEffect(activeConnection, request.namespace)
  if (!state.options.isMobile || connection?.connectorId !== WALLET_CONNECT_CONNECTOR_ID) return yield* call(signMessageSaga, request)
  const wasOpen = state.modal.open
  yield put(wasOpen ? routerActions.push({ view: 'ApproveTransaction' }) : modalActions.opened({ route: { view: 'ApproveTransaction' } }))
  try {
    return yield* call(signMessageSaga, request)
  } finally {
    yield put(wasOpen ? routerActions.goBack() : modalActions.closeRequested({ force: true }))
  }
}
