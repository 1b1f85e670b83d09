// Load run against the reference server on 127.0.0.1 (autocannon), bounded in time and
// in count: the wallet listing and the one-time-code endpoints. After it, the database
// is read back: every accepted request left exactly one row, none was lost or doubled.
// Two setups: one server in this process on a SQLite file, and two server processes
// (server/main.ts, as an operator runs them) on one PostgreSQL with the requests
// spread over both.
//
//   npx tsx bench/serverLoad.ts [--listing 20000] [--logins 500] [--instances 2]
import autocannon from 'autocannon'
import BetterSqlite3 from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { Client } from 'pg'
import { startPostgres } from '../server/test/postgres'
import { sharedInstanceEnv, startServerProcess } from '../server/test/serverProcess'
import { createTestDevice } from '../server/test/dpop'
import { BENCH_PROJECT, startBenchServer } from './localServer'

/** Origins the load claims to come from (nothing is served there; the server only checks them). */
const APP_ORIGIN = 'https://dapp.bench.example'
const SECURE_ORIGIN = 'https://secure.bench.example'

export type LoadPhase = {
  name: string
  path: string
  connections: number
  requests: number
  durationS: number
  /** Requests completed over the phase's wall time. */
  requestsPerSecond: number
  latencyMs: { p50: number; p99: number; max: number }
  status2xx: number
  non2xx: number
  errors: number
  timeouts: number
}

export type ServerLoadResult = {
  date: string
  phases: LoadPhase[]
  rows: { check: string; expected: number; found: number; ok: boolean }[]
  rateLimit: { sent: number; accepted: number; refused429: number; expectedAccepted: number; ok: boolean }
  ok: boolean
  notes: string[]
  /** What the rows were read back from; absent in results written before two-instance runs (the SQLite file). */
  database?: string
}

/** Where the load goes and where its rows are read back from. */
type LoadTarget = {
  /** One URL per server instance; autocannon spreads its connections over them in turn. */
  urls: string[]
  codeFor(email: string): string
  /** Stops the server(s), so every write is done, and opens the database for counting. */
  stopAndOpen(): Promise<RowCounter>
  /** Frees everything (safe after stopAndOpen). */
  close(): Promise<void>
  database: string
  setting: string
}

type RowCounter = { count(query: string, ...params: string[]): Promise<number>; close(): Promise<void> }

type LoadOptions = { listingRequests?: number; logins?: number; connections?: number; maxSeconds?: number; log?: (line: string) => void }

type Visitor = { email: string; deviceId: string; ip: string; code?: string; proof?: string; started?: number; verified?: number }

const summarizePhase = (name: string, path: string, connections: number, result: autocannon.Result): LoadPhase => ({
  name,
  path,
  connections,
  requests: result.requests.total,
  durationS: result.duration,
  requestsPerSecond: result.duration > 0 ? result.requests.total / result.duration : 0,
  latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  status2xx: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
})

// autocannon takes several URLs and spreads its connections over them in turn (its
// README, `url`); @types/autocannon types only one.
const run = (options: Omit<autocannon.Options, 'url'> & { url: string | string[] }) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(options as autocannon.Options, (error, result) => (error ? reject(error) : resolve(result)))
  })

/** A distinct visitor: its own email, device and address (10.x.y.z, believed through X-Forwarded-For). */
const visitor = (index: number): Visitor => ({
  email: `load-${index}-${randomBytes(4).toString('hex')}@bench.example`,
  deviceId: randomBytes(16).toString('base64url'),
  ip: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
})

/** One server in this process on a fresh SQLite file. */
export async function runServerLoad(options: LoadOptions = {}): Promise<ServerLoadResult> {
  // Loopback is the only proxy believed: each simulated visitor names its own address,
  // so the per-IP limits stay at their defaults and still count per visitor.
  const server = await startBenchServer({ appOrigins: [APP_ORIGIN], secureOrigins: [SECURE_ORIGIN], trustProxy: ['127.0.0.1'], mailboxCapacity: (options.logins ?? 500) + 100 })
  return loadAndCheck(options, {
    urls: [server.url],
    codeFor: (email) => server.codeFor(email),
    async stopAndOpen() {
      await server.app.close()
      const db = new BetterSqlite3(server.sqliteFile, { readonly: true })
      return { count: async (query, ...params) => (db.prepare(query).get(...params) as { n: number }).n, close: async () => void db.close() }
    },
    close: () => server.close(),
    database: 'SQLite file',
    setting: 'Server in the bench process on 127.0.0.1, fresh SQLite file',
  })
}

