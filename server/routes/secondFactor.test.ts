/**
 * A second factor required for what matters (issue 32), over real HTTP on a real SQLite
 * file and a real PostgreSQL. Once a user enrols an authenticator app and/or a passkey as
 * a second factor, key export, recovery on a new device, adding it, removing a device and
 * changing the email need a fresh proof of one of them on the session; an email code no
 * longer does. Without one enrolled, those actions are as they were.
 */
import { randomUUID } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { CUSTODY_PATHS, STEP_UP_PATHS } from '../../src/shared/custodyApi'
import { DEVICE_PATHS, type DeviceSummary } from '../../src/shared/devicesApi'
import { MFA_PATHS } from '../../src/shared/mfaApi'
import { STEP_UP_TTL_MS } from '../auth/stepUp'
import { SECURE_ORIGIN, type AuthTestServer, startAuthTestServer } from '../test/authServer'
import { type DeviceSession, loginOnDevice } from '../test/deviceLogin'
import { setupTestEngines } from '../test/engines'
import { frameWallet, registerFrameWallets, toBase64 } from '../test/frameWallet'
import { createSoftAuthenticator } from '../test/softAuthenticator'

const engines = setupTestEngines()

const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at })

const SECOND_FACTOR_REQUIRED = {
  error: 'Second Factor Required',
  code: 'SECOND_FACTOR_REQUIRED',
  message: 'Confirm it is you with your authenticator app or passkey first; the confirmation lasts 5 minutes',
}

