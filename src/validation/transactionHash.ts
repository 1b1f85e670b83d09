/** SPEC §5 transaction hash: `0x` followed by exactly 64 hex characters (32 bytes). */
const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/

/**
 * Whether `value` is a transaction hash by the SPEC §5 rule.
 *
 * @example
 * isTransactionHash(`0x${'ab'.repeat(32)}`) // true
 * isTransactionHash('ab'.repeat(32))        // false: the 0x prefix is required
 */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TRANSACTION_HASH.test(value)
}
