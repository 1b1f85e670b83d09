// The convert endpoints against a real anvil chain with the real pool, over HTTP, read
// by the real Blockchain API client of src/services (the wire contract).
import Fastify, { type FastifyInstance } from 'fastify'
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, maxUint256, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { SwapChainIds } from '../../src/config/constants'
import { createBlockchainApiClient, type BlockchainApiClient } from '../../src/services/blockchainApi/createBlockchainApiClient'
import { porticoPoolAbi } from '../../dev/chain/contracts/PorticoPool.artifact'
import { DEV_PRIVATE_KEYS, devAccounts } from '../../dev/chain/devAccounts'
import { startLocalChain, type LocalChain } from '../../dev/chain/localChain'
import { deployPool, POOL_SEED_NATIVE, POOL_SEED_TOKEN, type Pool } from '../../dev/chain/pool'
import { deployTestToken, type TestToken } from '../../dev/chain/testToken'
import { createChainClients } from '../chain/clients'
import { installErrorHandlers } from '../httpErrors'
import { createProjectRegistry } from '../projects'
import { http as request } from '../test/http'
import { TEST_PROJECTS } from '../test/projects'
import { readSwapEnv } from './env'
import { NATIVE_TOKEN_ADDRESS, getAmountOut, minimumOut, parseSwapPools, porticoPoolServerAbi } from './pool'
import { SWAP_CHAIN_IDS, registerConvertRoutes } from './routes'

jest.setTimeout(60_000)

let chain: LocalChain
let token: TestToken
let pool: Pool
let app: FastifyInstance
let baseUrl: string
let api: BlockchainApiClient

const user = devAccounts[3]!
const userKey = DEV_PRIVATE_KEYS[3]
const userCaip = () => `eip155:1:${user.address}` as const
const native = `eip155:1:${NATIVE_TOKEN_ADDRESS}` as const
const ptt = () => `eip155:1:${token.address}` as const

beforeAll(async () => {
  chain = await startLocalChain({ chainId: 1 })
  token = await deployTestToken(chain.rpcUrl)
  pool = await deployPool(chain.rpcUrl, token.address)
  app = Fastify()
  installErrorHandlers(app)
  registerConvertRoutes(app, {
    projects: createProjectRegistry(TEST_PROJECTS),
    clients: createChainClients([{ chainId: 'eip155:1', rpcUrl: chain.rpcUrl }]),
    pools: { 'eip155:1': pool.address, 'eip155:10': pool.address },
  })
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  api = createBlockchainApiClient({ baseUrl, projectId: 'shop', sdkType: 'portico', sdkVersion: 'test', retry: false })
})

afterAll(async () => {
  await app?.close()
  await chain?.stop()
})

const localChain = () => defineChain({ id: 1, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } })
const reader = () => createPublicClient({ chain: localChain(), transport: http(chain.rpcUrl) })
const wallet = (key: Hex) => createWalletClient({ account: privateKeyToAccount(key), chain: localChain(), transport: http(chain.rpcUrl) })
const reserves = () => reader().readContract({ address: pool.address, abi: porticoPoolAbi, functionName: 'getReserves' })
const tokenBalance = (address: Address) => reader().readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

/** Signs and sends a server-built transaction as `key`; resolves the receipt and the fee paid. */
async function send(key: Hex, tx: { to: string; data: Hex; value: bigint; gas?: bigint }) {
  const hash = await wallet(key).sendTransaction({ to: tx.to.split(':')[2] as Address, data: tx.data, value: tx.value, ...(tx.gas ? { gas: tx.gas } : {}) })
  const receipt = await reader().waitForTransactionReceipt({ hash, pollingInterval: 50 })
  return { receipt, fee: receipt.gasUsed * receipt.effectiveGasPrice }
}

