/**
 * What the RPC service's limits count, on both engines: what calls cost the node, not
 * how many requests carry them. eth_getLogs and filters weigh more than a read, one
 * client's share of a project's ceiling is bounded, and the node filters one client
 * creates are bounded.
 */
import { type FastifyInstance } from 'fastify'
import { type LocalChain, startLocalChain } from '../../dev/chain/localChain'
import { createServer } from '../app'
import { DEFAULT_ROUTE_LIMITS, type RouteLimits } from '../routeLimits'
import { RPC_CALL_WEIGHTS } from '../rpc/methods'
import { setupTestEngines } from '../test/engines'
import { type HttpResult, http, listen } from '../test/http'
import { TEST_PROJECTS } from '../test/projects'

const engines = setupTestEngines()
let chain: LocalChain
beforeAll(async () => {
  chain = await startLocalChain({ chainId: 1 })
}, 60_000)
afterAll(async () => chain?.stop())

describe.each(engines)('RPC costs on $name', ({ freshDatabase }) => {
  const apps: FastifyInstance[] = []
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()))
  })

  async function serve(routeLimits: Partial<RouteLimits>): Promise<(body: unknown, ip: string) => Promise<HttpResult>> {
    const app = createServer({
      database: await freshDatabase(),
      projects: TEST_PROJECTS,
      trustProxy: ['127.0.0.1'],
      routeLimits,
      blockchain: { chains: [{ chainId: 'eip155:1', rpcUrl: chain.rpcUrl }], indexer: false },
    })
    apps.push(app)
    const baseUrl = await listen(app)
    return (body, ip) =>
      http(baseUrl, '/v1/rpc?chainId=eip155:1&projectId=shop', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) })
  }
  const calls = (method: string, n: number, params: unknown[] = []) => Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method, params }))
  const logs = (n: number) => calls('eth_getLogs', n, [{ fromBlock: '0x0', toBlock: '0x0' }])

  it('refuses, by default, one request of 1,000 eth_getLogs or 1,000 new filters', async () => {
    const post = await serve({})
    expect(await post(logs(1000), '10.1.0.1')).toMatchObject({
      status: 400,
      body: { code: 'OVER_CLIENT_LIMIT', message: `${1000 * RPC_CALL_WEIGHTS.eip155.eth_getLogs!} RPC call units at once are more than one client's limit of 1200 per 60 s` },
    })
    expect(await post(calls('eth_newBlockFilter', 1000), '10.1.0.2')).toMatchObject({
      status: 400,
      body: { code: 'OVER_CLIENT_LIMIT', message: "1000 node filters at once are more than one client's limit of 20 per 300 s" },
    })
  })

  it('counts eth_getLogs by its weight, so fewer fit than reads', async () => {
    const post = await serve({ rpcCostPerIp: { max: 60, windowMs: 60_000 } })
    expect((await post(calls('eth_blockNumber', 40), '10.2.0.1')).status).toBe(200)
    expect((await post(logs(1), '10.2.0.1')).status).toBe(200)
    const over = await post(logs(1), '10.2.0.1')
    expect(over.status).toBe(429)
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many RPC call units from this network\. Please try again after \d+ seconds$/) })
  })

  it("bounds one client's share of the project's ceiling: eleven clients at their limit leave room for the twelfth", async () => {
    const post = await serve({})
    const perClient = DEFAULT_ROUTE_LIMITS.rpcCostPerIp.max
    for (let client = 1; client <= 11; client++) {
      const ip = `10.3.0.${client}`
      expect((await post(calls('eth_chainId', 1000), ip)).status).toBe(200)
      expect((await post(calls('eth_chainId', perClient - 1000), ip)).status).toBe(200)
      expect(await post(calls('eth_chainId', 1), ip)).toMatchObject({ status: 429, body: { message: expect.stringMatching(/from this network/) } })
    }
    expect((await post(calls('eth_chainId', 1000), '10.3.0.12')).status).toBe(200)
  })

  it('bounds the node filters one client creates', async () => {
    const post = await serve({ rpcFiltersPerIp: { max: 3, windowMs: 300_000 } })
    expect((await post(calls('eth_newBlockFilter', 2), '10.4.0.1')).status).toBe(200)
    expect((await post(calls('eth_newFilter', 1, [{ fromBlock: 'latest' }]), '10.4.0.1')).status).toBe(200)
    expect(await post(calls('eth_newBlockFilter', 1), '10.4.0.1')).toMatchObject({ status: 429, body: { message: expect.stringMatching(/^Too many node filters from this network/) } })
    // Reads go on; another client has filters of its own.
    expect((await post(calls('eth_blockNumber', 1), '10.4.0.1')).status).toBe(200)
    expect((await post(calls('eth_newBlockFilter', 1), '10.4.0.2')).status).toBe(200)
  })
})
