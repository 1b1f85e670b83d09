import { secp256k1 } from '@noble/curves/secp256k1'
import { addressOf } from '../../server/auth/keys'
import { createKeyPairFromBytes, getAddressFromPublicKey, getBase58Encoder } from '@solana/kit'
import { privateKeyToAccount } from 'viem/accounts'
import { addressOfSecret, exportedKeyText, generateWalletSecret } from './keys'

describe('wallet secrets made in the secure page', () => {
  it('an eip155 secret is a valid secp256k1 key whose address matches the server’s derivation', () => {
    const key = generateWalletSecret('eip155')
    expect(key.secret).toHaveLength(32)
    expect(secp256k1.utils.isValidPrivateKey(key.secret)).toBe(true)
    expect(key.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(key.address).toBe(addressOf('eip155', key.secret))
  })

  it('a solana secret is a 32-byte ed25519 seed whose base58 public key matches node:crypto’s', () => {
    const key = generateWalletSecret('solana')
    expect(key.secret).toHaveLength(32)
    expect(key.address).toBe(addressOf('solana', key.secret))
  })

  it('draws fresh randomness every time', () => {
    const secrets = new Set(Array.from({ length: 20 }, () => Buffer.from(generateWalletSecret('solana').secret).toString('hex')))
    expect(secrets.size).toBe(20)
    expect(generateWalletSecret('eip155').address).not.toBe(generateWalletSecret('eip155').address)
  })

  it('refuses a secret of the wrong length and an out-of-range secp256k1 scalar', () => {
    expect(() => addressOfSecret('solana', new Uint8Array(31))).toThrow('A wallet secret is 32 bytes, not 31')
    expect(() => addressOfSecret('eip155', new Uint8Array(32))).toThrow()
    expect(() => addressOfSecret('eip155', new Uint8Array(32).fill(0xff))).toThrow()
  })

  it('exports an eip155 key as the 0x hex viem imports to the same address', () => {
    const key = generateWalletSecret('eip155')
    const text = exportedKeyText(key)
    expect(text).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAccount(text as `0x${string}`).address).toBe(key.address)
  })

  it('exports a solana key as the base58 64-byte secret key (seed, then public key) that makes the wallet’s keypair', async () => {
    const key = generateWalletSecret('solana')
    const text = exportedKeyText(key)
    const bytes = new Uint8Array(getBase58Encoder().encode(text))
    expect(bytes).toHaveLength(64)
    expect(bytes.slice(0, 32)).toEqual(key.secret)
    // Refused unless the second half is the public key of the first.
    const pair = await createKeyPairFromBytes(bytes)
    expect(await getAddressFromPublicKey(pair.publicKey)).toBe(key.address)
  })
})
