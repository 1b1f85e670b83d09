/**
 * Social and Farcaster logins (server/auth/social.ts, server/auth/farcaster.ts): the
 * attempts in flight and the external identities linked to wallets. Secrets are never
 * stored in clear: the OAuth `state`, the attempt token the secure page holds and the
 * result token the popup carries back are kept as keyed hashes; the PKCE verifier is
 * derived from the state, so it is not stored at all.
 */
import { randomUUID } from 'node:crypto'
import { type ColumnType, type Kysely, type Migration } from 'kysely'
import type { DatabaseSchema, NullableTimestamp, Timestamp } from './schema'
import { isoAt, toDate } from './time'

export type LoginAttemptKind = 'social' | 'farcaster'
export type LoginAttemptStatus = 'pending' | 'completed' | 'failed' | 'used'

export interface AuthLoginAttemptsTable {
  id: string
  kind: LoginAttemptKind
  /** google, github, apple, facebook, x, discord, or farcaster. */
  provider: string
  /** HMAC of the OAuth state (social), looked up on the callback. Null for Farcaster. */
  state_hash: string | null
  /** HMAC of the token only the secure page holds. */
  attempt_hash: string
  project_id: string
  device_hash: string
  /** Where the popup goes after the callback (the dapp's origin, on the project's allow list). */
  return_to: string | null
  /** OpenID Connect nonce / SIWF nonce: not secret, it travels in URLs. */
  nonce: string
  /** Farcaster relay channel token, to poll the channel (valid minutes, relay-side only). */
  channel_token: string | null
  status: LoginAttemptStatus
  /** Why it failed (an OAuth error code or a short reason), for the secure page. */
  error: string | null
  /** HMAC of the token the popup carries back (social); null until completed. */
  result_hash: string | null
  user_id: string | null
  username: string | null
  created_at: ColumnType<Date | string, string, never>
  expires_at: ColumnType<Date | string, string, never>
  ended_at: NullableTimestamp
}

/** An external account (provider + its subject id) linked to a wallet. */
export interface AuthIdentitiesTable {
  id: string
  user_id: string
  provider: string
  /** The provider's stable id for the account (`sub`, a Farcaster fid). */
  subject: string
  username: string | null
  created_at: ColumnType<Date | string, string, never>
  updated_at: Timestamp
}

export function loginAttemptsMigration(engine: 'sqlite' | 'postgres'): Migration {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_login_attempts')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('provider', 'text', (column) => column.notNull())
        .addColumn('state_hash', 'text', (column) => column.unique())
        .addColumn('attempt_hash', 'text', (column) => column.notNull().unique())
        .addColumn('project_id', 'text', (column) => column.notNull())
        .addColumn('device_hash', 'text', (column) => column.notNull())
        .addColumn('return_to', 'text')
        .addColumn('nonce', 'text', (column) => column.notNull())
        .addColumn('channel_token', 'text')
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('error', 'text')
        .addColumn('result_hash', 'text')
        .addColumn('user_id', 'text', (column) => column.references('auth_users.id').onDelete('cascade'))
        .addColumn('username', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('ended_at', timestamp)
        .execute()
      await db.schema.createIndex('auth_login_attempts_expires').on('auth_login_attempts').column('expires_at').execute()
      await db.schema
        .createTable('auth_identities')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('username', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .addUniqueConstraint('auth_identities_provider_subject', ['provider', 'subject'])
        .execute()
      await db.schema.createIndex('auth_identities_user').on('auth_identities').column('user_id').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('auth_identities').execute()
      await db.schema.dropTable('auth_login_attempts').execute()
    },
  }
}

export interface LoginAttempt {
  id: string
  kind: LoginAttemptKind
  provider: string
  projectId: string
  deviceHash: string
  returnTo: string | null
  nonce: string
  channelToken: string | null
  status: LoginAttemptStatus
  error: string | null
  resultHash: string | null
  userId: string | null
  username: string | null
  expiresAt: Date
}

type Row = {
  id: string
  kind: string
  provider: string
  project_id: string
  device_hash: string
  return_to: string | null
  nonce: string
  channel_token: string | null
  status: string
  error: string | null
  result_hash: string | null
  user_id: string | null
  username: string | null
  expires_at: Date | string
}

const toAttempt = (row: Row): LoginAttempt => ({
  id: row.id,
  kind: row.kind as LoginAttemptKind,
  provider: row.provider,
  projectId: row.project_id,
  deviceHash: row.device_hash,
  returnTo: row.return_to,
  nonce: row.nonce,
  channelToken: row.channel_token,
  status: row.status as LoginAttemptStatus,
  error: row.error,
  resultHash: row.result_hash,
  userId: row.user_id,
  username: row.username,
  expiresAt: toDate(row.expires_at),
})

const columns = ['id', 'kind', 'provider', 'project_id', 'device_hash', 'return_to', 'nonce', 'channel_token', 'status', 'error', 'result_hash', 'user_id', 'username', 'expires_at'] as const

