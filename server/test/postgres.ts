/**
 * A private, throwaway PostgreSQL for tests: its own data directory and socket
 * directory in a fresh temp dir, trust auth, a free port on 127.0.0.1, and
 * durability switched off (the data dies with the test). Uses the Debian
 * binaries in /usr/lib/postgresql/<version>/bin (scripts/test-prereqs.sh installs
 * them for `npm test`). As root, initdb and pg_ctl run as the `postgres` user,
 * because PostgreSQL refuses to run as root.
 */
import { execFile, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from 'pg'

export interface PostgresInstance {
  /** Connection URL of the `postgres` database, as the `postgres` superuser. */
  url: string
  /** A new empty database on this instance; returns its URL. */
  createDatabase(): Promise<string>
  /** Stops the server and deletes its files. Safe to call twice. */
  stop(): Promise<void>
  /** Kills the server as a crash would (immediate shutdown: no checkpoint, connections cut); the files stay. */
  crash(): Promise<void>
  /** Starts it again on the same files and port after {@link crash} (crash recovery runs). */
  restart(): Promise<void>
}

const POSTGRES_ROOT = '/usr/lib/postgresql'

/**
 * @example
 * let pg: PostgresInstance
 * beforeAll(async () => { pg = await startPostgres() }, 60_000)
 * afterAll(() => pg.stop())
 */
export async function startPostgres(): Promise<PostgresInstance> {
  const bin = findPostgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'portico-pg-'))
  const dataDir = join(dir, 'data')
  const socketDir = join(dir, 'socket')
  const logFile = join(dir, 'server.log')
  mkdirSync(socketDir)
  const asPostgres = runAsPostgres(dir)
  const port = await freePort()

  const pgCtl = (...args: string[]) => run(asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, ...args]))
  let stopped = false
  const stopNow = () => {
    if (stopped) return
    stopped = true
    try {
      execFileSync(...asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' })
    } catch {
      // Not running (start failed or already stopped): nothing to stop.
    }
    rmSync(dir, { recursive: true, force: true })
  }
  // A crashed or interrupted test run must not leave a postgres behind.
  process.once('exit', stopNow)

  const settings = [
    `-c port=${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${socketDir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=50',
  ].join(' ')
  const startServer = () => pgCtl('-l', logFile, '-o', settings, '-w', '-t', '30', 'start')
  try {
    await run(asPostgres(join(bin, 'initdb'), ['-D', dataDir, '--username=postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync', '--no-instructions']))
    await startServer()
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim() : '(no server log)'
    stopNow()
    throw new Error(
      `Could not start the throwaway PostgreSQL for the server tests (binaries in ${bin}).\n` +
        `${(error as Error).message}\nServer log:\n${log}\n` +
        'Install PostgreSQL with `bash scripts/test-prereqs.sh` (run by `npm test`).',
      { cause: error },
    )
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    async createDatabase() {
      const name = `test_${randomBytes(6).toString('hex')}`
      const client = new Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
    async stop() {
      process.removeListener('exit', stopNow)
      stopNow()
    },
    crash: () => pgCtl('-m', 'immediate', '-w', 'stop'),
    restart: startServer,
  }
}

/** The newest installed major version, e.g. /usr/lib/postgresql/15/bin. */
function findPostgresBin(): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((name) => existsSync(join(POSTGRES_ROOT, name, 'bin', 'initdb')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : []
  const newest = versions[0]
  if (newest === undefined) {
    throw new Error(`PostgreSQL is not installed: no ${POSTGRES_ROOT}/<version>/bin/initdb. ` + 'Install it with `bash scripts/test-prereqs.sh` (run by `npm test`) or `apt-get install postgresql`.')
  }
  return join(POSTGRES_ROOT, newest, 'bin')
}

/**
 * Returns how to run a PostgreSQL binary: directly for a normal user, through
 * `runuser -u postgres` for root (after giving `postgres` the temp dir).
 */
function runAsPostgres(dir: string): (command: string, args: string[]) => [string, string[]] {
  if (process.getuid?.() !== 0) return (command, args) => [command, args]
  let uid: number
  let gid: number
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
  } catch {
    throw new Error('Running as root but there is no `postgres` user to run PostgreSQL as (the Debian postgresql package creates it).')
  }
  chownSync(dir, uid, gid)
  chownSync(join(dir, 'socket'), uid, gid)
  return (command, args) => ['runuser', ['-u', 'postgres', '--', command, ...args]]
}

function run([command, args]: [string, string[]]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 60_000 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${stderr.trim() || error.message}`))
      else resolve()
    })
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}
