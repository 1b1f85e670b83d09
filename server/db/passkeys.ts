/**
 * Passkeys (WebAuthn) of the embedded wallet (server/auth/passkeys.ts):
 *
 * - passkey_credentials: each user's registered credentials: the credential id, its
 *   COSE public key, the signature counter the authenticator last reported, its
 *   transports, and the WebAuthn user handle the credential was made for.
 * - passkey_challenges: ceremonies under way. A challenge is taken (deleted) by the
 *   one request that finishes its ceremony, in one statement, so a replay or a second
 *   instance racing for it finds nothing; it lives a few minutes. In the database, not
 *   in memory, so a ceremony begun on one server instance finishes on another.
 */
import { type ColumnType, type Kysely, type Migration } from 'kysely'
import { type DatabaseSchema } from './schema'
import { isoAt, toMillis } from './time'

export type PasskeyCeremony = 'register' | 'login'

export interface PasskeyCredentialsTable {
  /** The credential id, base64url, as the authenticator made it. */
  id: string
  user_id: string
  /** The COSE public key, base64url. */
  public_key: string
  counter: ColumnType<number | string, number, number>
  /** JSON list of transports ('internal', 'hybrid', 'usb', …). */
  transports: string
  /** The WebAuthn user handle (base64url) the credential was registered for. */
  webauthn_user_id: string
  created_at: ColumnType<Date | string, string, never>
  last_used_at: ColumnType<Date | string, string, string>
}

export interface PasskeyChallengesTable {
  /** The ceremony id the client sends back, random. */
  id: string
  ceremony: PasskeyCeremony
  challenge: string
  project_id: string
  device_hash: string
  /** The secure origin the ceremony was begun from: the expected origin of its answer. */
  origin: string
  /** Registration: the user a passkey is added to (null for a sign-up). */
  user_id: string | null
  /** Registration: the WebAuthn user handle offered to the authenticator. */
  webauthn_user_id: string | null
  expires_at: ColumnType<Date | string, string, never>
}

export function passkeysMigration(engine: 'sqlite' | 'postgres'): Migration {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passkey_credentials')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
        .addColumn('public_key', 'text', (column) => column.notNull())
        .addColumn('counter', engine === 'postgres' ? 'bigint' : 'integer', (column) => column.notNull())
        .addColumn('transports', 'text', (column) => column.notNull())
        .addColumn('webauthn_user_id', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('last_used_at', timestamp, (column) => column.notNull())
        .execute()
      await db.schema.createIndex('passkey_credentials_user').on('passkey_credentials').column('user_id').execute()
      await db.schema
        .createTable('passkey_challenges')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('ceremony', 'text', (column) => column.notNull())
        .addColumn('challenge', 'text', (column) => column.notNull())
        .addColumn('project_id', 'text', (column) => column.notNull())
        .addColumn('device_hash', 'text', (column) => column.notNull())
        .addColumn('origin', 'text', (column) => column.notNull())
        .addColumn('user_id', 'text', (column) => column.references('auth_users.id').onDelete('cascade'))
        .addColumn('webauthn_user_id', 'text')
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .execute()
      await db.schema.createIndex('passkey_challenges_expiry').on('passkey_challenges').column('expires_at').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('passkey_challenges').execute()
      await db.schema.dropTable('passkey_credentials').execute()
    },
  }
}

export interface PasskeyCredential {
  id: string
  userId: string
  publicKey: string
  counter: number
  transports: string[]
  webauthnUserId: string
}

export interface PasskeyChallenge {
  id: string
  ceremony: PasskeyCeremony
  challenge: string
  projectId: string
  deviceHash: string
  origin: string
  userId: string | null
  webauthnUserId: string | null
  expiresAt: number
}

export interface PasskeyStore {
  putChallenge(challenge: PasskeyChallenge): Promise<void>
  /** Deletes and returns the ceremony's challenge: only one caller ever gets it. */
  takeChallenge(id: string, ceremony: PasskeyCeremony): Promise<PasskeyChallenge | undefined>
  insertCredential(credential: PasskeyCredential, at: number): Promise<void>
  findCredential(id: string): Promise<PasskeyCredential | undefined>
  listCredentials(userId: string): Promise<PasskeyCredential[]>
  /** Stores the counter of a verified login, only over the one it was verified against. */
  advanceCounter(id: string, from: number, to: number, at: number): Promise<boolean>
  deleteExpiredChallenges(at: number): Promise<void>
}

type CredentialRow = { id: string; user_id: string; public_key: string; counter: number | string; transports: string; webauthn_user_id: string }

const toCredential = (row: CredentialRow): PasskeyCredential => ({
  id: row.id,
  userId: row.user_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: JSON.parse(row.transports) as string[],
  webauthnUserId: row.webauthn_user_id,
})

const credentialColumns = ['id', 'user_id', 'public_key', 'counter', 'transports', 'webauthn_user_id'] as const

/**
 * @example
 * const store = createPasskeyStore(db)
 * await store.putChallenge({ id, ceremony: 'login', challenge, projectId, deviceHash, origin, userId: null, webauthnUserId: null, expiresAt })
 */
export function createPasskeyStore(db: Kysely<DatabaseSchema>): PasskeyStore {
  return {
    async putChallenge(challenge) {
      await db
        .insertInto('passkey_challenges')
        .values({
          id: challenge.id,
          ceremony: challenge.ceremony,
          challenge: challenge.challenge,
          project_id: challenge.projectId,
          device_hash: challenge.deviceHash,
          origin: challenge.origin,
          user_id: challenge.userId,
          webauthn_user_id: challenge.webauthnUserId,
          expires_at: isoAt(challenge.expiresAt),
        })
        .execute()
    },

    async takeChallenge(id, ceremony) {
      const row = await db.deleteFrom('passkey_challenges').where('id', '=', id).where('ceremony', '=', ceremony).returningAll().executeTakeFirst()
      if (row === undefined) return undefined
      return {
        id: row.id,
        ceremony: row.ceremony,
        challenge: row.challenge,
        projectId: row.project_id,
        deviceHash: row.device_hash,
        origin: row.origin,
        userId: row.user_id,
        webauthnUserId: row.webauthn_user_id,
        expiresAt: toMillis(row.expires_at),
      }
    },

    async insertCredential(credential, at) {
      await db
        .insertInto('passkey_credentials')
        .values({
          id: credential.id,
          user_id: credential.userId,
          public_key: credential.publicKey,
          counter: credential.counter,
          transports: JSON.stringify(credential.transports),
          webauthn_user_id: credential.webauthnUserId,
          created_at: isoAt(at),
          last_used_at: isoAt(at),
        })
        .execute()
    },

    async findCredential(id) {
      const row = await db.selectFrom('passkey_credentials').select(credentialColumns).where('id', '=', id).executeTakeFirst()
      return row === undefined ? undefined : toCredential(row)
    },

    async listCredentials(userId) {
      const rows = await db.selectFrom('passkey_credentials').select(credentialColumns).where('user_id', '=', userId).orderBy('created_at').execute()
      return rows.map(toCredential)
    },

    async advanceCounter(id, from, to, at) {
      const result = await db
        .updateTable('passkey_credentials')
        .set({ counter: to, last_used_at: isoAt(at) })
        .where('id', '=', id)
        .where('counter', '=', from)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async deleteExpiredChallenges(at) {
      await db.deleteFrom('passkey_challenges').where('expires_at', '<', isoAt(at)).execute()
    },
  }
}
