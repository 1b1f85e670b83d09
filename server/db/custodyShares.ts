/**
 * Self-custody key shares the server keeps (issue 32; used by server/auth/custody.ts):
 *
 * - custody_auth_shares: the auth share of a user's wallet, one per approved device,
 *   encrypted under the master key (server/auth/masterKey.ts) with associated data that
 *   binds it to user, device, namespace and address. Removing a device deletes its rows,
 *   so that device's share alone can no longer rebuild the key with the server's help.
 * - custody_recovery_shares: the recovery share's envelope as the secure frame sealed it
 *   (secure/custody/recoveryEnvelope.ts). The server cannot open it; each new envelope
 *   (a new password or passkey) gets the next version and the latest one is current.
 */
import { randomUUID } from 'node:crypto'
import { type ColumnType, type Kysely, type Migration, type Selectable, type Transaction, sql } from 'kysely'
import { type Encrypted } from '../auth/masterKey'
import { addEncryptedColumns, type EncryptedColumns, fromEncryptedColumns, toEncryptedColumns } from './encryptedColumns'
import { type DatabaseSchema, type NullableTimestamp, type WalletNamespace } from './schema'
import { isoAt, toMillis } from './time'

/**
 * Where the server part of the recovery split is kept: in custody_auth_shares under this
 * holder instead of a device hash (a device's is 64 hex characters), so removing a device
 * leaves it, and each new recovery replaces it.
 */
export const RECOVERY_HOLDER = 'recovery'

export interface CustodyAuthSharesTable extends EncryptedColumns {
  id: string
  user_id: string
  /** SHA-256 of the device id, as in auth_devices.device_hash. */
  device_hash: string
  namespace: WalletNamespace
  address: string
  created_at: ColumnType<Date | string, string, never>
  revoked_at: NullableTimestamp
}

export interface CustodyRecoverySharesTable {
  id: string
  user_id: string
  namespace: WalletNamespace
  address: string
  /** 1, 2, …: per user and namespace; the highest is current. */
  version: number
  /** The sealed envelope, JSON (jsonb on PostgreSQL). */
  envelope: ColumnType<unknown, string, never>
  created_at: ColumnType<Date | string, string, never>
}

