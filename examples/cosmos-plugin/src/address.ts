import { bech32 } from 'bech32'

/**
 * A Cosmos account address: bech32 with the chain's prefix (`cosmos` on the Hub) over a
 * 20-byte account or a 32-byte module/interchain account. The checksum is verified, so a
 * typo is caught; `cosmosvaloper1...` (a validator) and `osmo1...` (another chain) are not
 * Hub account addresses. Pure and synchronous: Portico calls it on every keystroke of the
 * Send view's receiver field.
 *
 * @example
 * isCosmosAddress('cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0') // true
 * isCosmosAddress('osmo1qqrsu9guyv4rzwplgex4gkmzd9c8wl596lznle') // false
 */
export function isCosmosAddress(address: string, prefix = 'cosmos'): boolean {
  const decoded = bech32.decodeUnsafe(address)
  if (!decoded || decoded.prefix !== prefix) return false
  const bytes = bech32.fromWordsUnsafe(decoded.words)
  return bytes !== undefined && (bytes.length === 20 || bytes.length === 32)
}

/** The bech32 address of `bytes` (20 for an account) under `prefix`. */
export function toBech32Address(bytes: Uint8Array, prefix = 'cosmos'): string {
  return bech32.encode(prefix, bech32.toWords(bytes))
}
