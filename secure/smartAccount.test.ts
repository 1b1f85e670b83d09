// The secure page's smart-account sender against a real anvil chain with EntryPoint v0.7
// and Safe's contracts deployed, and a real Alto bundler over HTTP (in the page it is the
// server's /auth/v1/bundler, which forwards to Alto: server/accountAbstraction).
// The owner signs with the page's own signer (custody/signPayload.ts), as the page does
// with the key it rebuilt.
import { type Hex, type PublicClient, type TypedDataDefinition, createPublicClient, createWalletClient, hexToBytes, http, isErc6492Signature, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { SAFE_ADDRESSES, SMART_ACCOUNT_FACTORY_ADDRESS } from '../dev/chain/accountAbstraction'
import { localSmartAccount } from '../dev/chain/localSmartAccount'
import { startLocalBundlerChain, type LocalBundlerChain } from '../dev/chain/alto'
import { DEV_PRIVATE_KEYS, devAccounts } from '../dev/chain/devAccounts'
import { type LocalChain } from '../dev/chain/localChain'
import { signPayload } from './custody/signPayload'
import { SAFE_4337_MODULE_ADDRESS } from './ownerKeyGuard'
import { ReplyError } from './replyError'
import { createSmartAccountSender } from './smartAccount'

jest.setTimeout(90_000)

let local: LocalBundlerChain
let chain: LocalChain
let bundlerUrl: string

beforeAll(async () => {
  local = await startLocalBundlerChain({ chainId: 1 })
  chain = local.chain
  bundlerUrl = local.alto.url
})

afterAll(() => local?.stop())

/** The owner's signatures with the page's own signer, as the page signs with the key it rebuilt; `typed` records what typed data it signed. */
function ownerSigner(ownerKey: Hex, typed: TypedDataDefinition[] = []) {
  const owner = privateKeyToAccount(ownerKey).address
  const sign = async (kind: 'personal_sign' | 'typedData', payload: Record<string, unknown>) => {
    const result = await signPayload(kind, JSON.parse(JSON.stringify(payload, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))), hexToBytes(ownerKey), owner)
    if (!('signature' in result)) throw new Error(`${kind} answered no signature`)
    return result.signature as Hex
  }
  return {
    signHash: (hash: Hex) => sign('personal_sign', { message: hash, address: owner }),
    signTypedData: (typedData: TypedDataDefinition) => {
      typed.push(typedData)
      return sign('typedData', { ...typedData, address: owner })
    },
  }
}

test("the owner-key guard's module address is the one the stack deploys and public chains have", () => {
  expect(SAFE_4337_MODULE_ADDRESS).toBe(SAFE_ADDRESSES.safe4337Module)
})

const refusingSigner = {
  signHash: async (): Promise<Hex> => {
    throw new Error('User rejected the request.')
  },
  signTypedData: async (): Promise<Hex> => {
    throw new Error('User rejected the request.')
  },
}

/** Sends ETH from a development account and waits for it to be mined. */
async function fund(address: Hex, value: bigint): Promise<void> {
  const funder = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[2]), transport: http(chain.rpcUrl) })
  await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value, chain: null }) })
}

test("builds a user operation of the owner's Safe, has the owner sign its EIP-712 SafeOp, and sends ETH from the smart account", async () => {
  const ownerKey = generatePrivateKey()
  const owner = privateKeyToAccount(ownerKey).address
  const typed: TypedDataDefinition[] = []
  const sender = createSmartAccountSender({ chainId: 1, rpcUrl: chain.rpcUrl, bundlerUrl, factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS, owner, ...ownerSigner(ownerKey, typed) })
  const address = await sender.address()
  expect(address).not.toBe(owner)
  // The address the dev chain (and every public chain with Safe's canonical contracts) gives the owner's Safe.
  const viewer = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient
  expect(address).toBe(await (await localSmartAccount(viewer, privateKeyToAccount(ownerKey))).getAddress())
  await expect(sender.isDeployed()).resolves.toBe(false)

  const publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
  await fund(address, parseEther('1'))
  const receiver = devAccounts[5]!.address
  const before = await publicClient.getBalance({ address: receiver })

  const result = await sender.sendTransaction([{ to: receiver, value: parseEther('0.3') }])
  expect(result.success).toBe(true)
  // The only thing the owner signed: the operation as Safe's module checks it, for this chain and this account.
  expect(typed).toHaveLength(1)
  expect(typed[0]).toMatchObject({ primaryType: 'SafeOp', domain: { chainId: 1, verifyingContract: SAFE_ADDRESSES.safe4337Module }, message: { safe: address } })
  expect((await publicClient.getTransactionReceipt({ hash: result.transactionHash })).status).toBe('success')
  expect(await publicClient.getBalance({ address: receiver })).toBe(before + parseEther('0.3'))
  await expect(sender.isDeployed()).resolves.toBe(true)
})