describe('pool math', () => {
  it('matches the contract for both directions, to the wei', async () => {
    const [nativeReserve, tokenReserve] = await reserves()
    expect([nativeReserve, tokenReserve]).toEqual([POOL_SEED_NATIVE, POOL_SEED_TOKEN])
    for (const [amount, rIn, rOut] of [
      [parseEther('1'), nativeReserve, tokenReserve],
      [parseUnits('1234.5', 18), tokenReserve, nativeReserve],
      [7n, nativeReserve, tokenReserve],
    ] as const) {
      const onChain = await reader().readContract({ address: pool.address, abi: porticoPoolAbi, functionName: 'getAmountOut', args: [amount, rIn, rOut] })
      expect(getAmountOut(amount, rIn, rOut)).toBe(onChain)
    }
    expect(minimumOut(1000n, 1)).toBe(990n)
    expect(minimumOut(1000n, 0.5)).toBe(995n)
  })

  it('calls only functions the compiled pool has', () => {
    const compiled = new Set(porticoPoolAbi.filter((item) => item.type === 'function').map((item) => `${item.name}/${item.inputs.length}/${item.stateMutability}`))
    for (const item of porticoPoolServerAbi) {
      if (item.type === 'function') expect(compiled).toContain(`${item.name}/${item.inputs.length}/${item.stateMutability}`)
    }
  })

  it('reads SWAP_POOLS and says what is wrong', () => {
    expect(parseSwapPools(`{"eip155:1":"${pool.address.toLowerCase()}"}`)).toEqual({ pools: { 'eip155:1': pool.address } })
    expect(parseSwapPools('{"solana:x":"0x0"}')).toEqual({ problem: expect.stringContaining("'solana:x' is not an EVM CAIP-2 chain id") })
    expect(parseSwapPools('{"eip155:1":"0x12"}')).toEqual({ problem: expect.stringContaining('must be an address') })
    expect(parseSwapPools('[]')).toEqual({ problem: expect.stringContaining('JSON object') })
  })

  it('reads SWAP_POOLS from the environment', () => {
    expect(readSwapEnv({})).toEqual({ pools: {} })
    expect(readSwapEnv({ SWAP_POOLS: `{"eip155:10":"${pool.address}"}` })).toEqual({ pools: { 'eip155:10': pool.address } })
    expect(() => readSwapEnv({ SWAP_POOLS: '{"eip155:1":1}' })).toThrow(
      expect.objectContaining({ name: 'InvalidEnvironmentError', message: 'SWAP_POOLS the pool of eip155:1 must be an address (0x and 40 hex characters)' }),
    )
  })

  it('offers swaps on the chains the client does (SPEC §9)', () => {
    expect(SWAP_CHAIN_IDS).toEqual(SwapChainIds)
  })
})

