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

  it('binds the domain and URI to the project without an Origin header (a script, not a browser)', async () => {
    const account = newAccount()
    const sign = async (message: string) => ({ message, signature: await account.signMessage({ message }) })
    const sessions = async () => (await server.db.selectFrom('siwx_sessions').select('id').execute()).length
    const before = await sessions()
    // Signed on evil.example for evil.example: refused here with or without an Origin header.
    const forEvil = siweMessage(account.address, await nonce(), { domain: 'evil.example', uri: 'https://evil.example/login' })
    expect(await server.post('/siwx/v1/verify', await sign(forEvil), {})).toMatchObject({ status: 400, body: { code: 'DOMAIN_NOT_ALLOWED' } })
    expect(await server.post('/siwx/v1/verify', await sign(siweMessage(account.address, await nonce(), { domain: 'evil.example' })), {})).toMatchObject({
      status: 400,
      body: { code: 'DOMAIN_NOT_ALLOWED' },
    })
    expect(await server.post('/siwx/v1/verify', await sign(siweMessage(account.address, await nonce(), { uri: 'https://evil.example/login' })), {})).toMatchObject({
      status: 400,
      body: { code: 'URI_NOT_ALLOWED' },
    })
    // http is not https: without a scheme the domain means https (EIP-4361), except on a loopback host.
    expect(await server.post('/siwx/v1/verify', await sign(siweMessage(account.address, await nonce(), { scheme: 'http' })), {})).toMatchObject({
      status: 400,
      body: { code: 'DOMAIN_NOT_ALLOWED' },
    })
    expect(await sessions()).toBe(before)
    // The project's own site is accepted without the header, on a subdomain too.
    expect((await server.post('/siwx/v1/verify', await sign(siweMessage(account.address, await nonce())), {})).status).toBe(200)
    const sub = siweMessage(account.address, await nonce(), { domain: 'app.shop.example', uri: 'https://app.shop.example/' })
    expect((await server.post('/siwx/v1/verify', await sign(sub), { origin: 'https://app.shop.example' })).status).toBe(200)
    const local = siweMessage(account.address, await nonce(), { domain: 'localhost:5173', uri: 'http://localhost:5173' })
    expect((await server.post('/siwx/v1/verify', await sign(local), { origin: 'http://localhost:5173' })).status).toBe(200)
    // With the header, the domain must also be the header's: another allowed site's message is refused.
    expect(await server.post('/siwx/v1/verify', await sign(siweMessage(account.address, await nonce())), { origin: 'https://app.shop.example' })).toMatchObject({
      status: 400,
      body: { code: 'DOMAIN_MISMATCH' },
    })
  })

  it('refuses what EIP-4361 refuses (with INVALID_MESSAGE) and a short nonce (with INVALID_NONCE)', async () => {
    const account = newAccount()
    const sign = async (message: string) => ({ message, signature: await account.signMessage({ message }) })
    const lowerCase = siweMessage(account.address, await nonce()).replace(account.address, account.address.toLowerCase())
    expect(await server.post('/siwx/v1/verify', await sign(lowerCase), fromDapp)).toMatchObject({ status: 400, body: { code: 'INVALID_MESSAGE', message: expect.stringMatching(/EIP-55/) } })
    const outOfOrder = siweMessage(account.address, await nonce(), { expirationTime: new Date(clock + 60_000), notBefore: new Date(clock) }).replace(
      /(Expiration Time: .*)\n(Not Before: .*)/,
      '$2\n$1',
    )
    expect(await server.post('/siwx/v1/verify', await sign(outOfOrder), fromDapp)).toMatchObject({ status: 400, body: { code: 'INVALID_MESSAGE' } })
    const short = siweMessage(account.address, 'abc12345').replace('Nonce: abc12345', 'Nonce: abc1234')
    expect(await server.post('/siwx/v1/verify', await sign(short), fromDapp)).toMatchObject({ status: 400, body: { code: 'INVALID_NONCE' } })
  })

  it('refuses a chain the server does not serve', async () => {
    const account = newAccount()
    const message = siweMessage(account.address, await nonce(), { chainId: 999 })
    expect(await server.post('/siwx/v1/verify', { message, signature: await account.signMessage({ message }) }, fromDapp)).toMatchObject({
      status: 400,
      body: { code: 'CHAIN_NOT_SUPPORTED' },
    })
  })

  it('refuses an expired message, one not valid yet and one issued too far ahead; a small clock skew passes', async () => {
    const account = newAccount()
    const sign = async (message: string) => ({ message, signature: await account.signMessage({ message }) })
    const sessions = async () => (await server.db.selectFrom('siwx_sessions').select('id').execute()).length
    const before = await sessions()
    const expired = siweMessage(account.address, await nonce(), { issuedAt: new Date(clock - 120_000), expirationTime: new Date(clock) })
    expect(await server.post('/siwx/v1/verify', await sign(expired), fromDapp)).toMatchObject({ status: 400, body: { code: 'MESSAGE_EXPIRED' } })
    const early = siweMessage(account.address, await nonce(), { notBefore: new Date(clock + 1000) })
    expect(await server.post('/siwx/v1/verify', await sign(early), fromDapp)).toMatchObject({ status: 400, body: { code: 'MESSAGE_NOT_YET_VALID' } })
    const ahead = siweMessage(account.address, await nonce(), { issuedAt: new Date(clock + 5 * 60_000 + 1000) })
    expect(await server.post('/siwx/v1/verify', await sign(ahead), fromDapp)).toMatchObject({ status: 400, body: { code: 'ISSUED_IN_FUTURE' } })
    expect(await sessions()).toBe(before)
    const skewed = siweMessage(account.address, await nonce(), { issuedAt: new Date(clock + 4 * 60_000) })
    expect((await server.post('/siwx/v1/verify', await sign(skewed), fromDapp)).status).toBe(200)
  })

  it('a session never outlives the Expiration Time, nor the server TTL', async () => {
    const account = newAccount()
    const sign = async (message: string) => ({ message, signature: await account.signMessage({ message }) })
    const verify = async (expirationTime: Date) => {
      const { body } = await server.post('/siwx/v1/verify', await sign(siweMessage(account.address, await nonce(), { expirationTime })), fromDapp)
      return (body as { session: SiwxSessionBody }).session.expiresAt
    }
    expect(await verify(new Date(clock + 1))).toBe(new Date(clock + 1).toISOString())
    expect(await verify(new Date(clock + 3_599_999))).toBe(new Date(clock + 3_599_999).toISOString())
    expect(await verify(new Date(clock + 7_200_000))).toBe(new Date(clock + 3_600_000).toISOString())
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
