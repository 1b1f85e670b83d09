// The secure page's smart-account sender against a real anvil chain with EntryPoint v0.7
// and the factory deployed, and the development bundler over HTTP at /auth/v1/bundler.
// The owner signs with the page's own signer (custody/signPayload.ts personal_sign), as
// the page does with the key it rebuilt.
import Fastify, { type FastifyInstance } from 'fastify'
import { type Hex, createPublicClient, createWalletClient, hexToBytes, http, isErc6492Signature, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { SMART_ACCOUNT_FACTORY_ADDRESS, deployAccountAbstraction, smartAccountSalt } from '../dev/chain/accountAbstraction'
import { DEV_PRIVATE_KEYS, devAccounts } from '../dev/chain/devAccounts'
import { startLocalChain, type LocalChain } from '../dev/chain/localChain'
import { registerBundlerRoutes } from '../server/bundler/routes'
import { createChainClients } from '../server/chain/clients'
import { installErrorHandlers } from '../server/httpErrors'
import { createProjectRegistry } from '../server/projects'
import { TEST_PROJECTS } from '../server/test/projects'
import { signPayload } from './custody/signPayload'
import { createSmartAccountSender, ownerSalt } from './smartAccount'

jest.setTimeout(90_000)

let chain: LocalChain
let app: FastifyInstance
let baseUrl: string

beforeAll(async () => {
  chain = await startLocalChain({ chainId: 1 })
  await deployAccountAbstraction(chain.rpcUrl)
  app = Fastify()
  installErrorHandlers(app)
  registerBundlerRoutes(app, {
    projects: createProjectRegistry(TEST_PROJECTS),
    clients: createChainClients([{ chainId: 'eip155:1', rpcUrl: chain.rpcUrl }]),
    bundlerKey: DEV_PRIVATE_KEYS[8],
  })
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
})

afterAll(async () => {
  await app?.close()
  await chain?.stop()
})

test('ownerSalt is the salt of the owner first account, as the dev chain computes it', () => {
  const owner = privateKeyToAccount(generatePrivateKey()).address
  expect(ownerSalt(owner).toLowerCase()).toBe(smartAccountSalt(owner).toLowerCase())
})

test('builds a user operation, has the owner sign it through the server signer, and sends ETH from the smart account', async () => {
  const ownerKey = generatePrivateKey()
  const owner = privateKeyToAccount(ownerKey).address
  const signed: Hex[] = []
  const sender = createSmartAccountSender({
    chainId: 1,
    rpcUrl: chain.rpcUrl,
    bundlerUrl: `${baseUrl}/auth/v1/bundler?projectId=shop&chainId=eip155:1`,
    factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS,
    owner,
    async signHash(hash) {
      signed.push(hash)
      const result = await signPayload('personal_sign', { message: hash, address: owner }, hexToBytes(ownerKey), owner)
      if (!('signature' in result)) throw new Error('personal_sign answered no signature')
      return result.signature as Hex
    },
  })
  const address = await sender.address()
  expect(address).not.toBe(owner)
  await expect(sender.isDeployed()).resolves.toBe(false)

  const publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
  const funder = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[2]), transport: http(chain.rpcUrl) })
  await publicClient.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther('1'), chain: null }) })
  const receiver = devAccounts[5]!.address
  const before = await publicClient.getBalance({ address: receiver })

  const result = await sender.sendTransaction([{ to: receiver, value: parseEther('0.3') }])
  expect(result.success).toBe(true)
  expect(signed).toEqual([result.userOpHash])
  expect((await publicClient.getTransactionReceipt({ hash: result.transactionHash })).status).toBe('success')
  expect(await publicClient.getBalance({ address: receiver })).toBe(before + parseEther('0.3'))
  await expect(sender.isDeployed()).resolves.toBe(true)
})

test('a signer that refuses stops the operation before anything is sent', async () => {
  const owner = privateKeyToAccount(generatePrivateKey()).address
  const sender = createSmartAccountSender({
    chainId: 1,
    rpcUrl: chain.rpcUrl,
    bundlerUrl: `${baseUrl}/auth/v1/bundler?projectId=shop&chainId=eip155:1`,
    factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS,
    owner,
    signHash: async () => {
      throw new Error('User rejected the request.')
    },
  })
  const blockBefore = await createPublicClient({ transport: http(chain.rpcUrl) }).getBlockNumber()
  await expect(sender.sendTransaction([{ to: devAccounts[5]!.address, value: 1n }])).rejects.toThrow('User rejected the request.')
  expect(await createPublicClient({ transport: http(chain.rpcUrl) }).getBlockNumber()).toBe(blockBefore)
})

test('personal_sign and typed data from the smart account verify with viem for the smart address: ERC-6492 while counterfactual, ERC-1271 once deployed', async () => {
  const ownerKey = generatePrivateKey()
  const owner = privateKeyToAccount(ownerKey).address
  const sign = async (kind: 'personal_sign' | 'typedData', payload: Record<string, unknown>) => {
    const result = await signPayload(kind, JSON.parse(JSON.stringify(payload)), hexToBytes(ownerKey), owner)
    if (!('signature' in result)) throw new Error(`${kind} answered no signature`)
    return result.signature as Hex
  }
  const sender = createSmartAccountSender({
    chainId: 1,
    rpcUrl: chain.rpcUrl,
    bundlerUrl: `${baseUrl}/auth/v1/bundler?projectId=shop&chainId=eip155:1`,
    factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS,
    owner,
    signHash: (hash) => sign('personal_sign', { message: hash, address: owner }),
    signTypedData: (typedData) => sign('typedData', { ...typedData, address: owner }),
  })
  const address = await sender.address()
  const publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
  const typedData = {
    domain: { name: 'Portico test', version: '1', chainId: 1 },
    types: { Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    message: { contents: 'Hello, Bob' },
  } as const

  const counterfactual = await sender.signMessage('Hello from a smart account')
  expect(isErc6492Signature(counterfactual)).toBe(true)
  await expect(publicClient.verifyMessage({ address, message: 'Hello from a smart account', signature: counterfactual })).resolves.toBe(true)
  await expect(publicClient.verifyMessage({ address, message: 'Another message', signature: counterfactual })).resolves.toBe(false)
  await expect(publicClient.verifyMessage({ address: owner, message: 'Hello from a smart account', signature: counterfactual })).resolves.toBe(false)
  await expect(publicClient.verifyTypedData({ address, ...typedData, signature: await sender.signTypedData(typedData) })).resolves.toBe(true)

  const funder = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[2]), transport: http(chain.rpcUrl) })
  await publicClient.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther('0.1'), chain: null }) })
  await sender.sendTransaction([{ to: devAccounts[5]!.address, value: 1n }])
  await expect(sender.isDeployed()).resolves.toBe(true)

  const deployed = await sender.signMessage('0x68656c6c6f')
  expect(isErc6492Signature(deployed)).toBe(false)
  await expect(publicClient.verifyMessage({ address, message: { raw: '0x68656c6c6f' }, signature: deployed })).resolves.toBe(true)
  await expect(publicClient.verifyTypedData({ address, ...typedData, signature: await sender.signTypedData(typedData) })).resolves.toBe(true)
})
