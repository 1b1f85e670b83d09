// The development bundler against a real anvil chain with EntryPoint v0.7 and the
// Portico account factory deployed, over HTTP: viem's bundler client and solady smart
// account send real user operations, and the modal's bundler client reads the receipts.
import Fastify, { type FastifyInstance } from 'fastify'
import { type Address, type Hex, type PublicClient, createPublicClient, createWalletClient, defineChain, encodeFunctionData, http, parseEther, toFunctionSelector, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { type BundlerClient, createBundlerClient as createViemBundlerClient, entryPoint07Address, toSoladySmartAccount } from 'viem/account-abstraction'
import { ServiceError } from '../../src/errors'
import { createBundlerClient } from '../../src/services/bundler/createBundlerClient'
import { SMART_ACCOUNT_FACTORY_ADDRESS, SMART_ACCOUNT_IMPLEMENTATION_ADDRESS, deployAccountAbstraction, smartAccountSalt } from '../../dev/chain/accountAbstraction'
import { DEV_PRIVATE_KEYS, devAccounts } from '../../dev/chain/devAccounts'
import { startLocalChain, type LocalChain } from '../../dev/chain/localChain'
import { createChainClients } from '../chain/clients'
import { installErrorHandlers } from '../httpErrors'
import { createProjectRegistry } from '../projects'
import { TEST_PROJECTS } from '../test/projects'
import { readBundlerEnv } from './env'
import { registerBundlerRoutes } from './routes'

jest.setTimeout(90_000)

const bundlerKey: Hex = DEV_PRIVATE_KEYS[8]
const receiver = devAccounts[7]!.address

let chain: LocalChain
let app: FastifyInstance
let baseUrl: string
let publicClient: PublicClient

const localChain = (rpcUrl: string) => defineChain({ id: 1, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })

beforeAll(async () => {
  chain = await startLocalChain({ chainId: 1 })
  await deployAccountAbstraction(chain.rpcUrl)
  publicClient = createPublicClient({ chain: localChain(chain.rpcUrl), transport: http(chain.rpcUrl) }) as PublicClient
  app = Fastify()
  installErrorHandlers(app)
  registerBundlerRoutes(app, {
    projects: createProjectRegistry(TEST_PROJECTS),
    clients: createChainClients([
      { chainId: 'eip155:1', rpcUrl: chain.rpcUrl },
      { chainId: 'eip155:10', rpcUrl: 'http://192.0.2.1:8545' },
    ]),
    bundlerKey,
    secureOrigins: new Set(['http://127.0.0.1:8788']),
  })
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
})

afterAll(async () => {
  await app?.close()
  await chain?.stop()
})

const bundlerUrl = (query = 'projectId=shop&chainId=eip155:1&bundler=portico') => `${baseUrl}/v1/bundler?${query}`

function viemBundler(): BundlerClient {
  return createViemBundlerClient({ client: publicClient, transport: http(bundlerUrl()) })
}

async function smartAccountOf(ownerKey: Hex) {
  const owner = privateKeyToAccount(ownerKey)
  return toSoladySmartAccount({ client: publicClient, owner, factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS, salt: smartAccountSalt(owner.address) })
}

async function fund(address: Address, value: bigint) {
  const wallet = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[1]), chain: localChain(chain.rpcUrl), transport: http(chain.rpcUrl) })
  await publicClient.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: address, value }) })
}

async function rpc(url: string, method: string, params: unknown[], headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }) })
  return { status: response.status, body: (await response.json()) as { id?: number; result?: unknown; error?: { code: number; message: string }; code?: string } }
}

describe('deployAccountAbstraction', () => {
  test('puts EntryPoint v0.7 at its canonical address and the factory at its CREATE2 address, once', async () => {
    for (const address of [entryPoint07Address, SMART_ACCOUNT_FACTORY_ADDRESS, SMART_ACCOUNT_IMPLEMENTATION_ADDRESS]) {
      expect((await publicClient.getCode({ address }))?.length).toBeGreaterThan(2)
    }
    const blockBefore = await publicClient.getBlockNumber()
    await expect(deployAccountAbstraction(chain.rpcUrl)).resolves.toEqual({
      entryPoint: entryPoint07Address,
      factory: SMART_ACCOUNT_FACTORY_ADDRESS,
      implementation: SMART_ACCOUNT_IMPLEMENTATION_ADDRESS,
    })
    expect(await publicClient.getBlockNumber()).toBe(blockBefore)
  })

  test('each owner has its own account address, and the factory refuses a salt of another owner', async () => {
    const ownerKey = generatePrivateKey()
    const a = await smartAccountOf(ownerKey)
    const b = await smartAccountOf(generatePrivateKey())
    expect(await a.getAddress()).not.toBe(await b.getAddress())
    const stranger = privateKeyToAccount(generatePrivateKey())
    await expect(
      publicClient.simulateContract({
        address: SMART_ACCOUNT_FACTORY_ADDRESS,
        abi: a.factory.abi,
        functionName: 'createAccount',
        args: [stranger.address, smartAccountSalt(privateKeyToAccount(ownerKey).address)],
      }),
    ).rejects.toThrow(/SaltDoesNotStartWithOwner|reverted/)
  })
})

