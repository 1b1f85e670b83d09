/**
 * One query layer over two engines: SQLite (better-sqlite3, a real file; the
 * default, zero setup) and PostgreSQL (pg, when DATABASE_URL is set, for several
 * server processes or more data). Everything above this file speaks Kysely.
 */
import { mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import { Pool } from 'pg'
import { type DatabaseSchema } from './schema'

export type DatabaseConfig = { /** Path of the SQLite file; its folder is created when missing. */ sqliteFile: string } | { /** `postgres://user:password@host:port/database` */ postgresUrl: string }

export type SqlEngine = 'sqlite' | 'postgres'

export interface OpenDatabaseOptions {
  /** Told when PostgreSQL drops a connection (the server logs it); the process carries on. */
  onConnectionError?: (error: Error) => void
}

/**
 * Opens a connection pool (PostgreSQL) or file (SQLite). Lazy for PostgreSQL:
 * nothing connects until the first query, so a wrong URL shows at migration
 * time or in GET /ready.
 *
 * @example
 * const db = openDatabase({ sqliteFile: '.data/portico.sqlite' })
 * await db.destroy()
 */
export function openDatabase(config: DatabaseConfig, { onConnectionError = () => {} }: OpenDatabaseOptions = {}): Kysely<DatabaseSchema> {
  if ('postgresUrl' in config) {
    // Without a connect timeout a dead database would hang requests (and
    // GET /ready) forever instead of failing them.
    const pool = new Pool({ connectionString: config.postgresUrl, max: 10, connectionTimeoutMillis: 5_000 })
    // A connection the database drops (restart, crash, failover) emits 'error' on its
    // client; with no listener Node throws it and the process dies. The pool listens for
    // idle clients, each client for itself while a query or transaction holds it: that
    // query fails on its own, the pool discards the client and opens a new one when the
    // database is back.
    pool.on('error', (error) => onConnectionError(error))
    pool.on('connect', (client) => void client.on('error', (error) => onConnectionError(error)))
    return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) })
  }
  const Sqlite = loadBetterSqlite3()
  if (config.sqliteFile !== ':memory:') mkdirSync(dirname(config.sqliteFile), { recursive: true })
  const file = new Sqlite(config.sqliteFile)
  // WAL lets readers (GET /ready, later queries) run while a write is in
  // progress; busy_timeout makes a second process wait instead of failing.
  file.pragma('journal_mode = WAL')
  file.pragma('busy_timeout = 5000')
  file.pragma('foreign_keys = ON')
  return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: file }) })
}

/**
 * better-sqlite3 is an optional dependency of portico-server (a native module that
 * compiles from source where no prebuilt binary fits), so a PostgreSQL deployment can
 * install without a C++ toolchain: it loads only when SQLite is chosen.
 */
function loadBetterSqlite3(): typeof BetterSqlite3 {
  try {
    return createRequire(__filename)('better-sqlite3') as typeof BetterSqlite3
  } catch (error) {
    throw new Error('SQLite needs the better-sqlite3 package, which is not installed (npm install better-sqlite3); or set DATABASE_URL to use PostgreSQL', { cause: error })
  }
}

/**
 * Which engine a Kysely instance talks to, asked of the database itself, so it
 * also works for instances the caller built (Kysely exposes its dialect only
 * through internal API).
 */
export async function detectEngine<DB>(db: Kysely<DB>): Promise<SqlEngine> {
  try {
    await sql`select sqlite_version()`.execute(db)
    return 'sqlite'
  } catch {
    return 'postgres'
  }
}

/** For logs: the engine and where it is, never a password. */
export function describeDatabase(config: DatabaseConfig): string {
  if ('sqliteFile' in config) return `SQLite ${config.sqliteFile}`
  try {
    const url = new URL(config.postgresUrl)
    return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`
  } catch {
    return 'PostgreSQL'
  }
}

/**
 * PostgreSQL error classes and SQLite result codes that mean "the database cannot
 * serve right now" rather than "this query is wrong": 08 connection exception,
 * 53 insufficient resources, 57P01-57P03 shutting down, restarting or starting up;
 * SQLite busy or locked past busy_timeout.
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-3])/
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'SQLITE_BUSY', 'SQLITE_LOCKED'])
/** pg's own messages for a connection it lost or could not open (they carry no code). */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/

/**
 * True when `error` says the database is out of reach, so the request may succeed when
 * retried shortly: the server answers 503 with Retry-After instead of 500
 * (httpErrors.ts). Only the error itself is read, as pg and better-sqlite3 throw it,
 * never its `cause` chain: a chain node or mail server refusing a connection (a fetch
 * failure whose cause is ECONNREFUSED) is not the database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Read by shape, not instanceof: errors of Node's own sockets may come from another realm.
  if (typeof error !== 'object' || error === null) return false
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown }
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true
  // A refused connection to a host with several addresses (localhost: ::1 and 127.0.0.1).
  if (Array.isArray(errors)) return errors.length > 0 && errors.every((inner) => isDatabaseUnavailable(inner))
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)
}
