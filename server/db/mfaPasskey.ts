/**
 * A passkey enrolled as a second factor (issue 32, docs/security.md "Second factor"): one
 * row per user who chose it. Which passkey proves it is any of the user's own
 * (server/db/passkeys.ts); this row only says that a passkey is now required.
 */
import { type ColumnType, type Kysely, type Migration } from 'kysely'
import { type DatabaseSchema } from './schema'
import { isoAt } from './time'

export interface MfaPasskeyTable {
  user_id: string
  enrolled_at: ColumnType<Date | string, string, string>
}

/** Migration 0019: the users who enrolled a passkey as their second factor. */
export function mfaPasskeyMigration(engine: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mfa_passkey')
        .addColumn('user_id', 'text', (column) => column.primaryKey().references('auth_users.id').onDelete('cascade'))
        .addColumn('enrolled_at', engine === 'postgres' ? 'timestamptz' : 'text', (column) => column.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mfa_passkey').execute()
    },
  }
}

export interface MfaPasskeyStore {
  isEnrolled(userId: string): Promise<boolean>
  /** Idempotent: enrolling twice keeps the first time. */
  enrol(userId: string, now: number): Promise<void>
  remove(userId: string): Promise<void>
}

/**
 * @example
 * const store = createMfaPasskeyStore(db)
 * await store.enrol(userId, Date.now())
 * await store.isEnrolled(userId) // true
 */
export function createMfaPasskeyStore(db: Kysely<DatabaseSchema>): MfaPasskeyStore {
  return {
    async isEnrolled(userId) {
      return (await db.selectFrom('mfa_passkey').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined
    },
    async enrol(userId, now) {
      await db
        .insertInto('mfa_passkey')
        .values({ user_id: userId, enrolled_at: isoAt(now) })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute()
    },
    async remove(userId) {
      await db.deleteFrom('mfa_passkey').where('user_id', '=', userId).execute()
    },
  }
}
