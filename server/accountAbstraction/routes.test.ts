// The bundler routes against a real anvil chain with EntryPoint v0.7 and the Portico
// factory, a real Alto in front of it, and the real server with its auth service: a
// signed-in session sends real user operations through /auth/v1/bundler, the modal's
// client reads their receipts at /v1/bundler, and what the probe sends is refused.
import { randomUUID } from 'node:crypto'
import { type Address, type PublicClient, createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { type BundlerClient, type UserOperation, createBundlerClient as createViemBundlerClient, entryPoint07Address, formatUserOperationRequest } from 'viem/account-abstraction'
import { ServiceError } from '../../src/errors'
import { createBundlerClient } from '../../src/services/bundler/createBundlerClient'
import { localSmartAccount } from '../../dev/chain/localSmartAccount'
import { startLocalBundlerChain, type LocalBundlerChain } from '../../dev/chain/alto'
import { DEV_PRIVATE_KEYS, devAccounts } from '../../dev/chain/devAccounts'
import { SECURE_ORIGIN, startAuthTestServer, type AuthTestServer } from '../test/authServer'
import { withProof } from '../test/dpop'
import { tempSqliteFile, type TempSqliteFile } from '../test/sqlite'
import { BUNDLER_BODY_LIMIT } from './routes'

jest.setTimeout(120_000)

const DAPP_ORIGIN = 'https://shop.example'
const receiver = devAccounts[6]!.address

let local: LocalBundlerChain
let server: AuthTestServer
let sqlite: TempSqliteFile
let publicClient: PublicClient

beforeAll(async () => {
  sqlite = tempSqliteFile()
  local = await startLocalBundlerChain({ chainId: 1 })
  server = await startAuthTestServer({
    database: { sqliteFile: sqlite.file },
    trustProxy: ['loopback'],
    blockchain: { chains: [{ chainId: 'eip155:1', rpcUrl: local.chain.rpcUrl }] },
    // eip155:10 is configured with a bundler but is no chain of this server.
    bundlers: { urls: { 'eip155:1': local.alto.url, 'eip155:10': local.alto.url } },
  })
  const chain = defineChain({ id: 1, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [local.chain.rpcUrl] } } })
  publicClient = createPublicClient({ chain, transport: http(local.chain.rpcUrl) }) as PublicClient
})

afterAll(async () => {
  await server?.close()
  await local?.stop()
  sqlite?.remove()
})

let ipCounter = 0
const newIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

/** Signs a new user in; answers the headers that carry the session (without the per-call proof). */
async function signIn(): Promise<Record<string, string>> {
  const email = `bundler.${randomUUID()}@example.com`
  const deviceId = randomUUID()
  const ip = { 'x-forwarded-for': newIp() }
  expect((await server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId }, ip)).status).toBe(200)
  const verified = await server.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId, otp: server.latestCode(email) }, ip)
  expect(verified.status).toBe(200)
  const { session } = verified.body as { session: { token: string } }
  return { ...ip, authorization: `Bearer ${session.token}`, 'x-portico-device': deviceId }
}

const secureUrl = (query = 'projectId=shop&chainId=eip155:1') => `${server.baseUrl}/auth/v1/bundler?${query}`
const publicUrl = (query = 'projectId=shop&chainId=eip155:1&bundler=alto') => `${server.baseUrl}/v1/bundler?${query}`

/** viem's bundler client at /auth/v1/bundler as the secure page calls it: its origin, the session, a fresh proof per call. */
function sessionBundler(session: Record<string, string>): BundlerClient {
  const fetchFn: typeof fetch = async (input, init) => {
    const headers = await withProof(server.device, 'POST', String(input), { ...(init?.headers as Record<string, string>), origin: SECURE_ORIGIN, ...session })
    return fetch(input, { ...init, headers })
  }
  return createViemBundlerClient({ client: publicClient, transport: http(secureUrl(), { fetchFn, retryCount: 0 }) })
}

async function rpc(url: string, method: string, params: unknown[], headers: Record<string, string> = {}) {
  const proven = url.includes('/auth/') ? await withProof(server.device, 'POST', url, headers) : headers
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': newIp(), ...proven },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  })
  return {
    status: response.status,
    body: (await response.json()) as { id?: number; result?: unknown; error?: { code: number; message: string; data?: { code?: string } }; code?: string; message?: string },
  }
}

