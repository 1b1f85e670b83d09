import { type Hex, keccak256 } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type * as Wire from '../../src/shared/blockchainApi'
import { smartSessionGrantMessage } from '../../src/shared/smartSessions'
import { http } from '../test/http'
import { setupTestServer } from '../test/server'

const clock = Date.parse('2030-01-01T00:00:00Z')
const server = setupTestServer({ now: () => clock, routeLimits: { sessionWritesPerIp: { max: 1000, windowMs: 60_000 } } })

const owner = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const caip = (address: string) => `eip155:1:${address}`
const expiry = clock / 1000 + 3600
const permissions = [{ type: 'native-token-recurring-allowance', data: { allowance: '0x2386f26fc10000', period: 86_400 } }]

const call = (method: 'GET' | 'POST', path: string, body?: unknown, project = 'shop') =>
  http(server.baseUrl, `${path}?projectId=${project}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
const sessionsPath = (address: string) => `/v1/sessions/${encodeURIComponent(caip(address))}`

async function record(context: Hex, { signer = owner, project = 'shop', until = expiry } = {}) {
  const pci = keccak256(context)
  const signature = await signer.signMessage({ message: smartSessionGrantMessage({ account: caip(owner.address), projectId: project, pci, expiry: until }) })
  return call('POST', sessionsPath(owner.address), { context, expiry: until, permissions, signature, dapp: { name: 'Shop', url: 'https://shop.example' } }, project)
}

describe('smart sessions', () => {
  it('records a session signed by the account and lists it under its pci', async () => {
    const context: Hex = '0x0001020304'
    const recorded = await record(context)
    expect(recorded.status).toBe(201)
    const session: Wire.SmartSession = {
      pci: keccak256(context),
      project: { id: 'shop', name: 'Shop', url: 'https://shop.example' },
      createdAt: clock / 1000,
      expiry,
      permissions,
      context,
      revokedAt: null,
    }
    expect(recorded.body).toEqual(session)
    const listed = await call('GET', sessionsPath(owner.address))
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual({ pcis: [session] })
    // The address in any case names the same account.
    expect((await call('GET', sessionsPath(owner.address.toLowerCase()))).body).toEqual({ pcis: [session] })
  })

  it('lists only the sessions recorded through the asking project', async () => {
    await record('0x0a0b', { project: 'quiet' })
    const quiet = (await call('GET', sessionsPath(owner.address), undefined, 'quiet')).body as Wire.SessionsResponse
    expect(quiet.pcis.map((s) => s.pci)).toEqual([keccak256('0x0a0b')])
    const shop = (await call('GET', sessionsPath(owner.address))).body as Wire.SessionsResponse
    expect(shop.pcis.map((s) => s.pci)).not.toContain(keccak256('0x0a0b'))
  })

  it('refuses a grant signed by another key, signed for another project, expired, too long, or recorded twice', async () => {
    expect((await record('0x11', { signer: stranger })).body).toMatchObject({ error: 'Unauthorized', code: 'INVALID_SIGNATURE' })
    // Signed for 'quiet', sent to 'shop': the message names the project.
    const pci = keccak256('0x12')
    const forQuiet = await owner.signMessage({ message: smartSessionGrantMessage({ account: caip(owner.address), projectId: 'quiet', pci, expiry }) })
    expect((await call('POST', sessionsPath(owner.address), { context: '0x12', expiry, permissions, signature: forQuiet })).status).toBe(401)
    expect((await record('0x13', { until: clock / 1000 - 1 })).body).toMatchObject({ code: 'SESSION_EXPIRED', message: 'expiry is in the past' })
    expect((await record('0x14', { until: clock / 1000 + 366 * 86_400 })).body).toMatchObject({ code: 'INVALID_EXPIRY' })
    expect((await record('0x15')).status).toBe(201)
    expect(await record('0x15')).toMatchObject({ status: 409, body: { code: 'SESSION_EXISTS' } })
  })

  it('refuses an id that is not a CAIP-10 account and malformed bodies', async () => {
    expect((await call('GET', `/v1/sessions/${owner.address}`)).body).toMatchObject({ code: 'INVALID_ACCOUNT' })
    expect((await call('POST', sessionsPath(owner.address), { context: 'nothex', expiry, permissions, signature: '0x00' })).status).toBe(400)
    expect((await call('GET', sessionsPath(owner.address), undefined, 'nobody')).body).toMatchObject({ error: 'Invalid Project ID' })
  })

  it('revokes with the account’s signature of the pci, once, and keeps it listed as revoked', async () => {
    const context: Hex = '0xbeef'
    await record(context)
    const pci = keccak256(context)
    const revoke = (signature: Hex, address = owner.address, sessionPci: string = pci) => call('POST', `${sessionsPath(address)}/revoke`, { pci: sessionPci, signature })

    expect((await revoke(await stranger.signMessage({ message: pci }))).body).toMatchObject({ code: 'INVALID_SIGNATURE' })
    // The grant signature is not a revocation.
    const grant = await owner.signMessage({ message: smartSessionGrantMessage({ account: caip(owner.address), projectId: 'shop', pci, expiry }) })
    expect((await revoke(grant)).status).toBe(401)
    // Through another account's id, even with that account's own signature: not its session.
    expect((await revoke(await stranger.signMessage({ message: pci }), stranger.address)).body).toMatchObject({ code: 'SESSION_NOT_FOUND' })
    expect((await revoke(await owner.signMessage({ message: keccak256('0x99') }), owner.address, keccak256('0x99'))).status).toBe(404)

    const signature = await owner.signMessage({ message: pci })
    expect(await revoke(signature)).toMatchObject({ status: 200, body: { success: true } })
    expect(await revoke(signature)).toMatchObject({ status: 200, body: { success: true } })
    const listed = (await call('GET', sessionsPath(owner.address))).body as Wire.SessionsResponse
    expect(listed.pcis.find((s) => s.pci === pci)?.revokedAt).toBe(clock / 1000)
  })
})

describe('smart session limits', () => {
  const limited = setupTestServer({ routeLimits: { sessionWritesPerIp: { max: 2, windowMs: 60_000 } } })
  it('counts recordings and revocations of one client together, 429 past the limit', async () => {
    const post = (path: string) =>
      http(limited.baseUrl, `${path}?projectId=shop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pci: keccak256('0x01'), signature: `0x${'11'.repeat(65)}` }),
      })
    expect((await post(`${sessionsPath(owner.address)}/revoke`)).status).toBe(404)
    expect((await post(sessionsPath(owner.address))).status).toBe(400)
    const refused = await post(`${sessionsPath(owner.address)}/revoke`)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' })
  })
})
