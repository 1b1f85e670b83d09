/**
 * The per-client limit on wrong or unknown one-time codes (30 per 15 minutes) holds
 * under concurrency, across two instances on one database: each entry is counted
 * before it is checked, in one atomic step, so no burst gets more evaluations than
 * the limit.
 */
import { randomBytes } from 'node:crypto'
import { createKeyring, generateMasterKey } from './masterKey'
import { DEFAULT_AUTH_LIMITS } from './service'
import { type AuthTestServer, startAuthTestServer } from '../test/authServer'
import { setupTestEngines } from '../test/engines'

const engines = setupTestEngines()

describe.each(engines)('wrong codes from one client on $name', ({ freshDatabase }) => {
  let a: AuthTestServer
  let b: AuthTestServer
  beforeAll(async () => {
    const database = await freshDatabase()
    const keyring = createKeyring(generateMasterKey())
    a = await startAuthTestServer({ database, keyring, trustProxy: ['127.0.0.1'] })
    b = await startAuthTestServer({ database, keyring, trustProxy: ['127.0.0.1'] })
  }, 60_000)
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  it('evaluates at most the limit of 200 concurrent unknown codes split over two instances', async () => {
    const limit = DEFAULT_AUTH_LIMITS.failedCodesPerIp.max
    const from = { 'x-forwarded-for': '10.33.0.1' }
    const attempts = Array.from({ length: 200 }, (_, index) =>
      (index % 2 === 0 ? a : b).post(
        '/auth/v1/email/verify',
        {
          projectId: 'shop',
          email: `nobody-${index}@shop.example`,
          deviceId: randomBytes(16).toString('base64url'),
          otp: '123456',
        },
        from,
      ),
    )
    const statuses = (await Promise.all(attempts)).map((result) => result.status)
    const evaluated = statuses.filter((status) => status === 400).length
    expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([])
    expect(evaluated).toBeLessThanOrEqual(limit)
    expect(evaluated).toBeGreaterThan(0)
    // Another client is not affected.
    const other = await a.post(
      '/auth/v1/email/verify',
      { projectId: 'shop', email: 'x@shop.example', deviceId: randomBytes(16).toString('base64url'), otp: '123456' },
      { 'x-forwarded-for': '10.33.0.2' },
    )
    expect(other).toMatchObject({ status: 400, body: { code: 'OTP_NOT_FOUND' } })
  }, 60_000)
})
