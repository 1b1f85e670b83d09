/**
 * A SQLite database file in a fresh temp dir, deleted after the test: the real
 * engine and a real file, as in production, with nothing shared between tests.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TempSqliteFile {
  file: string
  remove(): void
}

/**
 * @example
 * const sqlite = tempSqliteFile()
 * const app = createServer({ database: { sqliteFile: sqlite.file }, projects })
 * afterAll(async () => { await app.close(); sqlite.remove() })
 */
export function tempSqliteFile(): TempSqliteFile {
  const dir = mkdtempSync(join(tmpdir(), 'portico-sqlite-'))
  return { file: join(dir, 'portico.sqlite'), remove: () => rmSync(dir, { recursive: true, force: true }) }
}