/**
 * `instances` server processes (server/main.ts through tsx, configured by environment
 * variables as in docs/self-hosting.md) on one fresh PostgreSQL database; every phase
 * spreads its connections over them, so a code mailed by one is often verified by another.
 */
export async function runMultiInstanceLoad(options: LoadOptions & { instances?: number } = {}): Promise<ServerLoadResult> {
  const instances = options.instances ?? 2
  const pg = await startPostgres()
  const servers: Awaited<ReturnType<typeof startServerProcess>>[] = []
  let databaseUrl = ''
  try {
    databaseUrl = await pg.createDatabase()
    const env = sharedInstanceEnv({ databaseUrl, instances, project: { id: BENCH_PROJECT, allowedOrigins: [APP_ORIGIN], analyticsEnabled: false }, secureOrigin: SECURE_ORIGIN })
    // Started together, as a deploy starts them: they migrate the fresh database under the advisory lock.
    servers.push(...(await Promise.all(Array.from({ length: instances }, () => startServerProcess(env)))))
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()))
    await pg.stop()
    throw error
  }
  let client: Client | undefined
  return loadAndCheck(options, {
    urls: servers.map((server) => server.url),
    codeFor(email) {
      for (const server of servers) {
        try {
          return server.codeFor(email)
        } catch {
          // Mailed by another instance.
        }
      }
      throw new Error(`no instance mailed a one-time code to ${email}`)
    },
    async stopAndOpen() {
      await Promise.all(servers.map((server) => server.stop()))
      client = new Client({ connectionString: databaseUrl })
      await client.connect()
      const open = client
      return {
        // The checks are written with SQLite's ? placeholders; PostgreSQL numbers them.
        count: async (query, ...params) => {
          let index = 0
          const { rows } = await open.query<{ n: string }>(
            query.replace(/\?/g, () => `$${++index}`),
            params,
          )
          return Number(rows[0]!.n)
        },
        close: () => open.end(),
      }
    },
    async close() {
      await Promise.all(servers.map((server) => server.stop()))
      await client?.end().catch(() => undefined)
      await pg.stop()
    },
    database: 'PostgreSQL database',
    setting: `${instances} server processes (server/main.ts) on 127.0.0.1 sharing one fresh PostgreSQL database (PORTICO_INSTANCES=${instances}); autocannon spreads the connections over them in turn. The processes, PostgreSQL and the load generator share this machine's cores, so these figures show the instances working together, not how throughput grows with machines`,
  })
}

