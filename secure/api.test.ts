import { createHash } from 'node:crypto'
import { DPOP_HEADER } from '../src/shared/authApi'
import { ApiError, ApiUnavailableError, DEVICE_HEADER, createHttpSecureApi } from './api'
import { createDeviceProver, generateDeviceKey } from './deviceKey'
import { ChainRpcError, createHttpChainRpc } from './chainRpc'
import { createMemoryStore, createSessionStore } from './session'

type Call = { url: string; init: RequestInit }

function fakeFetch(answer: (call: Call) => { status?: number; body: unknown } | Error) {
  const calls: Call[] = []
  const fetch = (async (url: string, init: RequestInit) => {
    const call = { url, init }
    calls.push(call)
    const result = answer(call)
    if (result instanceof Error) throw result
    return new Response(typeof result.body === 'string' ? result.body : JSON.stringify(result.body), { status: result.status ?? 200, headers: { 'content-type': 'application/json' } })
  }) as unknown as typeof globalThis.fetch
  return { calls, fetch }
}

describe('createHttpSecureApi: the server API it assumes', () => {
  it('sends each call to its route, with the bearer token and no cookies', async () => {
    const { calls, fetch } = fakeFetch(({ url }) => ({
      body: url.includes('/origins')
        ? { allowedOrigins: ['https://shop.example'] }
        : url.endsWith('/is-connected')
          ? { isConnected: true }
          : { action: 'VERIFY_OTP', newEmail: 'b@example.com', user: {}, signature: '0x' },
    }))
    const api = createHttpSecureApi({ baseUrl: 'https://api.example/', fetch })
    await api.getAllowedOrigins('shop')
    await api.startEmailLogin({ projectId: 'shop', email: 'a@example.com', deviceId: 'device-1234567890abcdef' }, 'pts_x')
    await api.verifyDevice({ projectId: 'shop', email: 'a@example.com', deviceId: 'device-1234567890abcdef', otp: '123456' })
    await api.verifyEmailLogin({ projectId: 'shop', email: 'a@example.com', deviceId: 'device-1234567890abcdef', otp: '123456', chainId: 'eip155:1' })
    await api.getUser('pts_x', { projectId: 'shop', chainId: 'eip155:1' })
    await api.logout('pts_x')
    expect(await api.isConnected('pts_x')).toBe(true)
    await api.startEmailUpdate('pts_x', 'shop', 'b@example.com')
    await api.verifyPrimaryEmail('pts_x', 'shop', '111111')
    await api.verifySecondaryEmail('pts_x', 'shop', '222222')
    await api.getAuthShare('pts_x', 'shop', 'eip155')
    await api.registerWallets('pts_x', 'shop', [{ namespace: 'eip155', address: '0xAb', authShare: 'AA==' }])
    await api.startMigration('pts_x', 'shop', 'solana')
    await api.finishMigration('pts_x', 'shop', { namespace: 'solana', address: 'So1', authShare: 'AA==' })
    expect(calls.map(({ url, init }) => `${init.method} ${url}`)).toEqual([
      'GET https://api.example/projects/v1/origins?projectId=shop',
      'POST https://api.example/auth/v1/email/start',
      'POST https://api.example/auth/v1/device/verify',
      'POST https://api.example/auth/v1/email/verify',
      'GET https://api.example/auth/v1/me?projectId=shop&chainId=eip155%3A1',
      'POST https://api.example/auth/v1/logout',
      'POST https://api.example/auth/v1/is-connected',
      'POST https://api.example/auth/v1/email/update?projectId=shop',
      'POST https://api.example/auth/v1/email/update/primary?projectId=shop',
      'POST https://api.example/auth/v1/email/update/secondary?projectId=shop',
      'GET https://api.example/auth/v1/custody/auth-share?projectId=shop&namespace=eip155',
      'POST https://api.example/auth/v1/custody/wallets?projectId=shop',
      'POST https://api.example/auth/v1/custody/migration/start?projectId=shop',
      'POST https://api.example/auth/v1/custody/migration/finish?projectId=shop',
    ])
    expect(calls[1]!.init.headers).toMatchObject({ authorization: 'Bearer pts_x' })
    expect(calls[2]!.init.headers).not.toHaveProperty('authorization')
    expect(JSON.parse(calls[11]!.init.body as string)).toEqual({ wallets: [{ namespace: 'eip155', address: '0xAb', authShare: 'AA==' }] })
    expect(JSON.parse(calls[13]!.init.body as string)).toEqual({ namespace: 'solana', address: 'So1', authShare: 'AA==' })
    for (const { init } of calls) expect(init.credentials).toBe('omit')
  })

  it('sends the device id the session was opened on beside the token, and none without a token', async () => {
    const { calls, fetch } = fakeFetch(() => ({ body: { user: {}, signature: '0x', success: true } }))
    const sessions = createSessionStore({ projectId: 'shop', store: createMemoryStore(), randomUUID: () => 'device-aaaaaaaaaaaaaaaa', now: () => 0 })
    sessions.save({ token: 'pts_one', expiresAt: new Date(3_600_000).toISOString() })
    const other = createSessionStore({ projectId: 'shop', store: createMemoryStore(), randomUUID: () => 'device-bbbbbbbbbbbbbbbb', now: () => 0 })
    other.save({ token: 'pts_two', expiresAt: new Date(3_600_000).toISOString() })
    const api = createHttpSecureApi({ baseUrl: 'https://api.example', fetch })
    await api.getAuthShare('pts_one', 'shop', 'eip155')
    await api.getUser('pts_two', { projectId: 'shop', chainId: 1 })
    await api.verifyDevice({ projectId: 'shop', email: 'a@example.com', deviceId: 'device-aaaaaaaaaaaaaaaa', otp: '123456' })
    expect(calls.map(({ init }) => (init.headers as Record<string, string>)[DEVICE_HEADER])).toEqual(['device-aaaaaaaaaaaaaaaa', 'device-bbbbbbbbbbbbbbbb', undefined])
    // A signed-out session's device is forgotten.
    sessions.clear()
    await api.getAuthShare('pts_one', 'shop', 'eip155')
    expect((calls[3]!.init.headers as Record<string, string>)[DEVICE_HEADER]).toBeUndefined()
  })

  it('proves the device key on every /auth call (DPoP), bound to its method, URL and token; the public origins call carries none', async () => {
    const { calls, fetch } = fakeFetch(({ url }) => ({ body: url.includes('/origins') ? { allowedOrigins: [] } : { user: {}, action: 'VERIFY_OTP' } }))
    const keys = await generateDeviceKey()
    const api = createHttpSecureApi({ baseUrl: 'https://api.example', fetch, prove: createDeviceProver({ keys: async () => keys }) })
    await api.getAllowedOrigins('shop')
    await api.verifyEmailLogin({ projectId: 'shop', email: 'a@example.com', deviceId: 'device-1234567890abcdef', otp: '123456', chainId: 1 })
    await api.getUser('pts_x', { projectId: 'shop', chainId: 1 })
    const proofs = calls.map(({ init }) => (init.headers as Record<string, string>)[DPOP_HEADER])
    expect(proofs[0]).toBeUndefined()
    const claims = (proof: string | undefined) => JSON.parse(Buffer.from(proof!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>
    expect(claims(proofs[1])).toMatchObject({ htm: 'POST', htu: 'https://api.example/auth/v1/email/verify' })
    expect(claims(proofs[1])).not.toHaveProperty('ath')
    expect(claims(proofs[2])).toMatchObject({ htm: 'GET', htu: 'https://api.example/auth/v1/me', ath: createHash('sha256').update('pts_x').digest('base64url') })
  })

  it('turns an error answer into ApiError with its code and retry time', async () => {
    const { fetch } = fakeFetch(() => ({ status: 429, body: { error: 'Too Many Requests', message: 'Please try again after 7 seconds', code: 'EMAIL_COOLDOWN', retryAfter: 7 } }))
    const error = await createHttpSecureApi({ baseUrl: 'https://api.example', fetch })
      .startEmailLogin({ projectId: 'shop', email: 'a@example.com', deviceId: 'd' }, undefined)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 429, message: 'Please try again after 7 seconds', code: 'EMAIL_COOLDOWN', retryAfter: 7 })
  })

  it('network failures and non-JSON answers are ApiUnavailableError', async () => {
    await expect(createHttpSecureApi({ baseUrl: 'https://api.example', fetch: fakeFetch(() => new TypeError('fetch failed')).fetch }).getAllowedOrigins('shop')).rejects.toBeInstanceOf(
      ApiUnavailableError,
    )
    await expect(createHttpSecureApi({ baseUrl: 'https://api.example', fetch: fakeFetch(() => ({ body: '<html>' })).fetch }).getAllowedOrigins('shop')).rejects.toBeInstanceOf(ApiUnavailableError)
    await expect(createHttpSecureApi({ baseUrl: 'https://api.example', fetch: fakeFetch(() => ({ body: { allowedOrigins: [1] } })).fetch }).getAllowedOrigins('shop')).rejects.toBeInstanceOf(
      ApiUnavailableError,
    )
  })
})

describe('createHttpChainRpc', () => {
  it('posts JSON-RPC to the chain’s URL and passes node errors on with their code', async () => {
    const { calls, fetch } = fakeFetch(({ init }) => {
      const { method } = JSON.parse(init.body as string) as { method: string }
      return { body: method === 'eth_call' ? { jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted' } } : { jsonrpc: '2.0', id: 1, result: '0x10' } }
    })
    const rpc = createHttpChainRpc({ rpcUrls: { 'eip155:1': 'https://rpc.example' }, fetch })
    expect(rpc.has('eip155:1')).toBe(true)
    expect(await rpc.request('eip155:1', 'eth_blockNumber', [])).toBe('0x10')
    await expect(rpc.request('eip155:1', 'eth_call', [{}])).rejects.toMatchObject({ code: 3, message: 'execution reverted' })
    await expect(rpc.request('eip155:10', 'eth_blockNumber', [])).rejects.toThrow('No RPC url provided for chainId eip155:10')
    await expect(rpc.request('eip155:10', 'eth_blockNumber', [])).rejects.toBeInstanceOf(ChainRpcError)
    expect(calls).toHaveLength(2)
  })
})