export function custodySharesMigration(engine: 'sqlite' | 'postgres'): Migration {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('custody_auth_shares')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
        .addColumn('device_hash', 'text', (column) => column.notNull())
        .addColumn('namespace', 'text', (column) => column.notNull())
        .addColumn('address', 'text', (column) => column.notNull())
        .$call(addEncryptedColumns)
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('revoked_at', timestamp)
        .execute()
      // One live auth share per device and wallet; revoked rows stay as history.
      await db.schema.createIndex('custody_auth_shares_live').on('custody_auth_shares').columns(['user_id', 'device_hash', 'namespace']).unique().where(sql.ref('revoked_at'), 'is', null).execute()

      await db.schema
        .createTable('custody_recovery_shares')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
        .addColumn('namespace', 'text', (column) => column.notNull())
        .addColumn('address', 'text', (column) => column.notNull())
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('envelope', engine === 'postgres' ? 'jsonb' : 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addUniqueConstraint('custody_recovery_shares_version', ['user_id', 'namespace', 'version'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('custody_recovery_shares').execute()
      await db.schema.dropTable('custody_auth_shares').execute()
    },
  }
}

/** The associated data of an auth share's ciphertext: a row copied to another device or user does not decrypt. */
export function authShareAad(share: { userId: string; deviceHash: string; namespace: WalletNamespace; address: string }): string {
  return `portico/custody-auth-share/1\n${share.userId}\n${share.deviceHash}\n${share.namespace}\n${share.address}`
}

export interface StoredAuthShare {
  id: string
  userId: string
  deviceHash: string
  namespace: WalletNamespace
  address: string
  encrypted: Encrypted
  createdAt: number
}

export interface StoredRecoveryShare {
  namespace: WalletNamespace
  address: string
  version: number
  envelope: unknown
  createdAt: number
}

export interface CustodyShareStore {
  /** Stores the device's auth share for a wallet, revoking the one it replaces (same user, device, namespace). */
  putAuthShare(share: Omit<StoredAuthShare, 'id' | 'createdAt'>, now: number): Promise<StoredAuthShare>
  /** The live auth share of this device, if any. */
  findAuthShare(userId: string, deviceHash: string, namespace: WalletNamespace): Promise<StoredAuthShare | undefined>
  /** Deletes every auth share of the device, live or replaced (device removal), never the recovery holder's; answers how many. */
  deleteDevice(userId: string, deviceHash: string): Promise<number>
  /** Stores a new recovery envelope as the next version; answers that version. */
  addRecoveryShare(share: { userId: string; namespace: WalletNamespace; address: string; envelope: unknown }, now: number): Promise<number>
  /** The current (highest-version) recovery envelope. */
  latestRecoveryShare(userId: string, namespace: WalletNamespace): Promise<StoredRecoveryShare | undefined>
}

type AuthRow = Selectable<CustodyAuthSharesTable>

/** Runs `work` in the caller's transaction when `db` is one (a migration's last step), else in its own. */
function inTransaction<T>(db: Kysely<DatabaseSchema>, work: (tx: Transaction<DatabaseSchema>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DatabaseSchema>) : db.transaction().execute(work)
}

function toAuthShare(row: AuthRow): StoredAuthShare {
  return {
    id: row.id,
    userId: row.user_id,
    deviceHash: row.device_hash,
    namespace: row.namespace,
    address: row.address,
    encrypted: fromEncryptedColumns(row),
    createdAt: toMillis(row.created_at),
  }
}

/**
 * @example
 * const custody = createCustodyShareStore(db)
 * await custody.putAuthShare({ userId, deviceHash, namespace: 'eip155', address, encrypted: keyring.encrypt(share, authShareAad(…)) }, Date.now())
 */
export function createCustodyShareStore(db: Kysely<DatabaseSchema>): CustodyShareStore {
  return {
    async putAuthShare(share, now) {
      const stored: StoredAuthShare = { ...share, id: randomUUID(), createdAt: now }
      await inTransaction(db, async (tx) => {
        await tx
          .updateTable('custody_auth_shares')
          .set({ revoked_at: isoAt(now) })
          .where('user_id', '=', share.userId)
          .where('device_hash', '=', share.deviceHash)
          .where('namespace', '=', share.namespace)
          .where('revoked_at', 'is', null)
          .execute()
        await tx
          .insertInto('custody_auth_shares')
          .values({
            id: stored.id,
            user_id: share.userId,
            device_hash: share.deviceHash,
            namespace: share.namespace,
            address: share.address,
            ...toEncryptedColumns(share.encrypted),
            created_at: isoAt(now),
            revoked_at: null,
          })
          .execute()
      })
      return stored
    },

    async findAuthShare(userId, deviceHash, namespace) {
      const row = await db
        .selectFrom('custody_auth_shares')
        .selectAll()
        .where('user_id', '=', userId)
        .where('device_hash', '=', deviceHash)
        .where('namespace', '=', namespace)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return row === undefined ? undefined : toAuthShare(row)
    },

    async deleteDevice(userId, deviceHash) {
      if (deviceHash === RECOVERY_HOLDER) throw new Error('The recovery holder is not a device')
      const result = await db.deleteFrom('custody_auth_shares').where('user_id', '=', userId).where('device_hash', '=', deviceHash).executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async addRecoveryShare(share, now) {
      // Two concurrent writers may pick the same version: the unique constraint refuses the second.
      return inTransaction(db, async (tx) => {
        const current = await tx
          .selectFrom('custody_recovery_shares')
          .select((eb) => eb.fn.max('version').as('version'))
          .where('user_id', '=', share.userId)
          .where('namespace', '=', share.namespace)
          .executeTakeFirst()
        const version = Number(current?.version ?? 0) + 1
        await tx
          .insertInto('custody_recovery_shares')
          .values({ id: randomUUID(), user_id: share.userId, namespace: share.namespace, address: share.address, version, envelope: JSON.stringify(share.envelope), created_at: isoAt(now) })
          .execute()
        return version
      })
    },

    async latestRecoveryShare(userId, namespace) {
      const row = await db
        .selectFrom('custody_recovery_shares')
        .select(['namespace', 'address', 'version', 'envelope', 'created_at'])
        .where('user_id', '=', userId)
        .where('namespace', '=', namespace)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst()
      if (row === undefined) return undefined
      // SQLite gives JSON text back; PostgreSQL's jsonb gives the value.
      const envelope = typeof row.envelope === 'string' ? (JSON.parse(row.envelope) as unknown) : row.envelope
      return { namespace: row.namespace, address: row.address, version: Number(row.version), envelope, createdAt: toMillis(row.created_at) }
    },
  }
}
