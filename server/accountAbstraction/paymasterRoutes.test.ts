// The ERC-7677 paymaster routes against a real anvil chain with EntryPoint v0.7, the
// VerifyingPaymaster and its deposit, a real Alto, and the real server with its auth
// service: a signed-in user's smart account with 0 ETH sends a user operation whose gas
// the paymaster pays; the policy's refusals; what the EntryPoint refuses on chain (an
// expired sponsorship, calls changed after it); the caps across two instances on one
// PostgreSQL.
import { randomUUID } from 'node:crypto'
import { type Hex, type PublicClient, createPublicClient, defineChain, encodeFunctionData, http, parseAbi, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, createPaymasterClient, entryPoint07Abi, entryPoint07Address, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { localSmartAccount } from '../../dev/chain/localSmartAccount'
import { startLocalBundlerChain, type LocalBundlerChain } from '../../dev/chain/alto'
import { DEV_SPONSOR_KEY, VERIFYING_PAYMASTER_ADDRESS, verifyingPaymasterAbi } from '../../dev/chain/paymaster'
import { devAccounts } from '../../dev/chain/devAccounts'
import { type ProjectConfig } from '../projects'
import { SECURE_ORIGIN, startAuthTestServer, type AuthTestServer } from '../test/authServer'
import { withProof } from '../test/dpop'
import { startPostgres, type PostgresInstance } from '../test/postgres'
import { tempSqliteFile, type TempSqliteFile } from '../test/sqlite'
import { readPaymasterEnv, type PaymasterEnv } from './paymasterEnv'

jest.setTimeout(120_000)

const nft = devAccounts[8]!.address
const mint = '0x40c10f19'
const receiver = devAccounts[6]!.address
const paymaster = readPaymasterEnv({ PAYMASTER_ADDRESS: VERIFYING_PAYMASTER_ADDRESS, PAYMASTER_SIGNER_KEY: DEV_SPONSOR_KEY }) as PaymasterEnv
const PROJECTS: ProjectConfig[] = [
  // Everything on eip155:1, for the embedded wallet only.
  {
    id: 'shop',
    allowedOrigins: ['https://shop.example'],
    analyticsEnabled: false,
    sponsorship: { chains: ['eip155:1'], contracts: 'all', perUserPerDayWei: 10n ** 17n, perProjectPerDayWei: 10n ** 18n },
  },
  // One function of one contract, small caps, and the public endpoint.
  {
    id: 'mint',
    allowedOrigins: ['https://mint.example'],
    analyticsEnabled: false,
    sponsorship: { chains: ['eip155:1'], contracts: [{ address: nft, selectors: [mint] }], perUserPerDayWei: 10n ** 15n, perProjectPerDayWei: 15n * 10n ** 14n, publicEndpoint: true },
  },
  { id: 'none', allowedOrigins: ['https://none.example'], analyticsEnabled: false },
]

const executeAbi = parseAbi(['function execute(address target, uint256 value, bytes data)'])
const mintCall = encodeFunctionData({ abi: executeAbi, functionName: 'execute', args: [nft, 0n, `${mint}${'00'.repeat(64)}`] })
/** An operation whose most possible cost is exactly 10^15 wei: 1,000,000 gas at 1 gwei. */
const operation = (sender: string, callData: Hex = mintCall) => ({
  sender,
  nonce: '0x0',
  callData,
  callGasLimit: toHex(600_000),
  verificationGasLimit: toHex(300_000),
  preVerificationGas: toHex(40_000),
  maxFeePerGas: toHex(10n ** 9n),
  maxPriorityFeePerGas: toHex(10n ** 9n),
  paymasterVerificationGasLimit: toHex(60_000),
  paymasterPostOpGasLimit: '0x0',
  signature: '0x',
})

let ipCounter = 0
const newIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

async function signIn(server: AuthTestServer, projectId: string): Promise<Record<string, string>> {
  const email = `sponsored.${randomUUID()}@example.com`
  const deviceId = randomUUID()
  const ip = { 'x-forwarded-for': newIp() }
  expect((await server.post('/auth/v1/email/start', { projectId, email, deviceId }, ip)).status).toBe(200)
  const verified = await server.post('/auth/v1/email/verify', { projectId, email, deviceId, otp: server.latestCode(email) }, ip)
  expect(verified.status).toBe(200)
  const { session } = verified.body as { session: { token: string } }
  return { ...ip, authorization: `Bearer ${session.token}`, 'x-portico-device': deviceId }
}

type RpcBody = { id?: number; result?: Record<string, unknown>; error?: { code: number; message: string; data?: { code?: string; resetsAt?: string } }; message?: string }

async function pm(server: AuthTestServer, path: string, method: string, params: unknown[], headers: Record<string, string>) {
  const url = `${server.baseUrl}${path}`
  const proven = path.startsWith('/auth/') ? await withProof(server.device, 'POST', url, headers) : headers
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': newIp(), ...proven },
    body: JSON.stringify({ jsonrpc: '2.0', id: 3, method, params }),
  })
  return { status: response.status, body: (await response.json()) as RpcBody }
}

