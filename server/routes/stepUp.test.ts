/**
 * Step-up and key export over real HTTP on a real SQLite file and a real PostgreSQL: the
 * export route releases the device's auth share only after a fresh second factor on this
 * session (a new email code of its own purpose, or one of the user's passkeys), for five
 * minutes on the server's clock; a login code does not pass a step-up, a step-up code opens
 * no session, and wrong codes count toward the client's wrong-code limit.
 */
import { randomUUID } from 'node:crypto'
import { combine } from 'shamir-secret-sharing'
import { CUSTODY_PATHS, STEP_UP_PATHS } from '../../src/shared/custodyApi'
import { STEP_UP_TTL_MS } from '../auth/stepUp'
import { SECURE_ORIGIN, type AuthTestServer, startAuthTestServer } from '../test/authServer'
import { setupTestEngines } from '../test/engines'
import { type FrameWallet, registerFrameWallets } from '../test/frameWallet'
import { createSoftAuthenticator } from '../test/softAuthenticator'

const engines = setupTestEngines()
const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

describe.each(engines)('step-up and key export on $name', ({ freshDatabase }) => {
  let server: AuthTestServer
  beforeAll(async () => {
    server = await startAuthTestServer({ database: await freshDatabase(), trustProxy: ['loopback'] })
  })
  afterAll(async () => server?.close())

  let ipCounter = 0
  const newIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

  /** A signed-in device of `email` with its wallets registered (or given). */
  async function emailLogin(email = `export.${randomUUID().slice(0, 8)}@example.com`, deviceId = randomUUID(), ip = newIp()) {
    const as = { 'x-forwarded-for': ip }
    const started = await server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId }, as)
    if ((started.body as { action: string }).action === 'VERIFY_DEVICE') {
      expect((await server.post('/auth/v1/device/verify', { projectId: 'shop', email, deviceId, otp: server.latestCode(email) }, as)).status).toBe(200)
    }
    const verified = await server.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId, otp: server.latestCode(email) }, as)
    expect(verified.status).toBe(200)
    return signedIn((verified.body as { session: { token: string } }).session.token, deviceId, as, email)
  }

  function signedIn(token: string, deviceId: string, as: Record<string, string>, email: string | null) {
    const headers = { ...as, authorization: `Bearer ${token}`, 'x-portico-device': deviceId }
    const post = (path: string, body: unknown = {}) => server.post(`${path}?projectId=shop`, body, headers)
    const get = (path: string) => server.get(`${path}?projectId=shop`, headers)
    return { email, deviceId, as, post, get, exportShare: (namespace: 'eip155' | 'solana') => post(CUSTODY_PATHS.export, { namespace }) }
  }
  type Device = ReturnType<typeof signedIn>

  const withWallets = async (device: Device) => ({ device, wallets: await registerFrameWallets(device.post) })

  /** The key the export answer rebuilds with the device share the frame keeps. */
  const exportedKey = async (answer: unknown, wallet: FrameWallet) => {
    const { address, authShare } = answer as { address: string; authShare: string }
    expect(address).toBe(wallet.address)
    return combine([wallet.device, fromB64(authShare)])
  }

  it('refuses export without a step-up, and releases the share for five minutes after an emailed step-up code', async () => {
    const { device, wallets } = await withWallets(await emailLogin())
    const refused = await device.exportShare('eip155')
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      error: 'Step-up Required',
      code: 'STEP_UP_REQUIRED',
      message: 'Confirm it is you first, with a new email code or your passkey; the confirmation lasts 5 minutes',
    })
    expect((await device.get(STEP_UP_PATHS.status)).body).toEqual({ methods: ['email'], secondFactor: false })

    expect((await device.post(STEP_UP_PATHS.emailStart)).body).toEqual({ method: 'email' })
    const mail = server.mailbox.latest(device.email!)!
    expect(mail).toMatchObject({ subject: 'Confirm it is you', meta: { purpose: 'step_up' } })
    expect(mail.text).toContain(mail.meta.code)

    const wrong = await device.post(STEP_UP_PATHS.emailFinish, { otp: mail.meta.code === '000000' ? '111111' : '000000' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ code: 'OTP_INVALID', attemptsLeft: 4 })
    expect((await device.exportShare('eip155')).status).toBe(403)

    const proved = await device.post(STEP_UP_PATHS.emailFinish, { otp: mail.meta.code })
    expect(proved.status).toBe(200)
    expect(proved.body).toEqual({ method: 'email', freshUntil: new Date(server.clock.now + STEP_UP_TTL_MS).toISOString() })
    expect((await device.get(STEP_UP_PATHS.status)).body).toEqual({ methods: ['email'], secondFactor: false, freshUntil: new Date(server.clock.now + STEP_UP_TTL_MS).toISOString() })
    // Used once: the same code does not prove again.
    expect((await device.post(STEP_UP_PATHS.emailFinish, { otp: mail.meta.code })).body).toMatchObject({ code: 'OTP_NOT_FOUND' })

    for (const wallet of wallets) {
      const released = await device.exportShare(wallet.namespace)
      expect(released.status).toBe(200)
      expect(await exportedKey(released.body, wallet)).toEqual(wallet.key)
    }
    server.clock.advance(STEP_UP_TTL_MS - 1)
    expect((await device.exportShare('eip155')).status).toBe(200)
    server.clock.advance(1)
    expect((await device.exportShare('eip155')).body).toMatchObject({ code: 'STEP_UP_REQUIRED' })
  })

  it('a login code does not pass a step-up, and a step-up code opens no session', async () => {
    const { device } = await withWallets(await emailLogin())
    const email = device.email!
    // A login code for the same address, asked from the same device (after the resend wait).
    server.clock.advance(31_000)
    expect((await server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId: device.deviceId }, device.as)).body).toEqual({ action: 'VERIFY_OTP' })
    const loginCode = server.latestCode(email)
    expect((await device.post(STEP_UP_PATHS.emailFinish, { otp: loginCode })).body).toMatchObject({ code: 'OTP_NOT_FOUND' })

    expect((await device.post(STEP_UP_PATHS.emailStart)).status).toBe(200)
    const stepUpCode = server.latestCode(email)
    const asLogin = await server.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId: device.deviceId, otp: stepUpCode }, device.as)
    expect(asLogin.status).toBe(400)
    expect(asLogin.body).not.toHaveProperty('session')
    // The login code was not spent by the step-up attempt, and neither was the step-up code by the login attempt.
    expect((await server.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId: device.deviceId, otp: loginCode }, device.as)).status).toBe(200)
    expect((await device.post(STEP_UP_PATHS.emailFinish, { otp: stepUpCode })).status).toBe(200)
    expect((await device.exportShare('eip155')).status).toBe(200)
  })

  it('a step-up is the session’s own: another device of the same user still needs its own', async () => {
    const { device } = await withWallets(await emailLogin())
    await device.post(STEP_UP_PATHS.emailStart)
    expect((await device.post(STEP_UP_PATHS.emailFinish, { otp: server.latestCode(device.email!) })).status).toBe(200)
    const other = await emailLogin(device.email!)
    expect((await other.exportShare('eip155')).body).toMatchObject({ code: 'STEP_UP_REQUIRED' })
  })

  it('counts wrong step-up codes toward the client’s wrong-code limit (30 per 15 minutes)', async () => {
    const { device } = await withWallets(await emailLogin())
    await device.post(STEP_UP_PATHS.emailStart)
    let last = await device.post(STEP_UP_PATHS.emailFinish, { otp: '000001' })
    // The first wrong entry above and the login's own right code (given back) leave 29 more.
    for (let i = 0; i < 29; i++) last = await device.post(STEP_UP_PATHS.emailFinish, { otp: '000001' })
    expect(last.status).toBe(400)
    const blocked = await device.post(STEP_UP_PATHS.emailFinish, { otp: server.latestCode(device.email!) })
    expect(blocked.status).toBe(429)
    expect(blocked.body).toMatchObject({ code: 'IP_RATE_LIMITED' })
    expect((await device.exportShare('eip155')).status).toBe(403)
  })

  it('steps up with one of the user’s passkeys; a wallet without email gets STEP_UP_NO_EMAIL, and another user’s passkey is refused', async () => {
    const authenticator = createSoftAuthenticator({ origin: SECURE_ORIGIN })
    const deviceId = randomUUID()
    const as = { 'x-forwarded-for': newIp() }
    const begun = await server.post('/auth/v1/passkey/signup/start', { projectId: 'shop', deviceId }, as)
    const { ceremonyId, options } = begun.body as { ceremonyId: string; options: Record<string, unknown> }
    const signedUp = await server.post('/auth/v1/passkey/signup/finish', { projectId: 'shop', deviceId, ceremonyId, response: authenticator.register(options) }, as)
    const { device, wallets } = await withWallets(signedIn((signedUp.body as { session: { token: string } }).session.token, deviceId, as, null))

    expect((await device.get(STEP_UP_PATHS.status)).body).toEqual({ methods: ['passkey'], secondFactor: false })
    const noEmail = await device.post(STEP_UP_PATHS.emailStart)
    expect(noEmail.status).toBe(409)
    expect(noEmail.body).toMatchObject({ code: 'STEP_UP_NO_EMAIL', message: 'This wallet has no email to send a code to; confirm with your passkey instead' })

    // Another user's passkey does not step this one up.
    const stranger = createSoftAuthenticator({ origin: SECURE_ORIGIN })
    const strangerId = randomUUID()
    const strangerBegun = (await server.post('/auth/v1/passkey/signup/start', { projectId: 'shop', deviceId: strangerId }, as)).body as { ceremonyId: string; options: Record<string, unknown> }
    expect(
      (await server.post('/auth/v1/passkey/signup/finish', { projectId: 'shop', deviceId: strangerId, ceremonyId: strangerBegun.ceremonyId, response: stranger.register(strangerBegun.options) }, as))
        .status,
    ).toBe(200)
    const foreign = (await device.post(STEP_UP_PATHS.passkeyStart)).body as { ceremonyId: string; options: Record<string, unknown> }
    expect((await device.post(STEP_UP_PATHS.passkeyFinish, { ceremonyId: foreign.ceremonyId, response: stranger.authenticate(foreign.options) })).body).toMatchObject({ code: 'PASSKEY_UNKNOWN' })
    expect((await device.exportShare('solana')).status).toBe(403)

    const started = await device.post(STEP_UP_PATHS.passkeyStart)
    expect(started.status).toBe(200)
    const ceremony = started.body as { ceremonyId: string; options: { rpId: string; allowCredentials: Array<{ id: string }> } }
    expect(ceremony.options.rpId).toBe(new URL(SECURE_ORIGIN).hostname)
    expect(ceremony.options.allowCredentials.map(({ id }) => id)).toEqual([authenticator.credentialId])
    const response = authenticator.authenticate(ceremony.options)
    // A step-up ceremony is not a login: it opens no session.
    const asLogin = await server.post('/auth/v1/passkey/login/finish', { projectId: 'shop', deviceId, ceremonyId: ceremony.ceremonyId, response }, as)
    expect(asLogin.body).toMatchObject({ code: 'PASSKEY_CEREMONY_NOT_FOUND' })

    const again = (await device.post(STEP_UP_PATHS.passkeyStart)).body as { ceremonyId: string; options: Record<string, unknown> }
    const proved = await device.post(STEP_UP_PATHS.passkeyFinish, { ceremonyId: again.ceremonyId, response: authenticator.authenticate(again.options) })
    expect(proved.status).toBe(200)
    expect(proved.body).toEqual({ method: 'passkey', freshUntil: new Date(server.clock.now + STEP_UP_TTL_MS).toISOString() })
    const released = await device.exportShare('solana')
    expect(await exportedKey(released.body, wallets[1]!)).toEqual(wallets[1]!.key)
  })

  it('an email user without a passkey gets STEP_UP_NO_PASSKEY', async () => {
    const device = await emailLogin()
    const answer = await device.post(STEP_UP_PATHS.passkeyStart)
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ code: 'STEP_UP_NO_PASSKEY', message: 'This wallet has no passkey; confirm with an email code instead' })
  })
})
