/**
 * Passkey sign-up, login and adding a passkey, over real HTTP against a real SQLite file
 * and a real PostgreSQL, answered by a software authenticator (server/test/softAuthenticator.ts)
 * that sends the bytes a browser would. The clock is the server's injected one.
 */
import { randomUUID } from 'node:crypto'
import { SECURE_ORIGIN, type AuthTestServer, startAuthTestServer } from '../test/authServer'
import { setupTestEngines } from '../test/engines'
import { registerFrameWallets } from '../test/frameWallet'
import { createSoftAuthenticator } from '../test/softAuthenticator'
import { PASSKEY_CEREMONY_TTL_MS } from '../auth/passkeys'

const engines = setupTestEngines()
const RP_ID = new URL(SECURE_ORIGIN).hostname

type Json = Record<string, unknown>
type Ceremony = { ceremonyId: string; options: Json }
type Login = { user: { email: string | null; address: string }; session: { token: string } }

let ipCounter = 0
const newIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

describe.each(engines)('passkeys on $name', ({ freshDatabase }) => {
  let server: AuthTestServer
  beforeAll(async () => {
    server = await startAuthTestServer({ database: await freshDatabase(), trustProxy: ['loopback'] })
  })
  afterAll(async () => server?.close())

  /** One visitor: a device, a client address, and the calls the secure page makes. */
  const visitor = (deviceId = randomUUID(), ip = newIp()) => {
    const as = { 'x-forwarded-for': ip }
    const begin = async (path: 'signup' | 'login') => {
      const response = await server.post(`/auth/v1/passkey/${path}/start`, { projectId: 'shop', deviceId }, as)
      expect(response.status).toBe(200)
      return response.body as Ceremony
    }
    const finish = (path: 'signup' | 'login', ceremonyId: string, response: Json, extra: Json = {}) =>
      server.post(`/auth/v1/passkey/${path}/finish`, { projectId: 'shop', deviceId, ceremonyId, response, ...extra }, as)
    const bearer = (token: string) => ({ ...as, authorization: `Bearer ${token}`, 'x-portico-device': deviceId })
    return { deviceId, as, begin, finish, bearer }
  }

  async function signUp(authenticator = createSoftAuthenticator({ origin: SECURE_ORIGIN })) {
    const device = visitor()
    const { ceremonyId, options } = await device.begin('signup')
    const response = await device.finish('signup', ceremonyId, authenticator.register(options))
    expect(response.status).toBe(200)
    const answered = response.body as Login & { user: { addresses: Json } }
    // As after an email sign-up, the server made no key: the secure frame makes the wallet and registers it.
    expect(answered.user).toMatchObject({ accounts: [], addresses: {} })
    expect(answered.user.address).toBeUndefined()
    const [evm] = await registerFrameWallets((path, body) => server.post(`${path}?projectId=shop`, body, device.bearer(answered.session.token)))
    return { authenticator, device, login: { ...answered, user: { ...answered.user, address: evm!.address } } }
  }

  it('offers registration options for the secure origin: a resident, user-verified passkey, no email, a stored challenge', async () => {
    const { ceremonyId, options } = await visitor().begin('signup')
    expect(options).toMatchObject({ rp: { id: RP_ID, name: 'Portico wallet' }, attestation: 'none', authenticatorSelection: { residentKey: 'required', userVerification: 'required' } })
    expect((options.user as Json).name).toMatch(/^Wallet /)
    const row = await server.db.selectFrom('passkey_challenges').selectAll().where('id', '=', ceremonyId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ ceremony: 'register', challenge: options.challenge, origin: SECURE_ORIGIN, user_id: null })
    expect(new Date(row.expires_at).getTime()).toBe(server.clock.now + PASSKEY_CEREMONY_TTL_MS)
  })

  it('signs up with a passkey alone, answering { user, session } like the email login, with a working session and no server-made key', async () => {
    const { authenticator, device, login } = await signUp()
    expect(login.user.email).toBeNull()
    expect(login.user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const userId = (await server.db.selectFrom('passkey_credentials').select('user_id').where('id', '=', authenticator.credentialId).executeTakeFirstOrThrow()).user_id
    expect(await server.db.selectFrom('auth_wallet_keys').select('id').where('user_id', '=', userId).execute()).toEqual([])
    expect(await server.db.selectFrom('custody_wallets').select('address').where('user_id', '=', userId).orderBy('address').execute()).toHaveLength(2)
    const me = await server.get('/auth/v1/me?projectId=shop', device.bearer(login.session.token))
    expect(me.status).toBe(200)
    expect((me.body as { user: { address: string } }).user.address).toBe(login.user.address)
    const stored = await server.db.selectFrom('passkey_credentials').selectAll().where('id', '=', authenticator.credentialId).executeTakeFirstOrThrow()
    expect(JSON.parse(stored.transports)).toEqual(['internal', 'hybrid'])
    expect(Number(stored.counter)).toBe(1)
  })

  it('logs in again with the passkey, on another device, to the same wallet, and keeps the counter', async () => {
    const { authenticator, login } = await signUp()
    const other = visitor()
    const { ceremonyId, options } = await other.begin('login')
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' })
    expect(options.allowCredentials ?? []).toEqual([])
    const again = await other.finish('login', ceremonyId, authenticator.authenticate(options), { chainId: 1 })
    expect(again.status).toBe(200)
    expect((again.body as Login).user.address).toBe(login.user.address)
    const stored = await server.db.selectFrom('passkey_credentials').select('counter').where('id', '=', authenticator.credentialId).executeTakeFirstOrThrow()
    expect(Number(stored.counter)).toBe(2)
  })

  it('refuses a replayed challenge: each ceremony finishes once', async () => {
    const { authenticator } = await signUp()
    const device = visitor()
    const { ceremonyId, options } = await device.begin('login')
    expect((await device.finish('login', ceremonyId, authenticator.authenticate(options))).status).toBe(200)
    const replay = await device.finish('login', ceremonyId, authenticator.authenticate(options))
    expect(replay.status).toBe(400)
    expect(replay.body).toMatchObject({ code: 'PASSKEY_CEREMONY_NOT_FOUND', message: 'This passkey request has expired or was already used; start again' })
  })

  it('refuses a challenge after its five minutes, and one begun on another device', async () => {
    const { authenticator } = await signUp()
    const device = visitor()
    const late = await device.begin('login')
    server.clock.advance(PASSKEY_CEREMONY_TTL_MS)
    expect((await device.finish('login', late.ceremonyId, authenticator.authenticate(late.options))).body).toMatchObject({ code: 'PASSKEY_CEREMONY_NOT_FOUND' })
    const elsewhere = await device.begin('login')
    const thief = visitor()
    expect((await thief.finish('login', elsewhere.ceremonyId, authenticator.authenticate(elsewhere.options))).body).toMatchObject({ code: 'PASSKEY_CEREMONY_NOT_FOUND' })
  })

  it('refuses an answer made for another origin or another relying party, at sign-up and at login', async () => {
    const device = visitor()
    const authenticator = createSoftAuthenticator({ origin: SECURE_ORIGIN })
    const wrongOrigin = await device.begin('signup')
    const refused = await device.finish('signup', wrongOrigin.ceremonyId, authenticator.register(wrongOrigin.options, { origin: 'https://evil.example' }))
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'PASSKEY_REFUSED', message: 'The passkey could not be verified; try again' })
    const wrongRp = await device.begin('signup')
    expect((await device.finish('signup', wrongRp.ceremonyId, authenticator.register(wrongRp.options, { rpId: 'evil.example' }))).body).toMatchObject({ code: 'PASSKEY_REFUSED' })
    expect(await server.db.selectFrom('passkey_credentials').select('id').where('id', '=', authenticator.credentialId).execute()).toEqual([])

    const { authenticator: registered } = await signUp()
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const { ceremonyId, options } = await device.begin('login')
      expect((await device.finish('login', ceremonyId, registered.authenticate(options, overrides))).body).toMatchObject({ code: 'PASSKEY_REFUSED' })
    }
  })

  it('takes a passkey used in a frame only under a page on the project allow list', async () => {
    const { authenticator } = await signUp()
    const device = visitor()
    const allowed = await device.begin('login')
    expect((await device.finish('login', allowed.ceremonyId, authenticator.authenticate(allowed.options, { topOrigin: 'https://shop.example' }))).status).toBe(200)
    const framed = await device.begin('login')
    const refused = await device.finish('login', framed.ceremonyId, authenticator.authenticate(framed.options, { topOrigin: 'https://evil.example' }))
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' })
  })

  it('refuses a login whose signature counter went back (a cloned authenticator)', async () => {
    const { authenticator } = await signUp()
    const device = visitor()
    const ahead = await device.begin('login')
    expect((await device.finish('login', ahead.ceremonyId, authenticator.authenticate(ahead.options, { counter: 5 }))).status).toBe(200)
    const behind = await device.begin('login')
    const refused = await device.finish('login', behind.ceremonyId, authenticator.authenticate(behind.options, { counter: 3 }))
    expect(refused.body).toMatchObject({ code: 'PASSKEY_REFUSED' })
    const stored = await server.db.selectFrom('passkey_credentials').select('counter').where('id', '=', authenticator.credentialId).executeTakeFirstOrThrow()
    expect(Number(stored.counter)).toBe(5)
  })

  it('refuses a passkey it does not know', async () => {
    const device = visitor()
    const { ceremonyId, options } = await device.begin('login')
    const stranger = createSoftAuthenticator({ origin: SECURE_ORIGIN })
    stranger.register({ rp: { id: RP_ID }, user: { id: 'AAAA' }, challenge: 'x' })
    expect((await device.finish('login', ceremonyId, stranger.authenticate(options))).body).toMatchObject({
      code: 'PASSKEY_UNKNOWN',
      message: 'This passkey is not registered with this wallet server',
    })
  })

  it('lets an email user add a passkey (signed in only), then log in with it to the same wallet', async () => {
    const device = visitor()
    const email = `passkey.${randomUUID().slice(0, 8)}@example.com`
    expect((await server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId: device.deviceId }, device.as)).status).toBe(200)
    const verified = await server.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId: device.deviceId, otp: server.latestCode(email) }, device.as)
    const emailLogin = verified.body as Login
    const [evm] = await registerFrameWallets((path, body) => server.post(`${path}?projectId=shop`, body, device.bearer(emailLogin.session.token)))

    expect((await server.post('/auth/v1/passkey/add/start?projectId=shop', {}, device.as)).status).toBe(401)
    const started = await server.post('/auth/v1/passkey/add/start?projectId=shop', {}, device.bearer(emailLogin.session.token))
    expect(started.status).toBe(200)
    const { ceremonyId, options } = started.body as Ceremony
    expect((options.user as Json).name).toBe(email)
    const authenticator = createSoftAuthenticator({ origin: SECURE_ORIGIN })
    const added = await server.post('/auth/v1/passkey/add/finish?projectId=shop', { ceremonyId, response: authenticator.register(options) }, device.bearer(emailLogin.session.token))
    expect(added.body).toEqual({ credentialId: authenticator.credentialId })

    const again = await server.post('/auth/v1/passkey/add/start?projectId=shop', {}, device.bearer(emailLogin.session.token))
    expect((again.body as Ceremony).options.excludeCredentials).toEqual([{ id: authenticator.credentialId, type: 'public-key', transports: ['internal', 'hybrid'] }])

    const other = visitor()
    const login = await other.begin('login')
    const passkeyLogin = await other.finish('login', login.ceremonyId, authenticator.authenticate(login.options))
    expect((passkeyLogin.body as Login).user).toMatchObject({ email, address: evm!.address })
  })

  it('lets a passkey user add an email (one code to the new address), then sign in by email to the same wallet', async () => {
    const { device, login } = await signUp()
    const email = `added.${randomUUID().slice(0, 8)}@example.com`
    const started = await server.post('/auth/v1/email/update?projectId=shop', { newEmail: email }, device.bearer(login.session.token))
    expect(started.body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const confirmed = await server.post('/auth/v1/email/update/secondary?projectId=shop', { otp: server.latestCode(email) }, device.bearer(login.session.token))
    expect(confirmed.body).toEqual({ newEmail: email })
    expect((await server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId: device.deviceId }, device.as)).body).toEqual({ action: 'VERIFY_OTP' })
    const byEmail = await server.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId: device.deviceId, otp: server.latestCode(email) }, device.as)
    expect((byEmail.body as Login).user).toMatchObject({ email, address: login.user.address })
  })

  it('finishes on another server instance a ceremony begun on this one (the challenge is in the database)', async () => {
    const { authenticator, login } = await signUp()
    const device = visitor()
    const { ceremonyId, options } = await device.begin('login')
    const second = await startAuthTestServer({ database: server.dbConfig, keyring: server.keyring, trustProxy: ['loopback'], startAt: server.clock.now })
    try {
      const finished = await second.post('/auth/v1/passkey/login/finish', { projectId: 'shop', deviceId: device.deviceId, ceremonyId, response: authenticator.authenticate(options) }, device.as)
      expect((finished.body as Login).user.address).toBe(login.user.address)
    } finally {
      await second.close()
    }
  })

  it('refuses an origin other than the secure page, before reading the body', async () => {
    const response = await server.post('/auth/v1/passkey/login/start', { projectId: 'shop', deviceId: randomUUID() }, { origin: 'https://shop.example' })
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' })
  })
})

describe('passkey route limits', () => {
  const [sqlite] = engines
  it('refuses a client that starts too many ceremonies, with Retry-After', async () => {
    const server = await startAuthTestServer({ database: await sqlite!.freshDatabase(), routeLimits: { passkeyStartsPerIp: { max: 2, windowMs: 60_000 } } })
    try {
      const start = () => server.post('/auth/v1/passkey/login/start', { projectId: 'shop', deviceId: randomUUID() })
      expect((await start()).status).toBe(200)
      expect((await start()).status).toBe(200)
      const refused = await start()
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many passkey requests from this network. Please try again after [0-9]+ seconds$/) })
    } finally {
      await server.close()
    }
  })
})
