/**
 * Social and Farcaster logins over real HTTP, against a real SQLite file and a real
 * PostgreSQL, with the local OpenID Connect provider (dev/oidc, a real `oidc-provider`
 * issuer in its own process) and the Farcaster relay stand-in (dev/farcaster). The test
 * plays the browser: it follows the provider's redirects itself, with its own cookie
 * jar, picks a test user on the dev login page, and lands where the popup would.
 */
import { randomUUID } from 'node:crypto'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { type FastifyInstance } from 'fastify'
import { privateKeyToAccount } from 'viem/accounts'
import { DEV_FARCASTER_ACCOUNT, devFarcasterCustody, startFarcasterRelay, type FarcasterRelay } from '../../dev/farcaster/relay'
import { DEV_OIDC_PROVIDERS, devOidcClient, spawnOidcProvider, type SpawnedOidcProvider } from '../../dev/oidc/spawn'
import { createServer } from '../app'
import { fixedCustody } from '../auth/farcaster'
import { createMailbox } from '../auth/mailer'
import { createKeyring, generateMasterKey } from '../auth/masterKey'
import { setupTestEngines } from '../test/engines'
import { registerFrameWallets } from '../test/frameWallet'
import { TEST_PROJECTS } from '../test/projects'
import { createTestDevice, withProof } from '../test/dpop'

jest.setTimeout(60_000)

const SECURE_ORIGIN = 'https://secure.portico.test'
const DAPP = 'https://shop.example'
const engines = setupTestEngines()

let oidc: SpawnedOidcProvider
let relay: FarcasterRelay
let port: number
const callbackUrl = () => `http://127.0.0.1:${port}/auth/v1/social/callback`

beforeAll(async () => {
  port = await freePort()
  ;[oidc, relay] = await Promise.all([spawnOidcProvider({ redirectUris: [callbackUrl()] }), startFarcasterRelay()])
})
afterAll(async () => {
  await oidc?.stop()
  await relay?.stop()
})

type Json = Record<string, unknown>

/** A free port: the providers need the callback URL before the server listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo
      probe.close(() => resolve(free))
    })
  })
}

/** A tiny browser: follows redirects by hand and keeps cookies per name. */
function createBrowser() {
  const jar = new Map<string, string>()
  async function go(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const index = pair!.indexOf('=')
      jar.set(pair!.slice(0, index), pair!.slice(index + 1))
    }
    return response
  }
  /** Follows redirects until a page (or a URL outside the local servers) is reached. */
  async function follow(url: string, init: RequestInit = {}): Promise<{ url: string; response: Response | undefined }> {
    let current = url
    let response = await go(current, init)
    for (let hops = 0; hops < 20; hops++) {
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || location === null) return { url: current, response }
      current = new URL(location, current).href
      if (!current.startsWith('http://127.0.0.1')) return { url: current, response: undefined }
      response = await go(current)
    }
    throw new Error('too many redirects')
  }
  return { go, follow }
}

