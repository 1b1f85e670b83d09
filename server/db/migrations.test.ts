import { Client } from 'pg'
import { sql } from 'kysely'
import { type PostgresInstance, startPostgres } from '../test/postgres'
import { openDatabase } from './connect'
import { MIGRATION_LOCK_ID, migrateToLatest } from './migrations'

describe('migrations on one PostgreSQL shared by several instances', () => {
  let pg: PostgresInstance
  beforeAll(async () => {
    pg = await startPostgres()
  }, 60_000)
  afterAll(() => pg?.stop())

  it('two instances migrating a fresh database at the same time both succeed, and each migration runs once', async () => {
    const url = await pg.createDatabase()
    // Two pools, as two server processes would have.
    const a = openDatabase({ postgresUrl: url })
    const b = openDatabase({ postgresUrl: url })
    try {
      const [first, second] = await Promise.all([migrateToLatest(a), migrateToLatest(b)])
      const applied = [first, second].map((result) => (result.results ?? []).filter((migration) => migration.status === 'Success').map((m) => m.migrationName))
      // One of them applied everything, the other found nothing left to do.
      const [did, found] = applied[0]!.length > 0 ? applied : [applied[1]!, applied[0]!]
      expect(did!.length).toBeGreaterThanOrEqual(7)
      expect(found).toEqual([])

      const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(a)
      expect(rows.rows.map((row) => row.name)).toEqual(did)
      // The schema is there once: a table from the first migration and one from the last.
      const tables = await sql<{ n: string }>`select count(*) as n from information_schema.tables where table_name in ('analytics_events', 'smart_sessions')`.execute(a)
      expect(Number(tables.rows[0]!.n)).toBe(2)
      // A third start later is a no-op.
      expect((await migrateToLatest(b)).results).toEqual([])
    } finally {
      await a.destroy()
      await b.destroy()
    }
  }, 60_000)

  it('waits for the migration lock another instance holds, then migrates', async () => {
    const url = await pg.createDatabase()
    const holder = new Client({ connectionString: url })
    await holder.connect()
    const db = openDatabase({ postgresUrl: url })
    try {
      await holder.query(`select pg_advisory_lock(${MIGRATION_LOCK_ID})`)
      let finished = false
      const migrating = migrateToLatest(db).then((result) => {
        finished = true
        return result
      })
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(finished).toBe(false)
      // Nothing was created while the other instance held the lock.
      const before = await holder.query(`select count(*) as n from information_schema.tables where table_name = 'kysely_migration'`)
      expect(Number(before.rows[0].n)).toBe(0)

      await holder.query(`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`)
      expect((await migrating).results?.every((migration) => migration.status === 'Success')).toBe(true)
    } finally {
      await holder.end()
      await db.destroy()
    }
  }, 60_000)
})
