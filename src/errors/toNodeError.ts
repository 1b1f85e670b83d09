import {
  BaseError as ViemBaseError,
  ExecutionRevertedError,
  FeeCapTooHighError,
  FeeCapTooLowError,
  InsufficientFundsError,
  IntrinsicGasTooHighError,
  IntrinsicGasTooLowError,
  NonceMaxValueError,
  NonceTooHighError,
  NonceTooLowError,
  TipAboveFeeCapError,
} from 'viem'
import type { ErrorMessageKey } from './messages'
import { TransactionNodeError, type NodeErrorKind } from './node'

// Not re-exported from errors/index.ts: it needs viem's error classes, and only the
// wallet code (loaded on first use) calls it, so viem stays out of the first-load code.

/**
 * Readable sentences (errors-table keys) for the node errors a transaction can hit
 * (SPEC §8: nonce, fee cap, insufficient funds, gas). Recognition uses viem's own node-message patterns,
 * so Portico follows viem as nodes change their wording.
 */
const nodeErrors = [
  { kind: 'insufficientFunds', type: InsufficientFundsError, key: 'nodeInsufficientFunds' },
  { kind: 'nonceTooLow', type: NonceTooLowError, key: 'nodeNonceTooLow' },
  { kind: 'nonceTooHigh', type: NonceTooHighError, key: 'nodeNonceTooHigh' },
  { kind: 'nonceMaxValue', type: NonceMaxValueError, key: 'nodeNonceMaxValue' },
  { kind: 'feeCapTooLow', type: FeeCapTooLowError, key: 'nodeFeeCapTooLow' },
  { kind: 'feeCapTooHigh', type: FeeCapTooHighError, key: 'nodeFeeCapTooHigh' },
  { kind: 'tipAboveFeeCap', type: TipAboveFeeCapError, key: 'nodeTipAboveFeeCap' },
  { kind: 'gasTooLow', type: IntrinsicGasTooLowError, key: 'nodeGasTooLow' },
  { kind: 'gasTooHigh', type: IntrinsicGasTooHighError, key: 'nodeGasTooHigh' },
  { kind: 'executionReverted', type: ExecutionRevertedError, key: 'nodeExecutionReverted' },
] as const satisfies readonly { kind: NodeErrorKind; type: unknown; key: ErrorMessageKey }[]

/**
 * Maps an error from sending a transaction to a `TransactionNodeError` with a readable
 * message, or returns `undefined` when it is not a known node error.
 *
 * @example
 * try { await wallet.sendTransaction(tx) }
 * catch (e) { throw toNodeError(e) ?? e }
 */
export function toNodeError(error: unknown, transaction?: { nativeSymbol: string; feeOnly: boolean }): TransactionNodeError | undefined {
  for (const entry of nodeErrors) {
    if (!matches(error, entry.type)) continue
    // A transaction that carries no value (a contract call, a token transfer) lacks only its fee.
    if (entry.kind === 'insufficientFunds' && transaction?.feeOnly) {
      return new TransactionNodeError(entry.kind, { key: 'noFundsForNetworkFee', params: { symbol: transaction.nativeSymbol } }, { cause: error })
    }
    return new TransactionNodeError(entry.kind, { key: entry.key }, { cause: error })
  }
  return undefined
}

function matches(error: unknown, type: (typeof nodeErrors)[number]['type']): boolean {
  if (error instanceof ViemBaseError && error.walk((e) => e instanceof type)) return true
  // Raw EIP-1193 errors and plain strings: test every message in the cause chain.
  let current: unknown = error
  for (let depth = 0; depth < 8 && current; depth++) {
    const text = typeof current === 'string' ? current : (current as { message?: unknown }).message
    if (typeof text === 'string' && type.nodeMessage.test(text.toLowerCase())) return true
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined
  }
  return false
}
