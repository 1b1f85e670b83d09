/**
 * The secure page's logic against the REAL reference server (auth API on a real SQLite
 * file) and a REAL local chain (anvil): the API shape assumed in secure/api.ts is the
 * server's, a login works end to end, and a signed message and a sent transaction are
 * checked with viem.
 */
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { startLocalChain, type LocalChain } from '../dev/chain/localChain'
import { SECURE_ORIGIN, startAuthTestServer, type AuthTestServer } from '../server/test/authServer'
import { seedCustodialUser } from '../server/test/custodialUser'
import { tempSqliteFile, type TempSqliteFile } from '../server/test/sqlite'
import { ApiError, createHttpSecureApi } from './api'
import { createDeviceProver } from './deviceKey'
import { autoApprover } from './approval'
import { createHttpChainRpc } from './chainRpc'
import { createSecureFrame } from './secureFrame'
import { createMemoryStore, createSessionStore, type KeyValueStore } from './session'
import { createMemoryDeviceShareStore } from './custody/deviceShareStore'
import { createFakeHost } from './test/fakes'

jest.setTimeout(60_000)

let server: AuthTestServer
let chain: LocalChain
let sqlite: TempSqliteFile

/** The browser would send the secure page's Origin; the server answers that origin only. */
const fromSecureOrigin: typeof fetch = (input, init = {}) => fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), origin: SECURE_ORIGIN } })

beforeAll(async () => {
  sqlite = tempSqliteFile()
  ;[server, chain] = await Promise.all([startAuthTestServer({ database: { sqliteFile: sqlite.file } }), startLocalChain({ chainId: 1 })])
})
afterAll(async () => {
  await Promise.all([server?.close(), chain?.stop()])
  sqlite?.remove()
})

/** The browser's device key, shared by every frame it loads (IndexedDB keeps it), dated by the server's clock. */
const browserKey = createDeviceProver({ now: () => server.clock.now })

