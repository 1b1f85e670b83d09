/**
 * PostgreSQL restarted under load, with two server processes on one database (as an
 * operator runs several instances; docs/self-hosting.md, "When the database goes
 * away"). Both processes must outlive it: meanwhile they answer 503 with Retry-After
 * (never 500) and /ready says not ready; they serve again by themselves within seconds
 * of the database coming back, and the auth tables stay consistent.
 *
 * The PostgreSQL is this test's own (server/test/postgres.ts), never the machine's.
 */
import BetterSqlite3 from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { openDatabase } from './db/connect'
import { brokenAuthRows } from './test/authRowChecks'
import { startAuthTestServer } from './test/authServer'
import { tempSqliteFile } from './test/sqlite'
import { type PostgresInstance, startPostgres } from './test/postgres'
import { type ServerProcess, sharedInstanceEnv, startServerProcess } from './test/serverProcess'
import { createTestDevice, withProof } from './test/dpop'

const SECURE = 'https://secure.shop.example'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Waits for `check`; the first logins of a cold server can take seconds on a busy machine. */
const until = async (what: string, check: () => boolean, timeoutMs = 30_000) => {
  for (const started = Date.now(); !check(); await sleep(50)) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} within ${timeoutMs} ms`)
  }
}

type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown> }

describe('PostgreSQL restarted under load, two server processes on it', () => {
  let pg: PostgresInstance
  let databaseUrl: string
  let servers: ServerProcess[] = []
  beforeAll(async () => {
    pg = await startPostgres()
    databaseUrl = await pg.createDatabase()
    const env = sharedInstanceEnv({ databaseUrl, instances: 2, project: { id: 'shop', allowedOrigins: ['https://shop.example'] }, secureOrigin: SECURE })
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)])
  }, 120_000)
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await pg?.stop()
  })

  /** The secure page's device key: every call carries a new proof of it (DPoP). */
  const device = createTestDevice(Date.now)
  const post = async (server: ServerProcess, path: string, body: unknown, ip: string): Promise<Answer> => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: await withProof(await device, 'POST', `${server.url}${path}`, { origin: SECURE, 'content-type': 'application/json', 'x-forwarded-for': ip }),
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    })
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, unknown> }
  }
  const ready = async (server: ServerProcess) => (await fetch(`${server.url}/ready`, { signal: AbortSignal.timeout(10_000) })).status

  it('both keep running, answer 503 + Retry-After and not ready while it is down, serve again within seconds, and the rows stay consistent', async () => {
    const answers: Answer[] = []
    const outcomes: Array<'signed in' | 'cooldown' | 'code gone'> = []
    let visitors = 0
    let loading = true

    /** One visitor: start on one instance, verify on the other; a 503 is sent again after a moment, as clients do. */
    const sendUntilServed = async (server: ServerProcess, path: string, body: unknown, ip: string): Promise<Answer> => {
      for (;;) {
        const answer = await post(server, path, body, ip)
        answers.push(answer)
        if (answer.status !== 503) return answer
        await sleep(200)
      }
    }
    const worker = async () => {
      while (loading) {
        const index = visitors++
        const ip = `10.7.${index >> 8}.${index & 255}`
        const who = { projectId: 'shop', email: `outage-${index}-${randomBytes(3).toString('hex')}@shop.example`, deviceId: randomBytes(16).toString('base64url') }
        const [first, second] = index % 2 === 0 ? [servers[0]!, servers[1]!] : [servers[1]!, servers[0]!]
        const started = await sendUntilServed(first, '/auth/v1/email/start', who, ip)
        if (started.status === 429) {
          // The cooldown was written, then the database went away before the code was.
          outcomes.push('cooldown')
          continue
        }
        expect(started).toMatchObject({ status: 200 })
        const otp = servers
          .map((server) => {
            try {
              return server.codeFor(who.email)
            } catch {
              return undefined
            }
          })
          .find(Boolean)!
        const verified = await sendUntilServed(second, '/auth/v1/email/verify', { ...who, otp }, ip)
        // 400 only when the verify committed and its answer was lost with the connection.
        outcomes.push(verified.status === 200 ? 'signed in' : 'code gone')
        if (verified.status !== 200) expect(verified.body).toMatchObject({ code: 'OTP_NOT_FOUND' })
      }
    }
    const load = Promise.all([worker(), worker(), worker(), worker()])
    // A worker's failed expectation is reported where the load is awaited, below.
    load.catch(() => undefined)

    await until('4 sign-ins before the crash', () => outcomes.filter((outcome) => outcome === 'signed in').length >= 4)
    await pg.crash()
    await sleep(500)
    // Down: both processes answer, and say not ready.
    expect(await Promise.all(servers.map(ready))).toEqual([503, 503])
    await sleep(2_500)
    expect(servers.map((server) => server.running())).toEqual([true, true])

    await pg.restart()
    const back = Date.now()
    const readyAgain = await Promise.all(
      servers.map(async (server) => {
        while ((await ready(server)) !== 200) {
          if (Date.now() - back > 10_000) throw new Error(`${server.url} not ready 10 s after the database came back`)
          await sleep(100)
        }
        return Date.now() - back
      }),
    )
    const afterRestart = outcomes.length
    await until('4 sign-ins after the restart', () => outcomes.slice(afterRestart).filter((outcome) => outcome === 'signed in').length >= 4)
    loading = false
    await load

    expect(servers.map((server) => server.running())).toEqual([true, true])
    expect(Math.max(...readyAgain)).toBeLessThan(10_000)
    // The load met the outage (it ran on both sides of it: the two waits above).
    const unavailable = answers.filter((answer) => answer.status === 503)
    expect(unavailable.length).toBeGreaterThan(0)
    // Every answer is 2xx, 4xx or a 503 that says when to come back; never a 500.
    expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([])
    for (const answer of unavailable) {
      expect(answer).toMatchObject({ retryAfter: '5', body: { error: 'Service Unavailable', message: 'The database is not answering; try again in a few seconds' } })
    }
    // Nothing died quietly either.
    for (const server of servers) expect(server.output()).not.toMatch(/uncaught|unhandled/i)

    const db = openDatabase({ postgresUrl: databaseUrl })
    try {
      expect(await brokenAuthRows(db)).toEqual([])
    } finally {
      await db.destroy()
    }
  }, 120_000)
})

describe('a SQLite file another process keeps locked', () => {
  it('answers 503 + Retry-After once busy_timeout (5 s) has passed, and serves again when the lock is gone', async () => {
    const sqlite = tempSqliteFile()
    const server = await startAuthTestServer({ database: { sqliteFile: sqlite.file } })
    const holder = new BetterSqlite3(sqlite.file)
    const start = () => server.post('/auth/v1/email/start', { projectId: 'shop', email: `busy-${randomBytes(3).toString('hex')}@shop.example`, deviceId: randomBytes(16).toString('base64url') })
    try {
      holder.exec('BEGIN EXCLUSIVE')
      const refused = await start()
      expect(refused).toMatchObject({ status: 503, body: { error: 'Service Unavailable', message: 'The database is not answering; try again in a few seconds' } })
      expect(refused.headers.get('retry-after')).toBe('5')
      holder.exec('ROLLBACK')
      expect(await start()).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })
    } finally {
      holder.close()
      await server.close()
      sqlite.remove()
    }
  }, 30_000)
})
