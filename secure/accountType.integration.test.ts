/**
 * The embedded wallet's smart account end to end below the browser: the secure page's
 * logic against the REAL reference server (auth API, the bundler route, the
 * smart-account network list) and a REAL anvil chain with EntryPoint v0.7 and the factory
 * deployed, and a REAL Alto bundler in front of it. A user signs in, gets the smart account by default (SPEC §9), signs with it
 * (viem verifies for the smart address), sends ETH from it through the bundler, switches
 * to the EOA and back; the choice is kept in the page's own storage.
 */
import { createPublicClient, createWalletClient, http, isErc6492Signature, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startLocalBundlerChain, type LocalBundlerChain } from '../dev/chain/alto'
import { DEV_PRIVATE_KEYS, devAccounts } from '../dev/chain/devAccounts'
import { startLocalChain, type LocalChain } from '../dev/chain/localChain'
import { SECURE_ORIGIN, startAuthTestServer, type AuthTestServer } from '../server/test/authServer'
import { tempSqliteFile, type TempSqliteFile } from '../server/test/sqlite'
import { createSmartAccounts } from './accountType'
import { NO_ETH_FOR_FEE } from './smartAccount'
import { DEV_SPONSOR_KEY, VERIFYING_PAYMASTER_ADDRESS, verifyingPaymasterAbi } from '../dev/chain/paymaster'
import { readPaymasterEnv } from '../server/accountAbstraction/paymasterEnv'
import { createHttpSecureApi } from './api'
import { createDeviceProver } from './deviceKey'
import { ACCOUNT_TYPE_METHOD, autoApprover, type ApprovalRequest, type Approver } from './approval'
import type { ApprovalField } from './describeRequest'
import { createHttpChainRpc } from './chainRpc'
import { SMART_ACCOUNT_LABEL } from './rpcHandler'
import { createSecureFrame } from './secureFrame'
import { createMemoryStore, createSessionStore, type KeyValueStore } from './session'
import { createMemoryDeviceShareStore } from './custody/deviceShareStore'
import { createFakeHost } from './test/fakes'

jest.setTimeout(90_000)

let server: AuthTestServer
let chain: LocalChain
let bundlerChain: LocalBundlerChain
/** A second local chain without the ERC-4337 contracts: not smart-account enabled. */
let bare: LocalChain
let sqlite: TempSqliteFile

const fromSecureOrigin: typeof fetch = (input, init = {}) => fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), origin: SECURE_ORIGIN } })

beforeAll(async () => {
  sqlite = tempSqliteFile()
  bundlerChain = await startLocalBundlerChain({ chainId: 1 })
  chain = bundlerChain.chain
  bare = await startLocalChain({ chainId: 10 })
  server = await startAuthTestServer({
    database: { sqliteFile: sqlite.file },
    blockchain: {
      chains: [
        { chainId: 'eip155:1', rpcUrl: chain.rpcUrl },
        { chainId: 'eip155:10', rpcUrl: bare.rpcUrl },
      ],
    },
    bundlers: { urls: { 'eip155:1': bundlerChain.alto.url } },
  })
})
afterAll(async () => {
  await Promise.all([server?.close(), bundlerChain?.stop(), bare?.stop()])
  sqlite?.remove()
})

type Reply = { type: string; payload: Record<string, unknown> }
type User = { address: Hex; accounts: { address: Hex; type: string }[]; smartAccountDeployed: boolean; preferredAccountType: string; chainId: number }

/** The browser's device key, kept across reloads of the page (IndexedDB keeps it), dated by the server's clock. */
const browserKey = createDeviceProver({ now: () => server.clock.now })

