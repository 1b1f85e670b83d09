/**
 * Strings PostgreSQL cannot store (a NUL character; a lone UTF-16 surrogate, which jsonb
 * refuses and text turns into U+FFFD) are refused with 400 at the edge, on every route,
 * before any route code runs: the same answer on SQLite and PostgreSQL, and never a 500.
 * Each is sent to every route that stores what it is given.
 */
import { type Hex, keccak256 } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { smartSessionGrantMessage } from '../src/shared/smartSessions'
import { createServer } from './app'
import { createMailbox } from './auth/mailer'
import { createKeyring, generateMasterKey } from './auth/masterKey'
import { storableTextProblem } from './storableText'
import { setupTestEngines } from './test/engines'
import { http, listen } from './test/http'
import { TEST_PROJECTS } from './test/projects'

const engines = setupTestEngines()
const NUL = '\u0000'
const LONE = '\ud800'
const NOW = Date.parse('2030-01-01T00:00:00Z')
const SECURE_ORIGIN = 'https://secure.portico.test'

describe('storableTextProblem', () => {
  it('names where a NUL or a lone surrogate sits, keys included, at any depth', () => {
    expect(storableTextProblem({ a: [1, 'ok', { b: `x${NUL}` }] }, 'body')).toBe('body.a[2].b contains a NUL character, which cannot be stored')
    expect(storableTextProblem({ [`k${LONE}`]: 1 }, 'body')).toBe('a property name of body contains a lone UTF-16 surrogate, which cannot be stored')
    expect(storableTextProblem('\ud83d\ude00 fine', 'query.st')).toBeUndefined()
    expect(storableTextProblem(`\udc00`, 'query.st')).toBe('query.st contains a lone UTF-16 surrogate, which cannot be stored')
    let deep: unknown = `x${NUL}`
    for (let level = 0; level < 200_000; level++) deep = [deep]
    expect(storableTextProblem(deep, 'body')).toMatch(/ contains a NUL character, which cannot be stored$/)
  })
})

describe.each(engines)('unstorable strings on $name', ({ freshDatabase }) => {
  let baseUrl: string
  let close: () => Promise<void>
  beforeAll(async () => {
    const mailbox = createMailbox()
    const app = createServer({
      database: await freshDatabase(),
      projects: TEST_PROJECTS,
      now: () => NOW,
      auth: { keyring: createKeyring(generateMasterKey()), mailer: mailbox, secureOrigins: [SECURE_ORIGIN], now: () => NOW },
    })
    baseUrl = await listen(app)
    close = () => app.close()
  }, 60_000)
  afterAll(async () => close?.())

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    http(baseUrl, path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

  const owner = privateKeyToAccount(generatePrivateKey())
  const account = `eip155:1:${owner.address}`
  const expiry = NOW / 1000 + 3600
  /** A session record the account really signed, so only the bad string stands in the way. */
  async function sessionRecord(context: Hex, change: { dappName?: string; permissions?: unknown[] }) {
    const signature = await owner.signMessage({ message: smartSessionGrantMessage({ account, projectId: 'shop', pci: keccak256(context), expiry }) })
    return {
      context,
      expiry,
      signature,
      permissions: change.permissions ?? [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1' } }],
      dapp: { name: change.dappName ?? 'Shop' },
    }
  }
  const sessions = `/v1/sessions/${encodeURIComponent(account)}?projectId=shop`

  it.each([
    ['an analytics event with a lone surrogate', () => post('/e?projectId=shop', { event: 'MODAL_OPEN', properties: { note: `a${LONE}b` } }), 'body.properties.note'],
    ['an analytics event with a NUL in a property name', () => post('/e?projectId=shop', { event: 'MODAL_OPEN', [`k${NUL}`]: 1 }), 'a property name of body'],
    ['an analytics event with a NUL in ?st=', () => post(`/e?projectId=shop&st=${encodeURIComponent(`appkit${NUL}`)}`, { event: 'MODAL_OPEN' }), 'query.st'],
    ['an analytics event with a NUL in ?sv=', () => post(`/e?projectId=shop&sv=${encodeURIComponent(`1.0${NUL}`)}`, { event: 'MODAL_OPEN' }), 'query.sv'],
    ['a smart session with a NUL in dapp.name', async () => post(sessions, await sessionRecord('0x01', { dappName: `Shop${NUL}` })), 'body.dapp.name'],
    ['a smart session with a lone surrogate in dapp.name', async () => post(sessions, await sessionRecord('0x02', { dappName: `Shop${LONE}` })), 'body.dapp.name'],
    ['a smart session with a NUL in its permissions', async () => post(sessions, await sessionRecord('0x03', { permissions: [{ type: 'x', data: { note: NUL } }] })), 'body.permissions[0].data.note'],
    [
      'a smart session with a lone surrogate in its permissions',
      async () => post(sessions, await sessionRecord('0x04', { permissions: [{ type: `x${LONE}`, data: {} }] })),
      'body.permissions[0].type',
    ],
    ['an email login with a NUL in the device id', () => post('/auth/v1/email/start', { projectId: 'shop', email: 'a@shop.example', deviceId: `d${NUL}` }, { origin: SECURE_ORIGIN }), 'body.deviceId'],
    [
      'a sign-in verification with a NUL in the message',
      () => post('/siwx/v1/verify?projectId=shop', { message: `shop.example wants you to sign in${NUL}`, signature: `0x${'11'.repeat(65)}` }, { origin: 'https://shop.example' }),
      'body.message',
    ],
    [
      'a name registration with a lone surrogate in the message',
      () => post('/v1/profile/account?projectId=shop', { coin_type: 60, address: owner.address, message: `{"name":"a${LONE}"}`, signature: `0x${'11'.repeat(65)}` }),
      'body.message',
    ],
  ])('refuses %s with 400, naming the field', async (_what, send, where) => {
    const { status, body } = await send()
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'Bad Request', message: expect.stringMatching(/contains a (NUL character|lone UTF-16 surrogate), which cannot be stored$/) })
    expect((body as { message: string }).message.startsWith(where)).toBe(true)
  })

  it('still stores what is storable', async () => {
    expect((await post('/e?projectId=shop&st=appkit&sv=1.0', { event: 'MODAL_OPEN', properties: { note: '\ud83d\ude00' } })).status).toBe(202)
    expect((await post(sessions, await sessionRecord('0x05', { dappName: 'Shop \ud83d\ude00' }))).status).toBe(201)
  })
})
