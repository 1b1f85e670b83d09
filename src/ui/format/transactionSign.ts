import { TransactionDisplay } from '../../config/constants'

export type TransactionSign = '+' | '-' | ''

/**
 * The sign shown before a transfer's amount. SPEC §9: '+' for receive, deposit, borrow
 * and claim; '-' for withdraw, repay and burn. Other operations (a send, a trade) have
 * no sign of their own, so each transfer's direction decides: in '+', out '-'; a
 * transfer to oneself has none.
 *
 * @example
 * transactionSign('receive')        // '+'
 * transactionSign('burn')           // '-'
 * transactionSign('trade', 'out')   // '-'
 * transactionSign('approve')        // ''
 */
export function transactionSign(operationType: string, direction?: string): TransactionSign {
  const type = operationType.toLowerCase()
  if (TransactionDisplay.plusOperations.includes(type)) return '+'
  if (TransactionDisplay.minusOperations.includes(type)) return '-'
  if (direction === 'in') return '+'
  if (direction === 'out') return '-'
  return ''
}
