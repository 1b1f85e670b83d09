/**
 * SPEC §5 signed message: `0x` followed by 62 or more hex characters. The floor is low
 * on purpose: signatures vary (65-byte ECDSA, 64-byte compact, longer smart-account
 * and ERC-6492 wrapped ones), so only "hex and not obviously truncated" is checked.
 */
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/**
 * Whether `value` looks like a signature by the SPEC §5 rule.
 *
 * @example
 * isSignedMessage(`0x${'1b'.repeat(65)}`) // true
 * isSignedMessage(`0x${'a'.repeat(61)}`)  // false: 61 hex characters
 */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}
