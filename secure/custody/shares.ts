/**
 * 2-of-3 Shamir sharing of a wallet secret (shamir-secret-sharing: audited, zero
 * dependencies, GF(256)): a device share, an auth share and a recovery share. Any two
 * rebuild the secret; one alone says nothing about it. A rebuilt secret is accepted only
 * if it gives the wallet's known address, which catches a wrong, stale or altered share
 * (Shamir itself has no integrity: bad shares combine to a different secret, silently).
 */
import { combine, split } from 'shamir-secret-sharing'
import { CustodyError, CustodyErrorCodes } from './errors'
import { addressOfSecret, WALLET_SECRET_BYTES, type WalletSecret } from './keys'

export const SHARE_ROLES = ['device', 'auth', 'recovery'] as const
export type ShareRole = (typeof SHARE_ROLES)[number]
export type WalletShares = Record<ShareRole, Uint8Array>

/** A share is the secret's length plus one byte: its x coordinate. */
export const SHARE_BYTES = WALLET_SECRET_BYTES + 1
const THRESHOLD = 2

/**
 * @example
 * const { device, auth, recovery } = await splitWalletSecret(generateWalletSecret('eip155'))
 */
export async function splitWalletSecret(wallet: WalletSecret): Promise<WalletShares> {
  const [device, auth, recovery] = await split(wallet.secret, SHARE_ROLES.length, THRESHOLD)
  if (!device || !auth || !recovery) throw new Error('shamir-secret-sharing returned fewer than three shares')
  return { device, auth, recovery }
}

/**
 * Rebuilds the secret from two (or three) shares and checks it against the wallet's address.
 * Throws CustodyError CUSTODY_NOT_ENOUGH_SHARES for fewer than two distinct well-formed shares,
 * CUSTODY_SHARE_MISMATCH when they rebuild a secret of another address.
 *
 * @example
 * const secret = await rebuildWalletSecret({ namespace: 'eip155', address }, [device, auth])
 */
export async function rebuildWalletSecret(wallet: Pick<WalletSecret, 'namespace' | 'address'>, shares: readonly Uint8Array[]): Promise<Uint8Array> {
  const distinct = new Set(shares.map((share) => share.join(',')))
  if (shares.length < THRESHOLD || distinct.size !== shares.length || shares.some((share) => share.length !== SHARE_BYTES)) {
    throw new CustodyError(CustodyErrorCodes.notEnoughShares, `Two different ${SHARE_BYTES}-byte shares of the wallet are needed to rebuild its key`)
  }
  const secret = await combine([...shares])
  let address: string | undefined
  try {
    address = addressOfSecret(wallet.namespace, secret)
  } catch {
    // A secp256k1 "key" outside [1, n) can only come from wrong shares.
  }
  if (address !== wallet.address) {
    secret.fill(0)
    throw new CustodyError(CustodyErrorCodes.shareMismatch, `The shares do not rebuild the key of ${wallet.address}`)
  }
  return secret
}