async function smartAccount() {
  const owner = privateKeyToAccount(generatePrivateKey())
  return localSmartAccount(publicClient, owner)
}

async function fund(address: Address, value: bigint) {
  const wallet = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[3]), chain: publicClient.chain!, transport: http(local.chain.rpcUrl) })
  await publicClient.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: address, value }) })
}

describe('/auth/v1/bundler forwards to Alto', () => {
  test('a signed-in session sends a user operation that Alto bundles; its receipt comes from Alto, and the modal reads it at /v1/bundler', async () => {
    const account = await smartAccount()
    await fund(await account.getAddress(), parseEther('1'))
    const before = await publicClient.getBalance({ address: receiver })
    const bundler = sessionBundler(await signIn())

    await expect(bundler.getSupportedEntryPoints()).resolves.toEqual([entryPoint07Address])
    const hash = await bundler.sendUserOperation({ account, calls: [{ to: receiver, value: parseEther('0.2') }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 30_000 })

    expect(receipt).toMatchObject({ userOpHash: hash, sender: await account.getAddress(), success: true })
    expect(receipt.entryPoint.toLowerCase()).toBe(entryPoint07Address.toLowerCase())
    // Alto's executor sent the bundle: the server holds no key and sent nothing itself.
    expect(receipt.receipt.from.toLowerCase()).toBe(local.alto.executor.toLowerCase())
    expect(await publicClient.getBalance({ address: receiver })).toBe(before + parseEther('0.2'))
    expect((await bundler.getUserOperation({ hash })).transactionHash).toBe(receipt.receipt.transactionHash)

    const modal = createBundlerClient({
      baseUrl: `${server.baseUrl}/v1/bundler`,
      projectId: 'shop',
      retry: false,
      fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: DAPP_ORIGIN, 'x-forwarded-for': newIp() } }),
    })
    const read = await modal.getUserOperationReceipt({ userOpHash: hash, chainId: 'eip155:1', bundler: 'alto' })
    expect(read).toMatchObject({ userOpHash: hash, success: true, sender: await account.getAddress() })
    expect(read?.receipt).toMatchObject({ transactionHash: receipt.receipt.transactionHash })
  })

  test('the issue probe: user operations priced below what the bundle costs are refused by Alto and cost its executor nothing', async () => {
    const account = await smartAccount()
    await fund(await account.getAddress(), parseEther('1'))
    const session = await signIn()
    const bundler = sessionBundler(session)
    const executorBefore = await publicClient.getBalance({ address: local.alto.executor })
    const blockBefore = await publicClient.getBlockNumber()
    const send = async (change: (prepared: UserOperation<'0.7'>, baseFee: bigint) => Partial<UserOperation<'0.7'>>) => {
      const prepared = (await bundler.prepareUserOperation({ account, calls: [{ to: receiver, value: 1n }] })) as UserOperation<'0.7'>
      const { baseFeePerGas } = await publicClient.getBlock()
      const probe = { ...prepared, ...change(prepared, baseFeePerGas!) }
      const signature = await account.signUserOperation(probe)
      const { status, body } = await rpc(secureUrl(), 'eth_sendUserOperation', [formatUserOperationRequest({ ...probe, signature }), entryPoint07Address], { origin: SECURE_ORIGIN, ...session })
      expect(status).toBe(200)
      expect(body.result).toBeUndefined()
      return body.error!.message
    }

    // As the issue sent them: preVerificationGas 0, a tip of 0 and maxFee at the base fee, five times.
    for (let i = 0; i < 5; i++) {
      expect(await send((_, baseFee) => ({ preVerificationGas: 0n, maxPriorityFeePerGas: 0n, maxFeePerGas: baseFee }))).toMatch(/^max(Priority)?FeePerGas must be at least \d+/)
    }
    // Honest gas limits, but a tip of 0 at the base fee: the bundle would cost the executor more than the operation pays.
    expect(await send((_, baseFee) => ({ maxPriorityFeePerGas: 0n, maxFeePerGas: baseFee }))).toMatch(/^max(Priority)?FeePerGas must be at least \d+/)
    // Honest fees, but preVerificationGas below the bundle's share of overhead.
    expect(await send(() => ({ preVerificationGas: 1n }))).toMatch(/preVerificationGas/i)

    // Nothing was bundled: no block, no gas spent from the executor.
    expect(await publicClient.getBlockNumber()).toBe(blockBefore)
    expect(await publicClient.getBalance({ address: local.alto.executor })).toBe(executorBefore)
  })
})

