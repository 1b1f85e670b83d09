/**
 * Thousands of malformed and hostile requests at every auth route (fast-check):
 * wrong types, missing and extra fields, prototype-pollution keys, NUL
 * characters, huge and deeply nested bodies, wrong content types, random and
 * real bearer tokens. Each must get a 2xx or a 4xx JSON error (never a 5xx or a
 * dropped connection), and afterwards a canary user's rows are untouched, its
 * custodial keys still decrypt to its addresses, and every stored row is well formed.
 * (The signing payloads are fuzzed where signing happens: secure/custody/signPayload.fuzz.test.ts.)
 */
import fc from 'fast-check'
import { addressOf } from '../auth/keys'
import { CUSTODY_PATHS } from '../../src/shared/custodyApi'
import { type WalletNamespace } from '../db/schema'
import { walletKeyAad } from '../db/walletKeys'
import { SECURE_ORIGIN, type AuthTestServer, startAuthTestServer } from '../test/authServer'
import { seedCustodialUser } from '../test/custodialUser'
import { setupTestEngines } from '../test/engines'

const engines = setupTestEngines()

const ROUTES = [
  ['POST', '/auth/v1/email/start'],
  ['POST', '/auth/v1/email/verify'],
  ['POST', '/auth/v1/device/verify'],
  ['GET', '/auth/v1/me'],
  ['POST', '/auth/v1/logout'],
  ['POST', '/auth/v1/is-connected'],
  ['POST', '/auth/v1/email/update'],
  ['POST', '/auth/v1/email/update/primary'],
  ['POST', '/auth/v1/email/update/secondary'],
  ['POST', CUSTODY_PATHS.wallets],
  ['GET', CUSTODY_PATHS.authShare],
  ['POST', CUSTODY_PATHS.migrationStart],
  ['POST', CUSTODY_PATHS.migrationFinish],
] as const

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`))

let deep = '0'
for (let i = 0; i < 2_000; i++) deep = `{"a":${deep}}`

const hostileBodies = fc.constantFrom(
  '',
  '{',
  '}',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '[{}]',
  '{"a":',
  '\u0000',
  '{"email":"a\u0000b@example.com"}',
  '{"__proto__":{"isAdmin":true},"projectId":"shop"}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"projectId":"shop","email":"a@example.com","deviceId":"0123456789abcdef","otp":{"$gt":""}}',
  '{"kind":"transaction","payload":{"chainId":1e400,"nonce":-0,"gas":"0x","gasPrice":1}}',
  '{"kind":"typedData","payload":{"types":{"A":[{"name":"a","type":"A"}]},"primaryType":"A","message":{"a":{"a":{}}}}}',
  '{"kind":"typedData","payload":{"types":{"A":[{"name":"a","type":"uint256[99999999999]"}]},"primaryType":"A","message":{"a":[]}}}',
  `{"email":"${'a'.repeat(5_000)}@example.com","projectId":"shop","deviceId":"0123456789abcdef"}`,
  JSON.stringify({ padding: 'x'.repeat(200_000) }),
  deep,
)

const fieldValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 40 }),
  fc.emailAddress(),
  fc.constantFrom('shop', 'quiet', 'nobody', '0123456789abcdef', '123456', '000000', 'eip155:1', 'solana:x', '\u0000', '../../etc/passwd', "' OR 1=1 --"),
)

const structuredBody = fc
  .record(
    {
      projectId: fieldValue,
      email: fieldValue,
      deviceId: fieldValue,
      otp: fieldValue,
      chainId: fieldValue,
      newEmail: fieldValue,
      token: fieldValue,
      namespace: fc.oneof(fc.constantFrom('eip155', 'solana'), fieldValue),
      address: fc.oneof(fc.constantFrom('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '11111111111111111111111111111111'), fieldValue),
      authShare: fc.oneof(
        fc.uint8Array({ minLength: 33, maxLength: 33 }).map((bytes) => Buffer.from(bytes).toString('base64')),
        fieldValue,
      ),
      wallets: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.array(fc.dictionary(fc.constantFrom('namespace', 'address', 'authShare', 'recoveryEnvelope'), fieldValue), { maxLength: 3 })),
      constructor: fc.jsonValue({ maxDepth: 2 }),
    },
    { requiredKeys: [] },
  )
  .map((body) => JSON.stringify(body))

interface FuzzRequest {
  route: (typeof ROUTES)[number]
  body: string
  contentType: string | undefined
  authorization: 'canary' | string | undefined
  query: string
  origin: string | undefined
}

const requests = fc.record<FuzzRequest>({
  route: fc.constantFrom(...ROUTES),
  body: fc.oneof(
    hostileBodies,
    structuredBody,
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 200 }),
  ),
  contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', undefined),
  authorization: fc.oneof(
    fc.constant('canary'),
    fc.constant(undefined),
    printable(60).map((text) => `Bearer ${text}`),
    printable(43).map((text) => `Bearer pts_${text}`),
    printable(60),
  ),
  query: fc.oneof(
    fc.constant(''),
    fc.constant('?projectId=shop'),
    printable(40).map((text) => `?chainId=${encodeURIComponent(text)}`),
    printable(20).map((text) => `?projectId=${encodeURIComponent(text)}`),
  ),
  origin: fc.constantFrom(SECURE_ORIGIN, undefined, 'https://evil.example'),
})

describe.each(engines)('auth routes under fuzzing on $name', ({ engine, freshDatabase }) => {
  let server: AuthTestServer
  const CANARY_DEVICE = 'canary-device-0000001'
  let canary: { token: string; email: string; userId: string; addresses: Record<string, string> }

  beforeAll(async () => {
    server = await startAuthTestServer({ database: await freshDatabase() })
    // A user whose keys the server still holds (custodial, not migrated): the fuzz must not touch them.
    const email = 'canary@example.com'
    const deviceId = CANARY_DEVICE
    await seedCustodialUser(server.db, server.keyring, email, server.clock.now)
    await server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId })
    await server.post('/auth/v1/device/verify', { projectId: 'shop', email, deviceId, otp: server.latestCode(email) })
    const login = await server.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId, otp: server.latestCode(email) })
    const body = login.body as { session: { token: string }; user: { addresses: Record<string, string> } }
    const user = await server.db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    canary = { token: body.session.token, email, userId: user.id, addresses: body.user.addresses }
  })
  afterAll(async () => server?.close())

  const canaryRows = async () => ({
    user: await server.db.selectFrom('auth_users').selectAll().where('id', '=', canary.userId).execute(),
    keys: await server.db.selectFrom('auth_wallet_keys').selectAll().where('user_id', '=', canary.userId).orderBy('namespace').execute(),
    devices: await server.db.selectFrom('auth_devices').selectAll().where('user_id', '=', canary.userId).execute(),
  })

  it('answers every request with a 2xx or a 4xx JSON error, and corrupts nothing', async () => {
    const before = await canaryRows()
    const statuses = new Map<number, number>()

    await fc.assert(
      fc.asyncProperty(requests, async ({ route, body, contentType, authorization, query, origin }) => {
        const method: string = route[0]
        const path: string = route[1]
        const headers: Record<string, string> = {}
        if (contentType !== undefined) headers['content-type'] = contentType
        if (origin !== undefined) headers.origin = origin
        // Signing out the canary would be a legitimate change, not a corruption; everything else may use its token.
        if (authorization === 'canary') {
          if (path !== '/auth/v1/logout') {
            headers.authorization = `Bearer ${canary.token}`
            headers['x-portico-device'] = CANARY_DEVICE
          }
        } else if (authorization !== undefined) headers.authorization = authorization
        const response = await fetch(`${server.baseUrl}${path}${query}`, { method, headers, ...(method === 'POST' ? { body } : {}) })
        const text = await response.text()
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        if (response.status >= 500 || response.status < 200 || (response.status >= 300 && response.status < 400)) {
          throw new Error(`${method} ${path}${query} answered ${response.status}: ${text}`)
        }
        expect(response.headers.get('content-type')).toContain('application/json')
        const parsed = JSON.parse(text) as Record<string, unknown>
        if (response.status >= 400) {
          expect(typeof parsed.error).toBe('string')
          expect(typeof parsed.message).toBe('string')
        }
      }),
      { numRuns: engine === 'sqlite' ? 2_000 : 500, seed: 20_301, endOnFailure: true },
    )

    // The server is fine, and so is the canary.
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200)
    const after = await canaryRows()
    expect(after).toEqual(before)
    for (const row of after.keys) {
      const encrypted = { scheme: row.scheme, masterKeyId: row.master_key_id, iv: row.iv, ciphertext: row.ciphertext, authTag: row.auth_tag }
      const secret = server.keyring.decrypt(encrypted, walletKeyAad({ userId: row.user_id, namespace: row.namespace, address: row.address }))
      expect(addressOf(row.namespace as WalletNamespace, secret)).toBe(canary.addresses[row.namespace])
    }
    const me = await server.get('/auth/v1/me?projectId=shop', { authorization: `Bearer ${canary.token}`, 'x-portico-device': CANARY_DEVICE })
    expect(me.status).toBe(200)

    // Every stored row is well formed.
    const users = await server.db.selectFrom('auth_users').selectAll().execute()
    for (const user of users) {
      expect(user.email).toMatch(/^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+@[a-z0-9.-]+\.[a-z]{2,63}$/)
      // Custodial keys: both (the canary) or none (users the fuzz signed up; the frame makes theirs).
      const keys = await server.db.selectFrom('auth_wallet_keys').select('namespace').where('user_id', '=', user.id).orderBy('namespace').execute()
      expect([[], ['eip155', 'solana']]).toContainEqual(keys.map((key) => key.namespace))
    }
    const codes = await server.db.selectFrom('auth_otp_codes').selectAll().execute()
    for (const code of codes) {
      expect(['pending', 'used', 'expired', 'exhausted', 'replaced', 'undelivered']).toContain(code.status)
      expect(code.attempts).toBeLessThanOrEqual(code.max_attempts)
      expect(code.project_id).toMatch(/^[A-Za-z0-9_-]{1,128}$/)
    }
    // Something got through to the handlers, not only to the parsers.
    expect(statuses.get(200)).toBeGreaterThan(0)
  }, 180_000)
})
