/**
 * Proofs of the device key (DPoP, server/auth/dpop.ts) seen recently, kept in the
 * database so that every server process sharing it (PostgreSQL) refuses a proof
 * another one took already. A proof is remembered until it is too old to be taken
 * anyway (its iat outside the window), then swept.
 *
 * The row id is a SHA-256 of the key thumbprint and the proof's jti, so the table
 * holds no proof and a long jti costs no more room than a short one.
 *
 * The migration also gives auth_sessions the thumbprint of the key a session is
 * bound to; sessions opened before it have none and are refused (docs/security.md).
 */
import { createHash } from 'node:crypto'
import { type ColumnType, type Kysely, type Migration } from 'kysely'
import { type DatabaseSchema } from './schema'
import { isoAt } from './time'

export interface AuthDpopProofsTable {
  id: string
  expires_at: ColumnType<Date | string, string, never>
}

export interface DpopProofStore {
  /** Records a proof; false when it was recorded already (a replay). */
  remember(keyThumbprint: string, jti: string, expiresAt: number): Promise<boolean>
  /** Deletes proofs that can no longer be taken. */
  deleteExpired(now: number): Promise<number>
}

export function dpopProofsMigration(engine: 'sqlite' | 'postgres'): Migration {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('auth_sessions').addColumn('device_key_thumbprint', 'text').execute()
      await db.schema
        .createTable('auth_dpop_proofs')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .execute()
      await db.schema.createIndex('auth_dpop_proofs_expires').on('auth_dpop_proofs').column('expires_at').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('auth_dpop_proofs').execute()
      await db.schema.alterTable('auth_sessions').dropColumn('device_key_thumbprint').execute()
    },
  }
}

/**
 * @example
 * const proofs = createDpopProofStore(db)
 * if (!(await proofs.remember(jkt, jti, now + 600_000))) throw replayed()
 */
export function createDpopProofStore(db: Kysely<DatabaseSchema>): DpopProofStore {
  return {
    async remember(keyThumbprint, jti, expiresAt) {
      const id = createHash('sha256').update(`${keyThumbprint}\n${jti}`).digest('hex')
      const result = await db
        .insertInto('auth_dpop_proofs')
        .values({ id, expires_at: isoAt(expiresAt) })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1
    },

    async deleteExpired(now) {
      const result = await db.deleteFrom('auth_dpop_proofs').where('expires_at', '<', isoAt(now)).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