async function startFrame({
  store = createMemoryStore(),
  on = server,
  prover = browserKey,
  apiUrl = on.baseUrl,
  approver = autoApprover,
}: { store?: KeyValueStore; on?: AuthTestServer; prover?: typeof browserKey; apiUrl?: string; approver?: Approver } = {}) {
  const server = on
  const host = createFakeHost()
  const frame = createSecureFrame({
    host,
    search: '?projectId=shop&chainId=eip155%3A1',
    parentOrigin: 'https://shop.example',
    api: createHttpSecureApi({ baseUrl: server.baseUrl, fetch: fromSecureOrigin, prove: prover }),
    rpc: createHttpChainRpc({ rpcUrls: { 'eip155:1': chain.rpcUrl } }),
    sessions: createSessionStore({ projectId: 'shop', store, randomUUID: () => crypto.randomUUID(), now: Date.now }),
    deviceShares: async () => createMemoryDeviceShareStore(),
    createApprover: () => approver,
    randomUUID: () => crypto.randomUUID(),
    smartAccounts: createSmartAccounts({ apiUrl, projectId: 'shop', rpcUrls: { 'eip155:1': chain.rpcUrl }, store, fetch: fromSecureOrigin }),
  })
  expect(await frame.start()).toBe('allowed')
  const ask = async (event: string, payload: unknown): Promise<Reply> => {
    const id = crypto.randomUUID()
    host.deliver({ id, type: `@portico-app/${event}`, payload }, { origin: 'https://shop.example' })
    for (let i = 0; i < 12_000; i++) {
      const reply = host.posted.find(({ message }) => message.id === id)
      if (reply) return reply.message as Reply
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    throw new Error(`no reply to ${event}`)
  }
  const events = (type: string) => host.posted.map(({ message }) => message as Reply).filter((message) => message.type === type)
  return { ask, events, store }
}

async function login(ask: (event: string, payload: unknown) => Promise<Reply>, on = server): Promise<User> {
  const email = `smart.${crypto.randomUUID()}@example.com`
  await ask('CONNECT_EMAIL', { email })
  const reply = await ask('CONNECT_OTP', { otp: on.latestCode(email) })
  expect(reply.type).toBe('@portico-frame/CONNECT_OTP_SUCCESS')
  return (reply.payload as { user: User }).user
}

const publicClient = () => createPublicClient({ transport: http(chain.rpcUrl) })

describe('gas sponsorship in the secure page (the project sponsors its embedded wallet)', () => {
  let sponsoring: AuthTestServer
  let sqliteFile: TempSqliteFile
  const prover = createDeviceProver({ now: () => sponsoring.clock.now })
  const deposit = () => publicClient().readContract({ address: VERIFYING_PAYMASTER_ADDRESS, abi: verifyingPaymasterAbi, functionName: 'getDeposit' })
  beforeAll(async () => {
    sqliteFile = tempSqliteFile()
    sponsoring = await startAuthTestServer({
      database: { sqliteFile: sqliteFile.file },
      // The chain's clock: the sponsorship's window is checked against its blocks.
      startAt: Date.now(),
      projects: [
        {
          id: 'shop',
          allowedOrigins: ['https://shop.example'],
          analyticsEnabled: false,
          sponsorship: { chains: ['eip155:1'], contracts: [{ address: nft }], perUserPerDayWei: 10n ** 17n, perProjectPerDayWei: 10n ** 18n },
        },
      ],
      blockchain: { chains: [{ chainId: 'eip155:1', rpcUrl: chain.rpcUrl }] },
      bundlers: { urls: { 'eip155:1': bundlerChain.alto.url } },
      paymaster: readPaymasterEnv({ PAYMASTER_ADDRESS: VERIFYING_PAYMASTER_ADDRESS, PAYMASTER_SIGNER_KEY: DEV_SPONSOR_KEY })!,
    })
  })
  afterAll(async () => {
    await sponsoring?.close()
    sqliteFile?.remove()
  })
  const nft = devAccounts[8]!.address

  it('a new user with 0 ETH sends a covered call with the fee "paid by" the dapp; a call the policy leaves out cannot be sent, and the prompt says why; with ETH it goes, paid by the account', async () => {
    const prompts: ApprovalRequest[] = []
    const approver: Approver = { confirm: async (request) => (prompts.push(request), true) }
    const { ask } = await startFrame({ on: sponsoring, prover, approver })
    await ask('SYNC_DAPP_DATA', { metadata: { name: 'Shop', description: '', url: 'https://shop.example', icons: [] }, sdkVersion: 'test', sdkType: 'portico', projectId: 'shop' })
    const user = await login(ask, sponsoring)
    const before = await deposit()

    const sent = await ask('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: user.address, to: nft, data: '0x' }] })
    expect(sent.payload).not.toHaveProperty('message')
    expect(sent.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    expect((await publicClient().getTransactionReceipt({ hash: sent.payload.result as Hex })).status).toBe('success')
    expect(prompts.at(-1)!.details.sections.at(-1)!.fields).toEqual([{ label: 'Network fee', value: 'paid by Shop' }])
    expect(await publicClient().getBalance({ address: user.address })).toBe(0n)
    expect(await deposit()).toBeLessThan(before)

    // Not covered, and nothing to pay with: the prompt says so and the frame answers the same, nothing sent.
    const blocked = await ask('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: user.address, to: devAccounts[5]!.address, value: '0x0' }] })
    expect(blocked.payload).toMatchObject({ message: NO_ETH_FOR_FEE })
    expect(prompts.at(-1)!.details.blocked).toBe(NO_ETH_FOR_FEE)
    // The policy's own reason is in the prompt, above the fee.
    expect(prompts.at(-1)!.details.sections.at(-1)!.fields[0]).toEqual({ label: 'Not sponsored', value: `This contract is not sponsored: ${devAccounts[5]!.address}` })

    // With ETH, the same call the policy leaves out goes, the account paying its own fee (the prompt says at most how much).
    const funder = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[2]), transport: http(chain.rpcUrl) })
    await publicClient().waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: user.address, value: parseEther('0.1'), chain: null }) })
    const sponsoredSoFar = await deposit()
    const paid = await ask('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: user.address, to: devAccounts[5]!.address, value: '0x1' }] })
    expect(paid.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    expect(prompts.at(-1)!.details.sections.at(-1)!.fields).toEqual([
      { label: 'Not sponsored', value: `This contract is not sponsored: ${devAccounts[5]!.address}` },
      { label: 'Network fee', value: expect.stringMatching(/^up to 0\.[0-9]+ ETH$/) },
    ])
    expect(prompts.at(-1)!.details.blocked).toBeUndefined()
    expect(await deposit()).toBe(sponsoredSoFar)
    expect(await publicClient().getBalance({ address: user.address })).toBeLessThan(parseEther('0.1') - 1n)
  })

  it("wallet_sendCalls takes an ERC-7677 paymasterService: its own server's is used; one elsewhere is refused (5700) unless optional", async () => {
    const prompts: ApprovalRequest[] = []
    const approver: Approver = { confirm: async (request) => (prompts.push(request), true) }
    const { ask } = await startFrame({ on: sponsoring, prover, approver })
    const user = await login(ask, sponsoring)
    const calls = [{ to: nft, data: '0x' }]
    const sendCalls = (capabilities: Record<string, unknown>) =>
      ask('RPC_REQUEST', { method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x1', from: user.address, atomicRequired: true, calls, capabilities }] })

    const elsewhere = await sendCalls({ paymasterService: { url: 'https://paymaster.example/rpc' } })
    expect(elsewhere.payload).toMatchObject({ code: 5700, message: expect.stringContaining('This wallet reaches only its own paymaster (https://paymaster.example/rpc is elsewhere)') })
    const own = await sendCalls({ paymasterService: { url: `${sponsoring.baseUrl}/v1/paymaster?projectId=shop&chainId=1` } })
    expect(own.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    expect(prompts.at(-1)!.details.sections.at(-1)!.fields).toEqual([{ label: 'Network fee', value: 'paid by https://shop.example' }])
    const optional = await sendCalls({ paymasterService: { url: 'https://paymaster.example/rpc', optional: true } })
    expect(optional.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    expect(await publicClient().getBalance({ address: user.address })).toBe(0n)
  })
})

describe('smart accounts in the secure page', () => {
  it('lists the server’s smart-account-enabled networks (a chain without the factory is not one); none when the server cannot be reached (SPEC §4)', async () => {
    const { ask } = await startFrame()
    expect((await ask('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).payload).toEqual({ smartAccountEnabledNetworks: [1] })
    // The list is the secure page's: other origins and unknown projects are refused.
    expect((await server.get('/auth/v1/smart-accounts?projectId=shop')).status).toBe(200)
    expect((await server.get('/auth/v1/smart-accounts?projectId=shop', { origin: 'https://shop.example' })).status).toBe(403)
    expect((await server.get('/auth/v1/smart-accounts?projectId=nope')).status).toBe(403)
    const offline = await startFrame({ apiUrl: 'http://127.0.0.1:9' })
    expect((await offline.ask('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).payload).toEqual({ smartAccountEnabledNetworks: [] })
  })

  it('signs in with the smart account in effect (SPEC §9), signs and sends from it, switches to the EOA and back', async () => {
    const summaries: ApprovalField[][] = []
    const approver: Approver = { confirm: async (request) => (summaries.push(request.details.sections[0]!.fields), true) }
    const { ask, events, store } = await startFrame({ approver })
    const user = await login(ask)
    const eoa = user.accounts.find((account) => account.type === 'eoa')!.address
    const smart = user.accounts.find((account) => account.type === 'smartAccount')!.address
    expect(user).toMatchObject({ address: smart, preferredAccountType: 'smartAccount', smartAccountDeployed: false, chainId: 1 })
    expect(smart).not.toBe(eoa)
    expect((await ask('RPC_REQUEST', { method: 'eth_accounts' })).payload).toEqual({ result: [smart] })

    // A counterfactual account's signature is ERC-6492: viem's public verifyMessage accepts it for the smart address.
    const signed = (await ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', smart] })).payload.result as Hex
    expect(isErc6492Signature(signed)).toBe(true)
    expect(await publicClient().verifyMessage({ address: smart, message: 'hello', signature: signed })).toBe(true)
    expect(summaries.at(-1)![0]).toEqual({ label: 'Account', value: `${smart}${SMART_ACCOUNT_LABEL}` })

    const funder = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[2]), transport: http(chain.rpcUrl) })
    await publicClient().waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: smart, value: parseEther('1'), chain: null }) })
    const receiver = devAccounts[5]!.address
    const before = await publicClient().getBalance({ address: receiver })
    const sent = await ask('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: smart, to: receiver, value: `0x${parseEther('0.2').toString(16)}` }] })
    expect(sent.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    const receipt = await publicClient().getTransactionReceipt({ hash: sent.payload.result as Hex })
    expect(receipt.status).toBe('success')
    expect(await publicClient().getBalance({ address: receiver })).toBe(before + parseEther('0.2'))
    expect(summaries.at(-1)![0]).toEqual({ label: 'From', value: `${smart}${SMART_ACCOUNT_LABEL}` })
    expect(((await ask('GET_USER', {})).payload.user as User).smartAccountDeployed).toBe(true)

    // Deployed: the signature is the account's own ERC-1271 one.
    const typedData = { domain: { name: 'Shop', version: '1', chainId: 1 }, types: { Order: [{ name: 'item', type: 'string' }] }, primaryType: 'Order', message: { item: 'tea' } }
    const typed = (await ask('RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [smart, JSON.stringify(typedData)] })).payload.result as Hex
    expect(isErc6492Signature(typed)).toBe(false)
    expect(await publicClient().verifyTypedData({ address: smart, ...typedData, signature: typed })).toBe(true)

    // EIP-5792 from the smart account: the calls go as ONE user operation, atomically.
    expect((await ask('RPC_REQUEST', { method: 'wallet_getCapabilities', params: [smart, ['0x1']] })).payload).toEqual({
      result: { '0x1': { atomic: { status: 'supported' }, paymasterService: { supported: true } } },
    })
    const batchBefore = await publicClient().getBalance({ address: receiver })
    const calls = [1n, 2n].map((n) => ({ to: receiver, value: `0x${(n * 10n ** 16n).toString(16)}` }))
    const batch = await ask('RPC_REQUEST', { method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x1', from: smart, atomicRequired: true, calls }] })
    expect(batch.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    const status = (await ask('RPC_REQUEST', { method: 'wallet_getCallsStatus', params: [(batch.payload.result as { id: string }).id] })).payload.result as {
      status: number
      atomic: boolean
      receipts: unknown[]
    }
    expect(status).toMatchObject({ status: 200, atomic: true })
    expect(status.receipts).toHaveLength(1)
    expect(await publicClient().getBalance({ address: receiver })).toBe(batchBefore + 3n * 10n ** 16n)

    // Switch to the EOA: the answer, the event the app hears, and what the RPC answers follow.
    expect((await ask('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).payload).toEqual({ type: 'eoa', address: eoa })
    expect(events('@portico-frame/ACCOUNT_CHANGED').at(-1)!.payload).toEqual({ address: eoa, chainId: 1, type: 'eoa' })
    expect((await ask('RPC_REQUEST', { method: 'eth_accounts' })).payload).toEqual({ result: [eoa] })
    expect((await ask('GET_USER', {})).payload.user).toMatchObject({ address: eoa, preferredAccountType: 'eoa' })
    const eoaSigned = (await ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', eoa] })).payload.result as Hex
    expect(await publicClient().verifyMessage({ address: eoa, message: 'hello', signature: eoaSigned })).toBe(true)
    expect((await ask('RPC_REQUEST', { method: 'wallet_getCapabilities', params: [eoa, ['0x1']] })).payload).toEqual({ result: { '0x1': { atomic: { status: 'unsupported' } } } })
    // Sending from the account not in effect is refused.
    expect((await ask('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: smart, to: receiver, value: '0x1' }] })).payload).toMatchObject({ code: 4100 })

    // Not an embedded account type: refused before anything changes.
    expect((await ask('SET_PREFERRED_ACCOUNT', { type: 'payment' })).type).toBe('@portico-frame/SET_PREFERRED_ACCOUNT_ERROR')

    // The choice is the page's own (its storage), and survives a reload of the page.
    const reloaded = await startFrame({ store })
    expect((await reloaded.ask('GET_USER', {})).payload.user).toMatchObject({ address: eoa, preferredAccountType: 'eoa' })
    expect((await reloaded.ask('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).payload).toEqual({ type: 'smartAccount', address: smart })
    expect(reloaded.events('@portico-frame/ACCOUNT_CHANGED').at(-1)!.payload).toEqual({ address: smart, chainId: 1, type: 'smartAccount' })
  })

  it('a change of account type waits for the visitor: the prompt names the owner key of the smart account; declined, nothing changes (4001); the type in effect needs no prompt', async () => {
    const requests: ApprovalRequest[] = []
    let answer = false
    const approver: Approver = { confirm: async (request) => (requests.push(request), answer) }
    const { ask, events } = await startFrame({ approver })
    const user = await login(ask)
    const eoa = user.accounts.find((account) => account.type === 'eoa')!.address
    const smart = user.accounts.find((account) => account.type === 'smartAccount')!.address

    expect((await ask('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).payload).toEqual({ type: 'smartAccount', address: smart })
    expect(requests).toEqual([])

    const declined = await ask('SET_PREFERRED_ACCOUNT', { type: 'eoa' })
    expect(declined).toMatchObject({ type: '@portico-frame/SET_PREFERRED_ACCOUNT_ERROR', payload: { code: 4001 } })
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ method: ACCOUNT_TYPE_METHOD, origin: 'https://shop.example' })
    expect(requests[0]!.details.sections[0]!.fields).toEqual([
      { label: 'Account to use', value: `The owner key of smart account ${smart} (address ${eoa})` },
      { label: 'Network', value: 'eip155:1' },
    ])
    expect(requests[0]!.details.warnings).toHaveLength(1)
    expect(events('@portico-frame/ACCOUNT_CHANGED')).toEqual([])
    expect((await ask('RPC_REQUEST', { method: 'eth_accounts' })).payload).toEqual({ result: [smart] })

    answer = true
    expect((await ask('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).payload).toEqual({ type: 'eoa', address: eoa })
    // The owner key now in effect still refuses a 32-byte message (a user-operation hash's form).
    const refused = await ask('RPC_REQUEST', { method: 'personal_sign', params: [`0x${'12'.repeat(32)}`, eoa] })
    expect(refused.payload).toMatchObject({ code: 4100, message: expect.stringContaining(`owner key of smart account ${smart}`) })
    expect(requests).toHaveLength(2)
  })

  // Last: it stops the chain's bundler.
  it("an unfunded smart account's first send says in words that it has no ETH for the fee, with the bundler's AA21 as its code", async () => {
    const { ask } = await startFrame()
    const user = await login(ask)
    const smart = user.accounts.find((account) => account.type === 'smartAccount')!.address
    expect(await publicClient().getBalance({ address: smart })).toBe(0n)
    const sent = await ask('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: smart, to: devAccounts[4]!.address, value: '0x0', data: '0x' }] })
    expect(sent).toMatchObject({ type: '@portico-frame/RPC_REQUEST_ERROR', payload: { code: 'AA21', message: 'This account has no ETH to pay the network fee' } })
  })

  it('with the bundler down, a send from the smart account is refused with what happened, and nothing reaches the chain', async () => {
    const { ask } = await startFrame()
    const user = await login(ask)
    const smart = user.accounts.find((account) => account.type === 'smartAccount')!.address
    const funder = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[2]), transport: http(chain.rpcUrl) })
    await publicClient().waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: smart, value: parseEther('0.5'), chain: null }) })
    await bundlerChain.alto.stop()
    const blockBefore = await publicClient().getBlockNumber()

    const sent = await ask('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: smart, to: devAccounts[4]!.address, value: '0x1' }] })
    expect(sent).toMatchObject({
      type: '@portico-frame/RPC_REQUEST_ERROR',
      payload: { code: -32603, message: 'The bundler of eip155:1 cannot be reached; the user operation was not sent' },
    })
    expect(await publicClient().getBlockNumber()).toBe(blockBefore)
    expect(await publicClient().getBalance({ address: smart })).toBe(parseEther('0.5'))
  })
})