export interface LoginAttemptStore {
  insert(attempt: {
    kind: LoginAttemptKind
    provider: string
    stateHash: string | null
    attemptHash: string
    projectId: string
    deviceHash: string
    returnTo: string | null
    nonce: string
    channelToken: string | null
    now: number
    expiresAt: number
  }): Promise<LoginAttempt>
  findByStateHash(stateHash: string): Promise<LoginAttempt | undefined>
  findByAttemptHash(attemptHash: string): Promise<LoginAttempt | undefined>
  /** pending → completed with the user; false when it was not pending any more. */
  complete(id: string, result: { userId: string; username: string | null; resultHash: string | null }, now: number): Promise<boolean>
  /** pending → failed; false when it was not pending any more. */
  fail(id: string, error: string, now: number): Promise<boolean>
  /** completed → used (once); false when someone used it first. */
  use(id: string, now: number): Promise<boolean>
  deleteOlderThan(before: number): Promise<void>
}

/**
 * @example
 * const attempts = createLoginAttemptStore(db)
 * const attempt = await attempts.findByStateHash(hash)
 */
export function createLoginAttemptStore(db: Kysely<DatabaseSchema>): LoginAttemptStore {
  return {
    async insert(attempt) {
      const row = {
        id: randomUUID(),
        kind: attempt.kind,
        provider: attempt.provider,
        state_hash: attempt.stateHash,
        attempt_hash: attempt.attemptHash,
        project_id: attempt.projectId,
        device_hash: attempt.deviceHash,
        return_to: attempt.returnTo,
        nonce: attempt.nonce,
        channel_token: attempt.channelToken,
        status: 'pending' as const,
        error: null,
        result_hash: null,
        user_id: null,
        username: null,
        created_at: isoAt(attempt.now),
        expires_at: isoAt(attempt.expiresAt),
        ended_at: null,
      }
      await db.insertInto('auth_login_attempts').values(row).execute()
      return toAttempt(row)
    },
    async findByStateHash(stateHash) {
      const row = await db.selectFrom('auth_login_attempts').select(columns).where('state_hash', '=', stateHash).executeTakeFirst()
      return row && toAttempt(row)
    },
    async findByAttemptHash(attemptHash) {
      const row = await db.selectFrom('auth_login_attempts').select(columns).where('attempt_hash', '=', attemptHash).executeTakeFirst()
      return row && toAttempt(row)
    },
    async complete(id, result, now) {
      const updated = await db
        .updateTable('auth_login_attempts')
        .set({ status: 'completed', user_id: result.userId, username: result.username, result_hash: result.resultHash, ended_at: isoAt(now) })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      return Number(updated.numUpdatedRows) === 1
    },
    async fail(id, error, now) {
      const updated = await db
        .updateTable('auth_login_attempts')
        .set({ status: 'failed', error: error.slice(0, 200), ended_at: isoAt(now) })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      return Number(updated.numUpdatedRows) === 1
    },
    async use(id, now) {
      const updated = await db
        .updateTable('auth_login_attempts')
        .set({ status: 'used', ended_at: isoAt(now) })
        .where('id', '=', id)
        .where('status', '=', 'completed')
        .executeTakeFirst()
      return Number(updated.numUpdatedRows) === 1
    },
    async deleteOlderThan(before) {
      await db.deleteFrom('auth_login_attempts').where('expires_at', '<', isoAt(before)).execute()
    },
  }
}

export interface AuthIdentityStore {
  find(provider: string, subject: string): Promise<{ userId: string; username: string | null } | undefined>
  /** Links the identity to the user (or updates its username); undefined when another user has it. */
  link(identity: { userId: string; provider: string; subject: string; username: string | null }, now: number): Promise<void>
  /** The username of the identity the user signed in with last, if any. */
  latestUsername(userId: string): Promise<string | undefined>
}

export function createAuthIdentityStore(db: Kysely<DatabaseSchema>): AuthIdentityStore {
  return {
    async find(provider, subject) {
      const row = await db.selectFrom('auth_identities').select(['user_id', 'username']).where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst()
      return row && { userId: row.user_id, username: row.username }
    },
    async link({ userId, provider, subject, username }, now) {
      await db
        .insertInto('auth_identities')
        .values({ id: randomUUID(), user_id: userId, provider, subject, username, created_at: isoAt(now), updated_at: isoAt(now) })
        .onConflict((conflict) => conflict.columns(['provider', 'subject']).doUpdateSet({ username, updated_at: isoAt(now) }))
        .execute()
    },
    async latestUsername(userId) {
      const row = await db.selectFrom('auth_identities').select('username').where('user_id', '=', userId).where('username', 'is not', null).orderBy('updated_at', 'desc').executeTakeFirst()
      return row?.username ?? undefined
    },
  }
}