describe('the bundler endpoint', () => {
  test('answers eth_chainId and eth_supportedEntryPoints', async () => {
    const bundler = viemBundler()
    await expect(bundler.getSupportedEntryPoints()).resolves.toEqual([entryPoint07Address])
    await expect(bundler.getChainId()).resolves.toBe(1)
  })

  test('a counterfactual smart account is deployed by its first user operation and sends ETH; a second one reuses it', async () => {
    const account = await smartAccountOf(generatePrivateKey())
    const address = await account.getAddress()
    expect(await publicClient.getCode({ address })).toBeUndefined()
    await fund(address, parseEther('1'))
    const receiverBefore = await publicClient.getBalance({ address: receiver })
    const bundler = viemBundler()

    const hash = await bundler.sendUserOperation({ account, calls: [{ to: receiver, value: parseEther('0.25') }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 10_000 })
    expect(receipt).toMatchObject({ userOpHash: hash, sender: address, entryPoint: entryPoint07Address, success: true })
    // viem's accounts pick a fresh nonce key per operation: the sequence (low 64 bits) starts at 0.
    expect(receipt.nonce % 2n ** 64n).toBe(0n)
    expect(receipt.receipt.status).toBe('success')
    expect(receipt.actualGasCost).toBeGreaterThan(0n)
    expect(await publicClient.getBalance({ address: receiver })).toBe(receiverBefore + parseEther('0.25'))
    expect((await publicClient.getCode({ address }))?.length).toBeGreaterThan(2)

    const found = await bundler.getUserOperation({ hash })
    expect(found.transactionHash).toBe(receipt.receipt.transactionHash)
    expect(found.userOperation).toMatchObject({ sender: address, factory: SMART_ACCOUNT_FACTORY_ADDRESS, nonce: receipt.nonce })

    const second = await bundler.sendUserOperation({
      account,
      calls: [
        { to: receiver, value: parseEther('0.1') },
        { to: receiver, value: parseEther('0.05') },
      ],
    })
    const secondReceipt = await bundler.waitForUserOperationReceipt({ hash: second, pollingInterval: 100, timeout: 10_000 })
    expect(secondReceipt).toMatchObject({ success: true, sender: address })
    expect(await publicClient.getBalance({ address: receiver })).toBe(receiverBefore + parseEther('0.4'))
    expect((await bundler.getUserOperation({ hash: second })).userOperation.factory).toBeUndefined()
  })

  test('a reverting call is mined with success false and its revert data as reason', async () => {
    const account = await smartAccountOf(generatePrivateKey())
    await fund(await account.getAddress(), parseEther('0.5'))
    const bundler = viemBundler()
    // The factory refuses a salt of another owner: the account's call reverts, the operation still pays its gas.
    const data = encodeFunctionData({ abi: account.factory.abi, functionName: 'createAccount', args: [receiver, smartAccountSalt(devAccounts[0]!.address)] })
    const hash = await bundler.sendUserOperation({ account, calls: [{ to: SMART_ACCOUNT_FACTORY_ADDRESS, data }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 10_000 })
    expect(receipt.success).toBe(false)
    expect(receipt.receipt.status).toBe('success')
    expect(receipt.reason).toBe(toFunctionSelector('SaltDoesNotStartWithOwner()'))
    expect(receipt.actualGasCost).toBeGreaterThan(0n)
  })

  test('refuses a user operation signed by another key with the EntryPoint reason AA24 (-32507)', async () => {
    const account = await smartAccountOf(generatePrivateKey())
    await fund(await account.getAddress(), parseEther('0.5'))
    const bundler = viemBundler()
    const prepared = await bundler.prepareUserOperation({ account, calls: [{ to: receiver, value: 1n }] })
    const impostor = await smartAccountOf(generatePrivateKey())
    const signature = await impostor.signUserOperation({ ...prepared, sender: prepared.sender })
    const { formatUserOperationRequest } = await import('viem/account-abstraction')
    const { status, body } = await rpc(bundlerUrl(), 'eth_sendUserOperation', [formatUserOperationRequest({ ...prepared, signature }), entryPoint07Address])
    expect(status).toBe(200)
    expect(body.id).toBe(7)
    expect(body.error).toEqual({ code: -32507, message: 'AA24 signature error' })
  })

  test('answers invalid params, unknown methods and other entry points with JSON-RPC errors', async () => {
    expect((await rpc(bundlerUrl(), 'eth_getUserOperationReceipt', ['0x1234'])).body.error).toMatchObject({ code: -32602 })
    expect((await rpc(bundlerUrl(), 'eth_sendRawTransaction', ['0x'])).body.error).toMatchObject({ code: -32601 })
    const other = await rpc(bundlerUrl(), 'eth_estimateUserOperationGas', [{ sender: receiver, nonce: '0x0', callData: '0x' }, zeroAddress])
    expect(other.body.error).toEqual({ code: -32602, message: `Unsupported entry point: this bundler serves ${entryPoint07Address} (v0.7)` })
  })

  test('serves only local development chains, for known projects', async () => {
    const remote = await rpc(bundlerUrl('projectId=shop&chainId=10'), 'eth_chainId', [])
    expect(remote).toMatchObject({ status: 400, body: { code: 'NOT_A_DEV_CHAIN' } })
    expect((await rpc(bundlerUrl('projectId=shop&chainId=eip155:5'), 'eth_chainId', [])).body).toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
    expect((await rpc(bundlerUrl('projectId=nobody&chainId=1'), 'eth_chainId', [])).status).toBe(403)
    expect((await rpc(bundlerUrl('projectId=shop&chainId=1'), 'eth_chainId', [], { origin: 'https://evil.example' })).status).toBe(403)
  })

  test('answers the secure frame page at /auth/v1/bundler, and no other origin there', async () => {
    const url = `${baseUrl}/auth/v1/bundler?projectId=shop&chainId=1`
    expect((await rpc(url, 'eth_chainId', [], { origin: 'http://127.0.0.1:8788' })).body.result).toBe('0x1')
    expect((await rpc(url, 'eth_chainId', [], { origin: 'https://shop.example' })).status).toBe(403)
    expect((await rpc(`${baseUrl}/auth/v1/bundler?projectId=nobody&chainId=1`, 'eth_chainId', [])).status).toBe(403)
  })
})

describe('the modal bundler client (src/services) against the endpoint', () => {
  const client = (projectId = 'shop') => createBundlerClient({ baseUrl: `${baseUrl}/v1/bundler`, projectId, retry: false })

  test('reads a user operation receipt, and null for an unknown hash', async () => {
    const account = await smartAccountOf(generatePrivateKey())
    await fund(await account.getAddress(), parseEther('0.5'))
    const hash = await viemBundler().sendUserOperation({ account, calls: [{ to: receiver, value: 1000n }] })
    const receipt = await client().getUserOperationReceipt({ userOpHash: hash, chainId: 'eip155:1', bundler: 'portico' })
    expect(receipt).toMatchObject({ userOpHash: hash, success: true, entryPoint: entryPoint07Address, sender: await account.getAddress() })
    expect(receipt?.receipt).toMatchObject({ status: '0x1' })
    await expect(client().getUserOperationReceipt({ userOpHash: `0x${'ab'.repeat(32)}`, chainId: 1, bundler: 'portico' })).resolves.toBeNull()
  })

  test("a refused call throws exactly 'Failed to fetch user operation receipt - {status}'", async () => {
    const error = await client('nobody')
      .getUserOperationReceipt({ userOpHash: `0x${'ab'.repeat(32)}`, chainId: 1, bundler: 'portico' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as Error).message).toBe('Failed to fetch user operation receipt - 403')
  })
})

describe('readBundlerEnv', () => {
  test('reads BUNDLER_KEY, refuses a malformed one without echoing it', () => {
    expect(readBundlerEnv({})).toEqual({ bundlerKey: undefined })
    expect(readBundlerEnv({ BUNDLER_KEY: bundlerKey })).toEqual({ bundlerKey })
    expect(() => readBundlerEnv({ BUNDLER_KEY: '0xsecret' })).toThrow('BUNDLER_KEY must be a private key: 0x and 64 hex characters')
  })
})