describe('who reaches the bundler', () => {
  test('/auth/v1/bundler needs the secure origin, a known project and a session of it', async () => {
    const session = await signIn()
    const entryPoints = (headers: Record<string, string>, query?: string) => rpc(secureUrl(query), 'eth_supportedEntryPoints', [], headers)

    expect((await entryPoints({ origin: SECURE_ORIGIN, ...session })).body.result).toEqual([entryPoint07Address])
    // No session, a made-up one, a session's token without its device's proof.
    expect((await entryPoints({ origin: SECURE_ORIGIN })).status).toBe(401)
    expect((await entryPoints({ origin: SECURE_ORIGIN, ...session, authorization: `Bearer pts_${'x'.repeat(43)}` })).status).toBe(401)
    expect((await entryPoints({ origin: SECURE_ORIGIN, ...session, dpop: '' })).status).toBe(401)
    // No Origin (before: accepted), a dapp's origin, an unknown project.
    expect((await entryPoints({ ...session })).status).toBe(403)
    expect((await entryPoints({ origin: DAPP_ORIGIN, ...session })).status).toBe(403)
    expect((await entryPoints({ origin: SECURE_ORIGIN, ...session }, 'projectId=nobody&chainId=1')).status).toBe(403)
  })

  test('/v1/bundler answers reads for an allowed Origin only, and sends nothing: sending needs a session', async () => {
    const read = (headers: Record<string, string>, query?: string) => rpc(publicUrl(query), 'eth_supportedEntryPoints', [], headers)
    expect((await read({ origin: DAPP_ORIGIN })).body.result).toEqual([entryPoint07Address])
    expect(await read({})).toMatchObject({ status: 403, body: { message: 'The bundler answers browsers of the project only: send the Origin header' } })
    expect((await read({ origin: 'https://evil.example' })).status).toBe(403)
    expect((await read({ origin: DAPP_ORIGIN }, 'projectId=nobody&chainId=1')).status).toBe(403)

    // The modal's client (SPEC §7) says exactly what the status was.
    const refused = await createBundlerClient({ baseUrl: `${server.baseUrl}/v1/bundler`, projectId: 'shop', retry: false })
      .getUserOperationReceipt({ userOpHash: `0x${'ab'.repeat(32)}`, chainId: 1, bundler: 'alto' })
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ServiceError)
    expect((refused as Error).message).toBe('Failed to fetch user operation receipt - 403')

    const send = await rpc(publicUrl(), 'eth_sendUserOperation', [{}, entryPoint07Address], { origin: DAPP_ORIGIN })
    expect(send.body.error).toEqual({ code: -32601, message: 'eth_sendUserOperation needs a session: the embedded wallet sends user operations at /auth/v1/bundler' })
    const estimate = await rpc(publicUrl(), 'eth_estimateUserOperationGas', [{}, entryPoint07Address], { origin: DAPP_ORIGIN })
    expect(estimate.body.error?.code).toBe(-32601)
  })

  test('methods off the allow-list, malformed requests, big bodies and batches never reach the bundler', async () => {
    const session = { origin: SECURE_ORIGIN, ...(await signIn()) }
    for (const method of ['debug_bundler_clearState', 'debug_bundler_sendBundleNow', 'pimlico_sendUserOperationNow', 'eth_sendRawTransaction', 'eth_accounts']) {
      expect((await rpc(secureUrl(), method, [], session)).body.error).toEqual({ code: -32601, message: `The method ${method} is not available at this bundler endpoint` })
    }
    expect((await rpc(secureUrl(), 'eth_getUserOperationReceipt', { hash: '0x' } as never, session)).body.error).toEqual({ code: -32602, message: 'params must be an array' })

    const post = async (body: string) => {
      const url = secureUrl()
      const headers = await withProof(server.device, 'POST', url, { 'content-type': 'application/json', 'x-forwarded-for': newIp(), ...session })
      const response = await fetch(url, { method: 'POST', headers, body })
      return { status: response.status, body: (await response.json()) as unknown }
    }
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: ['x'.repeat(BUNDLER_BODY_LIMIT)] }))).status).toBe(413)
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }
    expect((await post(JSON.stringify(Array.from({ length: 21 }, () => call)))).status).toBe(400)
    expect(await post(JSON.stringify([call, { ...call, id: 2, method: 'debug_bundler_dumpMempool' }]))).toEqual({
      status: 200,
      body: [
        { jsonrpc: '2.0', id: 1, result: '0x1' },
        { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'The method debug_bundler_dumpMempool is not available at this bundler endpoint' } },
      ],
    })
    expect((await post(JSON.stringify({ id: 3, method: 'eth_chainId' }))).body).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32600, message: 'Invalid request: jsonrpc "2.0" and a method are required' },
    })
  })

  test('a chain without a bundler, or not configured on this server, is a 400', async () => {
    const headers = { origin: DAPP_ORIGIN }
    expect(await rpc(publicUrl('projectId=shop&chainId=eip155:5'), 'eth_chainId', [], headers)).toMatchObject({
      status: 400,
      body: { code: 'UNSUPPORTED_CHAIN', message: 'eip155:5 has no bundler on this server' },
    })
    expect(await rpc(publicUrl('projectId=shop&chainId=10'), 'eth_chainId', [], headers)).toMatchObject({ status: 400, body: { code: 'UNSUPPORTED_CHAIN' } })
  })
})

