/**
 * Authenticator-app second factors (TOTP, RFC 6238), one per user: the shared secret,
 * encrypted under the master key, whether the user confirmed it with a first code, and
 * the last time step a code was accepted for, so no code is accepted twice.
 */
import { type ColumnType, type Kysely, type Migration } from 'kysely'
import { addEncryptedColumns, fromEncryptedColumns, toEncryptedColumns, type EncryptedColumns } from './encryptedColumns'
import { type DatabaseSchema } from './schema'
import { isoAt, toMillis } from './time'
import { type Encrypted } from '../auth/masterKey'

export interface MfaTotpTable extends EncryptedColumns {
  user_id: string
  /** When the user entered a first right code; null while enrolment waits for it. */
  confirmed_at: ColumnType<Date | string | null, string | null, string | null>
  /** The time step (Unix seconds / 30) of the last accepted code; null before any. */
  last_step: ColumnType<number | string | null, number | null, number | null>
  created_at: ColumnType<Date | string, string, string>
}

export function mfaTotpMigration(engine: 'sqlite' | 'postgres'): Migration {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mfa_totp')
        .addColumn('user_id', 'text', (column) => column.primaryKey().references('auth_users.id').onDelete('cascade'))
        .$call(addEncryptedColumns)
        .addColumn('confirmed_at', timestamp)
        .addColumn('last_step', 'bigint')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mfa_totp').execute()
    },
  }
}

/** What the secret is bound to, so a row copied onto another user does not decrypt. */
export function totpSecretAad(userId: string): string {
  return `portico/mfa-totp/1\n${userId}`
}

export interface StoredTotp {
  encrypted: Encrypted
  confirmedAt: number | undefined
  lastStep: number | undefined
}

export interface TotpStore {
  find(userId: string): Promise<StoredTotp | undefined>
  /** Writes a new, unconfirmed secret, replacing an unconfirmed one; false when a confirmed one is there. */
  putPending(userId: string, encrypted: Encrypted, now: number): Promise<boolean>
  /**
   * Confirms the pending secret whose nonce is `iv` (the one the code was checked against)
   * and records the step of its first code; false when that secret is no longer pending.
   */
  confirm(userId: string, iv: string, step: number, now: number): Promise<boolean>
  /**
   * Records `step` as used, only if it is later than the last one: the one atomic check
   * that makes a code good once, across every instance sharing the database.
   */
  useStep(userId: string, step: number): Promise<boolean>
  remove(userId: string): Promise<boolean>
}

/**
 * @example
 * const totp = createTotpStore(db)
 * await totp.putPending(userId, keyring.encrypt(secret, totpSecretAad(userId)), Date.now())
 */
export function createTotpStore(db: Kysely<DatabaseSchema>): TotpStore {
  const stepOf = (value: number | string | null) => (value === null ? undefined : Number(value))
  return {
    async find(userId) {
      const row = await db.selectFrom('mfa_totp').selectAll().where('user_id', '=', userId).executeTakeFirst()
      if (row === undefined) return undefined
      return { encrypted: fromEncryptedColumns(row), confirmedAt: row.confirmed_at === null ? undefined : toMillis(row.confirmed_at), lastStep: stepOf(row.last_step) }
    },
    async putPending(userId, encrypted, now) {
      // One statement: a confirmed secret is never replaced, an unconfirmed one is, and two
      // enrolments racing leave one row.
      const columns = { ...toEncryptedColumns(encrypted), confirmed_at: null, last_step: null, created_at: isoAt(now) }
      const result = await db
        .insertInto('mfa_totp')
        .values({ user_id: userId, ...columns })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(columns).where('mfa_totp.confirmed_at', 'is', null))
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
    },
    async confirm(userId, iv, step, now) {
      const result = await db
        .updateTable('mfa_totp')
        .set({ confirmed_at: isoAt(now), last_step: step })
        .where('user_id', '=', userId)
        .where('iv', '=', iv)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
    async useStep(userId, step) {
      const result = await db
        .updateTable('mfa_totp')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
    async remove(userId) {
      const result = await db.deleteFrom('mfa_totp').where('user_id', '=', userId).executeTakeFirst()
      return Number(result.numDeletedRows) === 1
    },
  }
}
