/**
 * The device share, kept in the secure origin's IndexedDB and encrypted (AES-256-GCM)
 * under a WebCrypto key made non-extractable and kept in the same database (a CryptoKey
 * is structured-cloneable, so IndexedDB stores the key object, never a copy a script can
 * read). Script on the secure origin can use the key but not export it, so an injected
 * script cannot carry the share off the device. It is not a defence against someone with
 * the browser profile on disk: the browser keeps the key material in the profile.
 *
 * The GCM associated data is the wallet (namespace and address), so a record copied onto
 * another wallet's slot does not decrypt.
 */
import { CustodyError, CustodyErrorCodes } from './errors'
import type { WalletSecret } from './keys'
import { getOrAddOnce, inTransaction, openDatabase } from '../indexedDb'

export const DEVICE_DB_NAME = 'portico-custody'
const DB_VERSION = 1
export const KEY_STORE = 'deviceKeys'
export const SHARE_STORE = 'deviceShares'
const DEVICE_KEY_ID = 'device-share-key/1'
const IV_BYTES = 12

type Wallet = Pick<WalletSecret, 'namespace' | 'address'>

/** What IndexedDB holds per wallet: no share in the clear. */
export interface StoredDeviceShare {
  iv: Uint8Array
  ciphertext: ArrayBuffer
  createdAt: number
}

export interface DeviceShareStore {
  save(wallet: Wallet, share: Uint8Array): Promise<void>
  /** Undefined when this device holds no share for the wallet; throws CUSTODY_DEVICE_SHARE_UNREADABLE when it does not decrypt. */
  load(wallet: Wallet): Promise<Uint8Array | undefined>
  remove(wallet: Wallet): Promise<void>
  close(): void
}

/** The IndexedDB key of a wallet's device share. */
export function deviceShareId(wallet: Wallet): string {
  return `${wallet.namespace}:${wallet.address}`
}

/**
 * @example
 * const store = await openDeviceShareStore()
 * await store.save({ namespace: 'eip155', address }, shares.device)
 */
export async function openDeviceShareStore(factory: IDBFactory = indexedDB): Promise<DeviceShareStore> {
  const db = await openDatabase(factory, DEVICE_DB_NAME, DB_VERSION, [KEY_STORE, SHARE_STORE])
  const key = await deviceKey(db)
  return {
    async save(wallet, share) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
      const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: associatedData(wallet) }, key, Uint8Array.from(share))
      const record: StoredDeviceShare = { iv, ciphertext, createdAt: Date.now() }
      await inTransaction(db, SHARE_STORE, 'readwrite', (store) => store.put(record, deviceShareId(wallet)))
    },

    async load(wallet) {
      const record = (await inTransaction(db, SHARE_STORE, 'readonly', (store) => store.get(deviceShareId(wallet)))) as StoredDeviceShare | undefined
      if (record === undefined) return undefined
      try {
        return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: Uint8Array.from(record.iv), additionalData: associatedData(wallet) }, key, record.ciphertext))
      } catch {
        throw new CustodyError(CustodyErrorCodes.deviceShareUnreadable, 'The key share stored on this device cannot be read; recover the wallet with its recovery share')
      }
    },

    async remove(wallet) {
      await inTransaction(db, SHARE_STORE, 'readwrite', (store) => store.delete(deviceShareId(wallet)))
    },

    close() {
      db.close()
    },
  }
}

/**
 * A device share store in this page's memory: where the browser refuses the secure
 * origin IndexedDB (a third-party frame with storage blocked, as it refuses its
 * localStorage), and in tests outside a browser. Shares kept here last for the page's
 * life only: a wallet made here cannot be rebuilt after a reload without its recovery
 * factor (docs/security.md, "Key custody").
 */
export function createMemoryDeviceShareStore(): DeviceShareStore & { shares: Map<string, Uint8Array> } {
  const shares = new Map<string, Uint8Array>()
  return {
    shares,
    save: async (wallet, share) => void shares.set(deviceShareId(wallet), Uint8Array.from(share)),
    load: async (wallet) => {
      const share = shares.get(deviceShareId(wallet))
      return share && Uint8Array.from(share)
    },
    remove: async (wallet) => void shares.delete(deviceShareId(wallet)),
    close: () => shares.clear(),
  }
}

function associatedData(wallet: Wallet): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`portico/device-share/1\n${deviceShareId(wallet)}`)
}

/** The origin's device key: made once (non-extractable), then the same key object from IndexedDB. */
function deviceKey(db: IDBDatabase): Promise<CryptoKey> {
  return getOrAddOnce(db, KEY_STORE, DEVICE_KEY_ID, () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']))
}