/** A secure frame in a dapp page; frames given the same `store` share the secure origin's storage, as pages of one site do. */
async function startFrame({ parentOrigin = 'https://shop.example', projectId = 'shop', store = createMemoryStore() }: { parentOrigin?: string; projectId?: string; store?: KeyValueStore } = {}) {
  const host = createFakeHost()
  const frame = createSecureFrame({
    host,
    search: `?projectId=${projectId}&chainId=eip155%3A1`,
    parentOrigin,
    api: createHttpSecureApi({ baseUrl: server.baseUrl, fetch: fromSecureOrigin, prove: browserKey }),
    rpc: createHttpChainRpc({ rpcUrls: { 'eip155:1': chain.rpcUrl } }),
    sessions: createSessionStore({ projectId, store, randomUUID: () => crypto.randomUUID(), now: Date.now }),
    deviceShares: async () => createMemoryDeviceShareStore(),
    createApprover: () => autoApprover,
    randomUUID: () => crypto.randomUUID(),
  })
  const status = await frame.start()
  const ask = async (event: string, payload: unknown) => {
    const id = crypto.randomUUID()
    host.deliver({ id, type: `@portico-app/${event}`, payload }, { origin: parentOrigin })
    for (let i = 0; i < 2_000; i++) {
      const reply = host.posted.find(({ message }) => message.id === id)
      if (reply) return reply.message
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    throw new Error(`no reply to ${event}`)
  }
  return { host, status, ask }
}

describe('against the reference server', () => {
  it('reads the project allow list (GET /projects/v1/origins)', async () => {
    const api = createHttpSecureApi({ baseUrl: server.baseUrl, fetch: fromSecureOrigin, prove: createDeviceProver({ now: () => server.clock.now }) })
    expect(await api.getAllowedOrigins('shop')).toEqual(['https://shop.example', 'https://*.shop.example', 'http://localhost:*'])
    await expect(api.getAllowedOrigins('nope')).rejects.toBeInstanceOf(ApiError)
    expect((await startFrame({ parentOrigin: 'https://evil.example' })).status).toBe('not-allowed')
  })

  it('logs in by email code, signs a message, sends a transaction on the local chain, signs out', async () => {
    const { ask, status, host } = await startFrame()
    expect(status).toBe('allowed')
    const email = `ada.${Date.now()}@example.com`
    expect((await ask('CONNECT_EMAIL', { email })).payload).toEqual({ action: 'VERIFY_OTP' })
    const login = await ask('CONNECT_OTP', { otp: server.latestCode(email) })
    expect(login.type).toBe('@portico-frame/CONNECT_OTP_SUCCESS')
    const { user } = login.payload as { user: { address: Hex; email: string; chainId: number } }
    expect(user).toMatchObject({ email, chainId: 1 })
    expect((await ask('GET_USER', {})).payload).toEqual({ user })

    const signed = await ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', user.address] })
    expect(await verifyMessage({ address: user.address, message: 'hello', signature: signed.payload.result as Hex })).toBe(true)

    await createPublicClient({ transport: http(chain.rpcUrl) }).request({ method: 'anvil_setBalance' as never, params: [user.address, '0x56bc75e2d63100000'] as never })
    const sent = await ask('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ to: chain.accounts[1]!.address, value: `0x${parseEther('1').toString(16)}` }] })
    expect(sent.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash: sent.payload.result as Hex })
    expect(receipt).toMatchObject({ status: 'success', from: user.address.toLowerCase(), to: chain.accounts[1]!.address.toLowerCase() })

    expect((await ask('IS_CONNECTED', {})).payload).toEqual({ isConnected: true })
    expect((await ask('SIGN_OUT', {})).payload).toEqual({})
    expect((await ask('IS_CONNECTED', {})).payload).toEqual({ isConnected: false })
    for (const { message } of host.posted) expect(JSON.stringify(message)).not.toMatch(/pts_/)
  })

  it('a custodial user (key made by the server before) is migrated at login, signs in the frame, and the server keeps no full key', async () => {
    const email = `old.${Date.now()}@example.com`
    const seeded = await seedCustodialUser(server.db, server.keyring, email, server.clock.now)
    const { ask, host } = await startFrame()
    expect((await ask('CONNECT_EMAIL', { email })).payload).toEqual({ action: 'VERIFY_DEVICE' })
    expect((await ask('CONNECT_DEVICE', { otp: server.latestCode(email) })).payload).toEqual({ action: 'VERIFY_OTP' })
    const { user } = (await ask('CONNECT_OTP', { otp: server.latestCode(email) })).payload as { user: { address: Hex; addresses: Record<string, string> } }
    expect(user.address).toBe(seeded.keys.eip155.address)
    expect(user.addresses).toEqual({ eip155: seeded.keys.eip155.address, solana: seeded.keys.solana.address })
    expect(await server.db.selectFrom('auth_wallet_keys').selectAll().where('user_id', '=', seeded.userId).execute()).toEqual([])

    const signed = await ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', user.address] })
    expect(await verifyMessage({ address: seeded.keys.eip155.address as Hex, message: 'hello', signature: signed.payload.result as Hex })).toBe(true)
    // Nothing the frame posted to the app carries the key, in hex or base64.
    const posted = JSON.stringify(host.posted)
    for (const key of Object.values(seeded.keys)) {
      for (const form of [Buffer.from(key.secret).toString('hex'), Buffer.from(key.secret).toString('base64')]) expect(posted).not.toContain(form)
    }
  })

  it('keeps a session per project: a page of another project on the same secure origin neither uses nor ends it', async () => {
    const store = createMemoryStore()
    const shop = await startFrame({ store })
    const email = `per-project.${Date.now()}@example.com`
    await shop.ask('CONNECT_EMAIL', { email })
    expect((await shop.ask('CONNECT_OTP', { otp: server.latestCode(email) })).type).toBe('@portico-frame/CONNECT_OTP_SUCCESS')

    // A same-site page of project 'quiet' loads the secure page with the same storage.
    const quiet = await startFrame({ store, projectId: 'quiet', parentOrigin: 'https://quiet.example' })
    expect(quiet.status).toBe('allowed')
    expect((await quiet.ask('GET_USER', {})).payload).toEqual({ message: 'Sign in to the embedded wallet first', code: 'UNAUTHORIZED' })
    expect((await quiet.ask('IS_CONNECTED', {})).payload).toEqual({ isConnected: false })
    expect(quiet.host.posted.some(({ message }) => message.type === '@portico-frame/SESSION_EXPIRED')).toBe(false)

    // The shop's session is still there, and still works (in this frame and after a reload).
    expect((await shop.ask('GET_USER', {})).payload).toMatchObject({ user: { email } })
    const reloaded = await startFrame({ store })
    expect((await reloaded.ask('IS_CONNECTED', {})).payload).toEqual({ isConnected: true })
  })

  it('passes the server’s refusals on with their codes (wrong code, cooldown)', async () => {
    const { ask } = await startFrame()
    const email = `bob.${Date.now()}@example.com`
    await ask('CONNECT_EMAIL', { email })
    expect((await ask('CONNECT_OTP', { otp: '000000' })).payload).toMatchObject({ code: 'OTP_INVALID', message: expect.stringContaining('attempts left') })
    expect((await ask('CONNECT_EMAIL', { email })).payload).toMatchObject({
      code: 'EMAIL_COOLDOWN',
      message: expect.stringMatching(/^Please try again after \d+ seconds$/),
      retryAfter: expect.any(Number),
    })
  })
})
