/**
 * Two server processes on one PostgreSQL, as an operator runs several instances
 * behind a proxy (docs/self-hosting.md, "Several instances"): every request may land
 * on either, so codes, sessions, rate limits and nonces must work across them.
 */
import { randomBytes } from 'node:crypto'
import { type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { CUSTODY_PATHS } from '../src/shared/custodyApi'
import { registerFrameWallets, toBase64 } from './test/frameWallet'
import { type PostgresInstance, startPostgres } from './test/postgres'
import { type ServerProcess, sharedInstanceEnv, startServerProcess } from './test/serverProcess'
import { createTestDevice, withProof } from './test/dpop'

const DAPP = 'https://shop.example'
const SECURE = 'https://secure.shop.example'

describe('two server processes on one PostgreSQL', () => {
  let pg: PostgresInstance
  let a: ServerProcess
  let b: ServerProcess
  beforeAll(async () => {
    pg = await startPostgres()
    const env = sharedInstanceEnv({ databaseUrl: await pg.createDatabase(), instances: 2, project: { id: 'shop', allowedOrigins: [DAPP] }, secureOrigin: SECURE })
    // Started together, so they also migrate the fresh database at the same time.
    ;[a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)])
  }, 120_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await pg?.stop()
  })

  /** The secure page's device key: calls carry its proof (DPoP) unless a test sets its own `dpop` header. */
  const device = createTestDevice(Date.now)
  const call = async (server: ServerProcess, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: await withProof(await device, method, `${server.url}${path}`, { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it('both are ready after starting together on a fresh database', async () => {
    expect((await fetch(`${a.url}/ready`)).status).toBe(200)
    expect((await fetch(`${b.url}/ready`)).status).toBe(200)
  })

  it('an email code mailed by one is verified by the other, and the session it opens works on both until signed out on either', async () => {
    const email = `two-${randomBytes(4).toString('hex')}@shop.example`
    const deviceId = randomBytes(16).toString('base64url')
    const fromSecure = { origin: SECURE }

    expect(await call(b, 'POST', '/auth/v1/email/start', fromSecure, { projectId: 'shop', email, deviceId })).toEqual({ status: 200, body: { action: 'VERIFY_OTP' } })
    const verified = await call(a, 'POST', '/auth/v1/email/verify', fromSecure, { projectId: 'shop', email, deviceId, otp: b.codeFor(email) })
    expect(verified.status).toBe(200)
    const { session, user } = verified.body as { session: { token: string }; user: { address: Hex; email: string } }
    expect(user.email).toBe(email)

    // The session A made, used on B: the wallet the frame registers through B, A serves, with this device's share.
    const withSession = { ...fromSecure, authorization: `Bearer ${session.token}`, 'x-portico-device': deviceId }
    const [evm] = await registerFrameWallets(async (path, body) => {
      const { status, body: answer } = await call(b, 'POST', `${path}?projectId=shop`, withSession, body)
      return { status, body: answer, text: '', headers: new Headers() }
    })
    expect(await call(a, 'GET', '/auth/v1/me?projectId=shop', withSession)).toMatchObject({ status: 200, body: { user: { address: evm!.address } } })
    const share = await call(a, 'GET', `${CUSTODY_PATHS.authShare}?projectId=shop&namespace=eip155`, withSession)
    expect(share).toMatchObject({ status: 200, body: { address: evm!.address, authShare: toBase64(evm!.auth) } })

    // A request captured on its way to A is refused by B: the proofs taken are shared.
    const captured = { ...withSession, dpop: await (await device).prove({ method: 'GET', url: `${a.url}/auth/v1/me`, accessToken: session.token }) }
    expect((await call(a, 'GET', '/auth/v1/me?projectId=shop', captured)).status).toBe(200)
    expect(await call(b, 'GET', '/auth/v1/me?projectId=shop', captured)).toMatchObject({ status: 401, body: { code: 'DPOP_REPLAYED' } })

    // Signed out on B, it is gone on A too.
    expect((await call(b, 'POST', '/auth/v1/logout', withSession)).body).toEqual({ success: true })
    expect(await call(a, 'GET', '/auth/v1/me?projectId=shop', withSession)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } })
  }, 30_000)

  it('a SIWE nonce issued by one is redeemed on the other, once, and the session opened there works on the first', async () => {
    const fromDapp = { origin: DAPP }
    const nonce = await call(a, 'POST', '/siwx/v1/nonce?projectId=shop', fromDapp)
    expect(nonce.status).toBe(200)
    const account = privateKeyToAccount(generatePrivateKey())
    const message = createSiweMessage({
      address: account.address,
      chainId: 1,
      domain: 'shop.example',
      uri: `${DAPP}/login`,
      version: '1',
      nonce: nonce.body.nonce as string,
      issuedAt: new Date(),
      statement: 'Sign in to Shop',
    })
    const signature = await account.signMessage({ message })

    const verified = await call(b, 'POST', '/siwx/v1/verify?projectId=shop', fromDapp, { message, signature })
    expect(verified.status).toBe(200)
    // Used on B, so A refuses it too.
    expect(await call(a, 'POST', '/siwx/v1/verify?projectId=shop', fromDapp, { message, signature })).toMatchObject({ status: 401, body: { code: 'INVALID_NONCE' } })

    const token = verified.body.token as string
    expect(await call(a, 'GET', '/siwx/v1/session?projectId=shop', { ...fromDapp, authorization: `Bearer ${token}` })).toMatchObject({
      status: 200,
      body: { session: { address: account.address, chainId: 'eip155:1' } },
    })
  }, 30_000)

  it('counts a rate limit across both: half the allowance on each, then both refuse', async () => {
    // POST /siwx/v1/nonce allows 30 a minute from one address (routeLimits.ts).
    const nonceFrom = (server: ServerProcess, ip: string) => call(server, 'POST', '/siwx/v1/nonce?projectId=shop', { origin: DAPP, 'x-forwarded-for': ip })
    const visitor = '10.17.0.1'
    const statuses: number[] = []
    for (let index = 0; index < 30; index++) statuses.push((await nonceFrom(index % 2 === 0 ? a : b, visitor)).status)
    expect(statuses).toEqual(Array(30).fill(200))

    expect(await nonceFrom(a, visitor)).toMatchObject({ status: 429 })
    expect(await nonceFrom(b, visitor)).toMatchObject({ status: 429 })
    // Another visitor is not affected.
    expect((await nonceFrom(b, '10.17.0.2')).status).toBe(200)
  }, 30_000)
})
