/**
 * The device list and device removal over real HTTP on a real SQLite file and a real
 * PostgreSQL: a user's two devices (one made the wallet, one recovered it) each see
 * both; removing one deletes its auth shares and ends its sessions, and nothing else:
 * the other device, the recovery holder's share and other users are untouched.
 */
import { randomUUID } from 'node:crypto'
import { hashDeviceId } from '../auth/sessionToken'
import { RECOVERY_HOLDER } from '../db/custodyShares'
import { CUSTODY_PATHS } from '../../src/shared/custodyApi'
import { DEVICE_PATHS, type DeviceSummary } from '../../src/shared/devicesApi'
import { type AuthTestServer, startAuthTestServer } from '../test/authServer'
import { type DeviceSession, loginOnDevice } from '../test/deviceLogin'
import { setupTestEngines } from '../test/engines'
import { frameWallet, toBase64 } from '../test/frameWallet'

const engines = setupTestEngines()

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

describe.each(engines)('devices on $name', ({ freshDatabase }) => {
  let server: AuthTestServer
  beforeAll(async () => {
    server = await startAuthTestServer({ database: await freshDatabase(), trustProxy: ['loopback'], routeLimits: { deviceRemovalsPerIp: { max: 4, windowMs: 3_600_000 } } })
  })
  afterAll(async () => server?.close())

  let ipCounter = 0
  const newIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`
  const list = async (session: DeviceSession) => {
    const answer = await session.get(DEVICE_PATHS.list)
    expect(answer.status).toBe(200)
    return (answer.body as { devices: DeviceSummary[] }).devices
  }
  const remove = (session: DeviceSession, id: string) => session.post(DEVICE_PATHS.remove, { id })
  const sharesOf = (deviceHash: string) => server.db.selectFrom('custody_auth_shares').select(['id', 'revoked_at']).where('device_hash', '=', deviceHash).execute()

  /** A user with a wallet made on a laptop, a recovery set there, and a phone that recovered it: both hold their own auth share. */
  async function twoDevices() {
    const email = `devices.${randomUUID().slice(0, 8)}@example.com`
    const laptop = await loginOnDevice(server, email, { ip: newIp(), userAgent: MAC_CHROME })
    const made = await frameWallet('eip155')
    expect((await laptop.post(CUSTODY_PATHS.wallets, { wallets: [{ namespace: 'eip155', address: made.address, authShare: toBase64(made.auth) }] })).status).toBe(200)
    const recoverySplit = await frameWallet('eip155', made.key)
    const envelope = { version: 1, sealed: toBase64(recoverySplit.recovery) }
    expect((await laptop.post(CUSTODY_PATHS.recovery, { namespace: 'eip155', address: made.address, authShare: toBase64(recoverySplit.auth), envelope })).status).toBe(200)
    server.clock.advance(60_000)
    const phone = await loginOnDevice(server, email, { ip: newIp(), userAgent: IPHONE_SAFARI })
    const own = await frameWallet('eip155', made.key)
    expect((await phone.post(CUSTODY_PATHS.recoveredDevice, { namespace: 'eip155', address: made.address, authShare: toBase64(own.auth) })).status).toBe(200)
    return { email, laptop, phone, address: made.address }
  }

  it('lists each device of the user with a label, when it was added and last used, and which one is asking; the id is neither the device id nor its hash', async () => {
    const { laptop, phone } = await twoDevices()
    const seen = await list(phone)
    expect(seen).toEqual([
      { id: expect.any(String), label: 'Safari on iOS', addedAt: '2030-01-01T00:01:00.000Z', lastUsedAt: '2030-01-01T00:01:00.000Z', current: true },
      { id: expect.any(String), label: 'Chrome on macOS', addedAt: '2030-01-01T00:00:00.000Z', lastUsedAt: '2030-01-01T00:00:00.000Z', current: false },
    ])
    for (const { id } of seen) {
      expect([laptop.deviceId, phone.deviceId, hashDeviceId(laptop.deviceId), hashDeviceId(phone.deviceId)]).not.toContain(id)
    }
    // The laptop sees the same two, itself marked; rebuilding its key (the auth share) counts as a use.
    server.clock.advance(5_000)
    expect((await laptop.get(`${CUSTODY_PATHS.authShare}?namespace=eip155`)).status).toBe(200)
    const fromLaptop = await list(laptop)
    expect(fromLaptop.map((device) => [device.label, device.current, device.lastUsedAt])).toEqual([
      ['Safari on iOS', false, '2030-01-01T00:01:00.000Z'],
      ['Chrome on macOS', true, '2030-01-01T00:01:05.000Z'],
    ])
  })

  it("removing a device deletes its shares and ends its sessions; the other device, the recovery holder's share and other users are untouched", async () => {
    const { email, laptop, phone, address } = await twoDevices()
    const bystander = await twoDevices()
    const laptopHash = hashDeviceId(laptop.deviceId)
    expect(await sharesOf(laptopHash)).toHaveLength(1)
    const recoveryBefore = await server.db.selectFrom('custody_auth_shares').select('id').where('device_hash', '=', RECOVERY_HOLDER).execute()
    const laptopId = (await list(phone)).find((device) => !device.current)!.id

    expect((await remove(phone, laptopId)).body).toEqual({ removed: true })

    // The laptop's session is over: its token is refused, and it gets no share.
    expect((await laptop.get(`${CUSTODY_PATHS.authShare}?namespace=eip155`)).status).toBe(401)
    expect((await laptop.get(DEVICE_PATHS.list)).status).toBe(401)
    expect(await sharesOf(laptopHash)).toEqual([])
    // The device is no longer approved: signing in there again needs an emailed device code, and still finds no share.
    expect(await server.db.selectFrom('auth_devices').select('id').where('device_hash', '=', laptopHash).execute()).toEqual([])
    const again = await loginOnDevice(server, email, { ip: newIp(), deviceId: laptop.deviceId })
    expect((await again.get(`${CUSTODY_PATHS.authShare}?namespace=eip155`)).body).toMatchObject({ code: 'AUTH_SHARE_NOT_FOUND' })

    // The phone keeps its share and its session; the recovery holder's share and the other user are untouched.
    expect((await phone.get(`${CUSTODY_PATHS.authShare}?namespace=eip155`)).body).toMatchObject({ address })
    expect(await server.db.selectFrom('custody_auth_shares').select('id').where('device_hash', '=', RECOVERY_HOLDER).execute()).toEqual(recoveryBefore)
    expect((await bystander.laptop.get(`${CUSTODY_PATHS.authShare}?namespace=eip155`)).status).toBe(200)
    expect(await list(bystander.phone)).toHaveLength(2)
    expect((await list(phone)).map((device) => device.label)).toEqual(['Unknown browser', 'Safari on iOS'])
  })

  it("refuses another user's device (404), the asking device itself (409), a device that cannot sign (403) and a malformed id (400)", async () => {
    const mine = await twoDevices()
    const theirs = await twoDevices()
    const theirLaptop = (await list(theirs.phone)).find((device) => !device.current)!.id
    const answer = await remove(mine.phone, theirLaptop)
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ code: 'DEVICE_NOT_FOUND', message: 'No device with this id belongs to this account' })
    expect(await list(theirs.phone)).toHaveLength(2)

    const self = (await list(mine.phone)).find((device) => device.current)!.id
    expect((await remove(mine.phone, self)).body).toMatchObject({
      code: 'CURRENT_DEVICE',
      message: 'This is the device you are using: sign out here, or remove it from another of your devices',
    })

    // A third browser that only has the email (no share, no recovery password) cannot cut the owner's devices off.
    const intruder = await loginOnDevice(server, mine.email, { ip: newIp() })
    const refused = await remove(intruder, self)
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'DEVICE_CANNOT_SIGN', message: 'Only a device that can sign for this wallet can remove another device; recover the wallet on this device first' })
    expect((await mine.phone.get(`${CUSTODY_PATHS.authShare}?namespace=eip155`)).status).toBe(200)

    expect((await remove(mine.phone, hashDeviceId(mine.laptop.deviceId))).status).toBe(400)
  })

  it('needs the session from its own device with its proof, and limits removals per client', async () => {
    const { phone, laptop } = await twoDevices()
    expect((await server.get(`${DEVICE_PATHS.list}?projectId=shop`, { authorization: `Bearer ${phone.token}` })).body).toMatchObject({ code: 'DEVICE_REQUIRED' })
    expect((await server.get(`${DEVICE_PATHS.list}?projectId=shop`, { authorization: `Bearer ${phone.token}`, 'x-portico-device': phone.deviceId, dpop: '' })).body).toMatchObject({
      code: 'DPOP_REQUIRED',
    })
    expect((await server.get(`${DEVICE_PATHS.list}?projectId=shop`, { authorization: `Bearer ${phone.token}`, 'x-portico-device': laptop.deviceId })).body).toMatchObject({ code: 'DEVICE_MISMATCH' })
    expect((await server.get(`${DEVICE_PATHS.list}?projectId=shop`, { authorization: `Bearer ${phone.token}`, 'x-portico-device': phone.deviceId, origin: 'https://dapp.example' })).status).toBe(403)

    // The test server allows 4 removals an hour per client (the default is 10): the fifth is refused whatever it asks.
    const ip = newIp()
    const limited = await loginOnDevice(server, `limit.${randomUUID().slice(0, 8)}@example.com`, { ip })
    const statuses = []
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await limited.post(DEVICE_PATHS.remove, { id: randomUUID() })).status)
    expect(statuses).toEqual([404, 404, 404, 404, 429])
  })
})
