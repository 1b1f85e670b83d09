import { createServer as createHttpServer, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { DEV_ACCOUNT_BALANCE_ETH, devAccounts } from '../../dev/chain/devAccounts'
import { type LocalChain, startLocalChain } from '../../dev/chain/localChain'
import { type SolanaRpc, startSolanaRpc } from '../../dev/solana'
import { RPC_BATCH_SIZE } from '../../src/shared/rpcService'
import { type HttpResult, http } from '../test/http'
import { type TestServer, type TestServerOptions, startTestServer } from '../test/server'

let chain: LocalChain
let solana: SolanaRpc
/** Accepts connections and never answers: a node that hangs. */
let silentNode: Server
let silentUrl: string
const open: TestServer[] = []

beforeAll(async () => {
  ;[chain, solana] = await Promise.all([startLocalChain({ chainId: 1 }), startSolanaRpc()])
  silentNode = createHttpServer(() => {})
  await new Promise<void>((resolve) => silentNode.listen(0, '127.0.0.1', resolve))
  silentUrl = `http://127.0.0.1:${(silentNode.address() as AddressInfo).port}`
}, 60_000)
afterAll(async () => {
  await Promise.all(open.map((server) => server.close()))
  silentNode?.closeAllConnections()
  await new Promise((resolve) => silentNode?.close(resolve))
  await Promise.all([chain?.stop(), solana?.stop()])
})

const solanaChainId = () => `solana:${solana.genesisHash.slice(0, 32)}`

async function serve(options: TestServerOptions = {}): Promise<TestServer> {
  const server = await startTestServer({
    blockchain: {
      chains: [
        { chainId: 'eip155:1', rpcUrl: chain.rpcUrl },
        { chainId: 'eip155:5', rpcUrl: silentUrl },
      ],
      solanaChains: [{ chainId: solanaChainId() as `solana:${string}`, rpcUrl: solana.url }],
      indexer: false,
    },
    ...options,
  })
  open.push(server)
  return server
}

let server: TestServer
beforeAll(async () => {
  server = await serve({ rpc: { timeoutMs: 400 } })
})

const post = (body: unknown, query = 'chainId=eip155:1&projectId=shop', headers: Record<string, string> = {}, target = server): Promise<HttpResult> =>
  http(target.baseUrl, `/v1/rpc?${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })

const account = devAccounts[3]!.address
const wei = BigInt(DEV_ACCOUNT_BALANCE_ETH) * 10n ** 18n

describe('POST /v1/rpc forwards reads to the chain of chainId', () => {
  it('answers a single call with the node result under the caller’s id', async () => {
    const { status, body } = await post({ jsonrpc: '2.0', id: 'balance-1', method: 'eth_getBalance', params: [account, 'latest'] })
    expect(status).toBe(200)
    expect(body).toEqual({ jsonrpc: '2.0', id: 'balance-1', result: `0x${wei.toString(16)}` })
  })

  it('answers a batch in order, refusing signing and admin methods with -32601 and leaving the chain untouched', async () => {
    const { status, body } = await post([
      { jsonrpc: '2.0', id: 7, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 7, method: 'eth_sendTransaction', params: [{ from: account, to: account, value: '0x1' }] },
      { jsonrpc: '2.0', id: 8, method: 'personal_sign', params: ['0x68656c6c6f', account] },
      { jsonrpc: '2.0', id: 9, method: 'anvil_setBalance', params: [account, '0x0'] },
      { jsonrpc: '2.0', id: 10, method: 'debug_traceTransaction', params: ['0x' + '00'.repeat(32)] },
      { jsonrpc: '2.0', id: 11, method: 'eth_getBalance', params: [account, 'latest'] },
    ])
    expect(status).toBe(200)
    const answers = body as Array<{ id: unknown; result?: unknown; error?: { code: number; message: string } }>
    expect(answers.map((a) => a.id)).toEqual([7, 7, 8, 9, 10, 11])
    expect(answers[0]!.result).toBe('0x1')
    for (const [index, method] of [
      [1, 'eth_sendTransaction'],
      [2, 'personal_sign'],
      [3, 'anvil_setBalance'],
      [4, 'debug_traceTransaction'],
    ] as const) {
      expect(answers[index]!.error).toEqual({
        code: -32601,
        message: `Method '${method}' is not available on the Portico RPC service: it serves reads and the broadcast of signed transactions only`,
      })
    }
    // anvil_setBalance never reached the node.
    expect(answers[5]!.result).toBe(`0x${wei.toString(16)}`)
  })

  it('passes the node’s own errors through', async () => {
    const { body } = await post({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['not an address', 'latest'] })
    expect((body as { error: { code: number } }).error.code).toBe(-32602)
  })

  it('takes a batch of 1000 calls and refuses 1001 with -32005', async () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_blockNumber' })
    const full = await post(Array.from({ length: RPC_BATCH_SIZE }, (_, id) => call(id)))
    expect(full.status).toBe(200)
    expect((full.body as unknown[]).length).toBe(1000)
    const over = await post(Array.from({ length: RPC_BATCH_SIZE + 1 }, (_, id) => call(id)))
    expect(over.status).toBe(200)
    expect(over.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32005, message: 'A batch holds at most 1000 calls; this one has 1001' } })
  }, 30_000)

  it('answers malformed JSON-RPC as JSON-RPC errors', async () => {
    expect((await post('{"jsonrpc":')).body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not JSON' } })
    expect((await post([])).body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The batch is empty' } })
    expect((await post({ jsonrpc: '1.0', id: 3, method: 'eth_chainId' })).body).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32600, message: "Invalid request: jsonrpc must be '2.0'" } })
    expect((await post([5])).body).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request: a call is a JSON object' } }])
  })

  it('gives notifications no answer', async () => {
    const { status, text } = await post({ jsonrpc: '2.0', method: 'eth_chainId' })
    expect(status).toBe(204)
    expect(text).toBe('')
    expect(
      (
        await post([
          { jsonrpc: '2.0', method: 'eth_chainId' },
          { jsonrpc: '2.0', method: 'eth_sign' },
          { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
        ])
      ).body,
    ).toEqual([{ jsonrpc: '2.0', id: 2, result: '0x1' }])
    // A malformed call without id is not a notification: it is answered.
    expect((await post({ jsonrpc: '1.0', method: 'eth_chainId' })).body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: "Invalid request: jsonrpc must be '2.0'" } })
  })
})

describe('params the node must never see', () => {
  it('answers -32602 to params nested 200,000 levels deep, and forwards 64 levels', async () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
    const tooDeep = await post(`{"jsonrpc":"2.0","id":7,"method":"eth_call","params":${deep(200_000)}}`)
    expect(tooDeep).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'Invalid params: nested deeper than 64 levels' } } })
    const batch = await post(`[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"jsonrpc":"2.0","id":2,"method":"eth_call","params":${deep(65)}}]`)
    expect(batch.body).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x1' },
      { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid params: nested deeper than 64 levels' } },
    ])
    // 64 levels reach the node, which answers for itself.
    const deepest = await post(`{"jsonrpc":"2.0","id":3,"method":"eth_call","params":${deep(64)}}`)
    expect(deepest.body).not.toMatchObject({ error: { message: expect.stringMatching(/^Invalid params: nested/) } })
    expect(deepest.status).toBe(200)
  })

  it('refuses eth_getLogs over more than 1000 blocks with -32602, tags and earliest included', async () => {
    await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x5dc'] }) })
    const logs = (filter: object) => post({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [filter] })
    const refusal = (blocks: number) => ({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: `Invalid params: eth_getLogs spans ${blocks} blocks; ask for at most 1000 at once` } })
    expect((await logs({ fromBlock: '0x1', toBlock: '0x3e9' })).body).toEqual(refusal(1001))
    expect((await logs({ fromBlock: '0x1', toBlock: '0x3e8' })).body).toEqual({ jsonrpc: '2.0', id: 1, result: [] })
    const { body: head } = await post({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })
    const headNumber = Number((head as { result: string }).result)
    expect((await logs({ fromBlock: 'earliest', toBlock: 'latest' })).body).toEqual(refusal(headNumber + 1))
    expect((await logs({ fromBlock: '0x0' })).body).toEqual(refusal(headNumber + 1))
    expect((await logs({ fromBlock: 'latest' })).body).toEqual({ jsonrpc: '2.0', id: 1, result: [] })
    expect((await logs({ blockHash: `0x${'00'.repeat(32)}` })).body).not.toEqual(refusal(expect.any(Number) as never))
  })
})

describe('GET /v1/rpc', () => {
  it('runs one call named in the query', async () => {
    const params = encodeURIComponent(JSON.stringify([account, 'latest']))
    const { status, body } = await http(server.baseUrl, `/v1/rpc?chainId=eip155:1&projectId=shop&method=eth_getBalance&params=${params}&id=4`)
    expect(status).toBe(200)
    expect(body).toEqual({ jsonrpc: '2.0', id: 4, result: `0x${wei.toString(16)}` })
    expect((await http(server.baseUrl, '/v1/rpc?chainId=eip155:1&projectId=shop&method=anvil_mine')).body).toMatchObject({ id: 1, error: { code: -32601 } })
  })
})

describe('refusals of the request itself', () => {
  it('refuses a chain the server does not serve with 400 Chain is not supported', async () => {
    const { status, body } = await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'chainId=eip155:137&projectId=shop')
    expect(status).toBe(400)
    expect(body).toEqual({
      error: 'Chain is not supported',
      message: `This server's RPC service does not serve eip155:137 (it serves eip155:1, eip155:5, ${solanaChainId()})`,
      code: 'UNSUPPORTED_CHAIN',
    })
  })

  it('refuses an unknown project, a missing chainId and an origin the project does not allow', async () => {
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'chainId=eip155:1&projectId=nobody')).body).toMatchObject({ error: 'Invalid Project ID' })
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'projectId=shop')).status).toBe(400)
    const foreign = await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, undefined, { origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(foreign.body).toMatchObject({ error: 'Origin Not Allowed' })
    const allowed = await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, undefined, { origin: 'https://shop.example' })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example')
  })

  it('answers 504 with a JSON-RPC error per call when the node does not answer in time', async () => {
    const started = Date.now()
    const { status, body } = await post(
      [
        { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
        { jsonrpc: '2.0', id: 2, method: 'eth_sign' },
      ],
      'chainId=eip155:5&projectId=shop',
    )
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(status).toBe(504)
    expect(body).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32002, message: 'The eip155:5 node is unavailable: the node did not answer within 0.4 s' } },
      { jsonrpc: '2.0', id: 2, error: expect.objectContaining({ code: -32601 }) },
    ])
  })

  it('answers 502 when the node cannot be reached', async () => {
    const closed = await serve({ blockchain: { chains: [{ chainId: 'eip155:1', rpcUrl: 'http://127.0.0.1:9' }], indexer: false } })
    const { status, body } = await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, undefined, {}, closed)
    expect(status).toBe(502)
    expect((body as { error: { code: number; message: string } }).error).toMatchObject({ code: -32002, message: expect.stringContaining('could not be reached') })
  })
})