async function loadAndCheck({ listingRequests = 20_000, logins = 500, connections = 10, maxSeconds = 60, log = console.log }: LoadOptions, server: LoadTarget): Promise<ServerLoadResult> {
  try {
    const phases: LoadPhase[] = []
    const common = { url: server.urls, connections, duration: maxSeconds, timeout: 10 }

    log(`server: ${listingRequests} wallet-listing requests...`)
    const listingPath = `/getWallets?projectId=${BENCH_PROJECT}&st=portico&sv=0.1.0&page=1&entries=40`
    phases.push(
      summarizePhase(
        'GET /getWallets (first page, 40 wallets)',
        listingPath,
        connections,
        await run({ ...common, amount: listingRequests, headers: { origin: APP_ORIGIN }, requests: [{ method: 'GET', path: listingPath }] }),
      ),
    )

    const visitors = Array.from({ length: logins }, (_, index) => visitor(index))
    const json = { 'content-type': 'application/json', origin: SECURE_ORIGIN }

    log(`server: ${logins} email logins started (distinct emails, devices, addresses)...`)
    let next = 0
    phases.push(
      summarizePhase(
        'POST /auth/v1/email/start (code mailed)',
        '/auth/v1/email/start',
        connections,
        await run({
          ...common,
          amount: logins,
          requests: [
            {
              method: 'POST',
              path: '/auth/v1/email/start',
              setupRequest: (request, context) => {
                const who = visitors[next++]!
                ;(context as { who?: Visitor }).who = who
                return { ...request, headers: { ...json, 'x-forwarded-for': who.ip }, body: JSON.stringify({ projectId: BENCH_PROJECT, email: who.email, deviceId: who.deviceId }) }
              },
              onResponse: (status, _body, context) => {
                const who = (context as { who?: Visitor }).who
                if (who) who.started = status
              },
            },
          ],
        }),
      ),
    )
    const started = visitors.filter((v) => v.started === 200)
    for (const who of started) who.code = server.codeFor(who.email)
    // Each login proves a device key (DPoP), as the secure page does; made ahead, since autocannon's setupRequest is synchronous.
    const device = await createTestDevice(Date.now)
    for (const who of started) who.proof = await device.prove({ method: 'POST', url: `${server.urls[0]!}/auth/v1/email/verify` })

    log(`server: ${started.length} codes verified (creates user, wallet key, session)...`)
    next = 0
    phases.push(
      summarizePhase(
        'POST /auth/v1/email/verify (user, wallet key, session)',
        '/auth/v1/email/verify',
        connections,
        await run({
          ...common,
          amount: started.length,
          requests: [
            {
              method: 'POST',
              path: '/auth/v1/email/verify',
              setupRequest: (request, context) => {
                const who = started[next++]!
                ;(context as { who?: Visitor }).who = who
                return {
                  ...request,
                  headers: { ...json, 'x-forwarded-for': who.ip, dpop: who.proof! },
                  body: JSON.stringify({ projectId: BENCH_PROJECT, email: who.email, deviceId: who.deviceId, otp: who.code, chainId: 'eip155:1' }),
                }
              },
              onResponse: (status, _body, context) => {
                const who = (context as { who?: Visitor }).who
                if (who) who.verified = status
              },
            },
          ],
        }),
      ),
    )

    // The limits still hold: one address starting logins past codesPerIp (30 / 15 min)
    // gets 429 for the rest. These refusals are the expected non-2xx of the run.
    const limitSent = 40
    const expectedAccepted = 30
    let accepted = 0
    let refused429 = 0
    for (let index = 0; index < limitSent; index++) {
      const who = visitor(1_000_000 + index)
      // In turn over the instances: the limit is one count in the database, whichever answers.
      const response = await fetch(`${server.urls[index % server.urls.length]!}/auth/v1/email/start`, {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': '10.255.255.254' },
        body: JSON.stringify({ projectId: BENCH_PROJECT, email: who.email, deviceId: who.deviceId }),
      })
      await response.arrayBuffer()
      if (response.status === 200) accepted++
      else if (response.status === 429) refused429++
    }

    const db = await server.stopAndOpen()
    const count = (query: string, ...params: string[]) => db.count(query, ...params)
    const loadEmails = (emails: Visitor[]) => emails.map((v) => v.email)
    const startedOk = visitors.filter((v) => v.started === 200)
    const verifiedOk = visitors.filter((v) => v.verified === 200)
    const inList = (emails: string[]) => `(${emails.map(() => '?').join(',') || "''"})`
    const checks = [
      {
        check: 'login codes (auth_otp_codes, purpose login) for the load emails = accepted starts',
        expected: startedOk.length,
        found: () => count(`SELECT COUNT(*) AS n FROM auth_otp_codes WHERE purpose = 'login' AND email IN ${inList(loadEmails(visitors))}`, ...loadEmails(visitors)),
      },
      {
        check: 'distinct emails among those codes (none doubled)',
        expected: startedOk.length,
        found: () => count(`SELECT COUNT(DISTINCT email) AS n FROM auth_otp_codes WHERE purpose = 'login' AND email IN ${inList(loadEmails(visitors))}`, ...loadEmails(visitors)),
      },
      {
        check: 'codes used = accepted verifies',
        expected: verifiedOk.length,
        found: () => count(`SELECT COUNT(*) AS n FROM auth_otp_codes WHERE purpose = 'login' AND status = 'used' AND email IN ${inList(loadEmails(visitors))}`, ...loadEmails(visitors)),
      },
      {
        check: 'users (auth_users) = accepted verifies',
        expected: verifiedOk.length,
        found: () => count(`SELECT COUNT(*) AS n FROM auth_users WHERE email IN ${inList(loadEmails(visitors))}`, ...loadEmails(visitors)),
      },
      { check: 'sessions (auth_sessions) = accepted verifies', expected: verifiedOk.length, found: () => count(`SELECT COUNT(*) AS n FROM auth_sessions`) },
      // Keys are made in the secure frame (issue 32): a login makes none on the server.
      { check: 'wallet keys made by the server (none)', expected: 0, found: () => count(`SELECT COUNT(*) AS n FROM auth_wallet_keys`) },
    ]
    const rows = []
    // One after another: a pg client runs one query at a time.
    for (const { check, expected, found: read } of checks) {
      const found = await read()
      rows.push({ check, expected, found, ok: expected === found })
    }
    await db.close()

    const rateLimit = { sent: limitSent, accepted, refused429, expectedAccepted, ok: accepted === expectedAccepted && refused429 === limitSent - expectedAccepted }
    const phasesOk = phases.every((p) => p.non2xx === 0 && p.errors === 0 && p.timeouts === 0) && startedOk.length === logins && verifiedOk.length === logins
    return {
      date: new Date().toISOString(),
      phases,
      rows,
      rateLimit,
      ok: phasesOk && rows.every((row) => row.ok) && rateLimit.ok,
      database: server.database,
      notes: [
        `${server.setting}, ${connections} connections, each phase bounded by its count and by ${maxSeconds} s.`,
        'Each login is a distinct visitor: its own email, device id and address (X-Forwarded-For, believed from loopback only), so the per-email and per-IP limits stay at their defaults.',
        'Expected non-2xx: none in the load phases. The rate-limit check after them sends 40 starts from one address and expects 30 accepted and 10 refused with 429 (codesPerIp).',
      ],
    }
  } finally {
    await server.close()
  }
}

