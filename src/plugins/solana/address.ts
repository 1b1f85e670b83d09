/**
 * SPEC §5 Solana address: base58, 32 to 44 characters. Base58 (Bitcoin alphabet) has no
 * `0`, `O`, `I` or `l`, so those characters alone make a string invalid. The rule is
 * about shape: it does not decode to check for 32 bytes, which keeps it import-free.
 */
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * Whether `value` is a Solana address by the SPEC §5 rule.
 *
 * @example
 * isSolanaAddress('So11111111111111111111111111111111111111112') // true
 * isSolanaAddress('0x1234')                                      // false
 */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && SOLANA_ADDRESS.test(value)
}
