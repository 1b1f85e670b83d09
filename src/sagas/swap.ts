import { delay, put, takeLatest } from 'redux-saga/effects'
import { call, select } from './effects'
import { PorticoError } from '../errors'
import { swapActions, type SwapQuote, type SwapToken } from '../store/slices/swap'
import type { CaipAddress } from '../types/network'
import { getServices } from './context'
import { toRecord } from '../errors/toRecord'
import { executeSwapSaga } from './swapExecute'
import { minimumReceived, isNativeToken, swapWallet, toUnits } from './swapAccount'
import { loadUnits, type Units } from './loadUnits'
import { lazyState } from '../store/lazyState'

/** How long typing must pause before a quote is asked for. */
export const SWAP_QUOTE_DEBOUNCE_MS = 300

/** SPEC §7 /v1/convert/tokens for the active network; the first two become the default pair. */
export function* fetchSwapTokensSaga() {
  try {
    const wallet = yield* call(swapWallet)
    const { blockchainApi: api } = yield* call(getServices)
    const { tokens } = yield* call(api.getSwapTokens, { chainId: wallet.network.caipNetworkId })
    const list: SwapToken[] = tokens.map((token) => ({ name: token.name, symbol: token.symbol, address: token.address, iconUrl: token.logoUri, decimals: token.decimals }))
    yield put(swapActions.tokensLoaded(list))
    const state = yield* select()
    if (!lazyState(state, 'swap').sourceToken && list[0]) yield put(swapActions.sourceTokenSet(list[0]))
    if (!lazyState(state, 'swap').toToken && list[1]) yield put(swapActions.toTokenSet(list[1]))
  } catch (error) {
    yield put(swapActions.tokensFailed({ error: toRecord(error) }))
  }
}

/**
 * Quotes the form after typing settles (takeLatest + delay: a newer request cancels the
 * older one, waiting or in flight): gas price, the pool's quote, the allowance (an ERC-20
 * sold needs an approval first) and the swap transaction's gas, for the preview.
 */
export function* quoteSwapSaga() {
  yield delay(SWAP_QUOTE_DEBOUNCE_MS)
  try {
    const units: Units = yield* call(loadUnits)
    const { formatUnits } = units
    const wallet = yield* call(swapWallet)
    const state = yield* select()
    const { sourceToken, toToken, sourceAmount, slippagePercent } = lazyState(state, 'swap')
    if (!sourceToken?.address || !toToken?.address) throw new PorticoError({ key: 'selectSwapTokens' })
    const amount = toUnits(sourceAmount, sourceToken.decimals, units)
    if (amount === undefined) throw new PorticoError({ key: 'enterSwapAmount' })
    const chainId = wallet.network.caipNetworkId
    const from = sourceToken.address as CaipAddress
    const to = toToken.address as CaipAddress
    const { blockchainApi: api } = yield* call(getServices)

    const gas = yield* call(api.getGasPrice, { chainId })
    const { quotes } = yield* call(api.getSwapQuote, { chainId, amount: amount.toString(), userAddress: wallet.caipAddress, from, to, gasPrice: gas.standard })
    const best = quotes[0]
    if (!best) throw new PorticoError({ key: 'noSwapQuote' })
    let needsApproval = false
    if (!isNativeToken(from)) {
      const { allowance } = yield* call(api.getSwapAllowance, { chainId, tokenAddress: from, userAddress: wallet.caipAddress })
      needsApproval = BigInt(allowance) < amount
    }
    // The gas of the swap itself: estimated by the server when the swap can run now; with
    // an approval still missing it would revert, so the server's default limit stands in.
    let networkFee: string | undefined
    try {
      const { tx } = yield* call(api.buildSwapTransaction, { chainId, amount: amount.toString(), from, to, userAddress: wallet.caipAddress, slippage: slippagePercent, disableEstimate: needsApproval })
      networkFee = formatUnits(BigInt(tx.eip155.gas) * BigInt(tx.eip155.gasPrice), wallet.network.nativeCurrency.decimals)
    } catch {
      networkFee = undefined
    }
    const toUnitsQuoted = BigInt(best.toAmount)
    const toAmount = formatUnits(toUnitsQuoted, toToken.decimals)
    const quote: SwapQuote = {
      toAmount,
      minimumReceived: formatUnits(minimumReceived(toUnitsQuoted, slippagePercent), toToken.decimals),
      rate: String(Number(toAmount) / Number(formatUnits(amount, sourceToken.decimals))),
      networkFee,
      networkFeeSymbol: wallet.network.nativeCurrency.symbol,
      needsApproval,
    }
    yield put(swapActions.quoted({ toAmount, gasPrice: gas.standard, quote }))
  } catch (error) {
    yield put(swapActions.failed({ error: toRecord(error) }))
  }
}

/** The swap processes: token list, debounced quotes, and the approve-then-swap execution. */
export function* swapSaga() {
  yield takeLatest(swapActions.tokensRequested.type, fetchSwapTokensSaga)
  yield takeLatest(swapActions.quoteRequested.type, quoteSwapSaga)
  yield takeLatest(swapActions.swapRequested.type, executeSwapSaga)
}
