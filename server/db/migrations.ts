/**
 * Schema migrations, run at start by Kysely's Migrator. The migrations live in
 * code (not files found at run time) so they work the same under tsx, jest and a
 * bundle. Append new entries; never edit one that has shipped: the name is what
 * the kysely_migration table remembers.
 */
import { type Kysely, type Migration, type MigrationResultSet, Migrator, sql } from 'kysely'
import { onrampPurchasesMigration } from '../onramp/purchases'
import { loginAttemptsMigration } from './loginAttempts'
import { smartSessionsMigration, smartSessionsScopedMigration } from './smartSessions'
import { custodySharesMigration } from './custodyShares'
import { custodyWalletsMigration } from './custodyWallets'
import { mfaTotpMigration } from './mfaTotp'
import { mfaPasskeyMigration } from './mfaPasskey'
import { passkeysMigration } from './passkeys'
import { dpopProofsMigration } from './dpopProofs'
import { stepUpMigration } from '../auth/stepUp'
import { sponsorshipSpendMigration } from './sponsorshipSpend'
import { addEncryptedColumns } from './encryptedColumns'
import { type SqlEngine, detectEngine } from './connect'

/**
 * Column types differ where the engines do: PostgreSQL gets jsonb (queryable,
 * validated) and timestamptz; SQLite, which has neither, stores JSON text and
 * ISO-8601 text (which sorts in time order).
 */
