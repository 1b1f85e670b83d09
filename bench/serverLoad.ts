// Load run against the reference server on 127.0.0.1 (autocannon), bounded in time and
// in count: the wallet listing and the one-time-code endpoints. After it, the database
// is read back: every accepted request left exactly one row, none was lost or doubled.
// Two setups: one server in this process on a SQLite file, and two server processes
// (server/main.ts, as an operator runs them) on one PostgreSQL with the requests
// spread over both.
//
//   npx tsx bench/serverLoad.ts [--seconds 10] [--instances 2]
import autocannon from 'autocannon'
import BetterSqlite3 from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { Client } from 'pg'
import { startPostgres } from '../server/test/postgres'
import { sharedInstanceEnv, startServerProcess } from '../server/test/serverProcess'
import { createTestDevice } from '../server/test/dpop'
import { summarize } from './stats'
import { BENCH_PROJECT, startBenchServer } from './localServer'

/** Origins the load claims to come from (nothing is served there; the server only checks them). */
const APP_ORIGIN = 'https://dapp.bench.example'
const SECURE_ORIGIN = 'https://secure.bench.example'

export type LoadPhase = {
  name: string
  path: string
  connections: number
  requests: number
  /** Real elapsed time of the phase, from its first request to its last answer (s). */
  durationS: number
  /** Requests answered over durationS. */
  requestsPerSecond: number
  /** The rate of each half of the phase (absent in results written before halves). */
  halves?: number[]
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

type LoadOptions = {
  /** Seconds each half of the listing and start phases runs (the verify phase verifies every start). */
  phaseSeconds?: number
  connections?: number
  log?: (line: string) => void
}

type Visitor = { email: string; deviceId: string; ip: string; code?: string; proof?: string; started?: number; verified?: number }

/** Where a phase's requests go: one URL per server instance (autocannon spreads its connections over them in turn). */
export type PhaseTarget = { urls: string[]; connections: number; headers?: Record<string, string>; requests: autocannon.Request[] }

/** How long a phase runs: a number of requests, or a duration in seconds (rounds of `batch` requests until it has passed). */
export type PhaseBound = { count: number } | { seconds: number; batch: number }

/** What one half of a phase measured. */
type Measured = { requests: number; elapsedMs: number; latenciesMs: number[]; status2xx: number; non2xx: number; errors: number; timeouts: number }

/**
 * One autocannon run of `amount` requests. Its own `duration` is not used: autocannon
 * ends a run on its next sample tick (each second by default), so a run of 4.01 s
 * reported 4 s and one of 1.2 s 2 s. The time is taken here, from the start to the last
 * answer, and every answer's latency is kept (autocannon's percentiles are whole ms).
 */
function runOnce(target: PhaseTarget, amount: number, into: Measured): Promise<void> {
  const startedAt = performance.now()
  let lastAnswerAt = startedAt
  const before = into.latenciesMs.length
  return new Promise((resolve, reject) => {
    // autocannon takes several URLs and spreads its connections over them in turn (its
    // README, `url`); @types/autocannon types only one.
    const options = {
      url: target.urls,
      connections: Math.min(target.connections, amount),
      amount,
      timeout: 10,
      sampleInt: 100,
      ...(target.headers ? { headers: target.headers } : {}),
      requests: target.requests,
    }
    const instance = autocannon(options as unknown as autocannon.Options, (error, result) => {
      if (error) return reject(error)
      into.requests += into.latenciesMs.length - before
      into.elapsedMs += lastAnswerAt - startedAt
      into.status2xx += result['2xx']
      into.non2xx += result.non2xx
      into.errors += result.errors
      into.timeouts += result.timeouts
      resolve()
    })
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTimeMs: number) => {
      into.latenciesMs.push(responseTimeMs)
      lastAnswerAt = performance.now()
    })
  })
}

/** One half of a phase: `count` requests, or rounds of `batch` until `seconds` have passed. */
async function measureHalf(target: PhaseTarget, bound: PhaseBound): Promise<Measured> {
  const measured: Measured = { requests: 0, elapsedMs: 0, latenciesMs: [], status2xx: 0, non2xx: 0, errors: 0, timeouts: 0 }
  if ('count' in bound) {
    if (bound.count > 0) await runOnce(target, bound.count, measured)
    return measured
  }
  while (measured.elapsedMs < bound.seconds * 1000) await runOnce(target, bound.batch, measured)
  return measured
}

const round2 = (ms: number) => Math.round(ms * 100) / 100

/**
 * One load phase, in two halves run back to back (a count is split between them; a
 * duration is run by each). The rate is the requests over the real elapsed time of both;
 * each half's rate is reported, so a figure that moves by more than 10% within one run
 * shows. p50, p99 and max are from every request's latency.
 */
export async function runPhase(name: string, path: string, target: PhaseTarget, bound: PhaseBound): Promise<LoadPhase> {
  const halves =
    'count' in bound
      ? [await measureHalf(target, { count: Math.ceil(bound.count / 2) }), await measureHalf(target, { count: Math.floor(bound.count / 2) })]
      : [await measureHalf(target, bound), await measureHalf(target, bound)]
  const sum = (pick: (m: Measured) => number) => halves.reduce((total, m) => total + pick(m), 0)
  const latencies = summarize(halves.flatMap((m) => m.latenciesMs))
  const durationS = sum((m) => m.elapsedMs) / 1000
  const requests = sum((m) => m.requests)
  return {
    name,
    path,
    connections: target.connections,
    requests,
    durationS,
    requestsPerSecond: durationS > 0 ? requests / durationS : 0,
    halves: halves.filter((m) => m.requests > 0).map((m) => m.requests / (m.elapsedMs / 1000)),
    latencyMs: { p50: round2(latencies.median), p99: round2(latencies.p99), max: round2(latencies.max) },
    status2xx: sum((m) => m.status2xx),
    non2xx: sum((m) => m.non2xx),
    errors: sum((m) => m.errors),
    timeouts: sum((m) => m.timeouts),
  }
}

