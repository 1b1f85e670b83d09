import { TransactionDisplay } from '../../config/constants'

/**
 * Shortens an address in the middle: 4 characters at the start and 6 at the end
 * (SPEC §9). Strings too short to gain anything come back unchanged.
 *
 * @example
 * truncateAddress('0x1234567890abcdef1234567890abcdef12345678') // '0x12…345678'
 */
export function truncateAddress(address: string, head: number = TransactionDisplay.addressHead, tail: number = TransactionDisplay.addressTail): string {
  if (address.length <= head + tail + 1) return address
  return `${address.slice(0, head)}…${address.slice(-tail)}`
}
