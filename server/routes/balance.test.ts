import { createPublicClient, erc20Abi, formatEther, http as viemHttp, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type * as Wire from '../../src/shared/blockchainApi'
import { DEV_PRIVATE_KEYS, devAccounts } from '../../dev/chain/devAccounts'
import { createPriceTable } from '../chain/prices'
import { type ChainTestServer, startChainTestServer } from '../test/chainServer'

let server: ChainTestServer
let clock = Date.parse('2030-01-01T00:00:00Z')
beforeAll(async () => {
  server = await startChainTestServer({
    prices: createPriceTable({ ETH: { usd: 2000, eur: 1800 }, PTT: { usd: 0.5 }, BTC: { usd: 60000 } }),
    balanceCacheMs: 30_000,
    now: () => clock,
  })
}, 60_000)
afterAll(() => server?.close())

const account = devAccounts[4]!
const balance = async (address: string, query = 'chainId=eip155:1') => {
  const result = await server.get(`/v1/account/${encodeURIComponent(address)}/balance?${query}`)
  return { status: result.status, body: result.body as Wire.BalanceResponse & { error?: string; code?: string } }
}

describe('GET /v1/account/{address}/balance', () => {
  it('answers the native balance and the configured tokens as the chain has them, priced from the table', async () => {
    const client = createPublicClient({ transport: viemHttp(server.chain.rpcUrl) })
    const wei = await client.getBalance({ address: account.address })
    const ptt = await client.readContract({ address: server.token.address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })

    const { status, body } = await balance(account.address)
    expect(status).toBe(200)
    expect(body.balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:1',
        value: Number(formatEther(wei)) * 2000,
        price: 2000,
        quantity: { decimals: '18', numeric: formatEther(wei) },
        iconUrl: `${server.baseUrl}/public/getTokenImage/ETH?projectId=shop`,
      },
      {
        name: 'Portico Test Token',
        symbol: 'PTT',
        chainId: 'eip155:1',
        address: `eip155:1:${server.token.address}`,
        value: Number(formatEther(ptt)) * 0.5,
        price: 0.5,
        quantity: { decimals: '18', numeric: formatEther(ptt) },
        iconUrl: `${server.baseUrl}/public/getTokenImage/PTT?projectId=shop`,
      },
    ])
    const icon = await fetch(body.balances[1]!.iconUrl)
    expect(icon.status).toBe(200)
  })

  it('keeps an answer for the cache time unless forceUpdate asks for the chain again', async () => {
    const visitor = privateKeyToAccount(generatePrivateKey()).address
    expect((await balance(visitor)).body.balances.map((b) => b.quantity.numeric)).toEqual(['0'])
    await server.sendEth(DEV_PRIVATE_KEYS[4], visitor, parseEther('2'))
    expect((await balance(visitor)).body.balances[0]!.quantity.numeric).toBe('0')
    expect((await balance(visitor, 'chainId=eip155:1&forceUpdate=true')).body.balances[0]).toMatchObject({ quantity: { numeric: '2' }, value: 4000 })
    await server.sendEth(DEV_PRIVATE_KEYS[4], visitor, parseEther('1'))
    clock += 30_001
    expect((await balance(visitor)).body.balances[0]!.quantity.numeric).toBe('3')
  })

  it('takes a CAIP-10 account, another currency, and prices what the table lacks at 0', async () => {
    const { body } = await balance(`eip155:1:${account.address}`, 'currency=eur')
    expect(body.balances.map((b) => [b.symbol, b.price])).toEqual([
      ['ETH', 1800],
      ['PTT', 0],
    ])
  })

  it("answers 'Chain is not supported' for a chain it does not read, 400 for bad input", async () => {
    expect(await balance(account.address, 'chainId=eip155:10')).toMatchObject({ status: 400, body: { error: 'Chain is not supported', code: 'UNSUPPORTED_CHAIN' } })
    expect(await balance('not-an-address')).toMatchObject({ status: 400, body: { error: 'Bad Request' } })
    expect(await balance(`eip155:10:${account.address}`, 'chainId=eip155:1')).toMatchObject({ status: 400 })
    const noProject = await fetch(`${server.baseUrl}/v1/account/${account.address}/balance`)
    expect(noProject.status).toBe(400)
  })
})

describe('GET /v1/account/{address}/balance with a configured token that cannot be read', () => {
  /** No contract at all (the chain restarted without it), and one whose every call reverts. */
  const GONE = '0x00000000000000000000000000000000deadbeef'
  const REVERTS = '0x00000000000000000000000000000000000c0de5'
  let broken: ChainTestServer
  beforeAll(async () => {
    broken = await startChainTestServer({ prices: createPriceTable({ ETH: { usd: 2000 }, PTT: { usd: 0.5 } }), balanceCacheMs: 0, extraTokens: [GONE, REVERTS] })
    // PUSH1 0 PUSH1 0 REVERT
    await broken.rpc('anvil_setCode', [REVERTS, '0x60006000fd'])
  }, 60_000)
  afterAll(() => broken?.close())

  it('serves ETH and the tokens it can read, and leaves the unreadable ones out', async () => {
    const result = await broken.get(`/v1/account/${account.address}/balance?chainId=eip155:1`)
    expect(result.status).toBe(200)
    expect((result.body as Wire.BalanceResponse).balances.map((b) => [b.symbol, b.address])).toEqual([
      ['ETH', undefined],
      ['PTT', `eip155:1:${broken.token.address}`],
    ])
  })

  it('still answers 502 when the node itself does not answer', async () => {
    await broken.chain.stop()
    expect(await broken.get(`/v1/account/${account.address}/balance?chainId=eip155:1`)).toMatchObject({ status: 502, body: { code: 'CHAIN_UNAVAILABLE' } })
  })
})

describe('POST /v1/fungible/price', () => {
  it('names and prices tokens by CAIP-10 address, the native currency by the 0xEeee… placeholder, and leaves out what it cannot name', async () => {
    const { status, body } = await server.post('/v1/fungible/price', {
      currency: 'usd',
      addresses: [`eip155:1:${server.token.address}`, 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', `eip155:1:${devAccounts[0]!.address}`, `eip155:10:${server.token.address}`],
    })
    expect(status).toBe(200)
    expect(body).toEqual({
      fungibles: [
        { name: 'Portico Test Token', symbol: 'PTT', iconUrl: `${server.baseUrl}/public/getTokenImage/PTT?projectId=shop`, price: 0.5 },
        { name: 'Ether', symbol: 'ETH', iconUrl: `${server.baseUrl}/public/getTokenImage/ETH?projectId=shop`, price: 2000 },
      ],
    })
    expect((await server.post('/v1/fungible/price', { currency: 'usd', addresses: [server.token.address] })).status).toBe(400)
  })

  it('prices BTC, the native coin of any Bitcoin network (bip122:<genesis>:native), from the price source', async () => {
    const { status, body } = await server.post('/v1/fungible/price', {
      currency: 'usd',
      addresses: ['bip122:000000000019d6689c085ae165831e93:native', 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328:native'],
    })
    expect(status).toBe(200)
    const btc = { name: 'Bitcoin', symbol: 'BTC', iconUrl: `${server.baseUrl}/public/getTokenImage/BTC?projectId=shop`, price: 60000 }
    expect(body).toEqual({ fungibles: [btc, btc] })
  })
})

describe('GET /v1/supported-chains', () => {
  it('lists the chains the server reads', async () => {
    expect((await server.get('/v1/supported-chains')).body).toEqual({ http: ['eip155:1'], ws: [] })
  })
})
