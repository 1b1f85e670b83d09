/**
 * Self-custody on the server's side (issue 32, docs/security.md "Key custody"): the
 * server keeps each device's auth share under the master key and the recovery share as
 * the frame sealed it, and never a whole key it could sign with.
 *
 * - A new wallet is made and split in the secure frame, which registers its address and
 *   this device's auth share.
 * - A custodial wallet (a key the server made before) is migrated: its key is released
 *   once to the frame of an authenticated device, which splits it and sends back the
 *   auth share; `finishMigration` stores the share and deletes the full key in one
 *   transaction, so an interruption leaves either the old key or the finished split.
 */
import { type Kysely } from 'kysely'
import { getBase58Encoder } from '@solana/codecs-strings'
import { getAddress, isAddress } from 'viem'
import { createCustodyShareStore, authShareAad, RECOVERY_HOLDER, type CustodyShareStore } from '../db/custodyShares'
import { findCustodyWallet, insertCustodyWallet, walletAddresses } from '../db/custodyWallets'
import { type DatabaseSchema, type WalletNamespace } from '../db/schema'
import { markDeviceUsed } from '../db/authUsers'
import { createWalletKeyStore, walletKeyAad } from '../db/walletKeys'
import { AUTH_SHARE_BYTES, CUSTODY_NAMESPACES, MAX_RECOVERY_ENVELOPE_BYTES, type RecoverySetup, type WalletRegistration } from '../../src/shared/custodyApi'
import { AuthError, invalidPayload } from './errors'
import { addressOf } from './keys'
import { type Keyring } from './masterKey'
import { type Authenticated } from './service'
import { requireFreshStepUp } from './stepUp'

export interface CustodyServiceOptions {
  db: Kysely<DatabaseSchema>
  keyring: Keyring
  /** Epoch milliseconds. Default Date.now. */
  now?: () => number
  logError?: (error: unknown, message: string) => void
}

export interface CustodyService {
  /** Records wallets made in the frame, with this device's auth share; refused per namespace the user has a wallet in. */
  registerWallets(auth: Authenticated, wallets: readonly WalletRegistration[]): Promise<{ addresses: Partial<Record<WalletNamespace, string>> }>
  /**
   * This device's auth share of the user's wallet in `namespace`, and whether a recovery is
   * set for that wallet (the frame offers to set one while not); 404 AUTH_SHARE_NOT_FOUND
   * when the device has none.
   */
  authShare(auth: Authenticated, namespace: WalletNamespace): Promise<{ namespace: WalletNamespace; address: string; authShare: string; recoverySet: boolean }>
  /**
   * Key export (docs/security.md "Key export"): this device's auth share again, released only
   * to a session that proved a fresh step-up (403 STEP_UP_REQUIRED, server/auth/stepUp.ts), so
   * the frame rebuilds the key to show it only with the server's consent.
   */
  exportShare(auth: Authenticated, namespace: WalletNamespace): Promise<{ namespace: WalletNamespace; address: string; authShare: string }>
  /** A custodial key, base64, released to the frame to be split; 404 NOT_CUSTODIAL when the server holds none. */
  startMigration(auth: Authenticated, namespace: WalletNamespace): Promise<{ namespace: WalletNamespace; address: string; secret: string }>
  /** Stores the split of a migrated key and deletes the full key; repeating it with the same share is a no-op. */
  finishMigration(auth: Authenticated, wallet: WalletRegistration): Promise<{ namespace: WalletNamespace; address: string }>
  /**
   * Sets (or changes) the wallet's recovery: the sealed recovery share of a split and that
   * split's auth share, kept for recovery apart from any device's. Only from a device that
   * holds a share (404 AUTH_SHARE_NOT_FOUND); the previous recovery's server part is revoked.
   */
  setRecovery(auth: Authenticated, setup: RecoverySetup): Promise<{ namespace: WalletNamespace; address: string; version: number }>
  /** The current recovery envelope and the server's part of its split; 404 RECOVERY_NOT_SET. */
  recovery(auth: Authenticated, namespace: WalletNamespace): Promise<{ namespace: WalletNamespace; address: string; version: number; envelope: unknown; authShare: string }>
  /** After a recovery: this device's own auth share of the wallet (a new split it made). */
  registerRecoveredDevice(auth: Authenticated, wallet: WalletRegistration): Promise<{ namespace: WalletNamespace; address: string }>
}