describe.each(engines)('second factor required on $name', ({ freshDatabase }) => {
  let server: AuthTestServer
  beforeAll(async () => {
    server = await startAuthTestServer({ database: await freshDatabase(), trustProxy: ['loopback'] })
  })
  afterAll(async () => server?.close())

  let ipCounter = 0
  const newIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`
  const newEmail = () => `mfa2.${randomUUID().slice(0, 8)}@example.com`
  const login = (email: string) => loginOnDevice(server, email, { ip: newIp() })

  /** Enrols an authenticator app on the session's user; answers its secret, the clock moved past the confirming code. */
  async function enrolTotp(session: DeviceSession): Promise<string> {
    const { secret } = (await session.post(MFA_PATHS.totpEnrol, {})).body as { secret: string }
    expect((await session.post(MFA_PATHS.totpConfirm, { code: codeAt(secret, server.clock.now) })).body).toEqual({ totp: 'enrolled' })
    server.clock.advance(30_000)
    return secret
  }

  /** A step-up by the app's current code, then the clock moved so the next code is new. */
  async function totpStepUp(session: DeviceSession, secret: string) {
    const answer = await session.post(STEP_UP_PATHS.totpFinish, { code: codeAt(secret, server.clock.now) })
    server.clock.advance(30_000)
    return answer
  }

  async function emailStepUp(session: DeviceSession, email: string) {
    expect((await session.post(STEP_UP_PATHS.emailStart, {})).status).toBe(200)
    return session.post(STEP_UP_PATHS.emailFinish, { otp: server.latestCode(email) })
  }

  it('steps up with the authenticator app; once it is enrolled, only it counts, and an email code no longer unlocks export', async () => {
    const email = newEmail()
    const device = await login(email)
    await registerFrameWallets(device.post)
    expect((await device.get(STEP_UP_PATHS.status)).body).toEqual({ methods: ['email'], secondFactor: false })
    // Not enrolled: no app to check a code against.
    expect((await device.post(STEP_UP_PATHS.totpFinish, { code: '123456' })).body).toMatchObject({ code: 'MFA_NOT_ENROLLED' })

    const secret = await enrolTotp(device)
    expect((await device.get(MFA_PATHS.status)).body).toEqual({ totp: 'enrolled', passkey: 'none', passkeys: 0 })
    expect((await device.get(STEP_UP_PATHS.status)).body).toEqual({ methods: ['totp'], secondFactor: true })

    // An email step-up is recorded but is not the second factor: export stays shut, and the status says it is not fresh.
    expect((await emailStepUp(device, email)).status).toBe(200)
    expect((await device.get(STEP_UP_PATHS.status)).body).toEqual({ methods: ['totp'], secondFactor: true })
    expect((await device.post(CUSTODY_PATHS.export, { namespace: 'eip155' })).body).toEqual(SECOND_FACTOR_REQUIRED)

    const wrong = await device.post(STEP_UP_PATHS.totpFinish, { code: codeAt(secret, server.clock.now) === '000000' ? '111111' : '000000' })
    expect(wrong.body).toMatchObject({ code: 'MFA_CODE_INVALID' })
    const proved = await totpStepUp(device, secret)
    expect(proved.body).toMatchObject({ method: 'totp' })
    expect((await device.get(STEP_UP_PATHS.status)).body).toMatchObject({ methods: ['totp'], secondFactor: true, freshUntil: expect.any(String) })
    expect((await device.post(CUSTODY_PATHS.export, { namespace: 'eip155' })).status).toBe(200)

    // Five minutes on the server's clock, then it is needed again.
    server.clock.advance(STEP_UP_TTL_MS)
    expect((await device.post(CUSTODY_PATHS.export, { namespace: 'eip155' })).body).toMatchObject({ code: 'STEP_UP_REQUIRED' })
  })

  it('removing a device needs the second factor once one is enrolled, and only then', async () => {
    const email = newEmail()
    const laptop = await login(email)
    await registerFrameWallets(laptop.post)
    server.clock.advance(60_000)
    const phone = await login(email)
    server.clock.advance(60_000)
    await login(email)
    // Newest first: the tablet, the phone, the laptop.
    const [tabletId, phoneId] = ((await laptop.get(DEVICE_PATHS.list)).body as { devices: DeviceSummary[] }).devices.map((device) => device.id)
    // No second factor: as before, a signed-in device that can sign removes another.
    expect((await laptop.post(DEVICE_PATHS.remove, { id: tabletId })).body).toEqual({ removed: true })

    const secret = await enrolTotp(laptop)
    expect((await laptop.post(DEVICE_PATHS.remove, { id: phoneId })).body).toEqual(SECOND_FACTOR_REQUIRED)
    expect((await phone.get(DEVICE_PATHS.list)).status).toBe(200)
    expect((await totpStepUp(laptop, secret)).status).toBe(200)
    expect((await laptop.post(DEVICE_PATHS.remove, { id: phoneId })).body).toEqual({ removed: true })
    expect((await phone.get(DEVICE_PATHS.list)).status).toBe(401)
  })

  it('changing the email needs the second factor once one is enrolled', async () => {
    const email = newEmail()
    const device = await login(email)
    expect((await device.post('/auth/v1/email/update', { newEmail: newEmail() })).status).toBe(200)
    const secret = await enrolTotp(device)
    expect((await device.post('/auth/v1/email/update', { newEmail: newEmail() })).body).toEqual(SECOND_FACTOR_REQUIRED)
    expect((await totpStepUp(device, secret)).status).toBe(200)
    expect((await device.post('/auth/v1/email/update', { newEmail: newEmail() })).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
  })

  it('recovery on a new device, and adding it, need the second factor proved on that new session', async () => {
    const email = newEmail()
    const first = await login(email)
    const evm = await frameWallet('eip155')
    const register = await first.post(CUSTODY_PATHS.wallets, { wallets: [{ namespace: 'eip155', address: evm.address, authShare: toBase64(evm.auth) }] })
    expect(register.status).toBe(200)
    const sealed = await frameWallet('eip155', evm.key)
    expect((await first.post(CUSTODY_PATHS.recovery, { namespace: 'eip155', address: evm.address, authShare: toBase64(sealed.auth), envelope: { version: 1 } })).status).toBe(200)
    const secret = await enrolTotp(first)

    const newDevice = await login(email)
    expect((await newDevice.get(`${CUSTODY_PATHS.recovery}?namespace=eip155`)).body).toEqual(SECOND_FACTOR_REQUIRED)
    const own = await frameWallet('eip155', evm.key)
    const add = () => newDevice.post(CUSTODY_PATHS.recoveredDevice, { namespace: 'eip155', address: evm.address, authShare: toBase64(own.auth) })
    expect((await add()).body).toEqual(SECOND_FACTOR_REQUIRED)
    // The first device's proof does not carry over to the new one.
    expect((await totpStepUp(first, secret)).status).toBe(200)
    expect((await newDevice.get(`${CUSTODY_PATHS.recovery}?namespace=eip155`)).body).toEqual(SECOND_FACTOR_REQUIRED)

    expect((await totpStepUp(newDevice, secret)).status).toBe(200)
    expect((await newDevice.get(`${CUSTODY_PATHS.recovery}?namespace=eip155`)).body).toMatchObject({ address: evm.address, version: 1 })
    expect((await add()).body).toEqual({ namespace: 'eip155', address: evm.address })
  })

  it('enrols a passkey as the second factor only right after a passkey step-up; then it is required and proves it, and it is removed only with a second factor', async () => {
    const email = newEmail()
    const device = await login(email)
    await registerFrameWallets(device.post)
    expect((await device.post(MFA_PATHS.passkeyEnrol, {})).body).toMatchObject({ code: 'STEP_UP_NO_PASSKEY', message: 'Add a passkey to this account first' })

    const authenticator = createSoftAuthenticator({ origin: SECURE_ORIGIN })
    const { ceremonyId, options } = (await device.post('/auth/v1/passkey/add/start', {})).body as { ceremonyId: string; options: Record<string, unknown> }
    expect((await device.post('/auth/v1/passkey/add/finish', { ceremonyId, response: authenticator.register(options) })).status).toBe(200)
    expect((await device.get(MFA_PATHS.status)).body).toEqual({ totp: 'none', passkey: 'none', passkeys: 1 })
    // Having a passkey is not enrolling it: the email code still steps up.
    expect((await device.get(STEP_UP_PATHS.status)).body).toEqual({ methods: ['email', 'passkey'], secondFactor: false })

    // An email step-up does not enrol the passkey: it must be proved with the passkey itself.
    expect((await emailStepUp(device, email)).status).toBe(200)
    expect((await device.post(MFA_PATHS.passkeyEnrol, {})).body).toMatchObject({ code: 'STEP_UP_REQUIRED', message: 'Confirm it is you with your passkey first; the confirmation lasts 5 minutes' })
    const passkeyStepUp = async () => {
      const started = (await device.post(STEP_UP_PATHS.passkeyStart, {})).body as { ceremonyId: string; options: Record<string, unknown> }
      return device.post(STEP_UP_PATHS.passkeyFinish, { ceremonyId: started.ceremonyId, response: authenticator.authenticate(started.options) })
    }
    expect((await passkeyStepUp()).status).toBe(200)
    expect((await device.post(MFA_PATHS.passkeyEnrol, {})).body).toEqual({ passkey: 'enrolled' })
    expect((await device.get(STEP_UP_PATHS.status)).body).toMatchObject({ methods: ['passkey'], secondFactor: true })

    server.clock.advance(STEP_UP_TTL_MS)
    expect((await emailStepUp(device, email)).status).toBe(200)
    expect((await device.post(CUSTODY_PATHS.export, { namespace: 'eip155' })).body).toEqual(SECOND_FACTOR_REQUIRED)
    expect((await device.post(MFA_PATHS.passkeyRemove, {})).body).toEqual(SECOND_FACTOR_REQUIRED)
    expect((await passkeyStepUp()).status).toBe(200)
    expect((await device.post(CUSTODY_PATHS.export, { namespace: 'eip155' })).status).toBe(200)
    expect((await device.post(MFA_PATHS.passkeyRemove, {})).body).toEqual({ passkey: 'none' })
    expect((await device.get(STEP_UP_PATHS.status)).body).toMatchObject({ methods: ['email', 'passkey'], secondFactor: false })
  })

  it('the new routes answer only a signed-in session from the secure origin', async () => {
    expect((await server.post(`${STEP_UP_PATHS.totpFinish}?projectId=shop`, { code: '123456' })).status).toBe(401)
    expect((await server.post(`${MFA_PATHS.passkeyEnrol}?projectId=shop`, {})).status).toBe(401)
    expect((await server.post(`${MFA_PATHS.passkeyEnrol}?projectId=shop`, {}, { origin: 'https://dapp.example' })).status).toBe(403)
    const device = await login(newEmail())
    expect((await device.post(STEP_UP_PATHS.totpFinish, {})).status).toBe(400)
    expect((await device.post(STEP_UP_PATHS.totpFinish, { code: '1'.repeat(17) })).status).toBe(400)
  })
})
