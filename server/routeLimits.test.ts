/**
 * The rate limits of the routes that change state or cost work (routeLimits.ts), over
 * real HTTP on both engines: each answers 429 with Retry-After past its limit, twice
 * the limit around a window edge is refused (the clock is the server's, moved by the
 * test), a client retrying during its wait waits longer, and Farcaster completes are
 * limited in how many wait at once.
 */
import { createServer as createHttpServer, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createServer } from './app'
import { createMailbox } from './auth/mailer'
import { createKeyring, generateMasterKey } from './auth/masterKey'
import { DEFAULT_ROUTE_LIMITS, MIN_CLIENTS_TO_FILL, type RouteLimits, SHARED_CEILINGS } from './routeLimits'
import { setupTestEngines } from './test/engines'
import { type HttpResult, http, listen } from './test/http'
import { TEST_PROJECTS } from './test/projects'
import { tempSqliteFile } from './test/sqlite'
import { createTestDevice, withProof } from './test/dpop'

const engines = setupTestEngines()
const MINUTE = 60_000
const SECURE_ORIGIN = 'https://secure.portico.test'
/** A minute boundary, so a test knows where the windows start. */
const START = Date.parse('2030-01-01T00:00:00.000Z')

const small: Partial<RouteLimits> = {
  analyticsPerIp: { max: 3, windowMs: MINUTE },
  analyticsPerProject: { max: 5, windowMs: MINUTE, escalate: false },
  nameRegistrationsPerIp: { max: 2, windowMs: MINUTE },
  nameRegistrations: { max: 3, windowMs: MINUTE, escalate: false },
  siwxNoncesPerIp: { max: 3, windowMs: MINUTE },
  siwxVerifiesPerIp: { max: 3, windowMs: MINUTE },
  socialStartsPerIp: { max: 3, windowMs: MINUTE },
  socialCallbacksPerIp: { max: 3, windowMs: MINUTE },
  farcasterStartsPerIp: { max: 3, windowMs: MINUTE },
  farcasterCompletesPerIp: { max: 10, windowMs: MINUTE },
  farcasterPendingPerIp: 2,
  rpcPerIp: { max: 3, windowMs: MINUTE },
  dataReadsPerIp: { max: 3, windowMs: MINUTE },
  dataReadsPerProject: { max: 1_000, windowMs: MINUTE, escalate: false },
  signOutsPerIp: { max: 3, windowMs: MINUTE },
  socialCompletesPerIp: { max: 3, windowMs: MINUTE },
  bundlerPerIp: { max: 3, windowMs: MINUTE },
  bundlerPerProject: { max: 1_000, windowMs: MINUTE, escalate: false },
}

