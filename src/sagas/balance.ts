import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import { Time } from '../config/constants'
import type { PorticoServices } from '../createServices'
import { ErrorMessages } from '../errors'
import type { BalanceResponse } from '../services'
import type { PorticoState } from '../store/rootReducer'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { getSagaContext, getServices, type SagaContext } from './context'

/**
 * Fetches the connected account's token balances (and from them the native balance)
 * from the Blockchain API. SPEC §4: a failed fetch may not be retried within 30 s; SPEC
 * §8: a failure, or a network without balance support, shows 'Token Balance
 * Unavailable'.
 */
export function* fetchBalanceSaga(action: ReturnType<typeof accountActions.balanceRequested>) {
  const { namespace, force } = action.payload
  const context: SagaContext = yield call(getSagaContext)
  const state: PorticoState = yield select()
  const account = state.account.byNamespace[namespace]
  if (account?.status !== 'connected' || !account.address || !account.caipAddress) return
  const caipNetworkId = account.caipAddress.split(':').slice(0, 2).join(':')
  const supported = context.plugins.get(namespace)?.features.balance ?? false
  if (!supported || state.network.unsupportedCaipNetworkId) {
    yield put(alertsActions.toastRequested({ message: ErrorMessages.tokenBalanceUnavailable, variant: 'error' }))
    return
  }
  const failedAt = account.tokenBalanceFailedAt
  if (failedAt !== undefined && context.now() - failedAt < Time.tokenBalanceRetryGateMs) return

  yield put(accountActions.tokenBalanceLoading({ namespace }))
  try {
    const services: PorticoServices = yield call(getServices)
    const { balances }: BalanceResponse = yield call(services.blockchainApi.getBalance, {
      address: account.address,
      chainId: caipNetworkId as `${string}:${string}`,
      forceUpdate: force,
    })
    const tokens = balances.filter((b) => b.chainId === caipNetworkId)
    yield put(accountActions.tokenBalanceLoaded({ namespace, tokens: tokens.map((t) => ({ ...t })) }))
    const native = tokens.find((t) => !t.address)
    const symbol = state.network.networks.find((n) => n.caipNetworkId === caipNetworkId)?.nativeCurrency.symbol ?? native?.symbol ?? ''
    yield put(accountActions.balanceLoaded({ namespace, balance: native?.quantity.numeric ?? '0', symbol }))
  } catch {
    yield put(accountActions.tokenBalanceFailed({ namespace, at: context.now() }))
    yield put(alertsActions.toastRequested({ message: ErrorMessages.tokenBalanceUnavailable, variant: 'error' }))
  }
}

/** A new connection or network means new balances. */
function* refreshOnChange(
  action: ReturnType<typeof accountActions.connected> | ReturnType<typeof accountActions.networkChanged> | ReturnType<typeof accountActions.addressChanged>,
) {
  yield put(accountActions.balanceRequested({ namespace: action.payload.namespace }))
}

export function* balanceSaga() {
  yield takeLatest(accountActions.balanceRequested.type, fetchBalanceSaga)
  yield takeEvery([accountActions.connected.type, accountActions.networkChanged.type, accountActions.addressChanged.type], refreshOnChange)
}
