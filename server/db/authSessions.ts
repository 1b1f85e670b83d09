/**
 * Sessions of the embedded wallet: opaque bearer tokens held by the secure
 * page. Only a keyed hash of each token is stored (auth/sessionToken.ts), so a
 * leaked table holds no usable session.
 */
import { randomUUID } from 'node:crypto'
import { type Kysely } from 'kysely'
import { type DatabaseSchema } from './schema'
import { isoAt, toDate } from './time'

export interface AuthSession {
  id: string
  userId: string
  projectId: string
  deviceHash: string
  /** RFC 7638 thumbprint of the device key (DPoP) the session is bound to; null for a session opened before keys were bound. */
  deviceKeyThumbprint: string | null
  createdAt: Date
  expiresAt: Date
  revokedAt: Date | null
  /** The latest step-up proved on this session (server/auth/stepUp.ts), or null. */
  stepUp: { method: string; expiresAt: Date } | null
}

export interface AuthSessionStore {
  insert(session: { tokenHash: string; userId: string; projectId: string; deviceHash: string; deviceKeyThumbprint: string; createdAt: number; expiresAt: number }): Promise<AuthSession>
  /** The session whose stored hash is one of `tokenHashes` (one per configured master key). */
  findByTokenHash(tokenHashes: readonly string[]): Promise<AuthSession | undefined>
  /** Marks it signed out; false when there is no such session. */
  revoke(id: string, now: number): Promise<boolean>
  /** Records a step-up proved on the session, until `expiresAt`; false when there is no such live session. */
  recordStepUp(id: string, method: string, expiresAt: number): Promise<boolean>
  /** Deletes sessions that expired or were revoked before `before`. */
  deleteOlderThan(before: number): Promise<number>
}

/**
 * @example
 * const sessions = createAuthSessionStore(db)
 * const session = await sessions.findByTokenHash([hashSessionToken(secret, token)])
 */
export function createAuthSessionStore(db: Kysely<DatabaseSchema>): AuthSessionStore {
  return {
    async insert(session) {
      const row = {
        id: randomUUID(),
        token_hash: session.tokenHash,
        user_id: session.userId,
        project_id: session.projectId,
        device_hash: session.deviceHash,
        device_key_thumbprint: session.deviceKeyThumbprint,
        created_at: isoAt(session.createdAt),
        expires_at: isoAt(session.expiresAt),
        revoked_at: null,
        step_up_expires_at: null,
        step_up_method: null,
      }
      await db.insertInto('auth_sessions').values(row).execute()
      return toSession(row)
    },

    async findByTokenHash(tokenHashes) {
      if (tokenHashes.length === 0) return undefined
      const row = await db
        .selectFrom('auth_sessions')
        .select(['id', 'user_id', 'project_id', 'device_hash', 'device_key_thumbprint', 'created_at', 'expires_at', 'revoked_at', 'step_up_expires_at', 'step_up_method'])
        .where('token_hash', 'in', tokenHashes)
        .executeTakeFirst()
      return row && toSession(row)
    },

    async recordStepUp(id, method, expiresAt) {
      const result = await db
        .updateTable('auth_sessions')
        .set({ step_up_expires_at: isoAt(expiresAt), step_up_method: method })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async revoke(id, now) {
      const result = await db
        .updateTable('auth_sessions')
        .set({ revoked_at: isoAt(now) })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async deleteOlderThan(before) {
      const result = await db
        .deleteFrom('auth_sessions')
        .where((eb) => eb.or([eb('expires_at', '<', isoAt(before)), eb('revoked_at', '<', isoAt(before))]))
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}

function toSession(row: {
  id: string
  user_id: string
  project_id: string
  device_hash: string
  device_key_thumbprint: string | null
  created_at: Date | string
  expires_at: Date | string
  revoked_at: Date | string | null
  step_up_expires_at: Date | string | null
  step_up_method: string | null
}): AuthSession {
  return {
    id: row.id,
    userId: row.user_id,
    projectId: row.project_id,
    deviceHash: row.device_hash,
    deviceKeyThumbprint: row.device_key_thumbprint,
    createdAt: toDate(row.created_at),
    expiresAt: toDate(row.expires_at),
    revokedAt: row.revoked_at === null ? null : toDate(row.revoked_at),
    stepUp: row.step_up_expires_at === null || row.step_up_method === null ? null : { method: row.step_up_method, expiresAt: toDate(row.step_up_expires_at) },
  }
}
