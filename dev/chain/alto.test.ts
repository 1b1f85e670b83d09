// Alto, the local chains' bundler, as the stack runs it: its own process against a real
// anvil with EntryPoint v0.7, sending a real user operation of the embedded wallet's smart account (a Safe).
import { createPublicClient, createWalletClient, defineChain, http, parseEther, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, entryPoint07Address } from 'viem/account-abstraction'
import { ALTO_ACCOUNT_FUNDING, startLocalAlto, type LocalAlto } from './alto'
import { deployAccountAbstraction } from './accountAbstraction'
import { localSmartAccount } from './localSmartAccount'
import { DEV_PRIVATE_KEYS, devAccounts } from './devAccounts'
import { startLocalChain, type LocalChain } from './localChain'

jest.setTimeout(120_000)

let chain: LocalChain
let alto: LocalAlto
let client: PublicClient

beforeAll(async () => {
  chain = await startLocalChain({ chainId: 1 })
  await deployAccountAbstraction(chain.rpcUrl)
  alto = await startLocalAlto({ rpcUrl: chain.rpcUrl })
  const local = defineChain({ id: 1, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } })
  client = createPublicClient({ chain: local, transport: http(chain.rpcUrl) }) as PublicClient
})

afterAll(async () => {
  await alto?.stop()
  await chain?.stop()
})

test('Alto serves EntryPoint v0.7 on the chain, with its executor funded', async () => {
  const bundler = createBundlerClient({ client, transport: http(alto.url) })
  await expect(bundler.getSupportedEntryPoints()).resolves.toEqual([entryPoint07Address])
  await expect(bundler.getChainId()).resolves.toBe(1)
  expect(await client.getBalance({ address: alto.executor })).toBeGreaterThanOrEqual(ALTO_ACCOUNT_FUNDING - parseEther('1'))
})

test('a user operation of a new smart account is bundled by Alto and lands on the chain', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await localSmartAccount(client, owner)
  const local = client.chain!
  const funder = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[1]), chain: local, transport: http(chain.rpcUrl) })
  await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: await account.getAddress(), value: parseEther('1') }) })
  const receiver = devAccounts[6]!.address
  const before = await client.getBalance({ address: receiver })

  const bundler = createBundlerClient({ client, transport: http(alto.url) })
  const hash = await bundler.sendUserOperation({ account, calls: [{ to: receiver, value: 12_345n }] })
  const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 30_000 })

  expect(receipt).toMatchObject({ userOpHash: hash, sender: await account.getAddress(), success: true })
  expect(receipt.receipt.from.toLowerCase()).toBe(alto.executor.toLowerCase())
  expect(await client.getBalance({ address: receiver })).toBe(before + 12_345n)
})

test('stop() ends the process', async () => {
  const second = await startLocalAlto({ rpcUrl: chain.rpcUrl })
  await second.stop()
  expect(await second.exited).toEqual({ code: expect.anything(), signal: null })
})
