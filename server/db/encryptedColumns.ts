/**
 * The five columns of a value encrypted under the master key (server/auth/masterKey.ts),
 * shared by every table that stores one: their types, their DDL and the mapping to and
 * from the keyring's Encrypted.
 */
import { type CreateTableBuilder } from 'kysely'
import { type Encrypted } from '../auth/masterKey'

export interface EncryptedColumns {
  /** Encryption scheme, so a later one can be told apart: 'aes-256-gcm/1'. */
  scheme: string
  /** Which master key encrypted it (rotation). */
  master_key_id: string
  /** base64 */
  iv: string
  /** base64 */
  ciphertext: string
  /** base64 */
  auth_tag: string
}

/** Adds the five columns, all text, not null; use with `.$call(addEncryptedColumns)`. */
export function addEncryptedColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('scheme', 'text', (column) => column.notNull())
    .addColumn('master_key_id', 'text', (column) => column.notNull())
    .addColumn('iv', 'text', (column) => column.notNull())
    .addColumn('ciphertext', 'text', (column) => column.notNull())
    .addColumn('auth_tag', 'text', (column) => column.notNull())
}

export function toEncryptedColumns(encrypted: Encrypted): EncryptedColumns {
  return { scheme: encrypted.scheme, master_key_id: encrypted.masterKeyId, iv: encrypted.iv, ciphertext: encrypted.ciphertext, auth_tag: encrypted.authTag }
}

export function fromEncryptedColumns(row: EncryptedColumns): Encrypted {
  return { scheme: row.scheme, masterKeyId: row.master_key_id, iv: row.iv, ciphertext: row.ciphertext, authTag: row.auth_tag }
}
