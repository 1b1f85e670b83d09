/**
 * Wallet keys made in the secure page with the browser's CSPRNG: a secp256k1 private key
 * for eip155 and an ed25519 seed for solana, both 32 bytes (the same secrets the server
 * makes today, server/auth/keys.ts, so a custodial key can later be moved in as is).
 * The public address is what the shares are checked against when a key is rebuilt.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Decoder } from '@solana/kit'
import { bytesToHex, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'

export type CustodyNamespace = 'eip155' | 'solana'

export const WALLET_SECRET_BYTES = 32

export interface WalletSecret {
  namespace: CustodyNamespace
  /** 32 bytes: the secp256k1 private key, or the ed25519 seed. */
  secret: Uint8Array
  /** Checksummed 0x address (eip155) or base58 public key (solana). */
  address: string
}

/**
 * @example
 * const evm = generateWalletSecret('eip155')    // { address: '0x…', secret: Uint8Array(32) }
 * const sol = generateWalletSecret('solana')    // { address: 'base58…', secret: Uint8Array(32) }
 */
export function generateWalletSecret(namespace: CustodyNamespace): WalletSecret {
  // viem draws from crypto.getRandomValues and keeps only scalars in [1, n), so the key is valid.
  // Any 32 random bytes are a valid ed25519 seed (RFC 8032 hashes and clamps it).
  const secret = namespace === 'eip155' ? hexToBytes(generatePrivateKey()) : crypto.getRandomValues(new Uint8Array(WALLET_SECRET_BYTES))
  return { namespace, secret, address: addressOfSecret(namespace, secret) }
}

/** The public address a 32-byte secret gives; throws on a secret of the wrong length or an invalid secp256k1 scalar. */
export function addressOfSecret(namespace: CustodyNamespace, secret: Uint8Array): string {
  if (secret.length !== WALLET_SECRET_BYTES) throw new RangeError(`A wallet secret is ${WALLET_SECRET_BYTES} bytes, not ${secret.length}`)
  if (namespace === 'eip155') return privateKeyToAddress(bytesToHex(secret))
  return getBase58Decoder().decode(ed25519.getPublicKey(secret))
}

/**
 * The key as a wallet app imports it (key export): eip155 as 0x hex of the 32-byte key;
 * solana as base58 of the 64-byte secret key (the seed, then its public key), the form
 * Phantom and Solflare import and `Keypair.fromSecretKey` reads.
 */
export function exportedKeyText({ namespace, secret }: Pick<WalletSecret, 'namespace' | 'secret'>): string {
  if (namespace === 'eip155') return bytesToHex(secret)
  const full = new Uint8Array(64)
  try {
    full.set(secret, 0)
    full.set(ed25519.getPublicKey(secret), 32)
    return getBase58Decoder().decode(full)
  } finally {
    full.fill(0)
  }
}
