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
import { TransactionNodeError, type NodeErrorKind } from './node'

// Not re-exported from errors/index.ts: it needs viem's error classes, and only the
// wallet code (loaded on first use) calls it, so viem stays out of the first-load code.

/**
 * Readable sentences for the node errors a transaction can hit (SPEC §8: nonce, fee
 * cap, insufficient funds, gas). Recognition uses viem's own node-message patterns,
 * so Portico follows viem as nodes change their wording.
 */
const nodeErrors = [
  { kind: 'insufficientFunds', type: InsufficientFundsError, message: 'Insufficient funds: the account cannot pay the amount plus the network fee.' },
  { kind: 'nonceTooLow', type: NonceTooLowError, message: 'This transaction was already sent (nonce too low). Refresh and try again.' },
  { kind: 'nonceTooHigh', type: NonceTooHighError, message: 'The transaction nonce is ahead of the account (nonce too high). Reset the wallet account or wait for pending transactions.' },
  { kind: 'nonceMaxValue', type: NonceMaxValueError, message: 'The account nonce has reached its maximum value.' },
  { kind: 'feeCapTooLow', type: FeeCapTooLowError, message: 'The fee is below the network base fee. Raise the max fee and try again.' },
  { kind: 'feeCapTooHigh', type: FeeCapTooHighError, message: 'The max fee is higher than the network allows.' },
  { kind: 'tipAboveFeeCap', type: TipAboveFeeCapError, message: 'The priority fee is higher than the max fee.' },
  { kind: 'gasTooLow', type: IntrinsicGasTooLowError, message: 'The gas limit is too low for this transaction.' },
  { kind: 'gasTooHigh', type: IntrinsicGasTooHighError, message: 'The gas limit is higher than the block allows.' },
  { kind: 'executionReverted', type: ExecutionRevertedError, message: 'The transaction would fail on chain (execution reverted).' },
] as const satisfies readonly { kind: NodeErrorKind; type: unknown; message: string }[]

/**
 * Maps an error from sending a transaction to a `TransactionNodeError` with a readable
 * message, or returns `undefined` when it is not a known node error.
 *
 * @example
 * try { await wallet.sendTransaction(tx) }
 * catch (e) { throw toNodeError(e) ?? e }
 */
export function toNodeError(error: unknown): TransactionNodeError | undefined {
  for (const entry of nodeErrors) {
    if (matches(error, entry.type)) return new TransactionNodeError(entry.kind, entry.message, { cause: error })
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