function migrationsFor(engine: SqlEngine): Record<string, Migration> {
  const json = engine === 'postgres' ? 'jsonb' : 'text'
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text'
  return {
    '0001_analytics_events': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('analytics_events')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('project_id', 'text', (column) => column.notNull())
          .addColumn('event', json, (column) => column.notNull())
          .addColumn('sdk_type', 'text')
          .addColumn('sdk_version', 'text')
          .addColumn('received_at', timestamp, (column) => column.notNull())
          .execute()
        await db.schema.createIndex('analytics_events_project_received').on('analytics_events').columns(['project_id', 'received_at']).execute()
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('analytics_events').execute()
      },
    },
    '0002_embedded_wallet_auth': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('auth_users')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('email', 'text', (column) => column.unique())
          .addColumn('created_at', timestamp, (column) => column.notNull())
          .addColumn('updated_at', timestamp, (column) => column.notNull())
          .execute()

        await db.schema
          .createTable('auth_devices')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('user_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
          .addColumn('device_hash', 'text', (column) => column.notNull())
          .addColumn('user_agent', 'text')
          .addColumn('approved_at', timestamp, (column) => column.notNull())
          .addColumn('last_seen_at', timestamp, (column) => column.notNull())
          .addUniqueConstraint('auth_devices_user_device', ['user_id', 'device_hash'])
          .execute()

        await db.schema
          .createTable('auth_otp_codes')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('purpose', 'text', (column) => column.notNull())
          .addColumn('email', 'text', (column) => column.notNull())
          .addColumn('project_id', 'text', (column) => column.notNull())
          .addColumn('device_hash', 'text', (column) => column.notNull())
          .addColumn('user_id', 'text', (column) => column.references('auth_users.id').onDelete('cascade'))
          .addColumn('new_email', 'text')
          .addColumn('salt', 'text', (column) => column.notNull())
          .addColumn('code_hash', 'text', (column) => column.notNull())
          .addColumn('master_key_id', 'text', (column) => column.notNull())
          .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
          .addColumn('max_attempts', 'integer', (column) => column.notNull())
          .addColumn('status', 'text', (column) => column.notNull())
          .addColumn('created_at', timestamp, (column) => column.notNull())
          .addColumn('expires_at', timestamp, (column) => column.notNull())
          .addColumn('ended_at', timestamp)
          .execute()
        await db.schema.createIndex('auth_otp_codes_email_purpose').on('auth_otp_codes').columns(['email', 'purpose', 'status']).execute()
        await db.schema.createIndex('auth_otp_codes_user_purpose').on('auth_otp_codes').columns(['user_id', 'purpose', 'status']).execute()
        await db.schema.createIndex('auth_otp_codes_expires').on('auth_otp_codes').column('expires_at').execute()

        await db.schema
          .createTable('auth_sessions')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('token_hash', 'text', (column) => column.notNull().unique())
          .addColumn('user_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
          .addColumn('project_id', 'text', (column) => column.notNull())
          .addColumn('device_hash', 'text', (column) => column.notNull())
          .addColumn('created_at', timestamp, (column) => column.notNull())
          .addColumn('expires_at', timestamp, (column) => column.notNull())
          .addColumn('revoked_at', timestamp)
          .execute()
        await db.schema.createIndex('auth_sessions_user').on('auth_sessions').column('user_id').execute()
        await db.schema.createIndex('auth_sessions_expires').on('auth_sessions').column('expires_at').execute()

        await db.schema
          .createTable('auth_wallet_keys')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('user_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
          .addColumn('namespace', 'text', (column) => column.notNull())
          .addColumn('address', 'text', (column) => column.notNull())
          .$call(addEncryptedColumns)
          .addColumn('created_at', timestamp, (column) => column.notNull())
          .addColumn('updated_at', timestamp, (column) => column.notNull())
          .addUniqueConstraint('auth_wallet_keys_user_namespace', ['user_id', 'namespace'])
          .execute()
        await db.schema.createIndex('auth_wallet_keys_master_key').on('auth_wallet_keys').column('master_key_id').execute()

        await db.schema
          .createTable('auth_rate_limits')
          .addColumn('bucket', 'text', (column) => column.primaryKey())
          .addColumn('count', 'integer', (column) => column.notNull())
          .addColumn('expires_at', timestamp, (column) => column.notNull())
          .execute()
        await db.schema.createIndex('auth_rate_limits_expires').on('auth_rate_limits').column('expires_at').execute()
      },
      async down(db: Kysely<unknown>) {
        for (const table of ['auth_rate_limits', 'auth_wallet_keys', 'auth_sessions', 'auth_otp_codes', 'auth_devices', 'auth_users']) {
          await db.schema.dropTable(table).execute()
        }
      },
    },
    '0003_blockchain_api': {
      // The chain index (indexer.ts), token metadata, the name registry and SIWX sessions.
      // Block numbers are bigint on PostgreSQL (read back as text) and integer on SQLite.
      async up(db: Kysely<unknown>) {
        const blockNumber = engine === 'postgres' ? 'bigint' : 'integer'
        await db.schema
          .createTable('chain_checkpoints')
          .addColumn('chain_id', 'text', (column) => column.primaryKey())
          .addColumn('block_number', blockNumber, (column) => column.notNull())
          .addColumn('block_hash', 'text', (column) => column.notNull())
          .addColumn('updated_at', timestamp, (column) => column.notNull())
          .execute()

        await db.schema
          .createTable('chain_transactions')
          .addColumn('chain_id', 'text', (column) => column.notNull())
          .addColumn('hash', 'text', (column) => column.notNull())
          .addColumn('block_number', blockNumber, (column) => column.notNull())
          .addColumn('tx_index', 'integer', (column) => column.notNull())
          .addColumn('from_address', 'text', (column) => column.notNull())
          .addColumn('to_address', 'text')
          .addColumn('value', 'text', (column) => column.notNull())
          .addColumn('nonce', 'integer', (column) => column.notNull())
          .addColumn('selector', 'text')
          .addColumn('status', 'text', (column) => column.notNull())
          .addColumn('mined_at', timestamp, (column) => column.notNull())
          .addColumn('sort_key', 'text', (column) => column.notNull())
          .addPrimaryKeyConstraint('chain_transactions_pk', ['chain_id', 'hash'])
          .execute()
        await db.schema.createIndex('chain_transactions_block').on('chain_transactions').columns(['chain_id', 'block_number']).execute()

        await db.schema
          .createTable('chain_transfers')
          .addColumn('chain_id', 'text', (column) => column.notNull())
          .addColumn('hash', 'text', (column) => column.notNull())
          .addColumn('log_index', 'integer', (column) => column.notNull())
          .addColumn('block_number', blockNumber, (column) => column.notNull())
          .addColumn('standard', 'text', (column) => column.notNull())
          .addColumn('token_address', 'text')
          .addColumn('from_address', 'text', (column) => column.notNull())
          .addColumn('to_address', 'text', (column) => column.notNull())
          .addColumn('amount', 'text', (column) => column.notNull())
          .addColumn('nft_image', 'text')
          .addPrimaryKeyConstraint('chain_transfers_pk', ['chain_id', 'hash', 'log_index'])
          .execute()
        await db.schema.createIndex('chain_transfers_block').on('chain_transfers').columns(['chain_id', 'block_number']).execute()

        await db.schema
          .createTable('chain_account_transactions')
          .addColumn('address', 'text', (column) => column.notNull())
          .addColumn('chain_id', 'text', (column) => column.notNull())
          .addColumn('hash', 'text', (column) => column.notNull())
          .addColumn('block_number', blockNumber, (column) => column.notNull())
          .addColumn('sort_key', 'text', (column) => column.notNull())
          .addPrimaryKeyConstraint('chain_account_transactions_pk', ['address', 'chain_id', 'hash'])
          .execute()
        await db.schema.createIndex('chain_account_transactions_page').on('chain_account_transactions').columns(['address', 'sort_key']).execute()
        await db.schema.createIndex('chain_account_transactions_chain_page').on('chain_account_transactions').columns(['address', 'chain_id', 'sort_key']).execute()
        await db.schema.createIndex('chain_account_transactions_block').on('chain_account_transactions').columns(['chain_id', 'block_number']).execute()

        await db.schema
          .createTable('chain_tokens')
          .addColumn('chain_id', 'text', (column) => column.notNull())
          .addColumn('address', 'text', (column) => column.notNull())
          .addColumn('standard', 'text', (column) => column.notNull())
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('symbol', 'text', (column) => column.notNull())
          .addColumn('decimals', 'integer', (column) => column.notNull())
          .addPrimaryKeyConstraint('chain_tokens_pk', ['chain_id', 'address'])
          .execute()

        await db.schema
          .createTable('names')
          .addColumn('name', 'text', (column) => column.primaryKey())
          .addColumn('address', 'text', (column) => column.notNull())
          .addColumn('address_key', 'text', (column) => column.notNull())
          .addColumn('coin_type', 'integer', (column) => column.notNull())
          .addColumn('attributes', json, (column) => column.notNull())
          .addColumn('message', 'text', (column) => column.notNull())
          .addColumn('signature', 'text', (column) => column.notNull())
          .addColumn('created_at', timestamp, (column) => column.notNull())
          .addColumn('updated_at', timestamp, (column) => column.notNull())
          .execute()
        await db.schema.createIndex('names_address').on('names').columns(['address_key', 'created_at']).execute()

        await db.schema
          .createTable('siwx_nonces')
          .addColumn('nonce', 'text', (column) => column.primaryKey())
          .addColumn('project_id', 'text', (column) => column.notNull())
          .addColumn('created_at', timestamp, (column) => column.notNull())
          .addColumn('expires_at', timestamp, (column) => column.notNull())
          .addColumn('used_at', timestamp)
          .execute()
        await db.schema.createIndex('siwx_nonces_expires').on('siwx_nonces').column('expires_at').execute()

        await db.schema
          .createTable('siwx_sessions')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('token_hash', 'text', (column) => column.notNull().unique())
          .addColumn('project_id', 'text', (column) => column.notNull())
          .addColumn('address', 'text', (column) => column.notNull())
          .addColumn('chain_id', 'text', (column) => column.notNull())
          .addColumn('domain', 'text', (column) => column.notNull())
          .addColumn('uri', 'text', (column) => column.notNull())
          .addColumn('message', 'text', (column) => column.notNull())
          .addColumn('signature', 'text', (column) => column.notNull())
          .addColumn('created_at', timestamp, (column) => column.notNull())
          .addColumn('expires_at', timestamp, (column) => column.notNull())
          .addColumn('revoked_at', timestamp)
          .execute()
        await db.schema.createIndex('siwx_sessions_expires').on('siwx_sessions').column('expires_at').execute()
      },
      async down(db: Kysely<unknown>) {
        for (const table of ['siwx_sessions', 'siwx_nonces', 'names', 'chain_tokens', 'chain_account_transactions', 'chain_transfers', 'chain_transactions', 'chain_checkpoints']) {
          await db.schema.dropTable(table).execute()
        }
      },
    },
    // Purchases through the local test onramp provider (server/onramp/purchases.ts).
    '0004_onramp_purchases': onrampPurchasesMigration(engine),
    // Social (OAuth / OpenID Connect) and Farcaster logins (server/db/loginAttempts.ts).
    '0005_social_logins': loginAttemptsMigration(engine),
    // Hashes of recently indexed blocks, so a reorganisation rolls back only the blocks above its fork point (chain/indexer.ts).
    '0006_chain_blocks': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('chain_blocks')
          .addColumn('chain_id', 'text', (column) => column.notNull())
          .addColumn('block_number', engine === 'postgres' ? 'bigint' : 'integer', (column) => column.notNull())
          .addColumn('block_hash', 'text', (column) => column.notNull())
          .addPrimaryKeyConstraint('chain_blocks_pk', ['chain_id', 'block_number'])
          .execute()
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('chain_blocks').execute()
      },
    },
    // Smart sessions, /v1/sessions/{id} (server/db/smartSessions.ts).
    '0007_smart_sessions': smartSessionsMigration(engine),
    // A smart session's pci is unique per (project, account), no longer across the table.
    '0008_smart_sessions_scoped': smartSessionsScopedMigration(engine),
    // Self-custody key shares (server/db/custodyShares.ts).
    '0009_custody_shares': custodySharesMigration(engine),
    // Passkey credentials and the challenges of ceremonies under way (server/db/passkeys.ts).
    '0010_passkeys': passkeysMigration(engine),
    // Sessions bound to a device key, and the proofs of it seen recently (server/db/dpopProofs.ts).
    '0011_session_device_keys': dpopProofsMigration(engine),
    // Wallets registered by the secure frame (self-custody; server/db/custodyWallets.ts).
    '0012_custody_wallets': custodyWalletsMigration(engine),
    // A fresh second factor proved on a session, for key export (server/auth/stepUp.ts).
    '0014_session_step_up': stepUpMigration(engine),
    '0017_mfa_totp': mfaTotpMigration(engine),
    // What gas sponsorship cost per project and user per UTC day (server/db/sponsorshipSpend.ts).
    '0018_sponsorship_spend': sponsorshipSpendMigration(engine),
    // A passkey enrolled as the second factor (server/db/mfaPasskey.ts).
    '0019_mfa_passkey': mfaPasskeyMigration(engine),
  }
}