describe.each(engines)('social and Farcaster login on $name', ({ freshDatabase }) => {
  let app: FastifyInstance
  const base = () => `http://127.0.0.1:${port}`

  beforeAll(async () => {
    app = createServer({
      database: await freshDatabase(),
      projects: TEST_PROJECTS,
      auth: {
        keyring: createKeyring(generateMasterKey()),
        mailer: createMailbox(),
        secureOrigins: [SECURE_ORIGIN],
        social: {
          // google, github, x, discord on the local issuer; apple and facebook left out to test "not available".
          providers: Object.fromEntries(DEV_OIDC_PROVIDERS.filter((p) => p !== 'apple' && p !== 'facebook').map((p) => [p, { issuer: oidc.issuer, ...devOidcClient(p) }])),
          callbackUrl: callbackUrl(),
        },
        farcaster: { relayUrl: relay.url, domain: 'secure.portico.test', siweUri: SECURE_ORIGIN, custodyOf: fixedCustody(devFarcasterCustody()), waitMs: 300, pollMs: 50 },
      },
    })
    await app.listen({ port, host: '127.0.0.1' })
  })
  afterAll(async () => app?.close())

  /** The secure page's device key: every call carries its proof (DPoP), as the page's do. */
  const device = createTestDevice(Date.now)
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const url = `${base()}${path}`
    const response = await fetch(url, {
      method: 'POST',
      headers: await withProof(await device, 'POST', url, { 'content-type': 'application/json', origin: SECURE_ORIGIN, ...headers }),
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Json }
  }
  const start = (provider: string, deviceId: string, extra: Json = {}) => post('/auth/v1/social/start', { projectId: 'shop', provider, deviceId, returnTo: DAPP, ...extra })

  /** The popup: provider login page → pick `user` (or cancel) → back through the callback to the dapp. */
  async function popup(uri: string, choice: { user: string } | { cancel: true }): Promise<URL> {
    const browser = createBrowser()
    const login = await browser.follow(uri)
    expect(login.response?.status).toBe(200)
    const page = await login.response!.text()
    expect(page).toContain('Development login')
    const form = 'user' in choice ? `user=${choice.user}` : 'cancel=1'
    const done = await browser.follow(login.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form })
    return new URL(done.url)
  }

  async function socialLogin(provider: string, user: string, deviceId = randomUUID()) {
    const started = await start(provider, deviceId)
    expect(started.status).toBe(200)
    const { uri, attemptToken } = started.body as { uri: string; attemptToken: string }
    const authorize = new URL(uri)
    expect(authorize.origin).toBe(oidc.issuer)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('redirect_uri')).toBe(callbackUrl())
    expect(authorize.searchParams.get('nonce')).toMatch(/^[\w-]{16,}$/)
    const landed = await popup(uri, { user })
    expect(landed.origin).toBe(DAPP)
    const resultToken = new URLSearchParams(landed.hash.slice(1)).get('portico_social')!
    expect(resultToken).toMatch(/^ptr_/)
    return { deviceId, attemptToken, resultToken }
  }

  it('logs in with Google through the local OpenID Connect provider and opens a session with the social username', async () => {
    const { deviceId, attemptToken, resultToken } = await socialLogin('google', 'alice')
    const done = await post('/auth/v1/social/complete', { projectId: 'shop', deviceId, attemptToken, resultToken, chainId: 'eip155:10' })
    expect(done.status).toBe(200)
    const { user, session, provider } = done.body as { user: Json; session: { token: string }; provider: string }
    expect(provider).toBe('google')
    expect(user).toMatchObject({ email: null, userName: 'alice', chainId: 10, preferredAccountType: 'eoa' })
    // A first login has no wallet yet: the secure frame makes it and registers it.
    expect(user).toMatchObject({ accounts: [], addresses: {} })
    const auth = { origin: SECURE_ORIGIN, authorization: `Bearer ${session.token}`, 'x-portico-device': deviceId }
    const [evm] = await registerFrameWallets(async (path, body) => {
      const url = `${base()}${path}?projectId=shop`
      const headers = await withProof(await device, 'POST', url, { ...auth, 'content-type': 'application/json' })
      const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
      return { status: response.status, body: await response.json(), text: '', headers: response.headers }
    })
    const meUrl = `${base()}/auth/v1/me?projectId=shop`
    const me = await fetch(meUrl, { headers: await withProof(await device, 'GET', meUrl, auth) })
    expect(await me.json()).toMatchObject({ user: { address: evm!.address, userName: 'alice' } })

    // The same account again (another device): the same wallet.
    const again = await socialLogin('google', 'alice')
    const second = await post('/auth/v1/social/complete', { projectId: 'shop', ...again })
    expect((second.body as { user: Json }).user.address).toBe(evm!.address)
    // Another provider's account is another user, with no wallet yet.
    const other = await socialLogin('discord', 'alice')
    const third = await post('/auth/v1/social/complete', { projectId: 'shop', ...other })
    expect((third.body as { user: Json }).user).toMatchObject({ userName: 'alice', addresses: {} })
  })

  it('needs the attempt token AND the result token, from the device and project that started, once', async () => {
    const login = await socialLogin('github', 'bob')
    const other = await socialLogin('github', 'bob')
    const refuse = async (body: Json) => {
      const answer = await post('/auth/v1/social/complete', { projectId: 'shop', ...login, ...body })
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe('LOGIN_NOT_FOUND')
    }
    await refuse({ resultToken: other.resultToken })
    await refuse({ attemptToken: other.attemptToken })
    await refuse({ deviceId: randomUUID() })
    const project = await post('/auth/v1/social/complete', { ...login, projectId: 'quiet' })
    expect(project.status).toBe(400)
    expect((await post('/auth/v1/social/complete', { projectId: 'shop', ...login })).status).toBe(200)
    await refuse({})
  })

  it('answers LOGIN_PENDING before the provider came back, and LOGIN_FAILED when the visitor cancelled', async () => {
    const deviceId = randomUUID()
    const started = (await start('x', deviceId)).body as { uri: string; attemptToken: string }
    const pending = await post('/auth/v1/social/complete', { projectId: 'shop', deviceId, attemptToken: started.attemptToken, resultToken: `ptr_${'a'.repeat(43)}` })
    expect(pending).toMatchObject({ status: 409, body: { code: 'LOGIN_PENDING' } })
    const landed = await popup(started.uri, { cancel: true })
    expect(landed.origin).toBe(DAPP)
    expect(new URLSearchParams(landed.hash.slice(1)).get('portico_social_error')).toBe('access_denied')
    const failed = await post('/auth/v1/social/complete', { projectId: 'shop', deviceId, attemptToken: started.attemptToken, resultToken: `ptr_${'a'.repeat(43)}` })
    expect(failed).toMatchObject({ status: 400, body: { code: 'LOGIN_FAILED', message: 'The login was cancelled' } })
  })

  it('refuses a return origin off the allow list, a provider that is not configured, and a browser origin other than the secure page', async () => {
    expect(await start('google', randomUUID(), { returnTo: 'https://evil.example' })).toMatchObject({ status: 400, body: { code: 'LOGIN_RETURN_NOT_ALLOWED' } })
    expect(await start('google', randomUUID(), { returnTo: 'https://shop.example/path' })).toMatchObject({ status: 400, body: { code: 'LOGIN_RETURN_NOT_ALLOWED' } })
    expect(await start('apple', randomUUID())).toMatchObject({ status: 404, body: { code: 'SOCIAL_PROVIDER_UNAVAILABLE' } })
    const fromDapp = await post('/auth/v1/social/start', { projectId: 'shop', provider: 'google', deviceId: randomUUID(), returnTo: DAPP }, { origin: DAPP })
    expect(fromDapp).toMatchObject({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } })
  })

  it('shows an error page for a callback with an unknown or replayed state, and sends no one anywhere', async () => {
    const unknown = await fetch(`${base()}/auth/v1/social/callback?state=${'s'.repeat(43)}&code=abc`, { redirect: 'manual' })
    expect(unknown.status).toBe(400)
    expect(unknown.headers.get('location')).toBeNull()
    expect(await unknown.text()).toContain('Login failed')
    // A state whose login already ended.
    const started = (await start('google', randomUUID())).body as { uri: string }
    const state = new URL(started.uri).searchParams.get('state')!
    await popup(started.uri, { user: 'carol' })
    const replay = await fetch(`${base()}/auth/v1/social/callback?state=${state}&code=abc`, { redirect: 'manual' })
    expect(replay.status).toBe(400)
    expect(replay.headers.get('location')).toBeNull()
  })

  it('logs in with Farcaster through the relay stand-in: channel URL, approval, custody signature checked with viem', async () => {
    const deviceId = randomUUID()
    const started = await post('/auth/v1/farcaster/start', { projectId: 'shop', deviceId })
    expect(started.status).toBe(200)
    const { url, attemptToken } = started.body as { url: string; attemptToken: string }
    expect(url.startsWith(`${relay.url}/~/siwf?`)).toBe(true)
    // Not approved yet: the server waits a little, then says so.
    expect(await post('/auth/v1/farcaster/complete', { projectId: 'shop', deviceId, attemptToken })).toMatchObject({ status: 409, body: { code: 'LOGIN_PENDING' } })
    const approvePage = await fetch(url)
    expect(await approvePage.text()).toContain('Approve')
    const channelToken = new URL(url).searchParams.get('channelToken')!
    const approved = await fetch(`${relay.url}/~/siwf/approve`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `channelToken=${channelToken}` })
    expect(approved.status).toBe(200)
    const done = await post('/auth/v1/farcaster/complete', { projectId: 'shop', deviceId, attemptToken })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ provider: 'farcaster', user: { email: null, userName: DEV_FARCASTER_ACCOUNT.username } })
    // Once.
    expect(await post('/auth/v1/farcaster/complete', { projectId: 'shop', deviceId, attemptToken })).toMatchObject({ status: 400, body: { code: 'LOGIN_NOT_FOUND' } })
  })

  it('refuses a Farcaster sign-in signed by a key that is not the fid’s custody address', async () => {
    const deviceId = randomUUID()
    const { attemptToken, url } = (await post('/auth/v1/farcaster/start', { projectId: 'shop', deviceId })).body as { url: string; attemptToken: string }
    const channelToken = new URL(url).searchParams.get('channelToken')!
    const nonce = new URL(url).searchParams.get('nonce')!
    // A forged approval: the right message shape, signed by a stranger's key.
    const stranger = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const { createSiweMessage } = await import('viem/siwe')
    const message = createSiweMessage({
      domain: 'secure.portico.test',
      address: stranger.address,
      uri: SECURE_ORIGIN,
      version: '1',
      chainId: 10,
      nonce,
      resources: [`farcaster://fid/${DEV_FARCASTER_ACCOUNT.fid}`],
    })
    await fetch(`${relay.url}/v1/channel/authenticate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${channelToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature: await stranger.signMessage({ message }), fid: DEV_FARCASTER_ACCOUNT.fid, username: 'impostor' }),
    })
    const refused = await post('/auth/v1/farcaster/complete', { projectId: 'shop', deviceId, attemptToken })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'LOGIN_FAILED' })
    expect(String(refused.body.message)).toContain('custody')
  })
})
