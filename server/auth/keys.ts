/**
 * The embedded wallet's keys: made on the server with the CSPRNG when a user
 * signs up (secp256k1 for eip155, ed25519 for solana), and the public address
 * each one gives.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { getBase58Decoder } from '@solana/codecs-strings'
import { bytesToHex, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { type WalletNamespace } from '../db/schema'

export interface NewWalletKey {
  namespace: WalletNamespace
  address: string
  /** 32 bytes: the secp256k1 private key, or the ed25519 seed. */
  secret: Uint8Array
}

/**
 * @example
 * const [evm, solana] = generateWalletKeys()
 * evm.address    // '0x…' (checksummed)
 * solana.address // base58 public key
 */
export function generateWalletKeys(): NewWalletKey[] {
  // viem's generatePrivateKey draws from crypto.getRandomValues.
  const evmKey = generatePrivateKey()
  const ed25519 = generateKeyPairSync('ed25519')
  const jwk = ed25519.privateKey.export({ format: 'jwk' })
  if (jwk.d === undefined || jwk.x === undefined) throw new Error('ed25519 key export gave no key material')
  return [
    { namespace: 'eip155', address: privateKeyToAddress(evmKey), secret: hexToBytes(evmKey) },
    { namespace: 'solana', address: getBase58Decoder().decode(Buffer.from(jwk.x, 'base64url')), secret: Buffer.from(jwk.d, 'base64url') },
  ]
}

/** The address a stored secret gives, to check a decrypted key against its row. */
export function addressOf(namespace: WalletNamespace, secret: Uint8Array): string {
  if (namespace === 'eip155') return privateKeyToAddress(bytesToHex(secret))
  const publicJwk = createPublicKey(ed25519PrivateKey(secret)).export({ format: 'jwk' })
  return getBase58Decoder().decode(Buffer.from(publicJwk.x ?? '', 'base64url'))
}

/** A node:crypto ed25519 private key from its 32-byte seed. */
export function ed25519PrivateKey(seed: Uint8Array): KeyObject {
  // PKCS#8 wrapping of a raw ed25519 seed (RFC 8410): a fixed 16-byte prefix, then the seed.
  const prefix = Buffer.from('302e020100300506032b657004220420', 'hex')
  return createPrivateKey({ key: Buffer.concat([prefix, Buffer.from(seed)]), format: 'der', type: 'pkcs8' })
}