describe('GET /v1/convert/*', () => {
  it('lists the pair with on-chain metadata', async () => {
    const { tokens } = await api.getSwapTokens({ chainId: 'eip155:1' })
    expect(tokens).toEqual([
      { name: 'Ether', symbol: 'ETH', address: native, decimals: 18, logoUri: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/public\/getTokenImage\/ETH\?projectId=shop$/) },
      { name: 'Portico Test Token', symbol: 'PTT', address: ptt(), decimals: 18, logoUri: expect.stringContaining('/public/getTokenImage/PTT?projectId=shop') },
    ])
  })

  it('quotes the pool math on the current reserves', async () => {
    const [nativeReserve, tokenReserve] = await reserves()
    const amount = parseEther('2')
    const { quotes } = await api.getSwapQuote({ chainId: 'eip155:1', amount: amount.toString(), gasPrice: '1', userAddress: userCaip(), from: native, to: ptt() })
    expect(quotes).toEqual([{ id: null, fromAmount: amount.toString(), fromAccount: native, toAmount: getAmountOut(amount, nativeReserve, tokenReserve).toString(), toAccount: ptt() }])
    const back = await api.getSwapQuote({ chainId: 'eip155:1', amount: '5000', gasPrice: '1', userAddress: userCaip(), from: ptt(), to: native })
    expect(back.quotes[0]!.toAmount).toBe(getAmountOut(5000n, tokenReserve, nativeReserve).toString())
  })

  it('answers the gas price of the chain in three tiers', async () => {
    const node = await reader().getGasPrice()
    const price = await api.getGasPrice({ chainId: 'eip155:1' })
    expect(price).toEqual({ standard: node.toString(), fast: ((node * 125n) / 100n).toString(), instant: ((node * 150n) / 100n).toString() })
  })

  it("answers 'Network not supported for Swaps' off the swap list or without a pool, and '… for Gas Price'", async () => {
    const offList = await request(baseUrl, '/v1/convert/tokens?projectId=shop&chainId=eip155:31337')
    expect(offList).toMatchObject({ status: 400, body: { error: 'Network not supported for Swaps', code: 'NETWORK_NOT_SUPPORTED_FOR_SWAPS' } })
    const noPool = await request(baseUrl, `/v1/convert/quotes?projectId=shop&amount=1&userAddress=eip155:8453:${user.address}&from=eip155:8453:${NATIVE_TOKEN_ADDRESS}&to=eip155:8453:${token.address}`)
    expect(noPool).toMatchObject({ status: 400, body: { error: 'Network not supported for Swaps', message: expect.stringContaining('SWAP_POOLS') } })
    // In SWAP_POOLS but the server reads no such chain: not a swap network either.
    expect((await request(baseUrl, '/v1/convert/gas-price?projectId=shop&chainId=eip155:10')).body).toMatchObject({ error: 'Network not supported for Gas Price' })
  })

  it('rejects tokens outside the pair, mixed chains, zero amounts and unknown projects', async () => {
    const q = (params: string) => request(baseUrl, `/v1/convert/quotes?projectId=shop&${params}`)
    const other = `eip155:1:${devAccounts[5]!.address}`
    expect((await q(`amount=1&userAddress=${userCaip()}&from=${native}&to=${other}`)).body).toMatchObject({ code: 'TOKEN_NOT_SUPPORTED' })
    expect((await q(`amount=0&userAddress=${userCaip()}&from=${native}&to=${ptt()}`)).body).toMatchObject({ message: 'amount must be more than 0' })
    expect((await q(`amount=1&userAddress=eip155:10:${user.address}&from=${native}&to=${ptt()}`)).body).toMatchObject({ message: 'userAddress is on eip155:10 but the swap is on eip155:1' })
    expect((await q(`amount=1&userAddress=${userCaip()}&from=${native}&to=${native}`)).body).toMatchObject({ message: 'from and to are the same token' })
    expect((await q(`amount=1&userAddress=${user.address}&from=${native}&to=${ptt()}`)).status).toBe(400)
    expect((await request(baseUrl, '/v1/convert/tokens?projectId=nobody&chainId=eip155:1')).body).toMatchObject({ error: 'Invalid Project ID' })
  })
})