test('a signer that refuses stops the operation before anything is sent', async () => {
  const owner = privateKeyToAccount(generatePrivateKey()).address
  const sender = createSmartAccountSender({
    chainId: 1,
    rpcUrl: chain.rpcUrl,
    bundlerUrl,
    factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS,
    owner,
    ...refusingSigner,
  })
  // Funded, so the bundler's estimate passes and the owner is asked.
  await fund(await sender.address(), parseEther('0.1'))
  const blockBefore = await createPublicClient({ transport: http(chain.rpcUrl) }).getBlockNumber()
  await expect(sender.sendTransaction([{ to: devAccounts[5]!.address, value: 1n }])).rejects.toThrow('User rejected the request.')
  expect(await createPublicClient({ transport: http(chain.rpcUrl) }).getBlockNumber()).toBe(blockBefore)
})

test('personal_sign and typed data from the smart account verify with viem for the smart address: ERC-6492 while counterfactual, ERC-1271 once deployed', async () => {
  const ownerKey = generatePrivateKey()
  const owner = privateKeyToAccount(ownerKey).address
  const sender = createSmartAccountSender({ chainId: 1, rpcUrl: chain.rpcUrl, bundlerUrl, factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS, owner, ...ownerSigner(ownerKey) })
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

test('every call to the bundler carries the session headers, made for that call; the chain RPC gets none', async () => {
  const ownerKey = generatePrivateKey()
  const seen: { url: string; session: string | null }[] = []
  const asked: { method: string; url: string }[] = []
  const sender = createSmartAccountSender({
    chainId: 1,
    rpcUrl: chain.rpcUrl,
    bundlerUrl,
    factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS,
    owner: privateKeyToAccount(ownerKey).address,
    ...ownerSigner(ownerKey),
    sessionHeaders: async (target) => {
      asked.push(target)
      return { 'x-portico-session': `for ${asked.length}` }
    },
    fetch: async (input, init) => {
      seen.push({ url: String(input), session: new Headers(init?.headers).get('x-portico-session') })
      return fetch(input, init)
    },
  })
  await fund(await sender.address(), parseEther('0.1'))

  await expect(sender.sendTransaction([{ to: devAccounts[5]!.address, value: 1n }])).resolves.toMatchObject({ success: true })
  const toBundler = seen.filter((call) => call.url === bundlerUrl)
  expect(toBundler.length).toBeGreaterThanOrEqual(3)
  expect(toBundler.map((call) => call.session)).toEqual(toBundler.map((_, i) => `for ${i + 1}`))
  expect(asked.every((target) => target.method === 'POST' && target.url === bundlerUrl)).toBe(true)
  expect(seen.filter((call) => call.url !== bundlerUrl).every((call) => call.session === null)).toBe(true)
})

test('a bundler that cannot be reached is a clear refusal, and nothing reaches the chain', async () => {
  const owner = privateKeyToAccount(generatePrivateKey()).address
  const sender = createSmartAccountSender({
    chainId: 1,
    rpcUrl: chain.rpcUrl,
    bundlerUrl: 'http://127.0.0.1:9/rpc',
    factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS,
    owner,
    signHash: async () => {
      throw new Error('the owner is never asked: nothing can be sent')
    },
    signTypedData: async () => {
      throw new Error('the owner is never asked: nothing can be sent')
    },
  })
  const blockBefore = await createPublicClient({ transport: http(chain.rpcUrl) }).getBlockNumber()
  const error = await sender.sendTransaction([{ to: devAccounts[5]!.address, value: 1n }]).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ReplyError)
  expect((error as ReplyError).message).toBe('The bundler could not be reached; the user operation was not sent')
  expect(await createPublicClient({ transport: http(chain.rpcUrl) }).getBlockNumber()).toBe(blockBefore)
})
