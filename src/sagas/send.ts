import { put, takeLatest } from 'redux-saga/effects'
import { call, select } from './effects'
import { PorticoError, toRpcError } from '../errors'
import { messageRecord } from '../errors/record'
import { toRecord } from '../errors/toRecord'
import { networkFeatures, selectPluginFeatures } from '../store/selectors/features'
import { accountActions } from '../store/slices/account'
import { routerActions } from '../store/slices/router'
import { sendActions } from '../store/slices/send'
import { transactionsActions } from '../store/slices/transactions'
import { validateSend } from '../validation/send'
import { getSagaContext } from './context'
import { loadUnits, type Units } from './loadUnits'
import { networkOfCaipAddress } from '../types/network'
import { lazyState } from '../store/lazyState'
import { announceTransaction } from './transactionOutcome'

/**
 * Sends the token in the send form: checks it (SPEC §5), shows ApproveTransaction while
 * the wallet is asked (the modal cannot be closed meanwhile, SPEC §4), then records the
 * hash as pending, ends on Send's result state (`announceTransaction`) and refreshes the
 * balance; on failure the visitor is back on the form
 * with the wallet's or node's reason.
 */
export function* sendSaga(): Generator<unknown, { hash?: string; error?: PorticoError }, never> {
  const state = yield* select()
  const namespace = state.account.activeNamespace
  const account = namespace ? state.account.byNamespace[namespace] : undefined
  const { token, amount, receiverAddress } = lazyState(state, 'send')
  const context = yield* call(getSagaContext)
  const isAddress = namespace ? context.plugins.get(namespace)?.isAddress : undefined
  // Whether the namespace sends: its plugin's features as the store holds them, as the Send view reads them.
  const canSend = networkFeatures(selectPluginFeatures(state, namespace), undefined).send
  let valid
  try {
    valid = validateSend({ amount, receiverAddress, token, chainNamespace: namespace, canSend, isAddress })
  } catch (error) {
    yield put(sendActions.sendFailed({ error: toRecord(error) }))
    return { error: toRpcError(error) }
  }
  const connectorId = namespace ? state.connectors.active[namespace] : undefined
  const sender = namespace ? context.plugins.get(namespace)?.connectors?.sendTransaction : undefined
  const caipNetworkId = account?.caipAddress && networkOfCaipAddress(account.caipAddress)
  const network = state.network.networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!account?.address || !connectorId || !sender || !network || !namespace) {
    const error = new PorticoError({ key: 'connectWalletToSend' })
    yield put(sendActions.sendFailed({ error: toRecord(error) }))
    return { error }
  }

  const decimals = Number(valid.token.quantity.decimals)
  const tokenAddress = valid.token.address ? valid.token.address.split(':').at(-1) : undefined
  // viem's unit helpers load with the first send; have them before the wallet is asked.
  const { parseUnits }: Units = yield* call(loadUnits)
  yield put(routerActions.push({ view: 'ApproveTransaction' }))
  try {
    const hash = yield* call(sender, {
      connectorId,
      network,
      from: account.address,
      to: valid.receiverAddress,
      amount: parseUnits(valid.amount, Number.isFinite(decimals) ? decimals : network.nativeCurrency.decimals).toString(),
      token: tokenAddress,
    })
    yield put(sendActions.sent({ hash }))
    yield put(transactionsActions.pendingAdded(hash))
    yield* call(announceTransaction, 'Send', { message: messageRecord('notices.transactionSent'), variant: 'success', transaction: { caipNetworkId: network.caipNetworkId, hash } })
    yield put(accountActions.balanceRequested({ namespace, force: true }))
    return { hash }
  } catch (error) {
    yield put(sendActions.sendFailed({ error: toRecord(error) }))
    yield put(routerActions.goBack())
    return { error: toRpcError(error) }
  }
}

export function* sendFlowSaga() {
  yield takeLatest(sendActions.sendRequested.type, sendSaga)
}
