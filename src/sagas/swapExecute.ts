import { call as callEffect, put } from 'redux-saga/effects'
import { call, select } from './effects'
import { PorticoError } from '../errors'
import { accountActions } from '../store/slices/account'
import { routerActions } from '../store/slices/router'
import { swapActions } from '../store/slices/swap'
import { transactionsActions } from '../store/slices/transactions'
import type { CaipAddress } from '../types/network'
import { getServices } from './context'
import { toRecord } from '../errors/toRecord'
import { messageRecord } from '../errors/record'
import { isNativeToken, swapWallet, toUnits, type ConnectedWallet } from './swapAccount'
import { loadUnits, type Units } from './loadUnits'
import { lazyState } from '../store/lazyState'
import { announceTransaction } from './transactionOutcome'

/** How long a swap's transactions may take to be mined before the visitor is told. */
export const SWAP_RECEIPT_TIMEOUT_MS = 120_000

/** Plain address of a CAIP-10 account id. */
const plain = (caip: string): string => caip.split(':').at(-1) ?? caip

/**
 * Asks the wallet to send one transaction built by the Blockchain API, with
 * ApproveTransaction up while it does (the modal cannot be closed meanwhile, SPEC §4);
 * back on Swap once it answers, either way.
 */
function* signInWallet(wallet: ConnectedWallet, tx: { to: string; data: string; value: string; gas?: string | undefined }) {
  const send = wallet.plugin.evm?.sendContractCall
  if (!send) throw new PorticoError({ key: 'walletCannotSendCalls' })
  yield put(routerActions.push({ view: 'ApproveTransaction' }))
  try {
    const hash = yield* call(send, { connectorId: wallet.connectorId, network: wallet.network, from: wallet.address, to: plain(tx.to), data: tx.data, value: tx.value, gas: tx.gas })
    return hash
  } finally {
    const state = yield* select()
    if (state.router.history.at(-1)?.view === 'ApproveTransaction') yield put(routerActions.goBack())
  }
}

/** Waits for the receipt when the plugin can; a reverted transaction is an error. */
function* mined(wallet: ConnectedWallet, hash: string, what: 'approval' | 'swap') {
  const wait = wallet.plugin.connectors?.waitForTransaction
  if (!wait) return
  const outcome = yield* call(wait, { connectorId: wallet.connectorId, network: wallet.network, hash, timeoutMs: SWAP_RECEIPT_TIMEOUT_MS })
  if (outcome.status !== 'success') {
    throw new PorticoError({ key: what === 'swap' ? 'swapReverted' : 'approvalReverted' })
  }
}

/**
 * Executes the quoted swap: when the pool may not spend enough of the token sold, the
 * approval transaction (built by the API for this amount) is signed and mined first;
 * then the swap transaction, built fresh with the slippage (so `minOut` follows the
 * current price), is signed and mined. Then the balances are read again and Swap shows
 * its result state (a toast instead when the visitor left it, `announceTransaction`). A
 * refusal or a revert leaves the visitor on Swap with the reason.
 */
export function* executeSwapSaga() {
  try {
    const units: Units = yield* call(loadUnits)
    const wallet = yield* call(swapWallet)
    const state = yield* select()
    const { sourceToken, toToken, sourceAmount, slippagePercent } = lazyState(state, 'swap')
    const amount = sourceToken ? toUnits(sourceAmount, sourceToken.decimals, units) : undefined
    if (!sourceToken?.address || !toToken?.address || amount === undefined) throw new PorticoError({ key: 'swapInputsMissing' })
    const chainId = wallet.network.caipNetworkId
    const from = sourceToken.address as CaipAddress
    const to = toToken.address as CaipAddress
    const { blockchainApi: api } = yield* call(getServices)

    if (!isNativeToken(from)) {
      const { allowance } = yield* call(api.getSwapAllowance, { chainId, tokenAddress: from, userAddress: wallet.caipAddress })
      if (BigInt(allowance) < amount) {
        yield put(swapActions.approving({}))
        const { tx } = yield* call(api.buildApproveTransaction, { chainId, userAddress: wallet.caipAddress, from, to, amount: amount.toString() })
        const hash = yield* call(signInWallet, wallet, { to: tx.to, data: tx.data, value: tx.value })
        yield put(swapActions.approving({ hash }))
        yield callEffect(mined, wallet, hash, 'approval')
      }
    }

    yield put(swapActions.swapping({}))
    const { tx } = yield* call(api.buildSwapTransaction, { chainId, amount: amount.toString(), from, to, userAddress: wallet.caipAddress, slippage: slippagePercent })
    const hash = yield* call(signInWallet, wallet, { to: tx.to, data: tx.data, value: tx.amount, gas: tx.eip155.gas })
    yield put(swapActions.swapping({ hash }))
    yield put(transactionsActions.pendingAdded(hash))
    yield callEffect(mined, wallet, hash, 'swap')

    const received = lazyState(yield* select(), 'swap').toAmount
    yield put(swapActions.swapped({ hash, paid: { amount: sourceAmount ?? '', symbol: sourceToken.symbol }, received: { amount: received ?? '', symbol: toToken.symbol } }))
    yield put(accountActions.balanceRequested({ namespace: wallet.namespace, force: true }))
    yield* call(announceTransaction, 'Swap', {
      message: messageRecord('notices.swapped', { from: sourceToken.symbol, to: toToken.symbol }),
      variant: 'success',
      transaction: { caipNetworkId: wallet.network.caipNetworkId, hash },
    })
  } catch (error) {
    yield put(swapActions.failed({ error: toRecord(error) }))
  }
}