/** A Farcaster relay that opens channels and keeps every one pending. */
async function pendingRelay(): Promise<{ url: string; close(): Promise<void> }> {
  let channels = 0
  const server: Server = createHttpServer((request, response) => {
    response.setHeader('content-type', 'application/json')
    if (request.method === 'POST' && request.url === '/v1/channel') {
      response.writeHead(201).end(JSON.stringify({ channelToken: `channel-${++channels}`, url: 'https://farcaster.example/approve' }))
    } else {
      response.writeHead(202).end(JSON.stringify({ state: 'pending' }))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

describe.each(engines)('route rate limits on $name', ({ freshDatabase }) => {
  const clock = { now: START }
  let baseUrl: string
  let relay: Awaited<ReturnType<typeof pendingRelay>>
  let close: () => Promise<void>
  let ipCounter = 0
  const newIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

  beforeAll(async () => {
    relay = await pendingRelay()
    const keyring = createKeyring(generateMasterKey())
    const mailbox = createMailbox()
    const app = createServer({
      database: await freshDatabase(),
      projects: TEST_PROJECTS,
      trustProxy: ['127.0.0.1'],
      now: () => clock.now,
      routeLimits: small,
      blockchain: { now: () => clock.now },
      // Counted before anything reaches it: nothing listens there.
      bundlers: { urls: { 'eip155:1': 'http://127.0.0.1:9/rpc' } },
      auth: {
        keyring,
        mailer: mailbox,
        secureOrigins: [SECURE_ORIGIN],
        now: () => clock.now,
        social: { providers: { google: { issuer: 'http://127.0.0.1:9', clientId: 'portico', clientSecret: 'secret' } }, callbackUrl: 'http://127.0.0.1:8787/auth/v1/social/callback' },
        farcaster: { relayUrl: relay.url, domain: 'secure.portico.test', siweUri: SECURE_ORIGIN, custodyOf: async () => undefined, waitMs: 400, pollMs: 50 },
      },
    })
    baseUrl = await listen(app)
    close = () => app.close()
  })
  afterAll(async () => {
    await close?.()
    await relay?.close()
  })

  /** The secure page's device key: calls carry its proof (DPoP), dated by the server's clock. */
  const device = createTestDevice(() => clock.now)
  const send = async (method: 'GET' | 'HEAD' | 'POST', path: string, ip: string, body?: unknown): Promise<HttpResult> =>
    http(baseUrl, path, {
      method,
      headers: await withProof(await device, method, `${baseUrl}${path}`, { 'x-forwarded-for': ip, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  /** Moves the clock to `ms` before the next minute boundary. */
  const toWindowEnd = (ms: number) => {
    clock.now += MINUTE - (clock.now % MINUTE) - ms
  }
  const statuses = async (count: number, call: () => Promise<HttpResult>) => {
    const answers: number[] = []
    for (let i = 0; i < count; i++) answers.push((await call()).status)
    return answers
  }

  /** Every route: the limit, 429 + Retry-After, and the second burst around the window edge refused. */
  const cases: Array<[string, number, (ip: string) => Promise<HttpResult>, number]> = [
    ['POST /e', 3, (ip) => send('POST', '/e?projectId=shop', ip, { event: 'MODAL_OPEN' }), 202],
    ['POST /siwx/v1/nonce', 3, (ip) => send('POST', '/siwx/v1/nonce?projectId=shop', ip), 200],
    ['POST /siwx/v1/verify', 3, (ip) => send('POST', '/siwx/v1/verify?projectId=shop', ip, { message: 'not a sign-in message', signature: `0x${'1'.repeat(130)}` }), 400],
    [
      'POST /auth/v1/social/start',
      3,
      (ip) => send('POST', '/auth/v1/social/start', ip, { projectId: 'shop', provider: 'github', deviceId: 'device-0000000000000001', returnTo: 'https://shop.example' }),
      404,
    ],
    ['GET /auth/v1/social/callback', 3, (ip) => send('GET', '/auth/v1/social/callback?state=x&code=y', ip), 400],
    ['POST /auth/v1/farcaster/start', 3, (ip) => send('POST', '/auth/v1/farcaster/start', ip, { projectId: 'shop', deviceId: 'device-0000000000000001' }), 200],
    ['POST /auth/v1/social/complete', 3, (ip) => send('POST', '/auth/v1/social/complete', ip, { code: 'not-a-code' }), 400],
    ['GET /v1/account/{address}/balance', 3, (ip) => send('GET', `/v1/account/${'0x'.padEnd(42, '1')}/balance?projectId=shop&currency=usd`, ip), 200],
    ['GET /v1/convert/quotes', 3, (ip) => send('GET', '/v1/convert/quotes?projectId=shop', ip), 400],
    ['POST /siwx/v1/signout', 3, (ip) => send('POST', '/siwx/v1/signout?projectId=shop', ip), 200],
    // Refused (no Origin) after they are counted: a refusal costs the caller its share too.
    ['POST /v1/bundler', 3, (ip) => send('POST', '/v1/bundler?projectId=shop&chainId=1', ip, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }), 403],
    ['POST /auth/v1/bundler', 3, (ip) => send('POST', '/auth/v1/bundler?projectId=shop&chainId=1', ip, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }), 403],
    // HEAD runs the GET handler: it counts as the GET, so it is no way around the limit.
    ['HEAD /v1/rpc', 3, (ip) => send('HEAD', '/v1/rpc?projectId=shop&chainId=eip155:1', ip), 400],
  ]

  it.each(cases)('%s: %d per window per client, then 429 with Retry-After; twice the limit around a window edge is refused', async (name, max, call, okStatus) => {
    const ip = newIp()
    toWindowEnd(100)
    expect(await statuses(max, () => call(ip))).toEqual(Array(max).fill(okStatus))
    clock.now += 200
    // A fixed window would start from zero here; the sliding one still counts the burst.
    const refused = await call(ip)
    expect(refused.status).toBe(429)
    const wait = Number(refused.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    // A HEAD answer has no body to read the message from.
    if (!name.startsWith('HEAD ')) {
      expect(refused.body).toMatchObject({ error: 'Too Many Requests', message: expect.stringMatching(/^Too many .+ from this network\. Please try again after \d+ seconds$/) })
    }
    expect(await statuses(max - 1, () => call(ip))).toEqual(Array(max - 1).fill(429))
    // Another client is not held back.
    expect((await call(newIp())).status).toBe(okStatus)
    // Those retries came during the wait: it grew. Honouring the last Retry-After is enough.
    const last = await call(ip)
    const longer = Number(last.headers.get('retry-after'))
    expect(longer).toBeGreaterThan(wait)
    clock.now += longer * 1_000
    expect((await call(ip)).status).toBe(okStatus)
  })

  it('POST /e: one project takes at most its ceiling from all clients together, with no escalation', async () => {
    toWindowEnd(30_000)
    const answers = await statuses(7, () => send('POST', '/e?projectId=shop', newIp(), { event: 'MODAL_OPEN' }))
    expect(answers).toEqual([202, 202, 202, 202, 202, 429, 429])
    // An unknown project makes no bucket of its own; it is refused by the project guard.
    expect((await send('POST', '/e?projectId=nobody', newIp(), {})).status).toBe(403)
    clock.now += 2 * MINUTE
  })

  it('POST /e: the body is capped at 8 KiB', async () => {
    const response = await send('POST', '/e?projectId=shop', newIp(), { padding: 'x'.repeat(8 * 1024) })
    expect(response.status).toBe(413)
  })

  it('POST /v1/profile/account: per client, and a ceiling for everyone (throwaway keys do not help)', async () => {
    toWindowEnd(30_000)
    const register = async (ip: string) => {
      const account = privateKeyToAccount(generatePrivateKey())
      const message = JSON.stringify({ name: `throwaway-${account.address.slice(2, 12).toLowerCase()}`, attributes: {}, timestamp: clock.now })
      return send('POST', '/v1/profile/account?projectId=shop', ip, { coin_type: 60, address: account.address, message, signature: await account.signMessage({ message }) })
    }
    const ip = newIp()
    expect([(await register(ip)).status, (await register(ip)).status, (await register(ip)).status]).toEqual([200, 200, 429])
    // The ceiling: one more from another client, then nobody.
    expect((await register(newIp())).status).toBe(200)
    const ceiling = await register(newIp())
    expect(ceiling.status).toBe(429)
    expect(ceiling.headers.get('retry-after')).not.toBeNull()
    clock.now += 2 * MINUTE
    expect((await register(newIp())).status).toBe(200)
  })

  it('POST /auth/v1/farcaster/complete: at most 2 waiting at once per client, the slot freed when one answers', async () => {
    clock.now += 2 * MINUTE
    const ip = newIp()
    const started = await send('POST', '/auth/v1/farcaster/start', ip, { projectId: 'shop', deviceId: 'device-0000000000000001' })
    expect(started.status).toBe(200)
    const { attemptToken } = started.body as { attemptToken: string }
    const complete = () => send('POST', '/auth/v1/farcaster/complete', ip, { projectId: 'shop', deviceId: 'device-0000000000000001', attemptToken })
    const first = complete()
    const second = complete()
    // Let both reach the server and take their slots.
    await new Promise((resolve) => setTimeout(resolve, 150))
    const third = await complete()
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).not.toBeNull()
    expect(third.body).toMatchObject({ message: expect.stringContaining('waiting at once') })
    // Another client waits alongside.
    expect((await send('POST', '/auth/v1/farcaster/complete', newIp(), { projectId: 'shop', deviceId: 'device-0000000000000001', attemptToken })).status).toBe(409)
    expect([(await first).status, (await second).status]).toEqual([409, 409])
    // Both answered: their slots are free again.
    expect((await complete()).status).toBe(409)
  })
})

describe('every route has a rate limit, or a reason in UNMETERED_ROUTES', () => {
  it('a server with every service turned on registers each of its routes', async () => {
    const sqlite = tempSqliteFile()
    const mailbox = createMailbox()
    const app = createServer({
      database: { sqliteFile: sqlite.file },
      projects: TEST_PROJECTS,
      bundlers: { urls: { 'eip155:31337': 'http://127.0.0.1:9/rpc' } },
      blockchain: { chains: [{ chainId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:9' }] },
      onramp: { providers: [], testProviderKey: `0x${'22'.repeat(32)}` },
      auth: {
        keyring: createKeyring(generateMasterKey()),
        mailer: mailbox,
        devMailbox: mailbox,
        secureOrigins: [SECURE_ORIGIN],
        social: { providers: { google: { issuer: 'http://127.0.0.1:9', clientId: 'portico', clientSecret: 'secret' } }, callbackUrl: 'http://127.0.0.1:8787/auth/v1/social/callback' },
        farcaster: { relayUrl: 'http://127.0.0.1:9', domain: 'secure.portico.test', siweUri: SECURE_ORIGIN, custodyOf: async () => undefined },
      },
    })
    const registered: string[] = []
    app.addHook('onRoute', (route) => void registered.push(...[route.method].flat().map((method) => `${method} ${route.url}`)))
    try {
      await app.ready()
      // The services above registered their routes (a sample of each), and none was refused.
      expect(registered).toEqual(
        expect.arrayContaining(['POST /v1/bundler', 'POST /auth/v1/bundler', 'POST /onramp/test-provider/purchase', 'POST /auth/v1/social/complete', 'GET /dev/mailbox', 'POST /v1/rpc']),
      )
    } finally {
      await app.close()
      sqlite.remove()
    }
  })

  it('a route in neither table refuses to register, naming itself', async () => {
    const sqlite = tempSqliteFile()
    const app = createServer({ database: { sqliteFile: sqlite.file }, projects: TEST_PROJECTS })
    try {
      app.register(async (child) => {
        child.post('/v1/something-new', async () => ({ ok: true }))
      })
      await expect(app.ready()).rejects.toThrow('POST /v1/something-new has no rate limit: give it a policy in ROUTE_POLICIES, or say in UNMETERED_ROUTES why it needs none')
    } finally {
      await app.close().catch(() => undefined)
      sqlite.remove()
    }
  })
})

describe('the default limits', () => {
  it.each(SHARED_CEILINGS)("keep one client's share of $ceiling to at most 1/30 of it ($share)", ({ ceiling, share }) => {
    const shared = DEFAULT_ROUTE_LIMITS[ceiling]
    const own = DEFAULT_ROUTE_LIMITS[share]
    const perMinute = (rule: { max: number; windowMs: number }) => (rule.max * 60_000) / rule.windowMs
    expect(perMinute(shared) / perMinute(own)).toBeGreaterThanOrEqual(MIN_CLIENTS_TO_FILL)
  })
})