/** How far the two halves' rates are apart, as a share of the higher (0.1: 10%). */
export const halvesSpread = (phase: LoadPhase): number | undefined => {
  if (!phase.halves || phase.halves.length < 2) return undefined
  const [a, b] = phase.halves as [number, number]
  return Math.abs(a - b) / Math.max(a, b)
}

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
  const server = await startBenchServer({ appOrigins: [APP_ORIGIN], secureOrigins: [SECURE_ORIGIN], trustProxy: ['127.0.0.1'], mailboxCapacity: 200_000 })
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

async function loadAndCheck({ phaseSeconds = 10, connections = 10, log = console.log }: LoadOptions, server: LoadTarget): Promise<ServerLoadResult> {
  try {
    const phases: LoadPhase[] = []
    const target = (requests: autocannon.Request[], headers?: Record<string, string>): PhaseTarget => ({ urls: server.urls, connections, requests, ...(headers ? { headers } : {}) })

    log(`server: wallet listing for 2 × ${phaseSeconds} s...`)
    const listingPath = `/getWallets?projectId=${BENCH_PROJECT}&st=portico&sv=0.1.0&page=1&entries=40`
    phases.push(await runPhase('GET /getWallets (first page, 40 wallets)', listingPath, target([{ method: 'GET', path: listingPath }], { origin: APP_ORIGIN }), { seconds: phaseSeconds, batch: 2000 }))

    // Made as the load asks for them: the duration decides how many logins start.
    const visitors: Visitor[] = []
    const json = { 'content-type': 'application/json', origin: SECURE_ORIGIN }

    log(`server: email logins started for 2 × ${phaseSeconds} s (distinct emails, devices, addresses)...`)
    phases.push(
      await runPhase(
        'POST /auth/v1/email/start (code mailed)',
        '/auth/v1/email/start',
        target([
          {
            method: 'POST',
            path: '/auth/v1/email/start',
            setupRequest: (request, context) => {
              const who = visitor(visitors.length)
              visitors.push(who)
              ;(context as { who?: Visitor }).who = who
              return { ...request, headers: { ...json, 'x-forwarded-for': who.ip }, body: JSON.stringify({ projectId: BENCH_PROJECT, email: who.email, deviceId: who.deviceId }) }
            },
            onResponse: (status, _body, context) => {
              const who = (context as { who?: Visitor }).who
              if (who) who.started = status
            },
          },
        ]),
        { seconds: phaseSeconds, batch: 200 },
      ),
    )
    const started = visitors.filter((v) => v.started === 200)
    for (const who of started) who.code = server.codeFor(who.email)
    // Each login proves a device key (DPoP), as the secure page does; made ahead, since autocannon's setupRequest is synchronous.
    const device = await createTestDevice(Date.now)
    for (const who of started) who.proof = await device.prove({ method: 'POST', url: `${server.urls[0]!}/auth/v1/email/verify` })

    log(`server: ${started.length} codes verified (creates user and session)...`)
    let next = 0
    phases.push(
      await runPhase(
        'POST /auth/v1/email/verify (user, session)',
        '/auth/v1/email/verify',
        target([
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
        ]),
        { count: started.length },
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
    const phasesOk = phases.every((p) => p.non2xx === 0 && p.errors === 0 && p.timeouts === 0) && startedOk.length === visitors.length && verifiedOk.length === visitors.length
    return {
      date: new Date().toISOString(),
      phases,
      rows,
      rateLimit,
      ok: phasesOk && rows.every((row) => row.ok) && rateLimit.ok,
      database: server.database,
      notes: [
        `${server.setting}, ${connections} connections. The listing and the starts run for two halves of ${phaseSeconds} s each (rounds of requests until the time has passed); every started login is then verified, half after half. req/s is the answered requests over the real elapsed time (first request to last answer); the two halves' rates are shown so that a figure moving by more than 10% within the run shows; p50, p99 and max are from every request's latency.`,
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
    '| Endpoint | requests | seconds | req/s | req/s, each half (spread) | p50 ms | p99 ms | max ms | non-2xx | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...result.phases.map((p) => {
      const spread = halvesSpread(p)
      const halves = spread === undefined ? '—' : `${p.halves!.map((rate) => rate.toFixed(0)).join(' / ')} (${(spread * 100).toFixed(0)}%${spread > 0.1 ? ', over 10%' : ''})`
      return `| ${p.name} | ${p.requests} | ${p.durationS.toFixed(2)} | ${p.requestsPerSecond.toFixed(0)} | ${halves} | ${p.latencyMs.p50} | ${p.latencyMs.p99} | ${p.latencyMs.max} | ${p.non2xx} | ${p.errors + p.timeouts} |`
    }),
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
  const options = { phaseSeconds: flag('--seconds', 10) }
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