export function serverMarkdown(result: ServerLoadResult): string {
  return [
    `${result.date}. Overall: ${result.ok ? 'OK (0 unexpected errors, rows match)' : 'FAILED (see below)'}.`,
    '',
    '| Endpoint | requests | req/s | p50 ms | p99 ms | max ms | non-2xx | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...result.phases.map(
      (p) => `| ${p.name} | ${p.requests} | ${p.requestsPerSecond.toFixed(0)} | ${p.latencyMs.p50} | ${p.latencyMs.p99} | ${p.latencyMs.max} | ${p.non2xx} | ${p.errors + p.timeouts} |`,
    ),
    '',
    `Rows after the run (${result.database ?? 'SQLite file'} read back):`,
    '',
    ...result.rows.map((row) => `- ${row.ok ? 'ok' : 'MISMATCH'}: ${row.check}: expected ${row.expected}, found ${row.found}`),
    `- ${result.rateLimit.ok ? 'ok' : 'MISMATCH'}: per-IP limit: ${result.rateLimit.sent} starts from one address → ${result.rateLimit.accepted} accepted (expected ${result.rateLimit.expectedAccepted}), ${result.rateLimit.refused429} refused with 429`,
    '',
    ...result.notes.map((note) => `- ${note}`),
  ].join('\n')
}

if (require.main === module) {
  const args = process.argv.slice(2)
  const flag = (name: string, fallback: number) => {
    const at = args.indexOf(name)
    return at >= 0 ? Number(args[at + 1]) : fallback
  }
  const options = { listingRequests: flag('--listing', 20_000), logins: flag('--logins', 500) }
  const instances = flag('--instances', 1)
  ;(instances > 1 ? runMultiInstanceLoad({ ...options, instances }) : runServerLoad(options)).then(
    (result) => {
      console.log(serverMarkdown(result))
      if (!result.ok) process.exitCode = 1
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
