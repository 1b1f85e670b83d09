import type { Task } from 'redux-saga'
import { call, cancel, delay, fork, put, race, select, take, takeEvery } from 'redux-saga/effects'
import { Time } from '../config/constants'
import type { PorticoServices } from '../createServices'
import { messageRecord } from '../errors/record'
import type { BalanceResponse } from '../services'
import type { PorticoState } from '../store/rootReducer'
import type { BalanceCapability } from '../plugins/types'
import type { CaipNetwork } from '../types/network'
import type { TokenBalance } from '../types/tokenBalance'
import { accountActions } from '../store/slices/account'
import { alertsActions } from '../store/slices/alerts'
import { getSagaContext, getServices, type SagaContext } from './context'
import { loadUnits } from './loadUnits'
import { networkOfCaipAddress } from '../types/network'

/**
 * Fetches the connected account's token balances (and from them the native balance).
 * Where the plugin says the Blockchain API serves the namespace (`features.balance`),
 * from the API, falling back to the plugin's `balance` capability (the chain's RPC, no
 * prices); where it does not, from the plugin's `balance` capability alone (a Bitcoin
 * account's balance from Esplora). SPEC §4: a failed fetch may not be retried within
 * 30 s (but see accountDataRecovery.ts, which retries by itself); SPEC §8: a failure, or
 * a network without balance support, shows 'Token Balance Unavailable', and the Tokens tab
 * its error state (never an endless loading state).
 */
export function* fetchBalanceSaga(action: ReturnType<typeof accountActions.balanceRequested>) {
  const { namespace, force, trigger } = action.payload
  // An automatic retry (accountDataRecovery.ts) does not toast again what the visitor was told.
  const toast = trigger === undefined
  const context: SagaContext = yield call(getSagaContext)
  const state: PorticoState = yield select()
  const account = state.account.byNamespace[namespace]
  if (account?.status !== 'connected' || !account.address || !account.caipAddress) return
  const caipNetworkId = networkOfCaipAddress(account.caipAddress)
  const plugin = context.plugins.get(namespace)
  const fromApi = plugin?.features.balance ?? false
  const reader = plugin?.balance
  if ((!fromApi && !reader) || state.network.unsupportedCaipNetworkId) {
    // The toast first: a toast another saga requests right after this one (a swap's) wins.
    if (toast) yield put(alertsActions.toastRequested({ message: messageRecord('errors.tokenBalanceUnavailable'), variant: 'error' }))
    yield put(accountActions.tokenBalanceFailed({ namespace, at: context.now() }))
    return
  }
  const failedAt = account.tokenBalanceFailedAt
  // Back online, the cause of the failure is gone: that retry alone may come sooner. A
  // request that replaces a fetch in flight ('loading', which the gate let through) takes
  // its place: returning here would leave the namespace loading for good.
  const inFlight = account.tokenBalanceStatus === 'loading'
  if (failedAt !== undefined && trigger !== 'online' && !inFlight && context.now() - failedAt < Time.tokenBalanceRetryGateMs) return

  yield put(accountActions.tokenBalanceLoading({ namespace }))
  const network = state.network.networks.find((n) => n.caipNetworkId === caipNetworkId)
  try {
    // One deadline for the whole read, the API and the chain after it (SPEC's 10 s RPC
    // timeout): a hung node used to cost one timeout per step, 30 s of loading state.
    const { loaded }: { loaded?: LoadedBalance } = yield race({
      loaded: call(loadBalance, { fromApi, reader, network, address: account.address, caipNetworkId, force, tokens: context.config.tokens[caipNetworkId] ?? [] }),
      late: delay(Time.rpcTimeoutMs),
    })
    if (loaded === undefined) throw new Error(`no balance within ${Time.rpcTimeoutMs} ms`)
    yield put(accountActions.tokenBalanceLoaded({ namespace, tokens: loaded.tokens }))
    yield put(accountActions.balanceLoaded({ namespace, balance: loaded.balance, symbol: loaded.symbol }))
  } catch {
    yield put(accountActions.tokenBalanceFailed({ namespace, at: context.now() }))
    if (toast) yield put(alertsActions.toastRequested({ message: messageRecord('errors.tokenBalanceUnavailable'), variant: 'error' }))
  }
}

type LoadedBalance = { tokens: TokenBalance[]; balance: string; symbol: string }

type BalanceSource = {
  fromApi: boolean
  reader: BalanceCapability | undefined
  network: CaipNetwork | undefined
  address: string
  caipNetworkId: string
  force: boolean | undefined
  tokens: readonly { address: string }[]
}

