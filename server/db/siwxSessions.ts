/**
 * SIWX (sign-in with Ethereum, EIP-4361) nonces and sessions. A nonce works once and
 * only until it expires; a session is an opaque bearer token of which only SHA-256 is
 * stored.
 */
import { randomUUID } from 'node:crypto'
import { type Kysely } from 'kysely'
import { type DatabaseSchema } from './schema'
import { isoAt, toDate } from './time'

export interface SiwxSession {
  id: string
  projectId: string
  address: string
  chainId: string
  domain: string
  uri: string
  message: string
  signature: string
  createdAt: Date
  expiresAt: Date
  revokedAt: Date | null
}

export interface SiwxStore {
  addNonce(nonce: { nonce: string; projectId: string; now: number; expiresAt: number }): Promise<void>
  /** Marks the nonce used; false when it is unknown, of another project, used or expired. */
  consumeNonce(nonce: string, projectId: string, now: number): Promise<boolean>
  insertSession(session: Omit<SiwxSession, 'id' | 'createdAt' | 'expiresAt' | 'revokedAt'> & { tokenHash: string; now: number; expiresAt: number }): Promise<SiwxSession>
  findSession(tokenHash: string): Promise<SiwxSession | undefined>
  /** False when there is no such live session. */
  revokeSession(id: string, now: number): Promise<boolean>
  /** Deletes nonces and sessions that ended before `before`. */
  deleteOlderThan(before: number): Promise<void>
}

/**
 * @example
 * const siwx = createSiwxStore(db)
 * await siwx.consumeNonce('k3Jd…', 'shop', Date.now())
 */
export function createSiwxStore(db: Kysely<DatabaseSchema>): SiwxStore {
  return {
    async addNonce({ nonce, projectId, now, expiresAt }) {
      await db
        .insertInto('siwx_nonces')
        .values({ nonce, project_id: projectId, created_at: isoAt(now), expires_at: isoAt(expiresAt), used_at: null })
        .execute()
    },

    async consumeNonce(nonce, projectId, now) {
      const result = await db
        .updateTable('siwx_nonces')
        .set({ used_at: isoAt(now) })
        .where('nonce', '=', nonce)
        .where('project_id', '=', projectId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', isoAt(now))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async insertSession(session) {
      const row = {
        id: randomUUID(),
        token_hash: session.tokenHash,
        project_id: session.projectId,
        address: session.address,
        chain_id: session.chainId,
        domain: session.domain,
        uri: session.uri,
        message: session.message,
        signature: session.signature,
        created_at: isoAt(session.now),
        expires_at: isoAt(session.expiresAt),
        revoked_at: null,
      }
      await db.insertInto('siwx_sessions').values(row).execute()
      return toSession(row)
    },

    async findSession(tokenHash) {
      const row = await db.selectFrom('siwx_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
      return row && toSession(row)
    },

    async revokeSession(id, now) {
      const result = await db
        .updateTable('siwx_sessions')
        .set({ revoked_at: isoAt(now) })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async deleteOlderThan(before) {
      await db.deleteFrom('siwx_nonces').where('expires_at', '<', isoAt(before)).execute()
      await db
        .deleteFrom('siwx_sessions')
        .where((eb) => eb.or([eb('expires_at', '<', isoAt(before)), eb('revoked_at', '<', isoAt(before))]))
        .execute()
    },
  }
}

function toSession(row: {
  id: string
  project_id: string
  address: string
  chain_id: string
  domain: string
  uri: string
  message: string
  signature: string
  created_at: Date | string
  expires_at: Date | string
  revoked_at: Date | string | null
}): SiwxSession {
  return {
    id: row.id,
    projectId: row.project_id,
    address: row.address,
    chainId: row.chain_id,
    domain: row.domain,
    uri: row.uri,
    message: row.message,
    signature: row.signature,
    createdAt: toDate(row.created_at),
    expiresAt: toDate(row.expires_at),
    revokedAt: row.revoked_at === null ? null : toDate(row.revoked_at),
  }
}
