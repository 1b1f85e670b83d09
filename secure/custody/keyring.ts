/**
 * The wallet keys of the signed-in user, in this page's memory for the session only
 * (issue 32, docs/security.md "Key custody"). After login, per namespace:
 *
 * - a known wallet is rebuilt from this device's share (IndexedDB, deviceShareStore.ts)
 *   and this device's auth share (from the server), checked against the address;
 * - a user without a wallet there gets a new key, made here, split 2-of-3; the device
 *   share is stored, the auth share and the address are registered with the server;
 * - a custodial wallet (its key still on the server) is migrated: the server releases
 *   the key once, it is split here, and `finish` makes the server delete the full key.
 *
 * The secret never leaves this module except into `signPayload`; nothing here posts it
 * to the app or sends it to the server. `lock()` zeroes it (sign-out, session end).
 */
import type { CustodyWalletNamespace, RecoverySetup, WalletRegistration } from '../../src/shared/custodyApi'
import { toBase64 } from './bytes'
import { CustodyError, CustodyErrorCodes } from './errors'
import type { DeviceShareStore } from './deviceShareStore'
import { addressOfSecret, generateWalletSecret, type WalletSecret } from './keys'
import { openRecoveryShare, recoveryMethod, sealRecoveryShare, type RecoveryPasskeyRef, type RecoverySealSecret } from './recoveryEnvelope'
import { rebuildWalletSecret, splitWalletSecret } from './shares'
import { namespaceOfKind, signPayload, type SignKind, type SignResult } from './signPayload'

export const KEYRING_NAMESPACES: readonly CustodyWalletNamespace[] = ['eip155', 'solana']

/** The server's custody routes, bound to the current session (secure/api.ts). */
export interface CustodyCalls {
  /** This device's auth share and whether a recovery is set, or undefined when the server has no share for this device (AUTH_SHARE_NOT_FOUND). */
  authShare(namespace: CustodyWalletNamespace): Promise<{ address: string; authShare: Uint8Array; recoverySet: boolean } | undefined>
  registerWallets(wallets: WalletRegistration[]): Promise<void>
  /** The custodial key, or undefined when the server holds none (NOT_CUSTODIAL). */
  startMigration(namespace: CustodyWalletNamespace): Promise<{ address: string; secret: Uint8Array } | undefined>
  finishMigration(wallet: WalletRegistration): Promise<void>
  setRecovery(setup: RecoverySetup): Promise<void>
  /** The recovery envelope and the server's part of its split, or undefined when none is set (RECOVERY_NOT_SET). */
  recovery(namespace: CustodyWalletNamespace): Promise<{ address: string; envelope: Record<string, unknown>; authShare: Uint8Array } | undefined>
  registerRecoveredDevice(wallet: WalletRegistration): Promise<void>
  /** This device's auth share for key export; refused by the server (403 STEP_UP_REQUIRED) without a fresh step-up. */
  exportShare(namespace: CustodyWalletNamespace): Promise<{ address: string; authShare: Uint8Array }>
}

export type WalletAddresses = Partial<Record<CustodyWalletNamespace, string>>

/** How the visitor opens a recovery: the password, or a WebAuthn ceremony with the passkey the envelope names, answering its PRF output. */
export type RecoveryUnlock = { password: string } | { passkey: (passkey: RecoveryPasskeyRef) => Promise<Uint8Array> }

/** What a wallet's recovery is sealed with (recoveryEnvelope.ts), for the prompt to ask for it. */
export type RecoveryMethod = 'password' | 'passkey'

/** What the visitor is asked after login (recoveryFlow.ts): wallets held here with no recovery set, and wallets this device cannot rebuild. */
export interface RecoveryNeeds {
  setUp: CustodyWalletNamespace[]
  missing: CustodyWalletNamespace[]
}