describe('rate limits, counted in the database', () => {
  it('limits one client, and one project across clients, with 429 and Retry-After', async () => {
    const limited = await serve({
      trustProxy: ['127.0.0.1'],
      routeLimits: { rpcPerIp: { max: 2, windowMs: 60_000 }, rpcPerProject: { max: 4, windowMs: 60_000, escalate: false } },
    })
    const call = (ip: string, project = 'shop') => post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, `chainId=eip155:1&projectId=${project}`, { 'x-forwarded-for': ip }, limited)
    expect((await call('10.0.0.1')).status).toBe(200)
    expect((await call('10.0.0.1')).status).toBe(200)
    const third = await call('10.0.0.1')
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/)
    expect(third.body).toMatchObject({ error: 'Too Many Requests', code: 'RATE_LIMITED' })

    expect((await call('10.0.0.2')).status).toBe(200)
    expect((await call('10.0.0.3')).status).toBe(200)
    // The project's fifth request, from a client of its own: the project's ceiling.
    expect((await call('10.0.0.4')).status).toBe(429)
    // Another project has its own count.
    expect((await call('10.0.0.5', 'quiet')).status).toBe(200)
  })
})

describe('the project’s call limit', () => {
  it('counts every forwarded call of a batch, not refused ones, and refuses a batch bigger than the limit', async () => {
    const limited = await serve({ routeLimits: { rpcCallsPerProject: { max: 5, windowMs: 60_000, escalate: false } } })
    const batch = (n: number, project = 'shop', extra: object[] = []) =>
      post([...Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_blockNumber' })), ...extra], `chainId=eip155:1&projectId=${project}`, {}, limited)
    // Three forwarded, two refused by the allow list: three count.
    const refusedMethods = [
      { jsonrpc: '2.0', id: 'a', method: 'eth_sign' },
      { jsonrpc: '2.0', id: 'b', method: 'anvil_mine' },
    ]
    expect((await batch(3, 'shop', refusedMethods)).status).toBe(200)
    expect((await batch(2)).status).toBe(200)
    const over = await batch(1)
    expect(over.status).toBe(429)
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many RPC call units for project 'shop'\. Please try again after \d+ seconds$/) })
    expect((await batch(5, 'quiet')).status).toBe(200)
    expect(await batch(6, 'quiet')).toMatchObject({ status: 400, body: { code: 'OVER_PROJECT_LIMIT', message: "6 RPC call units at once are more than this project's limit of 5 per 60 s" } })
  })
})

describe('Solana', () => {
  it('forwards Solana reads and refuses the faucet', async () => {
    const { body } = await post(
      [
        { jsonrpc: '2.0', id: 1, method: 'getGenesisHash' },
        { jsonrpc: '2.0', id: 2, method: 'requestAirdrop', params: ['11111111111111111111111111111111', 1] },
        { jsonrpc: '2.0', id: 3, method: 'eth_chainId' },
      ],
      `chainId=${solanaChainId()}&projectId=shop`,
    )
    const answers = body as Array<{ result?: unknown; error?: { code: number } }>
    expect(answers[0]!.result).toBe(solana.genesisHash)
    expect(answers[1]!.error!.code).toBe(-32601)
    expect(answers[2]!.error!.code).toBe(-32601)
  })
})