describe('when the bundler is down', () => {
  test('the route answers a JSON-RPC error that says so, and that the user operation was not sent; nothing reaches the chain', async () => {
    const down = await startLocalBundlerChain({ chainId: 1 })
    const otherFile = tempSqliteFile()
    const other = await startAuthTestServer({
      database: { sqliteFile: otherFile.file },
      trustProxy: ['loopback'],
      blockchain: { chains: [{ chainId: 'eip155:1', rpcUrl: down.chain.rpcUrl }] },
      bundlers: { urls: { 'eip155:1': down.alto.url } },
    })
    try {
      const chain = defineChain({ id: 1, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [down.chain.rpcUrl] } } })
      const client = createPublicClient({ chain, transport: http(down.chain.rpcUrl) }) as PublicClient
      const owner = privateKeyToAccount(generatePrivateKey())
      const account = await localSmartAccount(client, owner)
      const wallet = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[3]), chain, transport: http(down.chain.rpcUrl) })
      await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: await account.getAddress(), value: parseEther('1') }) })
      // A user operation signed while Alto was up, sent after it stopped.
      const prepared = await createViemBundlerClient({ client, transport: http(down.alto.url) }).prepareUserOperation({ account, calls: [{ to: receiver, value: 1n }] })
      const signed = formatUserOperationRequest({ ...prepared, signature: await account.signUserOperation(prepared) })
      await down.alto.stop()
      const blockBefore = await client.getBlockNumber()

      const email = `down.${randomUUID()}@example.com`
      const deviceId = randomUUID()
      await other.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId })
      const verified = await other.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId, otp: other.latestCode(email) })
      const { session } = verified.body as { session: { token: string } }
      const url = `${other.baseUrl}/auth/v1/bundler?projectId=shop&chainId=eip155:1`
      const headers = await withProof(other.device, 'POST', url, { 'content-type': 'application/json', origin: SECURE_ORIGIN, authorization: `Bearer ${session.token}`, 'x-portico-device': deviceId })
      const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'eth_sendUserOperation', params: [signed, entryPoint07Address] }) })

      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: 9,
        error: { code: -32603, message: 'The bundler of eip155:1 cannot be reached; the user operation was not sent', data: { code: 'BUNDLER_UNAVAILABLE' } },
      })
      expect(await client.getBlockNumber()).toBe(blockBefore)
      expect(await client.getBalance({ address: await account.getAddress() })).toBe(parseEther('1'))
    } finally {
      await other.close()
      await down.stop()
      otherFile.remove()
    }
  })
})
