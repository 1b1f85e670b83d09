/**
 * Wallet private keys, encrypted. This module stores and returns ciphertext
 * only; encrypting and decrypting is the keyring's (server/auth/masterKey.ts),
 * and the associated data binds each ciphertext to its user, namespace and
 * address, so a ciphertext copied onto another row does not decrypt.
 */
import { randomUUID } from 'node:crypto'
import { type Kysely, type Selectable, type Transaction } from 'kysely'
import { type Encrypted } from '../auth/masterKey'
import { fromEncryptedColumns, toEncryptedColumns } from './encryptedColumns'
import { type AuthWalletKeysTable, type DatabaseSchema, type WalletNamespace } from './schema'
import { isoAt } from './time'

export interface StoredWalletKey {
  id: string
  userId: string
  namespace: WalletNamespace
  address: string
  encrypted: Encrypted
}

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>

export interface WalletKeyStore {
  insert(db: Db, key: { userId: string; namespace: WalletNamespace; address: string; encrypted: Encrypted; now: number }): Promise<void>
  /** Public addresses by namespace. */
  addresses(userId: string): Promise<Partial<Record<WalletNamespace, string>>>
  find(userId: string, namespace: WalletNamespace): Promise<StoredWalletKey | undefined>
  /** Keys not encrypted under `masterKeyId`, in id order after `afterId`, a batch at a time (rotation). */
  listNotUnder(masterKeyId: string, afterId: string, limit: number): Promise<StoredWalletKey[]>
  /** Replaces a key's ciphertext if it still has the one it was read with. */
  replaceCiphertext(id: string, previousMasterKeyId: string, encrypted: Encrypted, now: number): Promise<boolean>
  /** Deletes a key's row (its migration to self-custody finished); in the caller's transaction. */
  remove(db: Db, id: string): Promise<void>
  /** How many keys each master key encrypted. */
  countByMasterKey(): Promise<Record<string, number>>
}

/** The associated data of a wallet key's ciphertext. */
export function walletKeyAad(key: { userId: string; namespace: WalletNamespace; address: string }): string {
  return `portico/wallet-key/1\n${key.userId}\n${key.namespace}\n${key.address}`
}

const columns = ['id', 'user_id', 'namespace', 'address', 'scheme', 'master_key_id', 'iv', 'ciphertext', 'auth_tag'] as const

/**
 * @example
 * const keys = createWalletKeyStore(db)
 * const stored = await keys.find(userId, 'eip155')
 */
export function createWalletKeyStore(db: Kysely<DatabaseSchema>): WalletKeyStore {
  return {
    async insert(into, { userId, namespace, address, encrypted, now }) {
      await into
        .insertInto('auth_wallet_keys')
        .values({
          id: randomUUID(),
          user_id: userId,
          namespace,
          address,
          ...toEncryptedColumns(encrypted),
          created_at: isoAt(now),
          updated_at: isoAt(now),
        })
        .execute()
    },

    async addresses(userId) {
      const rows = await db.selectFrom('auth_wallet_keys').select(['namespace', 'address']).where('user_id', '=', userId).execute()
      return Object.fromEntries(rows.map((row) => [row.namespace, row.address]))
    },

    async find(userId, namespace) {
      const row = await db.selectFrom('auth_wallet_keys').select(columns).where('user_id', '=', userId).where('namespace', '=', namespace).executeTakeFirst()
      return row && toStored(row)
    },

    async listNotUnder(masterKeyId, afterId, limit) {
      const rows = await db.selectFrom('auth_wallet_keys').select(columns).where('master_key_id', '!=', masterKeyId).where('id', '>', afterId).orderBy('id').limit(limit).execute()
      return rows.map(toStored)
    },

    async replaceCiphertext(id, previousMasterKeyId, encrypted, now) {
      const result = await db
        .updateTable('auth_wallet_keys')
        .set({
          ...toEncryptedColumns(encrypted),
          updated_at: isoAt(now),
        })
        .where('id', '=', id)
        .where('master_key_id', '=', previousMasterKeyId)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async remove(from, id) {
      await from.deleteFrom('auth_wallet_keys').where('id', '=', id).execute()
    },

    async countByMasterKey() {
      const rows = await db
        .selectFrom('auth_wallet_keys')
        .select((eb) => ['master_key_id', eb.fn.countAll<number | string | bigint>().as('count')])
        .groupBy('master_key_id')
        .execute()
      return Object.fromEntries(rows.map((row) => [row.master_key_id, Number(row.count)]))
    },
  }
}

function toStored(row: Pick<Selectable<AuthWalletKeysTable>, 'id' | 'user_id' | 'namespace' | 'address' | 'scheme' | 'master_key_id' | 'iv' | 'ciphertext' | 'auth_tag'>): StoredWalletKey {
  return {
    id: row.id,
    userId: row.user_id,
    namespace: row.namespace,
    address: row.address,
    encrypted: fromEncryptedColumns(row),
  }
}
