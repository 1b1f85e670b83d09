/**
 * Schema migrations, run at start by Kysely's Migrator. The migrations live in
 * code (not files found at run time) so they work the same under tsx, jest and a
 * bundle. Append new entries; never edit one that has shipped: the name is what
 * the kysely_migration table remembers.
 */
import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely'
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
        await db.schema
          .createIndex('analytics_events_project_received')
          .on('analytics_events')
          .columns(['project_id', 'received_at'])
          .execute()
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('analytics_events').execute()
      },
    },
  }
}

export class MigrationFailedError extends Error {
  override name = 'MigrationFailedError'
}

/**
 * Brings the database to the latest schema; a no-op when it is there already.
 * Safe to run from several processes at once: Kysely takes a lock first.
 *
 * @example
 * await migrateToLatest(db)
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResultSet> {
  const migrations = migrationsFor(await detectEngine(db))
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const result = await migrator.migrateToLatest()
  if (result.error !== undefined) {
    const failed = result.results?.find((migration) => migration.status === 'Error')?.migrationName
    throw new MigrationFailedError(
      `Database migration ${failed ? `'${failed}' ` : ''}failed: ${result.error instanceof Error ? result.error.message : String(result.error)}`,
      { cause: result.error },
    )
  }
  return result
}