export interface Keyring {
  /**
   * Makes the user's keys usable here: rebuilds, creates (and registers) or migrates each.
   * Answers whether the user's addresses on the server are newer than `addresses` (wallets
   * were registered, now or by an unlock running at the same time): read the user again.
   */
  unlock(addresses: WalletAddresses): Promise<{ registered: boolean }>
  /** Whether this page holds the key of `namespace` now. */
  has(namespace: CustodyWalletNamespace): boolean
  /** Signs with the rebuilt key; CUSTODY_NO_DEVICE_KEY when this device could not rebuild it. */
  sign(kind: SignKind, payload: unknown): Promise<SignResult>
  /**
   * Sets (or changes) the recovery of a wallet held here: a new split of its key, whose
   * recovery share is sealed with the password or the passkey's PRF output
   * (recoveryEnvelope.ts) and whose auth share the server keeps for recovery; the previous
   * recovery, password or passkey, stops working.
   */
  setRecovery(namespace: CustodyWalletNamespace, secret: RecoverySealSecret): Promise<void>
  /**
   * On a device without a share: reads the recovery envelope (counted by the server's limit),
   * opens it with the password or the passkey it names, rebuilds the key with the server's
   * part, and keeps a new split's device share here (its auth share is registered for this
   * device). CUSTODY_RECOVERY_NOT_SET, CUSTODY_WRONG_RECOVERY_SECRET, CUSTODY_RECOVERY_UNSUPPORTED
   * (a password given for a passkey envelope, or the other way round); a passkey ceremony's
   * own failure is thrown as it is.
   */
  recover(namespace: CustodyWalletNamespace, unlock: RecoveryUnlock): Promise<void>
  /**
   * After `unlock`: the wallets held here whose recovery is not set (made or migrated now, or
   * rebuilt while the server says none is set), and those this device holds no share of.
   */
  recoveryNeeds(): RecoveryNeeds
  /**
   * Key export: rebuilds the key of a wallet held here from this device's share and the
   * auth share the server releases only after a fresh step-up (not from the key kept for
   * signing, so the server's consent is needed), checked against the address. The caller
   * shows it in this page only and zeroes it; CUSTODY_NO_DEVICE_KEY when it is not held here.
   */
  reveal(namespace: CustodyWalletNamespace): Promise<WalletSecret>
  /** What the server's recovery of `namespace`'s wallet is sealed with, or undefined when it holds none this code reads (reads it: counted by the server's recovery limit). */
  recoveryMethod(namespace: CustodyWalletNamespace): Promise<RecoveryMethod | undefined>
  /** Forgets every key (zeroed). */
  lock(): void
}

export interface KeyringOptions {
  calls: CustodyCalls
  deviceShares: () => Promise<DeviceShareStore>
  logger?: { debug(message: string, details?: unknown): void } | undefined
}

/**
 * @example
 * const keyring = createKeyring({ calls, deviceShares: () => openDeviceShareStore() })
 * await keyring.unlock(user.addresses)
 * await keyring.sign('personal_sign', { message: 'hello' })
 */
