/**
 * The authenticator-app second factor over real HTTP on a real SQLite file and a real
 * PostgreSQL: enrolment with a first code, codes checked once each and only near their
 * time, wrong codes counted toward the client's wrong-code limit, the secret kept under
 * the master key, and removal with a current code.
 */
import { randomUUID } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { DEFAULT_AUTH_LIMITS } from '../auth/service'
import { createTotpService } from '../auth/totp'
import { totpSecretAad } from '../db/mfaTotp'
import { fromEncryptedColumns } from '../db/encryptedColumns'
import { MFA_PATHS } from '../../src/shared/mfaApi'
import { type AuthTestServer, startAuthTestServer } from '../test/authServer'
import { loginOnDevice } from '../test/deviceLogin'
import { setupTestEngines } from '../test/engines'

const engines = setupTestEngines()

/** The code an authenticator app with `secret` (base32) shows at `at`. */
const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at })

describe.each(engines)('authenticator-app second factor on $name', ({ freshDatabase }) => {
  let server: AuthTestServer
  beforeAll(async () => {
    server = await startAuthTestServer({ database: await freshDatabase(), trustProxy: ['loopback'] })
  })
  afterAll(async () => server?.close())

  let ipCounter = 0
  const newIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

  async function login(email = `mfa.${randomUUID().slice(0, 8)}@example.com`, ip = newIp()) {
    const session = await loginOnDevice(server, email, { ip })
    const userId = (await server.db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
    return { ...session, email, userId, post: (path: string, body: unknown = {}) => session.post(path, body) }
  }
  type Session = Awaited<ReturnType<typeof login>>

  /** Enrols and confirms an app; answers its secret. */
  async function enrol(session: Session): Promise<string> {
    const started = await session.post(MFA_PATHS.totpEnrol)
    expect(started.status).toBe(200)
    const { secret } = started.body as { secret: string }
    expect((await session.post(MFA_PATHS.totpConfirm, { code: codeAt(secret, server.clock.now) })).body).toEqual({ totp: 'enrolled' })
    return secret
  }

  it('enrols an app: a secret and an otpauth URI for its QR code, counted only after a first right code', async () => {
    const session = await login()
    expect((await session.get(MFA_PATHS.status)).body).toMatchObject({ totp: 'none' })
    const started = await session.post(MFA_PATHS.totpEnrol)
    const { secret, uri } = started.body as { secret: string; uri: string }
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const parsed = new URL(uri)
    expect(parsed.protocol).toBe('otpauth:')
    expect(parsed.searchParams.get('secret')).toBe(secret)
    expect(parsed.searchParams.get('issuer')).toBe('Portico')
    expect(decodeURIComponent(parsed.pathname)).toContain(session.email)
    expect((await session.get(MFA_PATHS.status)).body).toMatchObject({ totp: 'pending' })

    expect((await session.post(MFA_PATHS.totpConfirm, { code: '000000' === codeAt(secret, server.clock.now) ? '111111' : '000000' })).body).toMatchObject({ code: 'MFA_CODE_INVALID' })
    expect((await session.post(MFA_PATHS.totpConfirm, { code: codeAt(secret, server.clock.now) })).body).toEqual({ totp: 'enrolled' })
    expect((await session.get(MFA_PATHS.status)).body).toMatchObject({ totp: 'enrolled' })
    // A second enrolment would replace the app the user relies on: refused until it is removed.
    expect((await session.post(MFA_PATHS.totpEnrol)).body).toMatchObject({ code: 'MFA_ALREADY_ENROLLED' })
    expect((await session.post(MFA_PATHS.totpConfirm, { code: codeAt(secret, server.clock.now) })).body).toMatchObject({ code: 'MFA_ALREADY_ENROLLED' })
  })

  it('a new enrolment before the first code replaces the pending secret: a code of the old one no longer confirms', async () => {
    const session = await login()
    const first = ((await session.post(MFA_PATHS.totpEnrol)).body as { secret: string }).secret
    const second = ((await session.post(MFA_PATHS.totpEnrol)).body as { secret: string }).secret
    expect(second).not.toBe(first)
    const oldCode = codeAt(first, server.clock.now)
    if (oldCode !== codeAt(second, server.clock.now)) expect((await session.post(MFA_PATHS.totpConfirm, { code: oldCode })).body).toMatchObject({ code: 'MFA_CODE_INVALID' })
    expect((await session.post(MFA_PATHS.totpConfirm, { code: codeAt(second, server.clock.now) })).body).toEqual({ totp: 'enrolled' })
  })

  it('confirming before enrolling is refused', async () => {
    const session = await login()
    expect((await session.post(MFA_PATHS.totpConfirm, { code: '123456' })).body).toMatchObject({ code: 'MFA_NOT_STARTED' })
    expect((await session.post(MFA_PATHS.totpRemove, { code: '123456' })).body).toMatchObject({ code: 'MFA_NOT_ENROLLED' })
  })

  it('keeps the secret only under the master key, bound to its user', async () => {
    const session = await login()
    const secret = await enrol(session)
    const row = await server.db.selectFrom('mfa_totp').selectAll().where('user_id', '=', session.userId).executeTakeFirstOrThrow()
    const raw = Buffer.from(Secret.fromBase32(secret).bytes)
    expect(JSON.stringify(row)).not.toContain(secret)
    expect(JSON.stringify(row)).not.toContain(raw.toString('base64'))
    expect(Buffer.from(server.keyring.decrypt(fromEncryptedColumns(row), totpSecretAad(session.userId))).equals(raw)).toBe(true)
    // Copied onto another user, it does not decrypt.
    expect(() => server.keyring.decrypt(fromEncryptedColumns(row), totpSecretAad(randomUUID()))).toThrow()
  })

  it('takes a code once, within one step of the server clock, and only a later one after it', async () => {
    const session = await login()
    const secret = await enrol(session)
    const totp = createTotpService({ db: server.db, keyring: server.keyring, auth: { countedCodeCheck: async (_context, check) => check() }, now: () => server.clock.now })
    const context = { ip: '10.9.250.1' }
    // The code that confirmed enrolment is used up.
    await expect(totp.verify(session.userId, codeAt(secret, server.clock.now), context)).rejects.toMatchObject({ code: 'MFA_CODE_USED' })
    server.clock.advance(30_000)
    const next = codeAt(secret, server.clock.now)
    await expect(totp.verify(session.userId, next, context)).resolves.toBeUndefined()
    await expect(totp.verify(session.userId, next, context)).rejects.toMatchObject({ code: 'MFA_CODE_USED' })
    // One step late (typed as it rolled over) and one step early (a fast phone clock) are taken...
    server.clock.advance(60_000)
    await expect(totp.verify(session.userId, codeAt(secret, server.clock.now - 30_000), context)).resolves.toBeUndefined()
    await expect(totp.verify(session.userId, codeAt(secret, server.clock.now + 30_000), context)).resolves.toBeUndefined()
    // ...but never a step before the last one taken.
    await expect(totp.verify(session.userId, codeAt(secret, server.clock.now), context)).rejects.toMatchObject({ code: 'MFA_CODE_USED' })
    // ...two steps away never does.
    server.clock.advance(10 * 30_000)
    await expect(totp.verify(session.userId, codeAt(secret, server.clock.now - 2 * 30_000), context)).rejects.toMatchObject({ code: 'MFA_CODE_INVALID' })
    await expect(totp.verify(session.userId, codeAt(secret, server.clock.now + 2 * 30_000), context)).rejects.toMatchObject({ code: 'MFA_CODE_INVALID' })
    await expect(totp.verify(session.userId, 'abcdef', context)).rejects.toMatchObject({ code: 'MFA_CODE_INVALID' })
    await expect(totp.verify(randomUUID(), '123456', context)).rejects.toMatchObject({ code: 'MFA_NOT_ENROLLED' })
  })

  it('removes the app with a current code, not with a wrong or used one', async () => {
    const session = await login()
    const secret = await enrol(session)
    expect((await session.post(MFA_PATHS.totpRemove, { code: codeAt(secret, server.clock.now) })).body).toMatchObject({ code: 'MFA_CODE_USED' })
    server.clock.advance(30_000)
    const wrong = codeAt(secret, server.clock.now) === '999999' ? '999998' : '999999'
    expect((await session.post(MFA_PATHS.totpRemove, { code: wrong })).body).toMatchObject({ code: 'MFA_CODE_INVALID' })
    expect((await session.get(MFA_PATHS.status)).body).toMatchObject({ totp: 'enrolled' })
    expect((await session.post(MFA_PATHS.totpRemove, { code: codeAt(secret, server.clock.now) })).body).toMatchObject({ totp: 'none' })
    expect(await server.db.selectFrom('mfa_totp').selectAll().where('user_id', '=', session.userId).execute()).toEqual([])
  })

  it("counts wrong codes toward the client's wrong-code limit, with email codes", async () => {
    const ip = newIp()
    const session = await login(undefined, ip)
    await session.post(MFA_PATHS.totpEnrol)
    const limit = DEFAULT_AUTH_LIMITS.failedCodesPerIp.max
    const answers: number[] = []
    for (let i = 0; i <= limit; i++) answers.push((await session.post(MFA_PATHS.totpConfirm, { code: 'wrong!' })).status)
    expect(answers.slice(0, limit).every((status) => status === 400)).toBe(true)
    expect(answers[limit]).toBe(429)
    // The same client's email codes are held back too: one limit for every code.
    const deviceId = randomUUID()
    const email = `after.${randomUUID().slice(0, 8)}@example.com`
    await server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId }, { 'x-forwarded-for': ip })
    expect((await server.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId, otp: '000000' }, { 'x-forwarded-for': ip })).status).toBe(429)
  })

  it('answers only a signed-in session on its device, and only the secure origin', async () => {
    expect((await server.get(`${MFA_PATHS.status}?projectId=shop`)).status).toBe(401)
    expect((await server.post(`${MFA_PATHS.totpEnrol}?projectId=shop`, {})).status).toBe(401)
    const session = await login()
    expect((await session.post(MFA_PATHS.totpConfirm, {})).status).toBe(400)
    expect((await server.post(`${MFA_PATHS.totpEnrol}?projectId=shop`, {}, { origin: 'https://dapp.example' })).status).toBe(403)
  })
})
