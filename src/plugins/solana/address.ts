import type { EmbeddedFrameUser } from '../../types/embeddedTransport'

/**
 * SPEC §5 Solana address: base58, 32 to 44 characters. Base58 (Bitcoin alphabet) has no
 * `0`, `O`, `I` or `l`, so those characters alone make a string invalid. An address is
 * also an ed25519 public key, 32 bytes: a string that passes the SPEC's rule but decodes
 * to 31 or 33 bytes is no account any wallet can use, so it is refused too. The decoding
 * is a few lines here rather than an import, which keeps the plugin's core light.
 */
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const PUBLIC_KEY_BYTES = 32

/** How many bytes a base58 string decodes to: its leading '1's are zero bytes, the rest a big number in base 58. */
function base58ByteLength(value: string): number {
  let zeros = 0
  while (value[zeros] === '1') zeros++
  const digits: number[] = [] // the number in base 256, least significant first
  for (let index = zeros; index < value.length; index++) {
    let carry = BASE58_ALPHABET.indexOf(value[index]!)
    for (let at = 0; at < digits.length; at++) {
      carry += digits[at]! * 58
      digits[at] = carry & 0xff
      carry >>= 8
    }
    for (; carry > 0; carry >>= 8) digits.push(carry & 0xff)
  }
  return zeros + digits.length
}

/**
 * Whether `value` is a Solana address: the SPEC §5 rule, and 32 bytes once decoded.
 *
 * @example
 * isSolanaAddress('So11111111111111111111111111111111111111112') // true
 * isSolanaAddress('4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofL')  // false: 31 bytes
 * isSolanaAddress('0x1234')                                      // false
 */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && SOLANA_ADDRESS.test(value) && base58ByteLength(value) === PUBLIC_KEY_BYTES
}

/** The Solana address a frame user holds, if any. */
export function solanaAddressOf(user: EmbeddedFrameUser): string | undefined {
  return user.addresses?.solana ?? (typeof user.chainId === 'string' && user.chainId.startsWith('solana:') ? user.address : undefined)
}
