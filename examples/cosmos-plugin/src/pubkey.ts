import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { toBech32Address } from './address'

/**
 * The account address of a compressed secp256k1 public key, as the Cosmos SDK derives it:
 * RIPEMD-160 of SHA-256 of the 33 key bytes, in bech32 under `prefix`. The wallet, the
 * plugin (to check who signed) and a node all derive it the same way.
 *
 * @example
 * pubkeyToAddress(key.pubKey) // 'cosmos1...'
 */
export function pubkeyToAddress(pubkey: Uint8Array, prefix = 'cosmos'): string {
  return toBech32Address(pubkeyToAddressBytes(pubkey), prefix)
}

/** The 20 account bytes of a compressed secp256k1 public key (what the bech32 address encodes). */
export function pubkeyToAddressBytes(pubkey: Uint8Array): Uint8Array {
  if (pubkey.length !== 33 || (pubkey[0] !== 2 && pubkey[0] !== 3)) throw new Error(`A Cosmos account key is a 33-byte compressed secp256k1 key, got ${pubkey.length} bytes`)
  return ripemd160(sha256(pubkey))
}

/** Base64 of bytes, and back, without Node's Buffer (the plugin runs in browsers). */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
}