const secure = (session: Record<string, string>) => ({ origin: SECURE_ORIGIN, ...session })
const authPath = (projectId: string, chainId = 'eip155:1') => `/auth/v1/paymaster?projectId=${projectId}&chainId=${chainId}`
const chainHex = toHex(1)

describe('on the local chain with Alto (SQLite)', () => {
  let local: LocalBundlerChain
  let server: AuthTestServer
  let sqlite: TempSqliteFile
  let client: PublicClient

  beforeAll(async () => {
    sqlite = tempSqliteFile()
    local = await startLocalBundlerChain({ chainId: 1 })
    server = await startAuthTestServer({
      database: { sqliteFile: sqlite.file },
      // The chain's clock: sponsorship windows are checked against its blocks.
      startAt: Date.now(),
      trustProxy: ['loopback'],
      projects: PROJECTS,
      // eip155:10 is a chain of this server that no policy sponsors.
      blockchain: {
        chains: [
          { chainId: 'eip155:1', rpcUrl: local.chain.rpcUrl },
          { chainId: 'eip155:10', rpcUrl: local.chain.rpcUrl },
        ],
      },
      bundlers: { urls: { 'eip155:1': local.alto.url } },
      paymaster,
    })
    const chain = defineChain({ id: 1, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [local.chain.rpcUrl] } } })
    client = createPublicClient({ chain, transport: http(local.chain.rpcUrl) }) as PublicClient
  })

  afterAll(async () => {
    await server?.close()
    await local?.stop()
    sqlite?.remove()
  })

  /** viem's clients as the secure page uses them: its origin, the session, a fresh proof per call. */
  function sessionClients(session: Record<string, string>) {
    const fetchFn: typeof fetch = async (input, init) =>
      fetch(input, { ...init, headers: await withProof(server.device, 'POST', String(input), { ...(init?.headers as Record<string, string>), ...secure(session) }) })
    const paymasterClient = createPaymasterClient({ transport: http(`${server.baseUrl}${authPath('shop')}`, { fetchFn, retryCount: 0 }) })
    return createBundlerClient({ client, paymaster: paymasterClient, transport: http(`${server.baseUrl}/auth/v1/bundler?projectId=shop&chainId=eip155:1`, { fetchFn, retryCount: 0 }) })
  }
  const newAccount = () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    return localSmartAccount(client, owner)
  }
  /** The EntryPoint's handleOps as any bundler would send it, simulated from a development account. */
  const handleOps = (op: UserOperation<'0.7'>) =>
    client.simulateContract({ address: entryPoint07Address, abi: entryPoint07Abi, functionName: 'handleOps', args: [[toPackedUserOperation(op)], receiver], account: devAccounts[4]!.address })
  const deposit = () => client.readContract({ address: VERIFYING_PAYMASTER_ADDRESS, abi: verifyingPaymasterAbi, functionName: 'getDeposit' })

  test("a new user's 0-ETH smart account sends through /auth/v1/paymaster: Alto bundles it, the paymaster's deposit pays, the account still has 0 ETH", async () => {
    const account = await newAccount()
    const bundler = sessionClients(await signIn(server, 'shop'))
    const before = await deposit()

    const hash = await bundler.sendUserOperation({ account, calls: [{ to: receiver, value: 0n, data: '0x' }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 30_000 })

    expect(receipt).toMatchObject({ success: true, paymaster: VERIFYING_PAYMASTER_ADDRESS, sender: await account.getAddress() })
    expect(receipt.receipt.from.toLowerCase()).toBe(local.alto.executor.toLowerCase())
    expect(await client.getBalance({ address: await account.getAddress() })).toBe(0n)
    expect(await deposit()).toBe(before - receipt.actualGasCost)
    // Counted at the operation's most possible cost, never less than it cost.
    const [today] = await server.db.selectFrom('sponsorship_spend').select(['spent_wei', 'operations']).where('project_id', '=', 'shop').where('user_key', '=', '').execute()
    expect(today!.operations).toBe(1)
    expect(BigInt(today!.spent_wei)).toBeGreaterThanOrEqual(receipt.actualGasCost)
  })

  test('the EntryPoint refuses a sponsorship whose window has passed, and an operation whose calls changed after it was sponsored', async () => {
    const session = await signIn(server, 'shop')
    const bundler = sessionClients(session)
    const account = await newAccount()
    const prepared = await bundler.prepareUserOperation({ account, calls: [{ to: receiver, value: 0n, data: '0x' }] })
    // The calls change after the sponsor signed: the account signs the new operation, the paymaster's signature no longer matches.
    const changed = { ...prepared, callData: await account.encodeCalls([{ to: devAccounts[5]!.address, value: 0n, data: '0x' }]) }
    const changedSigned = { ...changed, signature: await account.signUserOperation(changed) }
    await expect(bundler.sendUserOperation(changedSigned)).rejects.toThrow(/AA34 signature error/)
    // The EntryPoint itself refuses it, whoever would bundle it.
    await expect(handleOps(changedSigned)).rejects.toThrow(/AA34 signature error/)

    // A sponsorship signed an hour ago has expired by the time it reaches the chain.
    server.clock.advance(-3_600_000)
    try {
      const prepared = await bundler.prepareUserOperation({ account, calls: [{ to: receiver, value: 0n, data: '0x' }] })
      const stale = { ...prepared, signature: await account.signUserOperation(prepared) }
      await expect(bundler.sendUserOperation(stale)).rejects.toThrow(/out of time-range: either wallet or paymaster returned a time-range, and it is already expired/)
      await expect(handleOps(stale)).rejects.toThrow(/AA32 paymaster expired or not due/)
    } finally {
      server.clock.advance(3_600_000)
    }
  })

  test("a sponsorship used once cannot be used again: its signature covers the operation's nonce, so the EntryPoint refuses the replay", async () => {
    const bundler = sessionClients(await signIn(server, 'shop'))
    const account = await newAccount()
    const first = await bundler.prepareUserOperation({ account, calls: [{ to: receiver, value: 0n, data: '0x' }] })
    const landed = { ...first, signature: await account.signUserOperation(first) }
    await bundler.waitForUserOperationReceipt({ hash: await bundler.sendUserOperation(landed), pollingInterval: 100, timeout: 30_000 })
    // The same calls again, a new nonce (the first one is used), with the first operation's paymaster data.
    const next = await bundler.prepareUserOperation({ account, calls: [{ to: receiver, value: 0n, data: '0x' }] })
    const replay = {
      ...next,
      paymaster: first.paymaster,
      paymasterData: first.paymasterData,
      paymasterVerificationGasLimit: first.paymasterVerificationGasLimit,
      paymasterPostOpGasLimit: first.paymasterPostOpGasLimit,
    }
    const replaySigned = { ...replay, signature: await account.signUserOperation(replay) }
    expect(replaySigned.nonce).not.toBe(first.nonce)
    await expect(handleOps(replaySigned)).rejects.toThrow(/AA34 signature error/)
    await expect(bundler.sendUserOperation(replaySigned)).rejects.toThrow(/AA34 signature error/)
  })

  test('refuses, with the reason: a chain the policy leaves out, a contract or function it does not list, a project without a policy', async () => {
    const sender = devAccounts[2]!.address
    const notOnChain = await pm(server, authPath('shop', 'eip155:10'), 'pm_getPaymasterStubData', [operation(sender), entryPoint07Address, toHex(10), {}], secure(await signIn(server, 'shop')))
    expect(notOnChain.body.error).toEqual({ code: -32001, message: 'Gas is not sponsored on eip155:10 for this dapp', data: { code: 'SPONSORSHIP_NOT_ON_CHAIN' } })

    const session = secure(await signIn(server, 'mint'))
    const other = encodeFunctionData({ abi: executeAbi, functionName: 'execute', args: [receiver, 0n, '0xa9059cbb'] })
    const notListed = await pm(server, authPath('mint'), 'pm_getPaymasterData', [operation(sender, other), entryPoint07Address, chainHex, {}], session)
    expect(notListed.body.error).toEqual({ code: -32001, message: `This contract is not sponsored: ${receiver}`, data: { code: 'SPONSORSHIP_CONTRACT_NOT_SPONSORED' } })
    const otherFunction = encodeFunctionData({ abi: executeAbi, functionName: 'execute', args: [nft, 0n, '0xa9059cbb'] })
    expect((await pm(server, authPath('mint'), 'pm_getPaymasterStubData', [operation(sender, otherFunction), entryPoint07Address, chainHex, {}], session)).body.error?.message).toBe(
      `This contract is not sponsored: ${nft} (function 0xa9059cbb)`,
    )
    const none = await pm(server, authPath('none'), 'pm_getPaymasterStubData', [operation(sender), entryPoint07Address, chainHex, {}], secure(await signIn(server, 'none')))
    expect(none.body.error).toMatchObject({ message: 'This dapp does not sponsor gas', data: { code: 'SPONSORSHIP_OFF' } })
    expect((await pm(server, authPath('mint'), 'pm_getPaymasterStubData', [operation(sender), '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789', chainHex, {}], session)).body.error).toEqual({
      code: -32602,
      message: `Only EntryPoint v0.7 (${entryPoint07Address}) is sponsored here`,
    })
    expect((await pm(server, authPath('mint'), 'pm_getPaymasterStubData', [operation(sender), entryPoint07Address, toHex(10), {}], session)).body.error?.message).toBe(
      "The request's chainId must be 0x1, the chain of this endpoint (eip155:1)",
    )
  })

  test("counts each signed sponsorship against the user's and the project's daily cap, and says when it resets", async () => {
    const sender = devAccounts[2]!.address
    const alice = secure(await signIn(server, 'mint'))
    const first = await pm(server, authPath('mint'), 'pm_getPaymasterData', [operation(sender), entryPoint07Address, chainHex, {}], alice)
    expect(first.body.result).toEqual({ paymaster: VERIFYING_PAYMASTER_ADDRESS, paymasterData: expect.stringMatching(/^0x[0-9a-f]{258}$/) })
    const resetsAt = new Date(Date.UTC(new Date(server.clock.now).getUTCFullYear(), new Date(server.clock.now).getUTCMonth(), new Date(server.clock.now).getUTCDate() + 1)).toISOString()
    // Alice's 10^15 wei are spent: the stub says so before anything is signed, and so does a second signing.
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      expect((await pm(server, authPath('mint'), method, [operation(sender), entryPoint07Address, chainHex, {}], alice)).body.error).toEqual({
        code: -32001,
        message: `Daily gas sponsorship limit reached for this account; it resets at ${resetsAt} (midnight UTC)`,
        data: { code: 'SPONSORSHIP_DAILY_LIMIT', resetsAt },
      })
    }
    // Bob has his own cap, but the project has 5 × 10^14 wei left of 1.5 × 10^15.
    const bob = secure(await signIn(server, 'mint'))
    expect((await pm(server, authPath('mint'), 'pm_getPaymasterData', [operation(sender), entryPoint07Address, chainHex, {}], bob)).body.error?.message).toBe(
      `Daily gas sponsorship limit reached for this dapp; it resets at ${resetsAt} (midnight UTC)`,
    )
  })

  test('who may ask: the secure page with a session at /auth/v1/paymaster; a browser of the project at /v1/paymaster only when its policy opens it', async () => {
    const sender = devAccounts[3]!.address
    const params = [operation(sender), entryPoint07Address, chainHex, {}]
    expect((await pm(server, authPath('mint'), 'pm_getPaymasterStubData', params, { origin: SECURE_ORIGIN })).status).toBe(401)
    expect((await pm(server, authPath('mint'), 'pm_getPaymasterStubData', params, { origin: 'https://mint.example', ...(await signIn(server, 'mint')) })).status).toBe(403)
    expect((await pm(server, authPath('mint'), 'eth_sendUserOperation', params, secure(await signIn(server, 'mint')))).body.error).toEqual({
      code: -32601,
      message: 'The method eth_sendUserOperation is not available at this paymaster endpoint',
    })

    const stub = await pm(server, '/v1/paymaster?projectId=mint&chainId=1', 'pm_getPaymasterStubData', params, { origin: 'https://mint.example' })
    expect(stub.body.result).toMatchObject({ paymaster: VERIFYING_PAYMASTER_ADDRESS, paymasterVerificationGasLimit: toHex(60_000), paymasterPostOpGasLimit: '0x0', isFinal: false })
    expect((await pm(server, '/v1/paymaster?projectId=mint&chainId=1', 'pm_getPaymasterStubData', params, {})).body.message).toBe(
      'The paymaster answers browsers of the project only: send the Origin header',
    )
    expect((await pm(server, '/v1/paymaster?projectId=mint&chainId=1', 'pm_getPaymasterStubData', params, { origin: 'https://evil.example' })).status).toBe(403)
    const closed = await pm(server, '/v1/paymaster?projectId=shop&chainId=1', 'pm_getPaymasterStubData', params, { origin: 'https://shop.example' })
    expect(closed).toEqual({ status: 403, body: { error: 'Forbidden', message: `Project 'shop' sponsors gas for its embedded wallet only (its policy has no "publicEndpoint": true)` } })
  })
})

