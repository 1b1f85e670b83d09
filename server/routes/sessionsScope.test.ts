/**
 * Smart sessions are the account's own, per project, on both engines: a permissions
 * context recorded first by someone else (under their own account) does not block the
 * account, and the list of an account's sessions is metered and paged.
 */
import { type Hex, keccak256 } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type * as Wire from '../../src/shared/blockchainApi'
import { smartSessionGrantMessage } from '../../src/shared/smartSessions'
import { createServer } from '../app'
import { type RouteLimits } from '../routeLimits'
import { setupTestEngines } from '../test/engines'
import { http, listen } from '../test/http'
import { TEST_PROJECTS } from '../test/projects'

const engines = setupTestEngines()
const NOW = Date.parse('2030-01-01T00:00:00Z')
const expiry = NOW / 1000 + 3600
const permissions = [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1' } }]

describe.each(engines)('smart sessions on $name', ({ freshDatabase }) => {
  const closers: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const close of closers.splice(0)) await close()
  })
  const clock = { now: NOW }

  async function serve(routeLimits: Partial<RouteLimits> = {}) {
    const app = createServer({
      database: await freshDatabase(),
      projects: TEST_PROJECTS,
      now: () => clock.now,
      trustProxy: ['127.0.0.1'],
      routeLimits: { sessionWritesPerIp: { max: 1000, windowMs: 60_000 }, ...routeLimits },
    })
    const baseUrl = await listen(app)
    closers.push(() => app.close())
    const call = (method: 'GET' | 'POST', path: string, body?: unknown, ip = '10.5.0.1') =>
      http(baseUrl, path, {
        method,
        headers: { 'x-forwarded-for': ip, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    return { call }
  }

  const owner = privateKeyToAccount(generatePrivateKey())
  const squatter = privateKeyToAccount(generatePrivateKey())
  const caip = (address: string) => `eip155:1:${address}`
  const path = (address: string, project = 'shop', query = '') => `/v1/sessions/${encodeURIComponent(caip(address))}?projectId=${project}${query}`

  async function grant(signer: typeof owner, context: Hex, project = 'shop') {
    const pci = keccak256(context)
    const signature = await signer.signMessage({ message: smartSessionGrantMessage({ account: caip(signer.address), projectId: project, pci, expiry }) })
    return { context, expiry, permissions, signature }
  }

  it("is not blocked by a squatter who recorded the account's context first, under its own account", async () => {
    const { call } = await serve()
    const context: Hex = '0xc0ffee'
    expect((await call('POST', path(squatter.address), await grant(squatter, context))).status).toBe(201)
    const recorded = await call('POST', path(owner.address), await grant(owner, context))
    expect(recorded.status).toBe(201)
    expect((await call('POST', path(owner.address, 'quiet'), await grant(owner, context, 'quiet'))).status).toBe(201)
    // Twice for the same account and project is still a conflict.
    expect(await call('POST', path(owner.address), await grant(owner, context))).toMatchObject({ status: 409, body: { code: 'SESSION_EXISTS' } })

    // Each revokes its own: the owner's revocation leaves the squatter's row alone.
    const pci = keccak256(context)
    const revoke = { pci, signature: await owner.signMessage({ message: pci }) }
    expect((await call('POST', `${path(owner.address).replace('?', '/revoke?')}`, revoke)).body).toEqual({ success: true })
    const listed = (address: string, project = 'shop') => call('GET', path(address, project)).then((r) => (r.body as Wire.SessionsResponse).pcis)
    expect((await listed(owner.address))[0]).toMatchObject({ pci, revokedAt: NOW / 1000 })
    expect((await listed(squatter.address))[0]).toMatchObject({ pci, revokedAt: null })
    expect((await listed(owner.address, 'quiet'))[0]).toMatchObject({ pci, revokedAt: null })
  })

  it('pages the list, newest first, with limit and cursor', async () => {
    const { call } = await serve()
    const contexts: Hex[] = ['0x01', '0x02', '0x03', '0x04', '0x05']
    for (const [index, context] of contexts.entries()) {
      clock.now = NOW + index * 1000
      expect((await call('POST', path(owner.address), await grant(owner, context))).status).toBe(201)
    }
    clock.now = NOW
    const seen: string[] = []
    let cursor: string | undefined
    const pages: number[] = []
    do {
      const page = await call('GET', path(owner.address, 'shop', `&limit=2${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`))
      expect(page.status).toBe(200)
      const body = page.body as Wire.SessionsResponse
      pages.push(body.pcis.length)
      seen.push(...body.pcis.map((session) => session.pci))
      cursor = body.next
    } while (cursor !== undefined)
    expect(pages).toEqual([2, 2, 1])
    expect(seen).toEqual([...contexts].reverse().map((context) => keccak256(context)))

    const all = (await call('GET', path(owner.address))).body as Wire.SessionsResponse
    expect(all.pcis).toHaveLength(5)
    expect(all.next).toBeUndefined()
    expect((await call('GET', path(owner.address, 'shop', '&limit=0'))).status).toBe(400)
    expect((await call('GET', path(owner.address, 'shop', '&limit=101'))).status).toBe(400)
    expect(await call('GET', path(owner.address, 'shop', '&cursor=nonsense'))).toMatchObject({ status: 400, body: { code: 'INVALID_CURSOR' } })
  })

  it('meters the list per client', async () => {
    const { call } = await serve({ sessionReadsPerIp: { max: 2, windowMs: 60_000 } })
    expect((await call('GET', path(owner.address))).status).toBe(200)
    expect((await call('GET', path(owner.address))).status).toBe(200)
    const third = await call('GET', path(owner.address))
    expect(third).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many session reads from this network/) } })
    expect((await call('GET', path(owner.address), undefined, '10.5.0.2')).status).toBe(200)
  })
})