export function createKeyring({ calls, deviceShares, logger }: KeyringOptions): Keyring {
  const wallets = new Map<CustodyWalletNamespace, WalletSecret>()
  /** Wallets this device could not rebuild this session: not asked again on every GET_USER (the routes are rate-limited). */
  const unavailable = new Map<CustodyWalletNamespace, string>()
  /** Whether each wallet held here has a recovery set, as last known. */
  const recoverySet = new Map<CustodyWalletNamespace, boolean>()
  /** One unlock at a time: two at once would make and register two wallets for a new user. */
  let queue: Promise<unknown> = Promise.resolve()
  let store: Promise<DeviceShareStore> | undefined
  const devices = () =>
    (store ??= deviceShares().catch((error: unknown) => {
      store = undefined
      throw error
    }))

  /** This device's share and the server's auth share, checked against the address; undefined when either is missing or they do not match. */
  async function rebuild(namespace: CustodyWalletNamespace, address: string): Promise<WalletSecret | undefined> {
    let device: Uint8Array | undefined
    try {
      device = await (await devices()).load({ namespace, address })
    } catch (error) {
      logger?.debug(`secure: the ${namespace} device share is unreadable`, error)
    }
    if (device === undefined) return undefined
    const auth = await calls.authShare(namespace)
    if (auth === undefined || auth.address !== address) return undefined
    try {
      const wallet = { namespace, address, secret: await rebuildWalletSecret({ namespace, address }, [device, auth.authShare]) }
      recoverySet.set(namespace, auth.recoverySet)
      return wallet
    } catch (error) {
      logger?.debug(`secure: the ${namespace} shares do not rebuild the key`, error)
      return undefined
    } finally {
      device.fill(0)
      auth.authShare.fill(0)
    }
  }

  /** Splits `wallet`, keeps the device share here and answers what the server keeps. The recovery share is dropped until a recovery factor is set up. */
  async function splitAndKeep(wallet: WalletSecret): Promise<WalletRegistration> {
    const shares = await splitWalletSecret(wallet)
    try {
      await (await devices()).save(wallet, shares.device)
      return { namespace: wallet.namespace, address: wallet.address, authShare: toBase64(shares.auth) }
    } finally {
      for (const share of Object.values(shares)) share.fill(0)
    }
  }

  /** A custodial key released by the server, split here; the server then deletes the full key. */
  async function migrate(namespace: CustodyWalletNamespace, address: string): Promise<WalletSecret | undefined> {
    const released = await calls.startMigration(namespace)
    if (released === undefined) return undefined
    if (released.address !== address || addressOfSecret(namespace, released.secret) !== address) {
      released.secret.fill(0)
      throw new CustodyError(CustodyErrorCodes.shareMismatch, `The key the server released is not the key of ${address}`)
    }
    const wallet: WalletSecret = { namespace, address, secret: released.secret }
    await calls.finishMigration(await splitAndKeep(wallet))
    recoverySet.set(namespace, false)
    return wallet
  }

  async function unlockNow(addresses: WalletAddresses): Promise<{ registered: boolean }> {
    const fresh: WalletSecret[] = []
    /** A wallet registered this session that `addresses` (read before) does not show yet. */
    let behind = false
    for (const namespace of KEYRING_NAMESPACES) {
      const address = addresses[namespace]
      const held = wallets.get(namespace)
      if (held !== undefined && held.address === address) continue
      if (held !== undefined && address === undefined) {
        behind = true
        continue
      }
      if (address !== undefined && unavailable.get(namespace) === address) continue
      if (held !== undefined) {
        held.secret.fill(0)
        wallets.delete(namespace)
      }
      if (address === undefined) {
        fresh.push(generateWalletSecret(namespace))
        continue
      }
      const wallet = (await rebuild(namespace, address)) ?? (await migrate(namespace, address))
      if (wallet !== undefined) wallets.set(namespace, wallet)
      else {
        unavailable.set(namespace, address)
        logger?.debug(`secure: this device holds no share of the ${namespace} wallet ${address}`)
      }
    }
    if (fresh.length === 0) return { registered: behind }
    const registrations: WalletRegistration[] = []
    for (const wallet of fresh) registrations.push(await splitAndKeep(wallet))
    await calls.registerWallets(registrations)
    for (const wallet of fresh) {
      wallets.set(wallet.namespace, wallet)
      recoverySet.set(wallet.namespace, false)
    }
    return { registered: true }
  }

  return {
    unlock(addresses) {
      const run = queue.then(() => unlockNow(addresses))
      queue = run.catch(() => undefined)
      return run
    },

    has: (namespace) => wallets.has(namespace),

    async sign(kind, payload) {
      const wallet = wallets.get(namespaceOfKind(kind)) ?? noKeyHere()
      return signPayload(kind, payload, wallet.secret, wallet.address)
    },

    async setRecovery(namespace, secret) {
      const wallet = wallets.get(namespace) ?? noKeyHere()
      const shares = await splitWalletSecret(wallet)
      try {
        const envelope = await sealRecoveryShare(shares.recovery, secret, wallet.address)
        await calls.setRecovery({ namespace, address: wallet.address, authShare: toBase64(shares.auth), envelope: { ...envelope } })
      } finally {
        for (const share of Object.values(shares)) share.fill(0)
      }
      recoverySet.set(namespace, true)
    },

    async recover(namespace, unlock) {
      const found = await calls.recovery(namespace)
      if (found === undefined) throw new CustodyError(CustodyErrorCodes.recoveryNotSet, 'No recovery is set for this wallet')
      let recovery: Uint8Array
      if ('password' in unlock) recovery = await openRecoveryShare(found.envelope, unlock, found.address)
      else {
        const method = recoveryMethod(found.envelope)
        if (method.kind !== 'passkey') throw new CustodyError(CustodyErrorCodes.recoveryUnsupported, 'This recovery share is sealed with a password')
        const prfOutput = await unlock.passkey(method.passkey)
        try {
          recovery = await openRecoveryShare(found.envelope, { prfOutput }, found.address)
        } finally {
          prfOutput.fill(0)
        }
      }
      let secret: Uint8Array
      try {
        secret = await rebuildWalletSecret({ namespace, address: found.address }, [recovery, found.authShare])
      } finally {
        recovery.fill(0)
        found.authShare.fill(0)
      }
      const wallet: WalletSecret = { namespace, address: found.address, secret }
      await calls.registerRecoveredDevice(await splitAndKeep(wallet))
      wallets.get(namespace)?.secret.fill(0)
      wallets.set(namespace, wallet)
      unavailable.delete(namespace)
      recoverySet.set(namespace, true)
    },

    recoveryNeeds: () => ({
      setUp: KEYRING_NAMESPACES.filter((namespace) => wallets.has(namespace) && recoverySet.get(namespace) === false),
      missing: KEYRING_NAMESPACES.filter((namespace) => unavailable.has(namespace)),
    }),

    async reveal(namespace) {
      const held = wallets.get(namespace) ?? noKeyHere()
      const released = await calls.exportShare(namespace)
      let device: Uint8Array | undefined
      try {
        if (released.address !== held.address) throw new CustodyError(CustodyErrorCodes.shareMismatch, `The server released a share of ${released.address}, not of ${held.address}`)
        device = (await (await devices()).load({ namespace, address: held.address })) ?? noKeyHere()
        return { namespace, address: held.address, secret: await rebuildWalletSecret({ namespace, address: held.address }, [device, released.authShare]) }
      } finally {
        device?.fill(0)
        released.authShare.fill(0)
      }
    },

    async recoveryMethod(namespace) {
      const found = await calls.recovery(namespace)
      if (found === undefined) return undefined
      found.authShare.fill(0)
      try {
        return recoveryMethod(found.envelope).kind
      } catch (error) {
        logger?.debug(`secure: the ${namespace} recovery envelope is not one this page reads`, error)
        return undefined
      }
    },

    lock() {
      for (const wallet of wallets.values()) wallet.secret.fill(0)
      wallets.clear()
      unavailable.clear()
      recoverySet.clear()
    },
  }
}

function noKeyHere(): never {
  throw new CustodyError(
    CustodyErrorCodes.noDeviceKey,
    'This device holds no key of this wallet: sign in again and recover it with its recovery password or passkey, or use the device where you created it',
  )
}