export class MigrationFailedError extends Error {
  override name = 'MigrationFailedError'
}

/**
 * The PostgreSQL advisory lock held while migrating (pg_advisory_lock takes a bigint;
 * this is 'portico' in ASCII). Several instances starting together queue on it: the
 * first migrates, the others then find nothing left to do.
 */
export const MIGRATION_LOCK_ID = 0x706f727469636fn

/**
 * Brings the database to the latest schema; a no-op when it is there already.
 * Safe to run from several processes at once: on PostgreSQL the whole run, including
 * Kysely's creation of its own bookkeeping tables (which Kysely does before taking
 * its lock), holds MIGRATION_LOCK_ID on one connection. A SQLite file belongs to one
 * machine, and its writes are serialised by the file lock.
 *
 * @example
 * await migrateToLatest(db)
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResultSet> {
  const engine = await detectEngine(db)
  if (engine === 'sqlite') return migrate(db, engine)
  // Session-level lock on a single connection, and the migration runs on that same
  // connection: the lock cannot be released by the pool handing the connection to
  // someone else, and the run never waits for a second pool connection.
  try {
    return await db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(connection)
      try {
        return await migrate(connection, engine)
      } finally {
        await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(connection)
      }
    })
  } catch (error) {
    // A database that cannot be reached or locked fails the boot with the same clear error as a failed migration.
    if (error instanceof MigrationFailedError) throw error
    throw new MigrationFailedError(`Database migration failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
}

async function migrate<DB>(db: Kysely<DB>, engine: SqlEngine): Promise<MigrationResultSet> {
  const migrations = migrationsFor(engine)
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const result = await migrator.migrateToLatest()
  if (result.error !== undefined) {
    const failed = result.results?.find((migration) => migration.status === 'Error')?.migrationName
    throw new MigrationFailedError(`Database migration ${failed ? `'${failed}' ` : ''}failed: ${result.error instanceof Error ? result.error.message : String(result.error)}`, { cause: result.error })
  }
  return result
}
