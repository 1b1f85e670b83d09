import { formatUnits } from 'viem'
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import { Time } from '../config/constants'
import type { PorticoServices } from '../createServices'
import { ErrorMessages } from '../errors'
import type { BalanceResponse } from '../services'
import type { PorticoState } from '../store/rootReducer'
import type { TokenBalance } from '../types/tokenBalance'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { getSagaContext, getServices, type SagaContext } from './context'

/**
 * Fetches the connected account's token balances (and from them the native balance)
 * from the Blockchain API; when that is not available, the native balance straight
 * from the chain's RPC through the plugin (no prices then). SPEC §4: a failed fetch may not be retried within 30 s; SPEC
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
  const network = state.network.networks.find((n) => n.caipNetworkId === caipNetworkId)
  try {
    const tokens: TokenBalance[] = yield call(fetchFromApi, account.address, caipNetworkId, force)
    yield put(accountActions.tokenBalanceLoaded({ namespace, tokens }))
    const native = tokens.find((t) => !t.address)
    const symbol = network?.nativeCurrency.symbol ?? native?.symbol ?? ''
    yield put(accountActions.balanceLoaded({ namespace, balance: native?.quantity.numeric ?? '0', symbol }))
    return
  } catch {
    // Fall through to the chain's own RPC.
  }
  try {
    const reader = context.plugins.get(namespace)?.balance
    if (!reader || !network) throw new Error('no RPC balance reader')
    const native: { value: string; decimals: number; symbol: string } = yield call(reader.getBalance, { address: account.address, network })
    const numeric = formatUnits(BigInt(native.value), native.decimals)
    yield put(
      accountActions.tokenBalanceLoaded({
        namespace,
        tokens: [
          {
            name: network.nativeCurrency.name,
            symbol: native.symbol,
            chainId: caipNetworkId,
            value: 0,
            price: 0,
            quantity: { decimals: String(native.decimals), numeric },
            iconUrl: '',
          },
        ],
      }),
    )
    yield put(accountActions.balanceLoaded({ namespace, balance: numeric, symbol: native.symbol }))
  } catch {
    yield put(accountActions.tokenBalanceFailed({ namespace, at: context.now() }))
    yield put(alertsActions.toastRequested({ message: ErrorMessages.tokenBalanceUnavailable, variant: 'error' }))
  }
}

/** Token balances (with prices) of the address on one network, from the Blockchain API. */
function* fetchFromApi(address: string, caipNetworkId: string, force: boolean | undefined) {
  const services: PorticoServices = yield call(getServices)
  const { balances }: BalanceResponse = yield call(services.blockchainApi.getBalance, {
    address,
    chainId: caipNetworkId as `${string}:${string}`,
    forceUpdate: force,
  })
  return balances.filter((b) => b.chainId === caipNetworkId).map((t) => ({ ...t }))
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