describe('two instances on one PostgreSQL', () => {
  let pg: PostgresInstance
  let servers: AuthTestServer[] = []
  beforeAll(async () => {
    pg = await startPostgres()
    const database = { postgresUrl: await pg.createDatabase() }
    const first = await startAuthTestServer({ database, trustProxy: ['loopback'], projects: PROJECTS, blockchain: { chains: [{ chainId: 'eip155:1', rpcUrl: 'http://127.0.0.1:9' }] }, paymaster })
    // The same browser (device key) talks to both, as behind a load balancer; they share the master key.
    const second = await startAuthTestServer({
      database,
      trustProxy: ['loopback'],
      projects: PROJECTS,
      blockchain: { chains: [{ chainId: 'eip155:1', rpcUrl: 'http://127.0.0.1:9' }] },
      paymaster,
      device: first.device,
      keyring: first.keyring,
    })
    servers = [first, second]
  }, 60_000)
  afterAll(async () => {
    for (const server of servers) await server.close()
    await pg?.stop()
  })

  test("one user's requests racing across both instances sponsor no more than the cap", async () => {
    const session = secure(await signIn(servers[0]!, 'mint'))
    const sender = devAccounts[2]!.address
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pm(servers[i % 2]!, authPath('mint'), 'pm_getPaymasterData', [operation(sender), entryPoint07Address, chainHex, {}], session)),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(answers.filter((answer) => answer.body.result !== undefined)).toHaveLength(1)
    expect(answers.filter((answer) => answer.body.error?.data?.code === 'SPONSORSHIP_DAILY_LIMIT')).toHaveLength(5)
  })
})