describe('approve and swap, signed by a dev account', () => {
  it('swaps ETH for PTT: both balances move by the quoted amounts', async () => {
    const amount = parseEther('1')
    const { quotes } = await api.getSwapQuote({ chainId: 'eip155:1', amount: amount.toString(), gasPrice: '1', userAddress: userCaip(), from: native, to: ptt() })
    const quoted = BigInt(quotes[0]!.toAmount)
    const allowance = await api.getSwapAllowance({ chainId: 'eip155:1', tokenAddress: native, userAddress: userCaip() })
    expect(allowance.allowance).toBe(maxUint256.toString())

    const { tx } = await api.buildSwapTransaction({ chainId: 'eip155:1', amount: amount.toString(), from: native, to: ptt(), userAddress: userCaip() })
    expect(tx).toMatchObject({ from: userCaip(), to: `eip155:1:${pool.address}`, amount: amount.toString() })
    expect(BigInt(tx.eip155.gas)).toBeGreaterThan(21_000n)

    const [ethBefore, pttBefore] = [await reader().getBalance({ address: user.address }), await tokenBalance(user.address)]
    const { receipt, fee } = await send(userKey, { to: tx.to, data: tx.data, value: BigInt(tx.amount), gas: BigInt(tx.eip155.gas) })
    expect(receipt.status).toBe('success')
    expect(await tokenBalance(user.address)).toBe(pttBefore + quoted)
    expect(await reader().getBalance({ address: user.address })).toBe(ethBefore - amount - fee)
  })

  it('sells PTT for ETH after an approval the server built', async () => {
    const amount = parseUnits('1000', 18)
    const before = await api.getSwapAllowance({ chainId: 'eip155:1', tokenAddress: ptt(), userAddress: userCaip() })
    expect(before.allowance).toBe('0')
    // Without the approval the swap would revert: the server says so instead of building it.
    const early = await request(baseUrl, '/v1/convert/build-transaction?projectId=shop', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: amount.toString(), slippage: 1, from: ptt(), to: native, userAddress: userCaip(), disableEstimate: false }),
    })
    expect(early).toMatchObject({ status: 400, body: { code: 'SWAP_WOULD_REVERT', message: expect.stringContaining('insufficient allowance') } })

    const approve = await api.buildApproveTransaction({ chainId: 'eip155:1', userAddress: userCaip(), from: ptt(), to: native, amount: amount.toString() })
    expect(approve.tx).toMatchObject({ from: userCaip(), to: ptt(), value: '0' })
    expect((await send(userKey, { to: approve.tx.to, data: approve.tx.data, value: 0n })).receipt.status).toBe('success')
    expect((await api.getSwapAllowance({ chainId: 'eip155:1', tokenAddress: ptt(), userAddress: userCaip() })).allowance).toBe(amount.toString())

    const { quotes } = await api.getSwapQuote({ chainId: 'eip155:1', amount: amount.toString(), gasPrice: '1', userAddress: userCaip(), from: ptt(), to: native })
    const { tx } = await api.buildSwapTransaction({ chainId: 'eip155:1', amount: amount.toString(), from: ptt(), to: native, userAddress: userCaip() })
    expect(tx.amount).toBe('0')
    const [ethBefore, pttBefore] = [await reader().getBalance({ address: user.address }), await tokenBalance(user.address)]
    const { receipt, fee } = await send(userKey, { to: tx.to, data: tx.data, value: 0n, gas: BigInt(tx.eip155.gas) })
    expect(receipt.status).toBe('success')
    expect(await tokenBalance(user.address)).toBe(pttBefore - amount)
    expect(await reader().getBalance({ address: user.address })).toBe(ethBefore + BigInt(quotes[0]!.toAmount) - fee)
  })

  it('reverts on chain when the price moves past the slippage before the swap is mined', async () => {
    const amount = parseEther('1')
    const { tx } = await api.buildSwapTransaction({ chainId: 'eip155:1', amount: amount.toString(), from: native, to: ptt(), userAddress: userCaip(), slippage: 1 })
    // Someone else buys first and moves the price by more than 1 %.
    const front = await api.buildSwapTransaction({ chainId: 'eip155:1', amount: parseEther('5').toString(), from: native, to: ptt(), userAddress: `eip155:1:${devAccounts[4]!.address}` })
    expect((await send(DEV_PRIVATE_KEYS[4], { to: front.tx.to, data: front.tx.data, value: BigInt(front.tx.amount), gas: BigInt(front.tx.eip155.gas) })).receipt.status).toBe('success')

    const pttBefore = await tokenBalance(user.address)
    const { receipt } = await send(userKey, { to: tx.to, data: tx.data, value: amount, gas: BigInt(tx.eip155.gas) })
    expect(receipt.status).toBe('reverted')
    expect(await tokenBalance(user.address)).toBe(pttBefore)
    // With the tolerance wide enough, the same swap goes through at the new price.
    const wide = await api.buildSwapTransaction({ chainId: 'eip155:1', amount: amount.toString(), from: native, to: ptt(), userAddress: userCaip(), slippage: 10, disableEstimate: true })
    expect(wide.tx.eip155.gas).toBe('200000')
    expect((await send(userKey, { to: wide.tx.to, data: wide.tx.data, value: amount, gas: BigInt(wide.tx.eip155.gas) })).receipt.status).toBe('success')
  })

  it('refuses to build an approval for the native currency', async () => {
    const res = await request(baseUrl, `/v1/convert/build-approve?projectId=shop&userAddress=${userCaip()}&from=${native}&to=${ptt()}`)
    expect(res).toMatchObject({ status: 400, body: { code: 'APPROVAL_NOT_NEEDED' } })
  })
})