/** From the API where it serves the namespace, else (or when it cannot answer) from the chain through the plugin. */
function* loadBalance(source: BalanceSource) {
  const { fromApi, reader, network, address, caipNetworkId, force, tokens } = source
  if (fromApi) {
    try {
      const fromService: TokenBalance[] = yield call(fetchFromApi, address, caipNetworkId, force)
      const native = fromService.find((t) => !t.address)
      return { tokens: fromService, balance: native?.quantity.numeric ?? '0', symbol: network?.nativeCurrency.symbol ?? native?.symbol ?? '' } satisfies LoadedBalance
    } catch {
      // Fall through to the plugin's own reader.
    }
  }
  if (!reader || !network) throw new Error('no balance reader')
  const fromChain: TokenBalance[] = yield call(readFromChain, reader, address, network, tokens)
  const priced: TokenBalance[] = fromApi ? fromChain : yield call(withNativePrice, fromChain, network)
  const native = priced[0]!
  return { tokens: priced, balance: native.quantity.numeric, symbol: native.symbol } satisfies LoadedBalance
}

/**
 * A chain the Blockchain API reads no balance of (Bitcoin: Esplora) still has a price
 * source: the native coin's fiat price from POST /v1/fungible/price, asked for as
 * `bip122:<genesis>:native`. Without an answer (no such price, the API down) the balance
 * stays unpriced, as before.
 */
function* withNativePrice(tokens: TokenBalance[], network: CaipNetwork) {
  const [native, ...rest] = tokens
  if (!native || network.chainNamespace !== 'bip122') return tokens
  try {
    const services: PorticoServices = yield call(getServices)
    const { fungibles }: { fungibles: { price: number }[] } = yield call(services.blockchainApi.getTokenPrice, { addresses: [`${network.caipNetworkId}:native`] })
    const price = fungibles[0]?.price
    if (typeof price !== 'number' || !(price > 0)) return tokens
    return [{ ...native, price, value: Number(native.quantity.numeric) * price }, ...rest]
  } catch {
    return tokens
  }
}

/**
 * The native balance and the dapp's configured tokens, straight from the chain through
 * the plugin (no prices: the chain does not know them). Native comes first.
 */
async function readFromChain(reader: BalanceCapability, address: string, network: CaipNetwork, tokens: readonly { address: string }[]): Promise<TokenBalance[]> {
  const chainId = network.caipNetworkId
  const { formatUnits } = await loadUnits()
  const native = await reader.getBalance({ address, network })
  const read = reader.getTokenBalance
  const erc20 = read ? await Promise.all(tokens.map((t) => read({ address, network, token: t.address }).then((b) => ({ ...b, token: t.address })))) : []
  const entry = (b: { value: string; decimals: number; symbol: string }, name: string, token?: string): TokenBalance => ({
    name,
    symbol: b.symbol,
    chainId,
    ...(token ? { address: `${chainId}:${token}` } : {}),
    value: 0,
    price: 0,
    quantity: { decimals: String(b.decimals), numeric: formatUnits(BigInt(b.value), b.decimals) },
    iconUrl: '',
  })
  return [entry(native, network.nativeCurrency.name), ...erc20.map((b) => entry(b, b.name, b.token))]
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
function* refreshOnChange(action: ReturnType<typeof accountActions.connected> | ReturnType<typeof accountActions.networkChanged> | ReturnType<typeof accountActions.addressChanged>) {
  yield put(accountActions.balanceRequested({ namespace: action.payload.namespace }))
}

/**
 * The latest request wins, per namespace: a new request cancels the fetch in flight for
 * its own namespace only. Keyed on nothing (one `takeLatest`), a WalletConnect session
 * over several namespaces, which connects them one after the other, cancelled the first
 * namespace's fetch after it had marked the balance loading, and it stayed loading
 * (issue 26).
 */
function* latestPerNamespace() {
  const running = new Map<string, Task>()
  for (;;) {
    const action: ReturnType<typeof accountActions.balanceRequested> = yield take(accountActions.balanceRequested.type)
    const { namespace } = action.payload
    const previous = running.get(namespace)
    if (previous?.isRunning()) yield cancel(previous)
    running.set(namespace, (yield fork(fetchBalanceSaga, action)) as Task)
  }
}

export function* balanceSaga() {
  yield fork(latestPerNamespace)
  yield takeEvery([accountActions.connected.type, accountActions.networkChanged.type, accountActions.addressChanged.type], refreshOnChange)
}
