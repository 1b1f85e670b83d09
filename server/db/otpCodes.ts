/**
 * One-time codes in the database. A code moves from `pending` to exactly one
 * end state (`used`, `expired`, `exhausted`, `replaced`, `undelivered`); every
 * move is a conditional update on `status = 'pending'`, so two requests racing
 * on one code cannot both use it, and attempts are counted atomically.
 *
 * Sign-in and device codes are never replaced: several may be live for one
 * address, each bound to the project and device that asked, so a code someone
 * else requests for the address cannot cancel the owner's.
 */
import { randomUUID } from 'node:crypto'
import { type Kysely, type Selectable } from 'kysely'
import { type AuthOtpCodesTable, type DatabaseSchema, type OtpPurpose, type OtpStatus } from './schema'
import { isoAt, toDate } from './time'

export interface OtpCode {
  id: string
  purpose: OtpPurpose
  email: string
  projectId: string
  deviceHash: string
  userId: string | null
  newEmail: string | null
  salt: string
  codeHash: string
  masterKeyId: string
  attempts: number
  maxAttempts: number
  status: OtpStatus
  createdAt: Date
  expiresAt: Date
}

export interface NewOtpCode {
  purpose: OtpPurpose
  email: string
  projectId: string
  deviceHash: string
  userId?: string | null
  newEmail?: string | null
  salt: string
  codeHash: string
  masterKeyId: string
  maxAttempts: number
  createdAt: number
  expiresAt: number
}

/**
 * Which pending codes a request means: sign-in and device codes by recipient,
 * email-change codes by user (the session says who); always those of the
 * project and device asking.
 */
export type OtpLookup = ({ purpose: 'login' | 'device'; email: string } | { purpose: 'update_primary' | 'update_secondary' | 'step_up'; userId: string }) & {
  projectId: string
  deviceHash: string
}

export function isEmailChange(purpose: OtpPurpose): purpose is 'update_primary' | 'update_secondary' {
  return purpose === 'update_primary' || purpose === 'update_secondary'
}

/**
 * The most pending codes one entry is checked against. The resend cooldown and the
 * per-(address, IP) limit keep far fewer live for one device in practice.
 */
export const MAX_PENDING_LOOKUP = 10

export interface OtpCodeStore {
  /**
   * Stores a code. An email-change code first ends every pending email-change
   * code of the user (only the user's own session asks for them); sign-in and
   * device codes end nothing.
   */
  issue(code: NewOtpCode): Promise<OtpCode>
  /** The pending codes for the lookup, newest first (at most {@link MAX_PENDING_LOOKUP}). */
  findPending(lookup: OtpLookup): Promise<OtpCode[]>
  /**
   * Counts one attempt if the code is still pending and has attempts left;
   * returns the new attempt count, or undefined when it could not be counted.
   */
  countAttempt(id: string): Promise<number | undefined>
  /** Moves a pending code to an end state; false when it was no longer pending. */
  end(id: string, status: Exclude<OtpStatus, 'pending'>, now: number): Promise<boolean>
  /** Deletes codes that ended or expired before `before`. */
  deleteOlderThan(before: number): Promise<number>
}

/**
 * @example
 * const codes = createOtpCodeStore(db)
 * const pending = await codes.findPending({ purpose: 'login', email: 'alice@example.com' })
 */
export function createOtpCodeStore(db: Kysely<DatabaseSchema>): OtpCodeStore {
  const columns = [
    'id',
    'purpose',
    'email',
    'project_id',
    'device_hash',
    'user_id',
    'new_email',
    'salt',
    'code_hash',
    'master_key_id',
    'attempts',
    'max_attempts',
    'status',
    'created_at',
    'expires_at',
  ] as const

  return {
    async issue(code) {
      const row = {
        id: randomUUID(),
        purpose: code.purpose,
        email: code.email,
        project_id: code.projectId,
        device_hash: code.deviceHash,
        user_id: code.userId ?? null,
        new_email: code.newEmail ?? null,
        salt: code.salt,
        code_hash: code.codeHash,
        master_key_id: code.masterKeyId,
        attempts: 0,
        max_attempts: code.maxAttempts,
        status: 'pending' as const,
        created_at: isoAt(code.createdAt),
        expires_at: isoAt(code.expiresAt),
      }
      await db.transaction().execute(async (trx) => {
        if (isEmailChange(code.purpose)) {
          // A new email change (or its next step) ends every earlier step of the user's change.
          if (!code.userId) throw new Error(`A '${code.purpose}' code needs a userId`)
          await trx
            .updateTable('auth_otp_codes')
            .set({ status: 'replaced', ended_at: isoAt(code.createdAt) })
            .where('status', '=', 'pending')
            .where('purpose', 'in', ['update_primary', 'update_secondary'])
            .where('user_id', '=', code.userId)
            .execute()
        }
        await trx.insertInto('auth_otp_codes').values(row).execute()
      })
      return toCode({ ...row, user_id: row.user_id, new_email: row.new_email })
    },

    async findPending(lookup) {
      let query = db
        .selectFrom('auth_otp_codes')
        .select(columns)
        .where('purpose', '=', lookup.purpose)
        .where('status', '=', 'pending')
        .where('project_id', '=', lookup.projectId)
        .where('device_hash', '=', lookup.deviceHash)
      query = 'email' in lookup ? query.where('email', '=', lookup.email) : query.where('user_id', '=', lookup.userId)
      const rows = await query.orderBy('created_at', 'desc').limit(MAX_PENDING_LOOKUP).execute()
      return rows.map(toCode)
    },

    async countAttempt(id) {
      const row = await db
        .updateTable('auth_otp_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where((eb) => eb('attempts', '<', eb.ref('max_attempts')))
        .returning('attempts')
        .executeTakeFirst()
      return row === undefined ? undefined : Number(row.attempts)
    },

    async end(id, status, now) {
      const result = await db
        .updateTable('auth_otp_codes')
        .set({ status, ended_at: isoAt(now) })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async deleteOlderThan(before) {
      const result = await db.deleteFrom('auth_otp_codes').where('expires_at', '<', isoAt(before)).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}

function toCode(row: Omit<Selectable<AuthOtpCodesTable>, 'ended_at'>): OtpCode {
  return {
    id: row.id,
    purpose: row.purpose,
    email: row.email,
    projectId: row.project_id,
    deviceHash: row.device_hash,
    userId: row.user_id,
    newEmail: row.new_email,
    salt: row.salt,
    codeHash: row.code_hash,
    masterKeyId: row.master_key_id,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    status: row.status,
    createdAt: toDate(row.created_at),
    expiresAt: toDate(row.expires_at),
  }
}
