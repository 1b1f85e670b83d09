/**
 * The two database engines every storage test runs on: a real SQLite file in a
 * temp dir and a real, private PostgreSQL (postgres.ts). Call at the top of a
 * test file; it starts PostgreSQL in beforeAll and stops it in afterAll.
 */
import { type DatabaseConfig } from '../db/connect'
import { type PostgresInstance, startPostgres } from './postgres'
import { type TempSqliteFile, tempSqliteFile } from './sqlite'

export interface TestEngine {
  name: string
  engine: 'sqlite' | 'postgres'
  /** A new empty database on this engine. */
  freshDatabase(): Promise<DatabaseConfig>
}

/**
 * @example
 * const engines = setupTestEngines()
 * describe.each(engines)('on $name', ({ freshDatabase }) => { … })
 */
export function setupTestEngines(): TestEngine[] {
  let postgres: PostgresInstance | undefined
  const sqliteFiles: TempSqliteFile[] = []
  beforeAll(async () => {
    postgres = await startPostgres()
  }, 60_000)
  afterAll(async () => {
    await postgres?.stop()
    for (const file of sqliteFiles) file.remove()
  })
  return [
    {
      name: 'SQLite file',
      engine: 'sqlite',
      freshDatabase: async () => {
        const file = tempSqliteFile()
        sqliteFiles.push(file)
        return { sqliteFile: file.file }
      },
    },
    {
      name: 'PostgreSQL',
      engine: 'postgres',
      freshDatabase: async () => {
        if (postgres === undefined) throw new Error('The throwaway PostgreSQL did not start (see the beforeAll error above)')
        return { postgresUrl: await postgres.createDatabase() }
      },
    },
  ]
}
