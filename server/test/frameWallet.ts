/**
 * A wallet as the secure frame makes it (secure/custody/): a 32-byte key from the CSPRNG,
 * its address and its 2-of-3 split (device, auth, recovery). Server tests use it to
 * register wallets and migrate custodial ones as the frame would, with the same audited
 * library, without importing the frame.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Decoder } from '@solana/codecs-strings'
import { split } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { type WalletNamespace } from '../db/schema'
import { CUSTODY_PATHS } from '../../src/shared/custodyApi'
import { type HttpResult } from './http'

export interface FrameWallet {
  namespace: WalletNamespace
  address: string
  key: Uint8Array
  device: Uint8Array
  auth: Uint8Array
  recovery: Uint8Array
}

export const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/** A new key, or the split of `secret` (a migrated custodial key). */
export async function frameWallet(namespace: WalletNamespace, secret?: Uint8Array): Promise<FrameWallet> {
  const key = secret ?? (namespace === 'eip155' ? hexToBytes(generatePrivateKey()) : ed25519.utils.randomPrivateKey())
  const [device, auth, recovery] = await split(key, 3, 2)
  return { namespace, address: walletAddressOf(namespace, key), key, device: device!, auth: auth!, recovery: recovery! }
}

/** The address a 32-byte value gives as a key of `namespace`, or '' when it is no key. */
export function walletAddressOf(namespace: WalletNamespace, secret: Uint8Array): string {
  if (secret.length !== 32) return ''
  try {
    return namespace === 'eip155' ? privateKeyToAddress(bytesToHex(secret)) : getBase58Decoder().decode(ed25519.getPublicKey(secret))
  } catch {
    return ''
  }
}

/** Registers new eip155 and solana wallets for the session, as the frame does after a first login. */
export async function registerFrameWallets(post: (path: string, body: unknown) => Promise<HttpResult>): Promise<FrameWallet[]> {
  const wallets = [await frameWallet('eip155'), await frameWallet('solana')]
  const response = await post(CUSTODY_PATHS.wallets, { wallets: wallets.map(({ namespace, address, auth }) => ({ namespace, address, authShare: toBase64(auth) })) })
  if (response.status !== 200) throw new Error(`registering the wallets answered ${response.status}: ${JSON.stringify(response.body)}`)
  return wallets
}
