import { call, select } from 'redux-saga/effects'
import { PorticoError, toRpcError } from '../errors'
import type { NamespacePlugin } from '../plugins/types'
import type { PorticoState } from '../store/rootReducer'
import { getSagaContext, type SagaContext } from './context'

export type SignMessageRequest = { message: string; namespace?: string | undefined }
export type SignMessageResult = { signature: string; address: string } | { error: PorticoError }

export type ActiveConnection = { namespace: string; address: string; connectorId: string; plugin: NamespacePlugin }

/** The live connection of `namespace` (default the active one): what a wallet request needs. */
export function* activeConnection(namespace?: string): Generator<unknown, ActiveConnection | undefined, never> {
  const state = (yield select()) as PorticoState
  const chosen = namespace ?? state.account.activeNamespace
  const account = chosen ? state.account.byNamespace[chosen] : undefined
  const connectorId = chosen ? state.connectors.active[chosen] : undefined
  const context = (yield call(getSagaContext)) as SagaContext
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
  const connection: ActiveConnection | undefined = yield call(activeConnection, request.namespace)
  const sign = connection?.plugin.connectors?.signMessage
  if (!connection || !sign) {
    return { error: new PorticoError({ key: 'connectWalletToSign' }) } satisfies SignMessageResult
  }
  try {
    const signature: string = yield call(sign, { connectorId: connection.connectorId, address: connection.address, message: request.message })
    return { signature, address: connection.address } satisfies SignMessageResult
  } catch (error) {
    return { error: toRpcError(error) } satisfies SignMessageResult
  }
}
