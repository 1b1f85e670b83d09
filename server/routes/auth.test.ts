/**
 * The embedded-wallet auth API over real HTTP, against a real SQLite file and a
 * real PostgreSQL: codes (expiry, attempts, cooldown, rate limits), new-device
 * approval, sessions, email change, keys at rest (custodial keys not migrated yet), that
 * no route signs, and the origin rules.
 * The clock is the server's injected one; tests move it instead of waiting.
 */
import { createHash, randomUUID } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { addressOf } from '../auth/keys'
import { type Mailer, createMailbox } from '../auth/mailer'
import { MasterKeyNotConfiguredError, createKeyring, generateMasterKey } from '../auth/masterKey'
import { walletKeyAad } from '../db/walletKeys'
import { CUSTODY_PATHS } from '../../src/shared/custodyApi'
import { SECURE_ORIGIN, type AuthTestServer, startAuthTestServer } from '../test/authServer'
import { seedCustodialUser } from '../test/custodialUser'
import { registerFrameWallets } from '../test/frameWallet'
import { setupTestEngines } from '../test/engines'
import { type HttpResult } from '../test/http'
import { type ProofTweaks, createTestDevice } from '../test/dpop'
import { createDpopProofStore } from '../db/dpopProofs'
import { hashDeviceId } from '../auth/sessionToken'

const engines = setupTestEngines()

const SECOND = 1_000
const MINUTE = 60 * SECOND

