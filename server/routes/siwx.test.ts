import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { type ChainTestServer, startChainTestServer } from '../test/chainServer'
import { setupTestEngines } from '../test/engines'
import { type SiwxSessionBody } from './siwx'

const engines = setupTestEngines()
const START = Date.parse('2030-01-01T00:00:00Z')
const ORIGIN = 'https://shop.example'

describe.each(engines)('SIWX sessions (/siwx/v1) on $name', ({ freshDatabase }) => {
  let server: ChainTestServer
  let clock = START
  beforeAll(async () => {
    server = await startChainTestServer({ database: await freshDatabase(), now: () => clock, siwxSessionTtlMs: 3_600_000 })
  }, 60_000)
  afterAll(() => server?.close())

  const fromDapp = { origin: ORIGIN }
  const nonce = async () => {
    const { status, body } = await server.post('/siwx/v1/nonce', {}, fromDapp)
    expect(status).toBe(200)
    return (body as { nonce: string }).nonce
  }
  const newAccount = () => privateKeyToAccount(generatePrivateKey())
  const siweMessage = (address: `0x${string}`, nonceValue: string, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
    createSiweMessage({ address, chainId: 1, domain: 'shop.example', uri: `${ORIGIN}/login`, version: '1', nonce: nonceValue, issuedAt: new Date(clock), statement: 'Sign in to Shop', ...overrides })
  const bearer = (token: string) => ({ ...fromDapp, authorization: `Bearer ${token}` })

  it('nonce → verify → session → sign out', async () => {
    const account = newAccount()
    const message = siweMessage(account.address, await nonce())
    const signature = await account.signMessage({ message })

    const verified = await server.post('/siwx/v1/verify', { message, signature }, fromDapp)
    expect(verified.status).toBe(200)
    expect(verified.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const { token, session } = verified.body as { token: string; session: SiwxSessionBody }
    expect(token).toMatch(/^psx_[A-Za-z0-9_-]{43}$/)
    expect(session).toEqual({
      address: account.address,
      chainId: 'eip155:1',
      caipAddress: `eip155:1:${account.address}`,
      domain: 'shop.example',
      uri: `${ORIGIN}/login`,
      message,
      signature,
      issuedAt: new Date(START).toISOString(),
      expiresAt: new Date(START + 3_600_000).toISOString(),
    })
    // Only a hash of the token is stored.
    const rows = await server.db.selectFrom('siwx_sessions').select('token_hash').execute()
    expect(rows.some((row) => row.token_hash.includes(token))).toBe(false)

    expect(await server.get('/siwx/v1/session', bearer(token))).toMatchObject({ status: 200, body: { session } })
    expect((await server.post('/siwx/v1/signout', {}, bearer(token))).body).toEqual({ success: true })
    expect(await server.get('/siwx/v1/session', bearer(token))).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } })
    // Signing out twice is still a success.
    expect((await server.post('/siwx/v1/signout', {}, bearer(token))).body).toEqual({ success: true })
  })

  it('uses a nonce once', async () => {
    const account = newAccount()
    const message = siweMessage(account.address, await nonce())
    const signature = await account.signMessage({ message })
    expect((await server.post('/siwx/v1/verify', { message, signature }, fromDapp)).status).toBe(200)
    expect(await server.post('/siwx/v1/verify', { message, signature }, fromDapp)).toMatchObject({ status: 401, body: { code: 'INVALID_NONCE' } })
    const unknown = siweMessage(account.address, 'a1b2c3d4e5f6a7b8c9')
    expect(await server.post('/siwx/v1/verify', { message: unknown, signature: await account.signMessage({ message: unknown }) }, fromDapp)).toMatchObject({
      status: 401,
      body: { code: 'INVALID_NONCE' },
    })
  })

  it('refuses a signature by another key without burning the nonce', async () => {
    const account = newAccount()
    const message = siweMessage(account.address, await nonce())
    expect(await server.post('/siwx/v1/verify', { message, signature: await newAccount().signMessage({ message }) }, fromDapp)).toMatchObject({
      status: 401,
      body: { code: 'INVALID_SIGNATURE' },
    })
    expect((await server.post('/siwx/v1/verify', { message, signature: await account.signMessage({ message }) }, fromDapp)).status).toBe(200)
  })

  it('refuses a message for another site, an origin the project does not allow, an expired message and no message at all', async () => {
    const account = newAccount()
    const sign = async (message: string) => ({ message, signature: await account.signMessage({ message }) })
    expect(await server.post('/siwx/v1/verify', await sign(siweMessage(account.address, await nonce(), { domain: 'evil.example' })), fromDapp)).toMatchObject({
      status: 400,
      body: { code: 'DOMAIN_MISMATCH' },
    })
    expect(await server.post('/siwx/v1/verify', await sign(siweMessage(account.address, await nonce(), { uri: 'https://evil.example/login' })), fromDapp)).toMatchObject({
      status: 400,
      body: { code: 'URI_NOT_ALLOWED' },
    })
    const expired = siweMessage(account.address, await nonce(), { expirationTime: new Date(clock - 1000) })
    expect(await server.post('/siwx/v1/verify', await sign(expired), fromDapp)).toMatchObject({ status: 400, body: { code: 'MESSAGE_EXPIRED' } })
    expect(await server.post('/siwx/v1/verify', await sign('hello'), fromDapp)).toMatchObject({ status: 400, body: { code: 'INVALID_MESSAGE' } })
  })

  it('ends a session at its expiry, or earlier when the message says so', async () => {
    const account = newAccount()
    const message = siweMessage(account.address, await nonce(), { expirationTime: new Date(clock + 60_000) })
    const { body } = await server.post('/siwx/v1/verify', { message, signature: await account.signMessage({ message }) }, fromDapp)
    const { token, session } = body as { token: string; session: SiwxSessionBody }
    expect(session.expiresAt).toBe(new Date(clock + 60_000).toISOString())
    clock += 60_001
    expect(await server.get('/siwx/v1/session', bearer(token))).toMatchObject({ status: 401, body: { error: 'Session Expired', code: 'SESSION_EXPIRED' } })
  })

  it('answers 401 without a token, and 403 to an origin the project does not allow', async () => {
    expect(await server.get('/siwx/v1/session', fromDapp)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } })
    expect((await server.get('/siwx/v1/session', { origin: 'https://evil.example' })).status).toBe(403)
  })
})
