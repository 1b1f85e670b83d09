import { PorticoError, type PorticoErrorParameters } from './base'
import type { ErrorMessageRef } from './record'

/** The node refusals Portico recognises (toNodeError.ts holds their patterns and sentences). */
export type NodeErrorKind =
  'insufficientFunds' | 'nonceTooLow' | 'nonceTooHigh' | 'nonceMaxValue' | 'feeCapTooLow' | 'feeCapTooHigh' | 'tipAboveFeeCap' | 'gasTooLow' | 'gasTooHigh' | 'executionReverted'

export class TransactionNodeError extends PorticoError {
  override name = 'TransactionNodeError'
  readonly kind: NodeErrorKind
  constructor(kind: NodeErrorKind, message: string | ErrorMessageRef, parameters: PorticoErrorParameters = {}) {
    super(message, { code: `node/${kind}`, ...parameters })
    this.kind = kind
  }
}