let ipCounter = 0
/** A distinct client address per caller (the server trusts X-Forwarded-For from loopback). */
const newIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`
let emailCounter = 0
const newEmail = (label = 'user') => `${label}.${++emailCounter}.${randomUUID().slice(0, 8)}@example.com`
const newDevice = (): string => randomUUID()

interface Login {
  token: string
  user: { email: string; address: string; addresses: { eip155: string; solana: string } }
  email: string
  deviceId: string
  ip: string
}

describe.each(engines)('embedded-wallet auth on $name', ({ engine, freshDatabase }) => {
  let server: AuthTestServer

  beforeAll(async () => {
    server = await startAuthTestServer({ database: await freshDatabase(), trustProxy: ['loopback'] })
  })
  afterAll(async () => server?.close())

  const as = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra })
  const start = (email: string, deviceId: string, ip: string, headers: Record<string, string> = {}) => server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId }, as(ip, headers))
  const verify = (email: string, deviceId: string, otp: string, ip: string, extra: Record<string, unknown> = {}) =>
    server.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId, otp, ...extra }, as(ip))
  /** The device each session was opened on, as the secure page keeps it: sent beside the token. */
  const deviceOf = new Map<string, string>()
  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, ...(deviceOf.has(token) ? { 'x-portico-device': deviceOf.get(token)! } : {}) })

  /** Signs in; a new user's wallets are then made and registered as the secure frame does. */
  async function login(email = newEmail(), deviceId = newDevice(), ip = newIp()): Promise<Login> {
    expect((await start(email, deviceId, ip)).body).toEqual({ action: 'VERIFY_OTP' })
    const response = await verify(email, deviceId, server.latestCode(email), ip)
    expect(response.status).toBe(200)
    const body = response.body as { user: Login['user']; session: { token: string } }
    const token = body.session.token
    deviceOf.set(token, deviceId)
    if (body.user.addresses.eip155 !== undefined) return { token, user: body.user, email, deviceId, ip }
    await registerFrameWallets((path, sent) => server.post(`${path}?projectId=shop`, sent, as(ip, bearer(token))))
    const me = await server.get('/auth/v1/me?projectId=shop', as(ip, bearer(token)))
    return { token, user: (me.body as { user: Login['user'] }).user, email, deviceId, ip }
  }

  const codeRows = (email: string) => server.db.selectFrom('auth_otp_codes').selectAll().where('email', '=', email).orderBy('created_at').execute()

  it('is migrated: the auth tables, with typed timestamps on PostgreSQL', async () => {
    const tables = await server.db.introspection.getTables()
    const byName = new Map(tables.map((table) => [table.name, table]))
    for (const name of ['auth_users', 'auth_devices', 'auth_otp_codes', 'auth_sessions', 'auth_wallet_keys', 'auth_rate_limits']) expect(byName.has(name)).toBe(true)
    const expiresAt = byName.get('auth_sessions')!.columns.find((column) => column.name === 'expires_at')!
    expect(expiresAt.dataType.toLowerCase()).toBe(engine === 'postgres' ? 'timestamptz' : 'text')
    expect(
      byName
        .get('auth_wallet_keys')!
        .columns.map((column) => column.name)
        .sort(),
    ).toEqual(['address', 'auth_tag', 'ciphertext', 'created_at', 'id', 'iv', 'master_key_id', 'namespace', 'scheme', 'updated_at', 'user_id'])
  })

  describe('POST /auth/v1/email/start', () => {
    it('emails a 6-digit code to a new address and stores only its hash', async () => {
      const email = newEmail()
      const response = await start(`  ${email.toUpperCase()} `, newDevice(), newIp())
      expect(response.status).toBe(200)
      expect(response.body).toEqual({ action: 'VERIFY_OTP' })
      expect(response.headers.get('cache-control')).toBe('no-store')

      const mail = server.mailbox.latest(email)!
      expect(mail.to).toBe(email)
      expect(mail.meta.code).toMatch(/^[0-9]{6}$/)
      expect(mail.text).toContain(mail.meta.code)
      expect(mail.subject).not.toContain(mail.meta.code)

      const [row] = await codeRows(email)
      expect(row).toMatchObject({ purpose: 'login', status: 'pending', attempts: 0, max_attempts: 5, project_id: 'shop', user_id: null })
      expect(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()).toBe(10 * MINUTE)
      expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(row)).not.toContain(mail.meta.code)
    })

    it('refuses a bad email, project or device id with a clear 4xx and sends nothing', async () => {
      const before = server.mailbox.list().length
      const bad = async (body: Record<string, unknown>) => server.post('/auth/v1/email/start', body, as(newIp()))

      const invalid = await bad({ projectId: 'shop', email: 'not-an-email', deviceId: newDevice() })
      expect(invalid.status).toBe(400)
      expect(invalid.body).toEqual({ error: 'Bad Request', message: 'Invalid email', code: 'INVALID_EMAIL', field: 'email' })

      const project = await bad({ projectId: 'nobody', email: newEmail(), deviceId: newDevice() })
      expect(project.status).toBe(403)
      expect(project.body).toMatchObject({ error: 'Invalid Project ID', code: 'INVALID_PROJECT' })

      const noDevice = await bad({ projectId: 'shop', email: newEmail() })
      expect(noDevice.status).toBe(400)
      expect(noDevice.body).toEqual({ error: 'Bad Request', message: "body must have required property 'deviceId'" })

      const shortDevice = await bad({ projectId: 'shop', email: newEmail(), deviceId: 'abc' })
      expect(shortDevice.status).toBe(400)
      expect((shortDevice.body as { message: string }).message).toContain('body/deviceId must match pattern')

      expect(server.mailbox.list()).toHaveLength(before)
    })

    it("blocks a resend for 30 s with 'Please try again after {n} seconds' and Retry-After, then sends a new code; the first stays valid", async () => {
      const email = newEmail()
      const deviceId = newDevice()
      const ip = newIp()
      expect((await start(email, deviceId, ip)).status).toBe(200)
      const firstCode = server.latestCode(email)

      const blocked = await start(email, deviceId, ip)
      expect(blocked.status).toBe(429)
      expect(blocked.headers.get('retry-after')).toBe('30')
      expect(blocked.body).toEqual({ error: 'Too Many Requests', message: 'Please try again after 30 seconds', code: 'EMAIL_COOLDOWN', retryAfter: 30 })

      server.clock.advance(12_500)
      const later = await start(email, deviceId, ip)
      expect(later.status).toBe(429)
      expect(later.headers.get('retry-after')).toBe('18')
      expect((later.body as { message: string }).message).toBe('Please try again after 18 seconds')

      server.clock.advance(17_499)
      expect((await start(email, deviceId, ip)).body).toMatchObject({ message: 'Please try again after 1 seconds' })
      server.clock.advance(1)
      expect((await start(email, deviceId, ip)).body).toEqual({ action: 'VERIFY_OTP' })
      const secondCode = server.latestCode(email)
      expect(server.mailbox.list().filter((mail) => mail.to === email)).toHaveLength(2)
      // A new code never cancels one that is still valid: either signs in.
      expect((await codeRows(email)).map((row) => row.status)).toEqual(['pending', 'pending'])
      expect((await verify(email, deviceId, firstCode, ip)).status).toBe(200)
      expect((await verify(email, deviceId, secondCode, ip)).status).toBe(200)
      expect((await codeRows(email)).map((row) => row.status)).toEqual(['used', 'used'])
    })

    it('a stranger asking for codes to someone else’s address cancels nothing and locks nobody out', async () => {
      const email = newEmail('victim')
      const victimDevice = newDevice()
      const victimIp = newIp()
      expect((await start(email, victimDevice, victimIp)).status).toBe(200)
      const victimCode = server.latestCode(email)

      // 30 s later, and again and again, from elsewhere: the stranger's share runs out, nothing else.
      const strangerIp = newIp()
      const answers: number[] = []
      for (let i = 0; i < 10; i++) {
        server.clock.advance(30 * SECOND)
        answers.push((await start(email, newDevice(), strangerIp)).status)
      }
      expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
      expect(answers.slice(5)).toEqual([429, 429, 429, 429, 429])

      // The victim's code still works, and the victim can still get new ones.
      expect((await verify(email, victimDevice, victimCode, victimIp)).status).toBe(200)
      expect((await start(email, victimDevice, victimIp)).body).toEqual({ action: 'VERIFY_OTP' })
    })

    it('answers CONNECT, and sends nothing, when this device already holds a live session for the address', async () => {
      const session = await login()
      const sent = server.mailbox.list().length
      const connect = await start(session.email, session.deviceId, session.ip, bearer(session.token))
      expect(connect.body).toEqual({ action: 'CONNECT' })
      expect(server.mailbox.list()).toHaveLength(sent)

      // Another device, or a session for another address, still needs a code.
      expect((await start(session.email, newDevice(), newIp(), bearer(session.token))).body).toEqual({ action: 'VERIFY_DEVICE' })
      expect((await start(newEmail(), session.deviceId, newIp(), bearer(session.token))).body).toEqual({ action: 'VERIFY_OTP' })
    })
  })

  describe('POST /auth/v1/email/verify', () => {
    it('signs a new user up: an EVM and a Solana wallet, a session, the device approved', async () => {
      const email = newEmail()
      const deviceId = newDevice()
      const ip = newIp()
      await start(email, deviceId, ip)
      const response = await verify(email, deviceId, server.latestCode(email), ip)
      expect(response.status).toBe(200)
      const body = response.body as { user: Login['user']; session: { token: string; expiresAt: string } }
      // No wallet yet: the secure frame makes the keys and registers them (routes/custody.ts).
      expect(body.user).toEqual({ email, chainId: 1, accounts: [], smartAccountDeployed: false, preferredAccountType: 'eoa', addresses: {} })
      expect(body.session.token).toMatch(/^pts_[A-Za-z0-9_-]{43}$/)
      expect(Date.parse(body.session.expiresAt)).toBe(server.clock.now + 7 * 24 * 60 * MINUTE)

      const user = await server.db.selectFrom('auth_users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
      expect(await server.db.selectFrom('auth_wallet_keys').selectAll().where('user_id', '=', user.id).execute()).toEqual([])
      const sessions = await server.db.selectFrom('auth_sessions').selectAll().where('user_id', '=', user.id).execute()
      expect(sessions).toHaveLength(1)
      expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(sessions)).not.toContain(body.session.token)
      expect(JSON.stringify(sessions)).not.toContain(deviceId)
      expect(await server.db.selectFrom('auth_devices').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1)
      expect((await codeRows(email)).map((row) => row.status)).toEqual(['used'])

      // A code works once.
      const again = await verify(email, deviceId, server.latestCode(email), ip)
      expect(again.status).toBe(400)
      expect(again.body).toMatchObject({ code: 'OTP_NOT_FOUND', message: 'No code is waiting to be entered here; request a new code' })
    })

    it('counts wrong codes, says how many attempts are left, and invalidates the code after 5', async () => {
      const email = newEmail()
      const deviceId = newDevice()
      const ip = newIp()
      await start(email, deviceId, ip)
      const code = server.latestCode(email)
      const wrong = code === '000000' ? '000001' : '000000'

      for (const left of [4, 3, 2]) {
        const response = await verify(email, deviceId, wrong, ip)
        expect(response.status).toBe(400)
        expect(response.body).toEqual({ error: 'Bad Request', message: `The code is not correct; ${left} attempts left`, code: 'OTP_INVALID', attemptsLeft: left })
      }
      expect((await verify(email, deviceId, wrong, ip)).body).toMatchObject({ message: 'The code is not correct; 1 attempt left', attemptsLeft: 1 })
      const last = await verify(email, deviceId, wrong, ip)
      expect(last.status).toBe(400)
      expect(last.body).toEqual({
        error: 'Bad Request',
        message: 'The code is not correct, and after 5 wrong attempts it no longer works; request a new code',
        code: 'OTP_EXHAUSTED',
        attemptsLeft: 0,
      })
      expect((await verify(email, deviceId, code, ip)).body).toMatchObject({ code: 'OTP_NOT_FOUND' })
      expect(await codeRows(email)).toEqual([expect.objectContaining({ status: 'exhausted', attempts: 5 })])
    })

    it('expires a code after 10 minutes and invalidates it', async () => {
      const email = newEmail()
      const deviceId = newDevice()
      const ip = newIp()
      await start(email, deviceId, ip)
      const code = server.latestCode(email)
      server.clock.advance(10 * MINUTE)
      const expired = await verify(email, deviceId, code, ip)
      expect(expired.status).toBe(400)
      expect(expired.body).toEqual({ error: 'Bad Request', message: 'The code has expired; request a new code', code: 'OTP_EXPIRED' })
      expect((await codeRows(email)).map((row) => row.status)).toEqual(['expired'])
      expect((await verify(email, deviceId, code, ip)).body).toMatchObject({ code: 'OTP_NOT_FOUND' })
    })

    it('still takes a code a moment before it expires', async () => {
      const email = newEmail()
      const deviceId = newDevice()
      const ip = newIp()
      await start(email, deviceId, ip)
      server.clock.advance(10 * MINUTE - 1)
      expect((await verify(email, deviceId, server.latestCode(email), ip)).status).toBe(200)
    })

    it('takes a code only from the device and project that asked for it, without spending its attempts', async () => {
      const email = newEmail()
      const deviceId = newDevice()
      const ip = newIp()
      await start(email, deviceId, ip)
      const code = server.latestCode(email)
      expect((await verify(email, newDevice(), code, ip)).body).toMatchObject({ code: 'OTP_NOT_FOUND' })
      const otherProject = await server.post('/auth/v1/email/verify', { projectId: 'quiet', email, deviceId, otp: code }, as(ip))
      expect(otherProject.body).toMatchObject({ code: 'OTP_NOT_FOUND' })
      expect((await codeRows(email))[0]).toMatchObject({ status: 'pending', attempts: 0 })
      expect((await verify(email, deviceId, code, ip)).status).toBe(200)
    })

    it('refuses a code that is not 6 digits without counting an attempt', async () => {
      const email = newEmail()
      const deviceId = newDevice()
      const ip = newIp()
      await start(email, deviceId, ip)
      for (const otp of ['12345', '1234567', 'abcdef', '12 345', '']) {
        const response = await verify(email, deviceId, otp, ip)
        expect(response.status).toBe(400)
        expect(response.body).toEqual({ error: 'Bad Request', message: 'The code must be the 6 digits from the email', code: 'OTP_FORMAT' })
      }
      expect((await codeRows(email))[0]).toMatchObject({ attempts: 0 })
    })
  })

  describe('new device (VERIFY_DEVICE)', () => {
    it('asks a known user on a new device to approve it by code, then to sign in with a second code', async () => {
      const first = await login()
      const deviceId = newDevice()
      const ip = newIp()
      const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0'

      const started = await start(first.email, deviceId, ip, { 'user-agent': userAgent })
      expect(started.body).toEqual({ action: 'VERIFY_DEVICE' })
      const deviceMail = server.mailbox.latest(first.email)!
      expect(deviceMail.meta.purpose).toBe('device')
      expect(deviceMail.subject).toBe('Approve a new device')
      expect(deviceMail.text).toContain('TestBrowser/1.0')

      // The device code is not a sign-in code.
      expect((await verify(first.email, deviceId, deviceMail.meta.code, ip)).body).toMatchObject({ code: 'OTP_NOT_FOUND' })

      const deviceVerify = (otp: string, id = deviceId) => server.post('/auth/v1/device/verify', { projectId: 'shop', email: first.email, deviceId: id, otp }, as(ip, { 'user-agent': userAgent }))
      const wrong = deviceMail.meta.code === '999999' ? '999998' : '999999'
      expect((await deviceVerify(wrong)).body).toMatchObject({ code: 'OTP_INVALID', attemptsLeft: 4 })
      expect((await deviceVerify(deviceMail.meta.code, newDevice())).body).toMatchObject({ code: 'OTP_NOT_FOUND' })

      const approved = await deviceVerify(deviceMail.meta.code)
      expect(approved.status).toBe(200)
      expect(approved.body).toEqual({ action: 'VERIFY_OTP' })
      const loginMail = server.mailbox.latest(first.email)!
      expect(loginMail.meta.purpose).toBe('login')

      // The follow-up code started the resend cooldown.
      expect((await start(first.email, deviceId, ip)).body).toMatchObject({ code: 'EMAIL_COOLDOWN', message: 'Please try again after 30 seconds' })

      const signedIn = await verify(first.email, deviceId, loginMail.meta.code, ip)
      expect(signedIn.status).toBe(200)
      expect((signedIn.body as { user: Login['user'] }).user.address).toBe(first.user.address)

      // Known now: the next sign-in from it goes straight to the code.
      server.clock.advance(30 * SECOND)
      expect((await start(first.email, deviceId, ip)).body).toEqual({ action: 'VERIFY_OTP' })
    })
  })

  describe('sessions', () => {
    it('GET /auth/v1/me returns the user, on the chain asked for', async () => {
      const session = await login()
      const me = await server.get('/auth/v1/me?projectId=shop', bearer(session.token))
      expect(me.status).toBe(200)
      expect(me.body).toEqual({ user: session.user })
      expect(me.headers.get('cache-control')).toBe('no-store')

      const polygon = await server.get('/auth/v1/me?projectId=shop&chainId=eip155:137', bearer(session.token))
      expect((polygon.body as { user: { chainId: number } }).user.chainId).toBe(137)
      const solanaChain = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
      const solana = await server.get(`/auth/v1/me?projectId=shop&chainId=${solanaChain}`, bearer(session.token))
      expect(solana.body).toMatchObject({ user: { chainId: solanaChain, address: session.user.addresses.solana, accounts: [{ address: session.user.addresses.solana, type: 'eoa' }] } })
      expect((await server.get('/auth/v1/me?projectId=shop&chainId=cosmos:hub', bearer(session.token))).status).toBe(400)
      expect((await server.get('/auth/v1/me?projectId=shop', bearer(session.token))).status).toBe(200)
      expect((await server.get('/auth/v1/me?projectId=quiet', bearer(session.token))).body).toMatchObject({ code: 'PROJECT_MISMATCH' })
    })

    it('takes a session only from the device and project it was opened for: a stolen token alone signs nothing', async () => {
      const session = await login()
      const thief = newIp()
      const routes: Array<[string, (query: string, headers: Record<string, string>) => Promise<HttpResult>]> = [
        ['GET /me', (query, headers) => server.get(`/auth/v1/me${query}`, as(thief, headers))],
        ['GET /custody/auth-share', (query, headers) => server.get(`${CUSTODY_PATHS.authShare}${query}${query === '' ? '?' : '&'}namespace=eip155`, as(thief, headers))],
        ['POST /email/update', (query, headers) => server.post(`/auth/v1/email/update${query}`, { newEmail: newEmail() }, as(thief, headers))],
        ['POST /email/update/primary', (query, headers) => server.post(`/auth/v1/email/update/primary${query}`, { otp: '123456' }, as(thief, headers))],
        ['POST /email/update/secondary', (query, headers) => server.post(`/auth/v1/email/update/secondary${query}`, { otp: '123456' }, as(thief, headers))],
      ]
      const token = { authorization: `Bearer ${session.token}` }
      for (const [name, call] of routes) {
        const noDevice = await call('?projectId=shop', token)
        expect([name, noDevice.status, noDevice.body]).toEqual([
          name,
          401,
          {
            error: 'Unauthorized',
            code: 'DEVICE_REQUIRED',
            message: 'Send the device id the session was opened on as the x-portico-device header',
          },
        ])
        const otherDevice = await call('?projectId=shop', { ...token, 'x-portico-device': newDevice() })
        expect([name, otherDevice.status, otherDevice.body]).toEqual([name, 401, { error: 'Unauthorized', code: 'DEVICE_MISMATCH', message: 'This session belongs to another device; sign in again' }])
        const noProject = await call('', { ...token, 'x-portico-device': session.deviceId })
        expect([name, noProject.status, noProject.body]).toEqual([
          name,
          401,
          { error: 'Unauthorized', code: 'PROJECT_REQUIRED', message: 'Send the project the session was opened for as ?projectId=' },
        ])
        const otherProject = await call('?projectId=quiet', { ...token, 'x-portico-device': session.deviceId })
        expect([name, otherProject.status, (otherProject.body as { code: string }).code]).toEqual([name, 401, 'PROJECT_MISMATCH'])
      }
      expect(server.mailbox.latest(session.email)?.meta.purpose).toBe('login')
      // With both and a fresh proof of the device key it was opened with, from anywhere: the session works.
      expect((await server.get('/auth/v1/me?projectId=shop', as(thief, bearer(session.token)))).status).toBe(200)
    })

    describe('bound to the device key (DPoP)', () => {
      const me = '/auth/v1/me?projectId=shop'
      const proofFor = (token: string | undefined, path = me, method = 'GET', device = server.device) => device.prove({ method, url: `${server.baseUrl}${path}`, accessToken: token })

      it('binds a new session to the key its login proved', async () => {
        const session = await login()
        const [row] = await server.db
          .selectFrom('auth_sessions')
          .select('device_key_thumbprint')
          .where('user_id', '=', (await server.db.selectFrom('auth_users').select('id').where('email', '=', session.email).executeTakeFirstOrThrow()).id)
          .execute()
        expect(row!.device_key_thumbprint).toBe(await server.device.thumbprint())
      })

      it("refuses token and device id from another client: without a proof, or with a proof of another key (the wallet's auth share is not released)", async () => {
        const session = await login()
        const stolen = { ...bearer(session.token), ...as(newIp()) }
        const thiefDevice = await createTestDevice(() => server.clock.now)
        const routes: Array<[string, string, string, unknown]> = [
          ['GET', me, 'get', undefined],
          ['GET', `${CUSTODY_PATHS.authShare}?projectId=shop&namespace=eip155`, 'get', undefined],
          ['POST', '/auth/v1/email/update?projectId=shop', 'post', { newEmail: newEmail() }],
        ]
        for (const [method, path, verb, body] of routes) {
          const send = (headers: Record<string, string>) => (verb === 'get' ? server.get(path, headers) : server.post(path, body, headers))
          const noProof = await send({ ...stolen, dpop: '' })
          expect([path, noProof.status, noProof.body]).toEqual([
            path,
            401,
            {
              error: 'Unauthorized',
              code: 'DPOP_REQUIRED',
              message: 'Send a proof of this device’s key as the DPoP header; the secure page adds it to every call',
            },
          ])
          expect(noProof.headers.get('www-authenticate')).toBe('DPoP algs="ES256", error="invalid_token"')
          const otherKey = await send({ ...stolen, dpop: await proofFor(session.token, path, method, thiefDevice) })
          expect([path, otherKey.status, otherKey.body]).toEqual([
            path,
            401,
            {
              error: 'Unauthorized',
              code: 'DEVICE_KEY_MISMATCH',
              message: 'This session is bound to another device key; the request was not signed by the device that signed in',
            },
          ])
        }
        expect(server.mailbox.latest(session.email)?.meta.purpose).toBe('login')
        // The device that signed in gets its share.
        expect((await server.get(`${CUSTODY_PATHS.authShare}?projectId=shop&namespace=eip155`, bearer(session.token))).status).toBe(200)
      })

      it('refuses a captured request sent again, on this instance', async () => {
        const session = await login()
        const captured = { ...bearer(session.token), dpop: await proofFor(session.token) }
        expect((await server.get(me, captured)).status).toBe(200)
        const replay = await server.get(me, { ...captured, ...as(newIp()) })
        expect(replay.status).toBe(401)
        expect(replay.body).toEqual({ error: 'Unauthorized', code: 'DPOP_REPLAYED', message: 'This DPoP proof was sent before; every request needs a new one' })
        // A new proof by the device itself still works.
        expect((await server.get(me, bearer(session.token))).status).toBe(200)
      })

      it('refuses a proof for another method, URL or token, or outside the 5-minute window, with what is wrong', async () => {
        const session = await login()
        const other = await login()
        const url = `${server.baseUrl}${me}`
        const prove = (tweaks: ProofTweaks, accessToken = session.token) => server.device.prove({ method: 'GET', url, accessToken }, tweaks)
        const refusal = async (dpop: string) => (await server.get(me, { ...bearer(session.token), dpop })).body
        const invalid = (why: string) => ({ error: 'Unauthorized', code: 'DPOP_INVALID', message: `The DPoP proof is not valid: ${why}` })
        const nowSeconds = Math.floor(server.clock.now / 1000)
        expect(await refusal(await prove({ htm: 'POST' }))).toEqual(invalid('it was made for POST, not GET'))
        expect(await refusal(await prove({ htu: `${server.baseUrl}${CUSTODY_PATHS.authShare}` }))).toEqual(invalid('it was made for another URL (htu)'))
        expect(await refusal(await prove({ htu: `https://attacker.example/auth/v1/me` }))).toEqual(invalid('it was made for another URL (htu)'))
        expect(await refusal(await prove({}, other.token))).toEqual(invalid('it was made for another session token (ath)'))
        const stale = invalid('it is not fresh: iat must be within 5 minutes of the server’s clock')
        expect(await refusal(await prove({ iat: nowSeconds - 301 }))).toEqual(stale)
        expect(await refusal(await prove({ iat: nowSeconds + 301 }))).toEqual(stale)
        expect(await refusal(await prove({ jti: 'short' }))).toEqual(invalid('its jti must be 16 to 128 base64url characters'))
        expect(await refusal('not.a.jws')).toEqual(invalid('its signature, type (dpop+jwt), algorithm (ES256) or public key does not check out'))
        // Inside the window either way, the proof is taken.
        expect((await server.get(me, { ...bearer(session.token), dpop: await prove({ iat: nowSeconds - 299 }) })).status).toBe(200)
        expect((await server.get(me, { ...bearer(session.token), dpop: await prove({ iat: nowSeconds + 299 }) })).status).toBe(200)
      })

      it('opens no session without a proof, and keeps the code for a second try', async () => {
        const email = newEmail()
        const deviceId = newDevice()
        const ip = newIp()
        await start(email, deviceId, ip)
        const code = server.latestCode(email)
        const body = { projectId: 'shop', email, deviceId, otp: code }
        const noProof = await server.post('/auth/v1/email/verify', body, as(ip, { dpop: '' }))
        expect(noProof.status).toBe(401)
        expect(noProof.body).toMatchObject({ code: 'DPOP_REQUIRED' })
        const signedAgain = await server.post('/auth/v1/email/verify', body, as(ip, { dpop: await proofFor(undefined, '/auth/v1/email/verify', 'GET') }))
        expect(signedAgain.body).toMatchObject({ code: 'DPOP_INVALID' })
        expect((await server.post('/auth/v1/email/verify', body, as(ip))).status).toBe(200)
      })

      it('refuses a session opened before sessions were bound to a key: the visitor signs in again', async () => {
        const session = await login()
        await server.db.updateTable('auth_sessions').set({ device_key_thumbprint: null }).where('device_hash', '=', hashDeviceId(session.deviceId)).execute()
        const refused = await server.get(me, bearer(session.token))
        expect(refused.status).toBe(401)
        expect(refused.body).toEqual({ error: 'Unauthorized', code: 'SESSION_UNBOUND', message: 'This session was opened before sessions were bound to a device key; sign in again' })
      })

      it('forgets proofs once their window is over (the sweep)', async () => {
        const session = await login()
        await server.get(me, bearer(session.token))
        const count = async () =>
          Number(
            (
              await server.db
                .selectFrom('auth_dpop_proofs')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          )
        expect(await count()).toBeGreaterThan(0)
        const store = createDpopProofStore(server.db)
        // A proof is kept while its iat is in the window (a proof may be dated up to 5 minutes ahead).
        await store.deleteExpired(server.clock.now)
        expect(await count()).toBeGreaterThan(0)
        expect(await store.deleteExpired(server.clock.now + 10 * MINUTE + SECOND)).toBeGreaterThan(0)
        expect(await count()).toBe(0)
      })
    })

    it('answers 401 without a valid bearer token', async () => {
      const missing = await server.get('/auth/v1/me?projectId=shop')
      expect(missing.status).toBe(401)
      expect(missing.headers.get('www-authenticate')).toBe('Bearer')
      expect(missing.body).toEqual({ error: 'Unauthorized', message: 'Send the session as Authorization: Bearer <token>', code: 'UNAUTHORIZED' })
      for (const header of ['Bearer nope', 'Basic abc', `Bearer pts_${'A'.repeat(43)}`, 'Bearer']) {
        const response = await server.get('/auth/v1/me?projectId=shop', { authorization: header, 'x-portico-device': newDevice() })
        expect(response.status).toBe(401)
        expect(response.body).toMatchObject({ code: 'UNAUTHORIZED' })
      }
    })

    it('expires a session after its lifetime (Session Expired)', async () => {
      const session = await login()
      server.clock.advance(7 * 24 * 60 * MINUTE - 1)
      expect((await server.get('/auth/v1/me?projectId=shop', bearer(session.token))).status).toBe(200)
      server.clock.advance(1)
      const expired = await server.get('/auth/v1/me?projectId=shop', bearer(session.token))
      expect(expired.status).toBe(401)
      expect(expired.body).toEqual({ error: 'Session Expired', message: 'The session has expired; sign in again', code: 'SESSION_EXPIRED' })
      expect((await server.post('/auth/v1/is-connected', {}, bearer(session.token))).body).toEqual({ isConnected: false })
    })

    it('POST /auth/v1/logout ends the session, and is idempotent', async () => {
      const session = await login()
      const other = await login()
      expect((await server.post('/auth/v1/logout', '', bearer(session.token))).body).toEqual({ success: true })
      expect((await server.get('/auth/v1/me?projectId=shop', bearer(session.token))).status).toBe(401)
      expect((await server.post('/auth/v1/logout', '', bearer(session.token))).body).toEqual({ success: true })
      expect((await server.post('/auth/v1/logout', '')).status).toBe(401)
      // Only that session ended.
      expect((await server.get('/auth/v1/me?projectId=shop', bearer(other.token))).status).toBe(200)
      const row = await server.db
        .selectFrom('auth_sessions')
        .select('revoked_at')
        .where('user_id', '=', (await server.db.selectFrom('auth_users').select('id').where('email', '=', session.email).executeTakeFirstOrThrow()).id)
        .executeTakeFirstOrThrow()
      expect(row.revoked_at).not.toBeNull()
    })

    it('POST /auth/v1/is-connected takes the token in the body or as the bearer', async () => {
      const session = await login()
      const isConnected = async (body: string, headers: Record<string, string> = {}) => (await server.post('/auth/v1/is-connected', body, headers)).body
      expect(await isConnected(JSON.stringify({ token: session.token }))).toEqual({ isConnected: true })
      expect(await isConnected('', bearer(session.token))).toEqual({ isConnected: true })
      expect(await isConnected('{}')).toEqual({ isConnected: false })
      expect(await isConnected(JSON.stringify({ token: 'pts_nope' }))).toEqual({ isConnected: false })
      expect(await isConnected('[1]')).toMatchObject({ code: 'INVALID_PAYLOAD' })
      expect(await isConnected(JSON.stringify({ token: 42 }))).toMatchObject({ code: 'INVALID_PAYLOAD' })
    })
  })

  describe('email change (VERIFY_PRIMARY_OTP, VERIFY_SECONDARY_OTP)', () => {
    it('confirms from the current address, then verifies the new one, then moves the wallet', async () => {
      const session = await login()
      const target = newEmail('moved')
      const update = (path: string, body: unknown) => server.post(`/auth/v1/email/update${path}?projectId=shop`, body, as(session.ip, bearer(session.token)))

      expect((await update('', { newEmail: target.toUpperCase() })).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
      const primaryMail = server.mailbox.latest(session.email)!
      expect(primaryMail.meta.purpose).toBe('update_primary')
      expect(primaryMail.text).toContain(target)
      expect(server.mailbox.latest(target)).toBeUndefined()

      // The secondary step cannot come first.
      expect((await update('/secondary', { otp: primaryMail.meta.code })).body).toMatchObject({ code: 'OTP_NOT_FOUND' })
      const wrong = primaryMail.meta.code === '111111' ? '111112' : '111111'
      expect((await update('/primary', { otp: wrong })).body).toMatchObject({ code: 'OTP_INVALID', attemptsLeft: 4 })
      expect((await update('/primary', { otp: primaryMail.meta.code })).body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })

      const secondaryMail = server.mailbox.latest(target)!
      expect(secondaryMail.meta.purpose).toBe('update_secondary')
      expect((await update('/secondary', { otp: secondaryMail.meta.code })).body).toEqual({ newEmail: target })

      const me = await server.get('/auth/v1/me?projectId=shop', bearer(session.token))
      expect(me.body).toMatchObject({ user: { email: target, address: session.user.address } })
      // The wallet answers to the new address from the same device, with the same keys.
      server.clock.advance(30 * SECOND)
      const again = await login(target, session.deviceId, newIp())
      expect(again.user.address).toBe(session.user.address)
    })

    it('refuses the same address, one in use, an invalid one, a quick resend, and no session', async () => {
      const session = await login()
      const taken = await login()
      const update = (body: unknown, headers: Record<string, string> = bearer(session.token)) => server.post('/auth/v1/email/update?projectId=shop', body, as(session.ip, headers))

      expect((await update({ newEmail: session.email })).body).toEqual({ error: 'Bad Request', message: 'The new email is the same as the current one', code: 'EMAIL_UNCHANGED' })
      const inUse = await update({ newEmail: taken.email })
      expect(inUse.status).toBe(409)
      expect(inUse.body).toEqual({ error: 'Conflict', message: 'Another wallet already uses this email', code: 'EMAIL_IN_USE' })
      expect((await update({ newEmail: 'nope' })).body).toEqual({ error: 'Bad Request', message: 'Invalid email', code: 'INVALID_EMAIL', field: 'newEmail' })
      expect((await update({ newEmail: newEmail() }, {})).status).toBe(401)

      expect((await update({ newEmail: newEmail() })).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
      const resend = await update({ newEmail: newEmail() })
      expect(resend.status).toBe(429)
      expect(resend.body).toMatchObject({ message: 'Please try again after 30 seconds', code: 'EMAIL_COOLDOWN' })
      expect(resend.headers.get('retry-after')).toBe('30')
    })

    it('refuses the last step when another wallet took the address meanwhile', async () => {
      const session = await login()
      const target = newEmail('contested')
      const update = (path: string, body: unknown) => server.post(`/auth/v1/email/update${path}?projectId=shop`, body, as(session.ip, bearer(session.token)))
      await update('', { newEmail: target })
      await update('/primary', { otp: server.latestCode(session.email) })
      const secondaryCode = server.latestCode(target)
      await login(target)
      const response = await update('/secondary', { otp: secondaryCode })
      expect(response.status).toBe(409)
      expect(response.body).toMatchObject({ code: 'EMAIL_IN_USE' })
    })
  })

  describe('no route signs with a user key', () => {
    it('POST /auth/v1/sign is gone: signing happens in the secure frame', async () => {
      const session = await login()
      const response = await server.post('/auth/v1/sign?projectId=shop', { kind: 'personal_sign', payload: { message: 'x' } }, bearer(session.token))
      expect(response.status).toBe(404)
      expect(JSON.stringify(response.body)).not.toMatch(/signature/)
    })

    it('no server module can sign: none imports a signer (viem accounts, ed25519 signing)', () => {
      const serverDir = path.join(__dirname, '..')
      const sources = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name)
          if (statSync(file).isDirectory()) return name === 'node_modules' || name === 'dist' || name === 'test' ? [] : sources(file)
          return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : []
        })
      const signers = /privateKeyToAccount|\.signMessage\(|\.signTypedData\(|\.signTransaction\(|ed25519\.sign\(|\bsign as ed25519|crypto\.sign\(|\bsign\(null,/
      const found = sources(serverDir)
        .filter((file) => signers.test(readFileSync(file, 'utf8')))
        .map((file) => path.relative(serverDir, file))
      // Only the server's own keys sign, in modules that read no user's key: the development
      // onramp provider's funding key, and the operator's sponsor key, which signs the
      // paymaster's hash of a user operation the user's own key signed in the frame (issue 28).
      // (The bundler is a process of its own, Alto, with its own key.)
      expect(found.sort()).toEqual(['accountAbstraction/paymasterData.ts', 'accountAbstraction/paymasterEnv.ts', 'onramp/testProvider.ts'])
      for (const file of found) expect(readFileSync(path.join(serverDir, file), 'utf8')).not.toMatch(/walletKeys|custodyShares|auth_wallet_keys|custody_auth_shares/)
      expect(sources(serverDir).length).toBeGreaterThan(50)
    })
  })

  describe('keys at rest', () => {
    it('stores no plaintext key: a custodial key not migrated yet is AES-256-GCM ciphertext that decrypts to the address, bound to its row', async () => {
      const seeded = await seedCustodialUser(server.db, server.keyring, newEmail('custodial'), server.clock.now)
      const user = { id: seeded.userId }
      const rows = await server.db.selectFrom('auth_wallet_keys').selectAll().where('user_id', '=', user.id).execute()
      expect(rows).toHaveLength(2)
      for (const row of rows) {
        expect(row).toMatchObject({ scheme: 'aes-256-gcm/1', master_key_id: server.keyring.current.id })
        const encrypted = { scheme: row.scheme, masterKeyId: row.master_key_id, iv: row.iv, ciphertext: row.ciphertext, authTag: row.auth_tag }
        const secret = server.keyring.decrypt(encrypted, walletKeyAad({ userId: row.user_id, namespace: row.namespace, address: row.address }))
        expect(secret).toHaveLength(32)
        expect(addressOf(row.namespace, secret)).toBe(row.address)

        // Nothing in any auth table holds the key, in hex or base64.
        const everything = JSON.stringify(
          await Promise.all(
            (['auth_users', 'auth_devices', 'auth_otp_codes', 'auth_sessions', 'auth_wallet_keys', 'auth_rate_limits'] as const).map((table) => server.db.selectFrom(table).selectAll().execute()),
          ),
        )
        for (const form of [secret.toString('hex'), secret.toString('base64'), secret.toString('base64url')]) expect(everything).not.toContain(form)

        // The ciphertext is bound to its user, namespace and address.
        expect(() => server.keyring.decrypt(encrypted, walletKeyAad({ userId: 'someone-else', namespace: row.namespace, address: row.address }))).toThrow('did not authenticate')
        // Another master key cannot open it.
        expect(() => createKeyring(generateMasterKey()).decrypt(encrypted, walletKeyAad({ userId: row.user_id, namespace: row.namespace, address: row.address }))).toThrow(MasterKeyNotConfiguredError)
      }
    })

    it('does not take a session written straight into the database (no master key, no session)', async () => {
      const session = await login()
      const user = await server.db.selectFrom('auth_users').select('id').where('email', '=', session.email).executeTakeFirstOrThrow()
      const forged = `pts_${'F'.repeat(43)}`
      for (const tokenHash of [createHash('sha256').update(forged).digest('hex'), createHash('sha256').update(`portico/session/1:${forged}`).digest('hex')]) {
        await server.db
          .insertInto('auth_sessions')
          .values({
            id: randomUUID(),
            token_hash: tokenHash,
            user_id: user.id,
            project_id: 'shop',
            device_hash: 'x',
            created_at: new Date(server.clock.now).toISOString(),
            expires_at: new Date(server.clock.now + 3_600_000).toISOString(),
            revoked_at: null,
          })
          .execute()
      }
      expect((await server.get('/auth/v1/me?projectId=shop', bearer(forged))).status).toBe(401)
      expect((await server.post(`${CUSTODY_PATHS.migrationStart}?projectId=shop`, { namespace: 'eip155' }, bearer(forged))).status).toBe(401)
    })

    it('will not release a custodial ciphertext moved onto another user', async () => {
      const victim = { email: newEmail('victim') }
      await seedCustodialUser(server.db, server.keyring, victim.email, server.clock.now)
      const attackerEmail = newEmail('attacker')
      await seedCustodialUser(server.db, server.keyring, attackerEmail, server.clock.now)
      const attackerDevice = newDevice()
      const attackerIp = newIp()
      expect((await start(attackerEmail, attackerDevice, attackerIp)).body).toEqual({ action: 'VERIFY_DEVICE' })
      await server.post('/auth/v1/device/verify', { projectId: 'shop', email: attackerEmail, deviceId: attackerDevice, otp: server.latestCode(attackerEmail) }, as(attackerIp))
      const attackerLogin = await verify(attackerEmail, attackerDevice, server.latestCode(attackerEmail), attackerIp)
      const attacker = { email: attackerEmail, token: (attackerLogin.body as { session: { token: string } }).session.token }
      deviceOf.set(attacker.token, attackerDevice)
      const idOf = async (email: string) => (await server.db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
      const victimKey = await server.db
        .selectFrom('auth_wallet_keys')
        .selectAll()
        .where('user_id', '=', await idOf(victim.email))
        .where('namespace', '=', 'eip155')
        .executeTakeFirstOrThrow()
      await server.db
        .updateTable('auth_wallet_keys')
        .set({ iv: victimKey.iv, ciphertext: victimKey.ciphertext, auth_tag: victimKey.auth_tag })
        .where('user_id', '=', await idOf(attacker.email))
        .where('namespace', '=', 'eip155')
        .execute()
      const response = await server.post(`${CUSTODY_PATHS.migrationStart}?projectId=shop`, { namespace: 'eip155' }, bearer(attacker.token))
      expect(response.status).toBe(500)
      expect(response.body).toEqual({ error: 'Wallet Unavailable', message: 'The wallet key cannot be used right now; the server operator has been told', code: 'WALLET_UNAVAILABLE' })
    })
  })

  describe('origins and CORS', () => {
    const routes: Array<[string, string, unknown]> = [
      ['POST', '/auth/v1/email/start', { projectId: 'shop', email: 'x@example.com', deviceId: randomUUID() }],
      ['POST', '/auth/v1/email/verify', { projectId: 'shop', email: 'x@example.com', deviceId: randomUUID(), otp: '123456' }],
      ['POST', '/auth/v1/device/verify', { projectId: 'shop', email: 'x@example.com', deviceId: randomUUID(), otp: '123456' }],
      ['GET', '/auth/v1/me', undefined],
      ['POST', '/auth/v1/logout', {}],
      ['POST', '/auth/v1/is-connected', {}],
      ['POST', '/auth/v1/email/update', { newEmail: 'y@example.com' }],
      ['POST', '/auth/v1/email/update/primary', { otp: '123456' }],
      ['POST', '/auth/v1/email/update/secondary', { otp: '123456' }],
      ['POST', CUSTODY_PATHS.wallets, { wallets: [] }],
      ['GET', CUSTODY_PATHS.authShare, undefined],
      ['POST', CUSTODY_PATHS.migrationStart, { namespace: 'eip155' }],
      ['POST', CUSTODY_PATHS.migrationFinish, { namespace: 'eip155' }],
    ]

    it.each(routes)('%s %s refuses a browser on any other origin (a dapp included) before acting', async (method, path, body) => {
      const sent = server.mailbox.list().length
      for (const origin of ['https://shop.example', 'https://evil.example', 'null', 'https://secure.portico.test.evil.example']) {
        const response: HttpResult = method === 'GET' ? await server.get(path, { origin }) : await server.post(path, body, { origin })
        expect(response.status).toBe(403)
        expect(response.body).toEqual({
          error: 'Origin Not Allowed',
          message: `Origin '${origin}' may not call the embedded-wallet API; only the secure page may`,
          code: 'ORIGIN_NOT_ALLOWED',
        })
        expect(response.headers.get('access-control-allow-origin')).toBeNull()
      }
      expect(server.mailbox.list()).toHaveLength(sent)
    })

    it('answers the secure origin’s preflight, letting it send Authorization and the device id and read Retry-After', async () => {
      const preflight = await fetch(`${server.baseUrl}${CUSTODY_PATHS.wallets}`, {
        method: 'OPTIONS',
        headers: { origin: SECURE_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe(SECURE_ORIGIN)
      expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type, authorization, x-portico-device, dpop')
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull()

      const foreign = await fetch(`${server.baseUrl}${CUSTODY_PATHS.wallets}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      })
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull()

      const answer = await start(newEmail(), newDevice(), newIp())
      expect(answer.headers.get('access-control-allow-origin')).toBe(SECURE_ORIGIN)
      expect(answer.headers.get('access-control-expose-headers')).toBe('retry-after')
    })

    it('serves the project routes to dapps as before, not to the secure origin unless listed', async () => {
      const dapp = await server.get('/getAnalyticsConfig?projectId=shop', { origin: 'https://shop.example' })
      expect(dapp.status).toBe(200)
      expect((await server.get('/getAnalyticsConfig?projectId=shop')).status).toBe(403)
    })

    it('lets non-browser callers (no Origin) through, as the other routes do', async () => {
      const response = await fetch(`${server.baseUrl}/auth/v1/is-connected`, { method: 'POST' })
      expect(response.status).toBe(200)
    })
  })

  describe('GET /dev/mailbox', () => {
    it('lists what was sent, newest first, and finds the latest message to an address', async () => {
      const email = newEmail()
      await start(email, newDevice(), newIp())
      const list = await server.get('/dev/mailbox')
      expect(list.status).toBe(200)
      const messages = (list.body as { messages: Array<{ to: string; code: string; purpose: string }> }).messages
      expect(messages[0]).toMatchObject({ to: email, purpose: 'login', code: server.latestCode(email) })
      expect(list.headers.get('access-control-allow-origin')).toBeNull()

      const latest = await server.get(`/dev/mailbox/latest?to=${encodeURIComponent(email.toUpperCase())}`)
      expect(latest.body).toMatchObject({ to: email, code: server.latestCode(email), subject: 'Your sign-in code' })
      expect((await server.get('/dev/mailbox/latest?to=nobody@example.com')).status).toBe(404)
      expect((await server.get('/dev/mailbox/latest')).status).toBe(400)
    })
  })
})

describe.each(engines)('auth limits and failures on $name', ({ freshDatabase }) => {
  const as = (ip: string) => ({ 'x-forwarded-for': ip })

  it('limits codes per (address, IP), per address (approved devices exempt), per IP and wrong codes per IP, with Retry-After', async () => {
    const server = await startAuthTestServer({
      database: await freshDatabase(),
      trustProxy: ['loopback'],
      limits: {
        codesPerEmailAndIp: { max: 2, windowMs: 3_600_000 },
        codesPerEmail: { max: 4, windowMs: 3_600_000, escalate: false },
        codesPerIp: { max: 3, windowMs: 15 * MINUTE },
        failedCodesPerIp: { max: 3, windowMs: 15 * MINUTE },
      },
    })
    try {
      const start = (email: string, ip: string, deviceId = 'device-limits-0001') => server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId }, as(ip))

      // Per (address, IP): 2 an hour.
      const email = newEmail()
      expect((await start(email, '10.9.0.1')).status).toBe(200)
      server.clock.advance(30 * SECOND)
      expect((await start(email, '10.9.0.1')).status).toBe(200)
      server.clock.advance(30 * SECOND)
      const perPair = await start(email, '10.9.0.1')
      expect(perPair.status).toBe(429)
      // Sliding window: the two weigh in the next hour until half of it has passed.
      expect(perPair.body).toEqual({
        error: 'Too Many Requests',
        message: 'Too many codes were sent to this email address. Please try again after 5340 seconds',
        code: 'EMAIL_RATE_LIMITED',
        retryAfter: 5340,
      })
      expect(perPair.headers.get('retry-after')).toBe('5340')
      // A refused send leaves no cooldown behind it (by now the IP's own limit answers).
      expect((await start(email, '10.9.0.1')).body).toMatchObject({ code: 'IP_RATE_LIMITED' })
      // Another client is not held back by it…
      expect((await start(email, '10.9.0.2', newDevice())).status).toBe(200)
      expect((await start(email, '10.9.0.3', newDevice())).status).toBe(200)
      // …until the address's ceiling (4 an hour, all clients).
      expect((await start(email, '10.9.0.4', newDevice())).body).toMatchObject({ code: 'EMAIL_RATE_LIMITED' })
      // An IPv6 client counts by its /64.
      expect((await start(newEmail('v6'), '2001:db8:5:6::1', newDevice())).status).toBe(200)

      // A device the owner approved is not held back by the ceiling strangers filled.
      const owner = newEmail('owner')
      const ownDevice = newDevice()
      expect((await start(owner, '10.9.5.1', ownDevice)).status).toBe(200)
      expect((await server.post('/auth/v1/email/verify', { projectId: 'shop', email: owner, deviceId: ownDevice, otp: server.latestCode(owner) }, as('10.9.5.1'))).status).toBe(200)
      for (const ip of ['10.9.6.1', '10.9.6.2', '10.9.6.3']) expect((await start(owner, ip, newDevice())).body).toEqual({ action: 'VERIFY_DEVICE' })
      expect((await start(owner, '10.9.6.4', newDevice())).body).toMatchObject({ code: 'EMAIL_RATE_LIMITED' })
      server.clock.advance(30 * SECOND)
      expect((await start(owner, '10.9.5.2', ownDevice)).body).toEqual({ action: 'VERIFY_OTP' })

      // Per IP: 3 per 15 minutes, whatever the address.
      for (let i = 0; i < 3; i++) expect((await start(newEmail(), '10.9.1.1')).status).toBe(200)
      const perIp = await start(newEmail(), '10.9.1.1')
      expect(perIp.status).toBe(429)
      expect(perIp.body).toMatchObject({ code: 'IP_RATE_LIMITED', message: expect.stringMatching(/^Too many requests from this network\. Please try again after \d+ seconds$/) })
      expect((await start(newEmail(), '10.9.1.2')).status).toBe(200)
      // The same /64 is the same client.
      for (let i = 0; i < 3; i++) expect((await start(newEmail(), `2001:db8:7:8::${i + 1}`)).status).toBe(200)
      expect((await start(newEmail(), '2001:db8:7:8:ffff::1')).body).toMatchObject({ code: 'IP_RATE_LIMITED' })

      // Wrong codes per IP: after 3, even the right code waits (and no attempt is spent).
      const victim = newEmail()
      expect((await start(victim, '10.9.2.1')).status).toBe(200)
      const code = server.latestCode(victim)
      const wrong = code === '000000' ? '000001' : '000000'
      const verify = (otp: string, ip: string) => server.post('/auth/v1/email/verify', { projectId: 'shop', email: victim, deviceId: 'device-limits-0001', otp }, as(ip))
      for (let i = 0; i < 3; i++) expect((await verify(wrong, '10.9.3.1')).body).toMatchObject({ code: 'OTP_INVALID' })
      const blocked = await verify(code, '10.9.3.1')
      expect(blocked.status).toBe(429)
      expect(blocked.body).toMatchObject({ code: 'IP_RATE_LIMITED' })
      expect(await server.db.selectFrom('auth_otp_codes').select('attempts').where('email', '=', victim).executeTakeFirstOrThrow()).toEqual({ attempts: 3 })
      expect((await verify(code, '10.9.3.2')).status).toBe(200)

      // Two windows on, everything has slid out: the address may get codes again from the first client.
      server.clock.advance(2 * 3_600_000)
      expect((await start(email, '10.9.0.1')).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('email limits hold at a window edge: twice the limit around it is refused', async () => {
    const server = await startAuthTestServer({
      database: await freshDatabase(),
      trustProxy: ['loopback'],
      limits: { codesPerIp: { max: 3, windowMs: 15 * MINUTE }, failedCodesPerIp: { max: 3, windowMs: 15 * MINUTE } },
    })
    try {
      const start = (ip: string) => server.post('/auth/v1/email/start', { projectId: 'shop', email: newEmail(), deviceId: newDevice() }, as(ip))
      const toWindowEnd = () => server.clock.advance(15 * MINUTE - (server.clock.now % (15 * MINUTE)) - 100)
      toWindowEnd()
      const statusesOf = async (calls: Array<() => Promise<HttpResult>>) => {
        const statuses: number[] = []
        for (const call of calls) statuses.push((await call()).status)
        return statuses
      }
      expect(await statusesOf([() => start('10.9.8.1'), () => start('10.9.8.1'), () => start('10.9.8.1')])).toEqual([200, 200, 200])
      server.clock.advance(200)
      expect(await statusesOf([() => start('10.9.8.1'), () => start('10.9.8.1'), () => start('10.9.8.1')])).toEqual([429, 429, 429])

      // Wrong codes: three just before the edge, and the next ones just after are refused.
      const email = newEmail()
      const deviceId = newDevice()
      await server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId }, as('10.9.8.2'))
      const wrong = server.latestCode(email) === '000000' ? '000001' : '000000'
      const guess = () => server.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId, otp: wrong }, as('10.9.8.3'))
      toWindowEnd()
      expect(await statusesOf([guess, guess, guess])).toEqual([400, 400, 400])
      server.clock.advance(200)
      expect(await statusesOf([guess, guess])).toEqual([429, 429])
    } finally {
      await server.close()
    }
  })

  it('answers 502 when the email cannot be sent, keeps the code unusable, and does not start the cooldown', async () => {
    let failing = true
    const inbox = createMailbox()
    const flaky: Mailer = {
      async send(mail) {
        if (failing) throw new Error('SMTP said no')
        await inbox.send(mail)
      },
    }
    const server = await startAuthTestServer({ database: await freshDatabase(), mailer: flaky })
    try {
      const email = newEmail()
      const start = () => server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId: 'device-flaky-00001' })
      const failed = await start()
      expect(failed.status).toBe(502)
      expect(failed.body).toEqual({ error: 'Email Not Sent', message: 'The email with the code could not be sent; try again in a moment', code: 'EMAIL_NOT_SENT' })
      expect(await server.db.selectFrom('auth_otp_codes').select('status').where('email', '=', email).execute()).toEqual([{ status: 'undelivered' }])
      failing = false
      expect((await start()).body).toEqual({ action: 'VERIFY_OTP' })
      expect(inbox.latest(email)).toBeDefined()
    } finally {
      await server.close()
    }
  })

  it('needs the master key: another key cannot release a custodial key; with the old key kept as previous, keys are re-encrypted at start (damaged rows left)', async () => {
    const database = await freshDatabase()
    const oldKey = generateMasterKey()
    const first = await startAuthTestServer({ database, keyring: createKeyring(oldKey) })
    const email = newEmail()
    const deviceId = newDevice()
    let token: string
    let seeded: Awaited<ReturnType<typeof seedCustodialUser>>
    try {
      seeded = await seedCustodialUser(first.db, first.keyring, email, first.clock.now)
      await first.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId })
      await first.post('/auth/v1/device/verify', { projectId: 'shop', email, deviceId, otp: first.latestCode(email) })
      const login = await first.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId, otp: first.latestCode(email) })
      ;({
        session: { token },
      } = login.body as { session: { token: string } })
      // A second wallet whose row gets damaged: it must not stop a later start.
      const damaged = await seedCustodialUser(first.db, first.keyring, newEmail('damaged'), first.clock.now)
      await first.db
        .updateTable('auth_wallet_keys')
        .set({ auth_tag: Buffer.alloc(16).toString('base64') })
        .where('user_id', '=', damaged.userId)
        .where('namespace', '=', 'eip155')
        .execute()
    } finally {
      await first.close()
    }
    const release = (server: AuthTestServer, session = token) =>
      server.post(`${CUSTODY_PATHS.migrationStart}?projectId=shop`, { namespace: 'eip155' }, { authorization: `Bearer ${session}`, 'x-portico-device': deviceId })

    const newKey = generateMasterKey()
    const wrong = await startAuthTestServer({ database, keyring: createKeyring(newKey), device: first.device })
    try {
      // Sessions are keyed by the master key too: the old one means nothing here.
      expect((await release(wrong)).body).toMatchObject({ code: 'UNAUTHORIZED' })
      // Signing in again works (codes and sessions are made with the key at hand), the key does not open.
      wrong.clock.advance(MINUTE)
      await wrong.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId })
      const again = await wrong.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId, otp: wrong.latestCode(email) })
      expect((again.body as { user: { address: string } }).user.address).toBe(seeded.keys.eip155.address)
      const refused = await release(wrong, (again.body as { session: { token: string } }).session.token)
      expect(refused.status).toBe(500)
      expect(refused.body).toMatchObject({ code: 'WALLET_UNAVAILABLE' })
    } finally {
      await wrong.close()
    }

    const rotated = await startAuthTestServer({ database, keyring: createKeyring(newKey, [oldKey]), device: first.device })
    try {
      const keys = await rotated.db.selectFrom('auth_wallet_keys').select('master_key_id').execute()
      // Every key moved to the new master key, except the damaged one, which was left for the operator.
      expect(keys.map((key) => key.master_key_id).sort()).toEqual([newKey.id, newKey.id, newKey.id, oldKey.id].sort())
      const released = await release(rotated)
      expect(released.status).toBe(200)
      expect(addressOf('eip155', Buffer.from((released.body as { secret: string }).secret, 'base64'))).toBe(seeded.keys.eip155.address)
    } finally {
      await rotated.close()
    }
  })
})
