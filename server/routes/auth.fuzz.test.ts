/**
 * Thousands of malformed and hostile requests at every auth route (fast-check):
 * wrong types, missing and extra fields, prototype-pollution keys, NUL
 * characters, huge and deeply nested bodies, wrong content types, random and
 * real bearer tokens. Each must get a 2xx or a 4xx JSON error (never a 5xx or a
 * dropped connection), and afterwards a canary user's rows are untouched, its
 * keys still decrypt to its addresses, and every stored row is well formed.
 */
import fc from 'fast-check'
import { getBase58Encoder } from '@solana/codecs-strings'
import { addressOf } from '../auth/keys'
import { SIGN_KINDS } from '../../src/shared/authApi'
import { type WalletNamespace } from '../db/schema'
import { walletKeyAad } from '../db/walletKeys'
import { SECURE_ORIGIN, type AuthTestServer, startAuthTestServer } from '../test/authServer'
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
  ['POST', '/auth/v1/sign'],
] as const

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`))

let deep = '0'
for (let i = 0; i < 2_000; i++) deep = `{"a":${deep}}`

const hostileBodies = fc.constantFrom(
  '', '{', '}', 'null', 'true', '0', '"text"', '[]', '[{}]', '{"a":', '\u0000', '{"email":"a\u0000b@example.com"}',
  '{"__proto__":{"isAdmin":true},"projectId":"shop"}', '{"constructor":{"prototype":{"polluted":1}}}',
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
      kind: fc.oneof(fc.constantFrom(...SIGN_KINDS), fieldValue),
      payload: fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.dictionary(fc.constantFrom('message', 'types', 'primaryType', 'domain', 'chainId', 'nonce', 'gas', 'to', 'gasPrice', 'maxFeePerGas', 'address', 'from', 'data', 'accessList', 'type'), fieldValue)),
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
  body: fc.oneof(hostileBodies, structuredBody, fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)), fc.string({ maxLength: 200 })),
  contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', undefined),
  authorization: fc.oneof(
    fc.constant('canary'),
    fc.constant(undefined),
    printable(60).map((text) => `Bearer ${text}`),
    printable(43).map((text) => `Bearer pts_${text}`),
    printable(60),
  ),
  query: fc.oneof(fc.constant(''), fc.constant('?projectId=shop'), printable(40).map((text) => `?chainId=${encodeURIComponent(text)}`), printable(20).map((text) => `?projectId=${encodeURIComponent(text)}`)),
  origin: fc.constantFrom(SECURE_ORIGIN, undefined, 'https://evil.example'),
})

describe.each(engines)('auth routes under fuzzing on $name', ({ engine, freshDatabase }) => {
  let server: AuthTestServer
  const CANARY_DEVICE = 'canary-device-0000001'
  let canary: { token: string; email: string; userId: string; addresses: Record<string, string> }

  beforeAll(async () => {
    server = await startAuthTestServer({ database: await freshDatabase() })
    const email = 'canary@example.com'
    const deviceId = CANARY_DEVICE
    await server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId })
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
      const keys = await server.db.selectFrom('auth_wallet_keys').select('namespace').where('user_id', '=', user.id).orderBy('namespace').execute()
      expect(keys.map((key) => key.namespace)).toEqual(['eip155', 'solana'])
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

  it('signs or refuses with a 400 any payload of every kind, and never fails on the server', async () => {
    const outcomes = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SIGN_KINDS), signPayloads(canary.addresses.solana!), async (kind, payload) => {
        // Stay under the per-session signing limit: this is about payloads.
        server.clock.advance(1_000)
        const response = await server.post('/auth/v1/sign?projectId=shop', JSON.stringify({ kind, payload }), { authorization: `Bearer ${canary.token}`, 'x-portico-device': CANARY_DEVICE })
        outcomes.set(`${kind} ${response.status}`, (outcomes.get(`${kind} ${response.status}`) ?? 0) + 1)
        if (response.status !== 200 && response.status !== 400) throw new Error(`${kind} ${JSON.stringify(payload)} answered ${response.status}: ${response.text}`)
        if (response.status === 400) expect(response.body).toMatchObject({ message: expect.stringMatching(/^(payload|body\/payload)/) })
      }),
      { numRuns: engine === 'sqlite' ? 1_500 : 300, seed: 20_302, endOnFailure: true },
    )
    // The generators reach the signers, not only the checks in front of them.
    expect([...outcomes.keys()].filter((key) => key.endsWith(' 200')).length).toBe(SIGN_KINDS.length)
  }, 180_000)
})

const quantityLike = fc.oneof(
  fc.bigInt({ min: 0n, max: 2n ** 257n }).map((value) => `0x${value.toString(16)}`),
  fc.bigInt({ min: 0n, max: 2n ** 80n }).map((value) => value.toString()),
  fc.integer({ min: -5, max: 2 ** 31 }),
  fc.double(),
  fc.constantFrom('0x', '', '-1', '1e18', '0x-1', null),
)
const hexLike = fc.oneof(fc.uint8Array({ maxLength: 64 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`), fc.string({ maxLength: 20 }))
const addressLike = fc.oneof(fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`), fc.constant(null), fc.string({ maxLength: 42 }))
const typeName = fc.constantFrom('uint256', 'uint8', 'int256', 'address', 'string', 'bytes', 'bytes32', 'bool', 'A', 'B', 'A[]', 'uint8[2]', 'bytes33', 'uint7', 'Nope')

const hex = (value: bigint) => `0x${value.toString(16)}`
const validAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`)
const plausibleTransaction = fc.oneof(
  fc.record({
    chainId: fc.integer({ min: 1, max: 100_000 }),
    nonce: fc.nat(),
    gas: fc.bigInt({ min: 21_000n, max: 10n ** 7n }).map(hex),
    to: validAddress,
    value: fc.bigInt({ min: 0n, max: 10n ** 24n }).map(hex),
    data: fc.uint8Array({ maxLength: 64 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
    maxFeePerGas: fc.bigInt({ min: 1n, max: 10n ** 12n }).map(hex),
    maxPriorityFeePerGas: fc.bigInt({ min: 0n, max: 10n ** 12n }).map(hex),
  }),
  fc.record({
    chainId: fc.integer({ min: 1, max: 100_000 }).map(String),
    nonce: fc.nat().map(String),
    gas: fc.bigInt({ min: 21_000n, max: 10n ** 7n }).map(String),
    to: fc.option(validAddress),
    gasPrice: fc.bigInt({ min: 1n, max: 10n ** 12n }).map(String),
    accessList: fc.array(fc.record({ address: validAddress, storageKeys: fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`), { maxLength: 2 }) }), { maxLength: 2 }),
  }, { requiredKeys: ['chainId', 'nonce', 'gas', 'gasPrice'] }),
)

/** Serialized Solana transaction messages (legacy and v0) that list `signer` among their signers, somewhere. */
const solanaTransactionMessage = (signer: string) =>
  fc
    .record({
      version: fc.boolean(),
      required: fc.integer({ min: 1, max: 3 }),
      extra: fc.integer({ min: 0, max: 3 }),
      position: fc.nat(),
      keys: fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { minLength: 6, maxLength: 6 }),
      blockhash: fc.uint8Array({ minLength: 32, maxLength: 32 }),
      tail: fc.uint8Array({ maxLength: 50 }),
    })
    .map(({ version, required, extra, position, keys, blockhash, tail }) => {
      const accounts = keys.slice(0, required + extra).map((key) => Buffer.from(key))
      accounts[position % required] = Buffer.from(getBase58Encoder().encode(signer))
      const bytes = Buffer.concat([
        Buffer.from(version ? [0x80] : []),
        Buffer.from([required, 0, 1, accounts.length]),
        ...accounts,
        Buffer.from(blockhash),
        Buffer.from(tail),
      ])
      return { message: bytes.toString('base64') }
    })

const signPayloads = (solanaAddress: string) => fc.oneof(
  plausibleTransaction,
  solanaTransactionMessage(solanaAddress),
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ message: fc.oneof(fc.string({ maxLength: 100 }), hexLike, fc.jsonValue({ maxDepth: 1 })), address: addressLike }, { requiredKeys: [] }),
  fc.record(
    {
      domain: fc.record({ name: fc.string({ maxLength: 10 }), version: fc.string({ maxLength: 3 }), chainId: quantityLike, verifyingContract: addressLike, salt: hexLike }, { requiredKeys: [] }),
      types: fc.dictionary(fc.constantFrom('A', 'B', 'EIP712Domain'), fc.array(fc.record({ name: fc.constantFrom('a', 'b', 'c'), type: typeName }), { maxLength: 4 })),
      primaryType: fc.constantFrom('A', 'B', 'EIP712Domain', 'Missing'),
      message: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(quantityLike, hexLike, addressLike, fc.boolean(), fc.array(quantityLike, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }))),
    },
    { requiredKeys: ['types', 'primaryType', 'message'] },
  ),
  fc.record(
    {
      chainId: quantityLike, nonce: quantityLike, gas: quantityLike, to: addressLike, value: quantityLike, data: hexLike,
      gasPrice: quantityLike, maxFeePerGas: quantityLike, maxPriorityFeePerGas: quantityLike,
      type: fc.constantFrom('legacy', 'eip1559', 'eip2930', '0x2', 'eip4844', 7),
      accessList: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.array(fc.record({ address: addressLike, storageKeys: fc.array(hexLike, { maxLength: 2 }) }), { maxLength: 2 })),
    },
    { requiredKeys: [] },
  ),
  fc.record({ message: fc.oneof(fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('base64')), fc.string({ maxLength: 40 })) }),
)
