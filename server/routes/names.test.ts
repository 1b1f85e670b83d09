import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type * as Wire from '../../src/shared/blockchainApi'
import { type HttpResult } from '../test/http'
import { type ChainTestServer, startChainTestServer } from '../test/chainServer'
import { setupTestEngines } from '../test/engines'

const engines = setupTestEngines()
const START = Date.parse('2030-01-01T00:00:00Z')

describe.each(engines)('the name registry on $name', ({ freshDatabase }) => {
  let server: ChainTestServer
  let clock = START
  beforeAll(async () => {
    // These tests are about the registration rules, from one address; its rate limits are tested in routeLimits.test.ts.
    server = await startChainTestServer({ database: await freshDatabase(), now: () => clock, routeLimits: { nameRegistrationsPerIp: { max: 1_000, windowMs: 3_600_000 } } })
  }, 60_000)
  afterAll(() => server?.close())

  const newAccount = () => privateKeyToAccount(generatePrivateKey())
  type Account = ReturnType<typeof newAccount>

  async function register(account: Account, name: string, options: { attributes?: Record<string, string>; timestamp?: number; signer?: Account; address?: string } = {}): Promise<HttpResult> {
    const message = JSON.stringify({ name, attributes: options.attributes ?? {}, timestamp: options.timestamp ?? clock })
    const signature = await (options.signer ?? account).signMessage({ message })
    return server.post('/v1/profile/account', { coin_type: 60, address: options.address ?? account.address, message, signature })
  }

  it('registers a name proved by the signature, then resolves it both ways and in the identity', async () => {
    const alice = newAccount()
    const { status, body } = await register(alice, 'Alice-01.portico.id', { attributes: { avatar: 'https://example.com/a.png' } })
    expect(status).toBe(200)
    const profile = body as Wire.NameProfile
    expect(profile).toEqual({
      name: 'alice-01.portico.id',
      registered: START / 1000,
      updated: START / 1000,
      addresses: { '60': { address: alice.address, created: new Date(START).toISOString() } },
      attributes: [{ avatar: 'https://example.com/a.png' }],
    })
    expect((await server.get('/v1/profile/account/alice-01.portico.id')).body).toEqual(profile)
    expect((await server.get('/v1/profile/account/ALICE-01')).body).toEqual(profile)
    expect((await server.get(`/v1/profile/reverse/${alice.address.toLowerCase()}`)).body).toEqual([profile])
    expect((await server.get(`/v1/identity/${encodeURIComponent(`eip155:1:${alice.address}`)}`)).body).toEqual({ name: 'alice-01.portico.id', avatar: 'https://example.com/a.png' })
  })

  it('answers an address without names with an empty reverse lookup and a null identity', async () => {
    const nobody = newAccount()
    expect((await server.get(`/v1/profile/reverse/${nobody.address}`)).body).toEqual([])
    expect((await server.get(`/v1/identity/${nobody.address}`)).body).toEqual({ name: null, avatar: null })
  })

  it("refuses a signature by another key with 'Error registering name'", async () => {
    const victim = newAccount()
    const { status, body } = await register(victim, 'stolen', { signer: newAccount() })
    expect(status).toBe(400)
    expect(body).toEqual({ error: 'Error registering name', message: 'The signature is not this address’s signature of the message', code: 'INVALID_SIGNATURE' })
    expect((await server.get('/v1/profile/account/stolen')).status).toBe(404)
  })

  it('refuses a name another address holds, and lets the holder update it', async () => {
    const first = newAccount()
    expect((await register(first, 'taken-name')).status).toBe(200)
    expect(await register(newAccount(), 'TAKEN-name.portico.id')).toMatchObject({
      status: 409,
      body: { error: 'Error registering name', message: "The name 'taken-name.portico.id' is already registered", code: 'NAME_TAKEN' },
    })
    clock += 1000
    const again = await register(first, 'taken-name', { attributes: { bio: 'hello' } })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ attributes: [{ bio: 'hello' }], updated: (START + 1000) / 1000 })
  })

  it.each([['abc'], ['with space'], ['under_score'], ['dots.inside'], ['émile']])("refuses '%s' (SPEC §5: 4+ letters, digits, hyphens)", async (name) => {
    expect(await register(newAccount(), name)).toMatchObject({
      status: 400,
      body: { error: 'Error registering name', message: 'A name needs at least 4 characters: only letters, digits and hyphens', code: 'INVALID_NAME' },
    })
  })

  it('refuses an old message, another coin type and a message that is no registration', async () => {
    const account = newAccount()
    expect(await register(account, 'late-comer', { timestamp: clock - 11 * 60_000 })).toMatchObject({ status: 400, body: { error: 'Error registering name', code: 'MESSAGE_EXPIRED' } })
    const message = 'hello'
    const signature = await account.signMessage({ message })
    expect(await server.post('/v1/profile/account', { coin_type: 60, address: account.address, message, signature })).toMatchObject({ status: 400, body: { code: 'INVALID_MESSAGE' } })
    expect(await server.post('/v1/profile/account', { coin_type: 501, address: account.address, message, signature })).toMatchObject({ status: 400, body: { code: 'UNSUPPORTED_COIN_TYPE' } })
    expect(await server.post('/v1/profile/account', { coin_type: 60, address: account.address, message })).toMatchObject({
      status: 400,
      body: { error: 'Error registering name', code: 'INVALID_REQUEST' },
    })
  })

  it("answers 404 'Error resolving name' for a name nobody holds", async () => {
    expect(await server.get('/v1/profile/account/nobody-here.portico.id')).toMatchObject({
      status: 404,
      body: { error: 'Error resolving name', message: "No name 'nobody-here.portico.id' is registered", code: 'NAME_NOT_FOUND' },
    })
  })

  it('suggests the typed name and free names near it', async () => {
    const holder = newAccount()
    expect((await register(holder, 'popular')).status).toBe(200)
    expect((await register(holder, 'popular1')).status).toBe(200)
    const { status, body } = await server.get('/v1/profile/suggestions/Popular')
    expect(status).toBe(200)
    expect((body as Wire.NameSuggestionsResponse).suggestions).toEqual([
      { name: 'popular.portico.id', registered: true },
      { name: 'popular2.portico.id', registered: false },
      { name: 'popular3.portico.id', registered: false },
      { name: 'popular4.portico.id', registered: false },
      { name: 'popular5.portico.id', registered: false },
    ])
    const short = (await server.get('/v1/profile/suggestions/ab')).body as Wire.NameSuggestionsResponse
    expect(short.suggestions.every((s) => /^[a-z0-9-]{4,}\.portico\.id$/.test(s.name) && !s.registered)).toBe(true)
    expect(short.suggestions[0]).toEqual({ name: 'ab-id.portico.id', registered: false })
    expect(await server.get('/v1/profile/suggestions/%20%21')).toMatchObject({ status: 400, body: { error: 'Error fetching name suggestions' } })
  })
})