export { RECOVERY_HOLDER }

/**
 * @example
 * const custody = createCustodyService({ db, keyring })
 * await custody.registerWallets(auth, [{ namespace: 'eip155', address, authShare }])
 */
export function createCustodyService(options: CustodyServiceOptions): CustodyService {
  const { db, keyring } = options
  const now = options.now ?? Date.now
  const logError = options.logError ?? (() => {})

  const sealShare = (share: Buffer, where: { userId: string; deviceHash: string; namespace: WalletNamespace; address: string }) => ({
    ...where,
    encrypted: keyring.encrypt(share, authShareAad(where)),
  })

  /** Stores this device's auth share and the recovery envelope, in the caller's transaction. */
  async function storeShares(shares: CustodyShareStore, { session, user }: Authenticated, wallet: CheckedWallet, at: number): Promise<void> {
    await shares.putAuthShare(sealShare(wallet.authShare, { userId: user.id, deviceHash: session.deviceHash, namespace: wallet.namespace, address: wallet.address }), at)
    if (wallet.recoveryEnvelope !== undefined) await storeRecovery(shares, user.id, wallet, wallet.recoveryEnvelope, at)
  }

  /** The envelope as the next version, and its split's auth share as the recovery holder's (replacing the previous one). */
  async function storeRecovery(shares: CustodyShareStore, userId: string, wallet: CheckedWallet, envelope: Record<string, unknown>, at: number): Promise<number> {
    await shares.putAuthShare(sealShare(wallet.authShare, { userId, deviceHash: RECOVERY_HOLDER, namespace: wallet.namespace, address: wallet.address }), at)
    return shares.addRecoveryShare({ userId, namespace: wallet.namespace, address: wallet.address, envelope }, at)
  }

  /** The share `holder` keeps of the user's wallet, opened; undefined when it keeps none of the current wallet. */
  async function openShare(userId: string, holder: string, namespace: WalletNamespace): Promise<{ address: string; authShare: string } | undefined> {
    const address = await findCustodyWallet(db, userId, namespace)
    const stored = address === undefined ? undefined : await createCustodyShareStore(db).findAuthShare(userId, holder, namespace)
    if (stored === undefined || stored.address !== address) return undefined
    try {
      return { address: stored.address, authShare: keyring.decrypt(stored.encrypted, authShareAad(stored)).toString('base64') }
    } catch (error) {
      logError(error, `auth share ${stored.id} does not decrypt`)
      throw new AuthError(500, 'Wallet Unavailable', 'WALLET_UNAVAILABLE', 'The wallet cannot be used right now; the server operator has been told')
    }
  }

  /** Whether the wallet at `address` has a recovery a new device can use: its envelope and the server part of that split. */
  async function hasRecovery(userId: string, namespace: WalletNamespace, address: string): Promise<boolean> {
    const shares = createCustodyShareStore(db)
    const envelope = await shares.latestRecoveryShare(userId, namespace)
    return envelope?.address === address && (await shares.findAuthShare(userId, RECOVERY_HOLDER, namespace))?.address === address
  }

  const noDeviceShare = (namespace: WalletNamespace) => new AuthError(404, 'Not Found', 'AUTH_SHARE_NOT_FOUND', `This device holds no share of the ${namespace} wallet`)

  /** The checked wallet, refused unless it names the user's wallet in its namespace. */
  async function ownWallet(userId: string, raw: WalletRegistration): Promise<CheckedWallet> {
    const wallet = checkWallet(raw)
    const address = await findCustodyWallet(db, userId, wallet.namespace)
    if (address === undefined) throw noDeviceShare(wallet.namespace)
    if (address !== wallet.address) throw invalidPayload(`address must be this wallet's address (${address})`)
    return wallet
  }

  const walletExists = (namespace: WalletNamespace) => new AuthError(409, 'Conflict', 'WALLET_EXISTS', `This user already has a ${namespace} wallet`)

  return {
    async registerWallets(auth, wallets) {
      const checked = wallets.map(checkWallet)
      if (new Set(checked.map((wallet) => wallet.namespace)).size !== checked.length) throw invalidPayload('wallets must name each namespace at most once')
      const at = now()
      await db.transaction().execute(async (tx) => {
        for (const wallet of checked) {
          if ((await createWalletKeyStore(tx).find(auth.user.id, wallet.namespace)) !== undefined) throw walletExists(wallet.namespace)
          if (!(await insertCustodyWallet(tx, { userId: auth.user.id, namespace: wallet.namespace, address: wallet.address }, at))) throw walletExists(wallet.namespace)
          await storeShares(createCustodyShareStore(tx), auth, wallet, at)
        }
      })
      return { addresses: await walletAddresses(db, auth.user.id) }
    },

    async authShare({ session, user }, namespace) {
      const share = await openShare(user.id, session.deviceHash, namespace)
      if (share === undefined) throw noDeviceShare(namespace)
      await markDeviceUsed(db, user.id, session.deviceHash, now())
      return { namespace, ...share, recoverySet: await hasRecovery(user.id, namespace, share.address) }
    },

    async exportShare({ session, user }, namespace) {
      requireFreshStepUp(session, now())
      const share = await openShare(user.id, session.deviceHash, namespace)
      if (share === undefined) throw noDeviceShare(namespace)
      return { namespace, ...share }
    },

    async setRecovery({ session, user }, { envelope, ...raw }) {
      const wallet = await ownWallet(user.id, { ...raw, recoveryEnvelope: envelope })
      if ((await createCustodyShareStore(db).findAuthShare(user.id, session.deviceHash, wallet.namespace)) === undefined) throw noDeviceShare(wallet.namespace)
      const version = await db.transaction().execute((tx) => storeRecovery(createCustodyShareStore(tx), user.id, wallet, envelope, now()))
      return { namespace: wallet.namespace, address: wallet.address, version }
    },

    async recovery({ user }, namespace) {
      const notSet = () => new AuthError(404, 'Not Found', 'RECOVERY_NOT_SET', `No recovery is set for the ${namespace} wallet`)
      const envelope = await createCustodyShareStore(db).latestRecoveryShare(user.id, namespace)
      const share = envelope === undefined ? undefined : await openShare(user.id, RECOVERY_HOLDER, namespace)
      if (envelope === undefined || share === undefined || envelope.address !== share.address) throw notSet()
      return { namespace, address: share.address, version: envelope.version, envelope: envelope.envelope, authShare: share.authShare }
    },

    async registerRecoveredDevice({ session, user }, raw) {
      const wallet = await ownWallet(user.id, { ...raw, recoveryEnvelope: undefined })
      await createCustodyShareStore(db).putAuthShare(sealShare(wallet.authShare, { userId: user.id, deviceHash: session.deviceHash, namespace: wallet.namespace, address: wallet.address }), now())
      return { namespace: wallet.namespace, address: wallet.address }
    },

    async startMigration({ user }, namespace) {
      const stored = await createWalletKeyStore(db).find(user.id, namespace)
      if (stored === undefined) throw notCustodial(namespace)
      const unavailable = (detail: string, cause?: unknown) => {
        logError(cause ?? new Error(detail), `wallet key unavailable: ${detail}`)
        return new AuthError(500, 'Wallet Unavailable', 'WALLET_UNAVAILABLE', 'The wallet key cannot be used right now; the server operator has been told')
      }
      let secret: Buffer
      try {
        secret = keyring.decrypt(stored.encrypted, walletKeyAad(stored))
      } catch (error) {
        throw unavailable(`key ${stored.id} does not decrypt`, error)
      }
      try {
        if (addressOf(namespace, secret) !== stored.address) throw unavailable(`key ${stored.id} does not match its address`)
        return { namespace, address: stored.address, secret: secret.toString('base64') }
      } finally {
        secret.fill(0)
      }
    },

    async finishMigration(auth, raw) {
      const wallet = checkWallet(raw)
      const { namespace, address } = wallet
      const at = now()
      await db.transaction().execute(async (tx) => {
        const keys = createWalletKeyStore(tx)
        const shares = createCustodyShareStore(tx)
        const stored = await keys.find(auth.user.id, namespace)
        if (stored === undefined) {
          // Done before: the same share again is the retry of an answer that was lost.
          const migrated = await findCustodyWallet(tx, auth.user.id, namespace)
          if (migrated === undefined) throw notCustodial(namespace)
          const live = await shares.findAuthShare(auth.user.id, auth.session.deviceHash, namespace)
          const same = migrated === address && live !== undefined && keyring.decrypt(live.encrypted, authShareAad(live)).equals(wallet.authShare)
          if (!same) throw new AuthError(409, 'Conflict', 'ALREADY_MIGRATED', `The ${namespace} wallet was moved to self-custody already`)
          return
        }
        if (stored.address !== address) throw invalidPayload(`address must be this wallet's address (${stored.address})`)
        if (!(await insertCustodyWallet(tx, { userId: auth.user.id, namespace, address }, at))) throw walletExists(namespace)
        await storeShares(shares, auth, wallet, at)
        await keys.remove(tx, stored.id)
      })
      return { namespace, address }
    },
  }
}

