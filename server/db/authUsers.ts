/**
 * Embedded-wallet users and the devices they approved.
 */
import { randomUUID } from 'node:crypto'
import { type Kysely, type Transaction } from 'kysely'
import { type DatabaseSchema } from './schema'
import { isoAt, toDate } from './time'

export interface AuthUser {
  id: string
  email: string | null
  createdAt: Date
}

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>

export interface AuthUserStore {
  findByEmail(email: string): Promise<AuthUser | undefined>
  findById(id: string): Promise<AuthUser | undefined>
  /** Inserts a user; `undefined` when the email is taken (a concurrent sign-up won). */
  insert(db: Db, email: string | null, now: number): Promise<AuthUser | undefined>
  /** Changes the email; false when another user has it. */
  changeEmail(userId: string, email: string, now: number): Promise<boolean>
  isDeviceApproved(userId: string, deviceHash: string): Promise<boolean>
  /** Approves the device (or marks it seen again). */
  approveDevice(userId: string, deviceHash: string, userAgent: string | null, now: number): Promise<void>
}

/**
 * @example
 * const users = createAuthUserStore(db)
 * const user = await users.findByEmail('alice@example.com')
 */
export function createAuthUserStore(db: Kysely<DatabaseSchema>): AuthUserStore {
  const toUser = (row: { id: string; email: string | null; created_at: Date | string }): AuthUser => ({
    id: row.id,
    email: row.email,
    createdAt: toDate(row.created_at),
  })

  return {
    async findByEmail(email) {
      const row = await db.selectFrom('auth_users').select(['id', 'email', 'created_at']).where('email', '=', email).executeTakeFirst()
      return row && toUser(row)
    },

    async findById(id) {
      const row = await db.selectFrom('auth_users').select(['id', 'email', 'created_at']).where('id', '=', id).executeTakeFirst()
      return row && toUser(row)
    },

    async insert(into, email, now) {
      const row = { id: randomUUID(), email, created_at: isoAt(now), updated_at: isoAt(now) }
      const inserted = await into
        .insertInto('auth_users')
        .values(row)
        .onConflict((conflict) => conflict.column('email').doNothing())
        .returning('id')
        .executeTakeFirst()
      return inserted === undefined ? undefined : { id: row.id, email, createdAt: new Date(now) }
    },

    async changeEmail(userId, email, now) {
      const taken = await db.selectFrom('auth_users').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst()
      if (taken !== undefined) return false
      try {
        await db
          .updateTable('auth_users')
          .set({ email, updated_at: isoAt(now) })
          .where('id', '=', userId)
          .execute()
        return true
      } catch (error) {
        // The unique index caught a concurrent change to the same address.
        if (isUniqueViolation(error)) return false
        throw error
      }
    },

    async isDeviceApproved(userId, deviceHash) {
      const row = await db.selectFrom('auth_devices').select('id').where('user_id', '=', userId).where('device_hash', '=', deviceHash).executeTakeFirst()
      return row !== undefined
    },

    async approveDevice(userId, deviceHash, userAgent, now) {
      await db
        .insertInto('auth_devices')
        .values({ id: randomUUID(), user_id: userId, device_hash: deviceHash, user_agent: userAgent, approved_at: isoAt(now), last_seen_at: isoAt(now) })
        .onConflict((conflict) => conflict.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: isoAt(now) }))
        .execute()
    },
  }
}

/** SQLite's SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY) or PostgreSQL's 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505'
}

/** Records that the device was used now (it rebuilt its key): the device list's "last used". */
export async function markDeviceUsed(db: Kysely<DatabaseSchema>, userId: string, deviceHash: string, now: number): Promise<void> {
  await db
    .updateTable('auth_devices')
    .set({ last_seen_at: isoAt(now) })
    .where('user_id', '=', userId)
    .where('device_hash', '=', deviceHash)
    .execute()
}