const notCustodial = (namespace: WalletNamespace) => new AuthError(404, 'Not Found', 'NOT_CUSTODIAL', `The server holds no key of this ${namespace} wallet to move`)

interface CheckedWallet {
  namespace: WalletNamespace
  address: string
  authShare: Buffer
  recoveryEnvelope: Record<string, unknown> | undefined
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The address in its canonical form for the namespace, the share 33 bytes, the envelope small: else a 400. */
function checkWallet(wallet: WalletRegistration): CheckedWallet {
  const { namespace, address, authShare, recoveryEnvelope } = wallet
  if (!(CUSTODY_NAMESPACES as readonly string[]).includes(namespace)) throw invalidPayload(`namespace must be one of ${CUSTODY_NAMESPACES.join(', ')}`)
  if (!isCanonicalAddress(namespace, address)) {
    throw invalidPayload(namespace === 'eip155' ? 'address must be a checksummed 0x address' : 'address must be a base58 ed25519 public key (32 bytes)')
  }
  const share = BASE64.test(authShare) ? Buffer.from(authShare, 'base64') : undefined
  if (share?.length !== AUTH_SHARE_BYTES) throw invalidPayload(`authShare must be ${AUTH_SHARE_BYTES} bytes, base64`)
  if (recoveryEnvelope !== undefined && JSON.stringify(recoveryEnvelope).length > MAX_RECOVERY_ENVELOPE_BYTES) {
    throw invalidPayload(`recoveryEnvelope is longer than ${MAX_RECOVERY_ENVELOPE_BYTES} bytes`)
  }
  return { namespace, address, authShare: share, recoveryEnvelope }
}

function isCanonicalAddress(namespace: WalletNamespace, address: string): boolean {
  if (namespace === 'eip155') return isAddress(address, { strict: true }) && getAddress(address) === address
  if (!BASE58.test(address)) return false
  try {
    return getBase58Encoder().encode(address).length === 32
  } catch {
    return false
  }
}
