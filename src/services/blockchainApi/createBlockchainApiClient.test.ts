import { HttpStatusError, NetworkNotSupportedForGasPriceError, NetworkNotSupportedForSwapsError, ServiceError } from '../../errors'
import type { Sleep } from '../http/types'
import { sendJson, startHttpTestServer, type HttpTestServer, type RecordedRequest } from '../test/httpTestServer'
import { createBlockchainApiClient, type BlockchainApiClient, type BlockchainApiClientOptions } from './createBlockchainApiClient'
import type { BalanceResponse, IdentityResponse, NameProfile, SupportedChainsResponse, TransactionHistoryResponse } from './types'

const address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const caipAddress = `eip155:1:${address}` as const
const usdc = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const
const eth = 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as const

const balance: BalanceResponse = {
  balances: [
    {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:1',
      address: usdc,
      value: 12.5,
      price: 1,
      quantity: { decimals: '6', numeric: '12.5' },
      iconUrl: 'https://icons.example/usdc.png',
    },
  ],
}
const history: TransactionHistoryResponse = {
  data: [
    {
      id: 'tx1',
      metadata: { operationType: 'receive', status: 'confirmed', sentFrom: '0xabc', sentTo: address, hash: '0x01', minedAt: '2025-01-01T00:00:00Z' },
      transfers: [{ direction: 'in', quantity: { numeric: '1.5' }, fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'https://i/eth.png' } } }],
    },
    {
      id: 'tx2',
      metadata: { operationType: 'mint', status: 'pending', sentFrom: '0x0', sentTo: address, hash: '0x02', minedAt: '2025-01-02T00:00:00Z' },
      transfers: [{ direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Punk #1', content: { preview: { url: 'https://i/p.png' } } } }],
    },
  ],
  next: 'cursor-2',
}
const profile: NameProfile = {
  name: 'alice.portico.id',
  registered: 1_700_000_000,
  updated: 1_700_000_000,
  addresses: { '60': { address, created: '2024-01-01T00:00:00Z' } },
  attributes: [{ avatar: 'https://i/a.png' }],
}

let server: HttpTestServer
/** Path → JSON answer; anything else 404s. */
let routes: Record<string, unknown>
let time: number
const delays: number[] = []
const sleep: Sleep = async (ms) => {
  delays.push(ms)
}

function api(options: Partial<BlockchainApiClientOptions> = {}): BlockchainApiClient {
  return createBlockchainApiClient({
    baseUrl: `${server.url}/api/`,
    projectId: 'project-1',
    sdkType: 'portico',
    sdkVersion: 'react-0.1.0',
    now: () => time,
    sleep,
    ...options,
  })
}

beforeEach(async () => {
  time = 1_000_000
  delays.length = 0
  routes = {}
  server = await startHttpTestServer((request, response) => {
    const key = `${request.method} ${request.path}`
    if (key in routes) sendJson(response, 200, routes[key])
    else sendJson(response, 404, { error: 'not found' })
  })
})
afterEach(() => server.close())

const last = (): RecordedRequest => server.requests.at(-1)!
const query = (request: RecordedRequest) => Object.fromEntries(request.query)
const common = { projectId: 'project-1', st: 'portico', sv: 'react-0.1.0' }

type EndpointCase = {
  name: string
  method: 'GET' | 'POST'
  path: string
  answer: unknown
  call: (client: BlockchainApiClient) => Promise<unknown>
  /** Query parameters besides projectId, st and sv (exactly). */
  query?: Record<string, string>
  body?: unknown
}

const endpoints: EndpointCase[] = [
  {
    name: 'getSupportedChains',
    method: 'GET',
    path: '/api/v1/supported-chains',
    answer: { http: ['eip155:1'], ws: [] } satisfies SupportedChainsResponse,
    call: (c) => c.getSupportedChains(),
  },
  {
    name: 'getIdentity',
    method: 'GET',
    path: `/api/v1/identity/${address}`,
    answer: { name: 'vitalik.eth', avatar: null } satisfies IdentityResponse,
    call: (c) => c.getIdentity({ address }),
  },
  {
    name: 'getTransactionHistory',
    method: 'GET',
    path: `/api/v1/account/${address}/history`,
    answer: history,
    call: (c) => c.getTransactionHistory({ account: address, cursor: 'c1', onramp: 'coinbase', chainId: 'eip155:1' }),
    query: { cursor: 'c1', onramp: 'coinbase', chainId: 'eip155:1' },
  },
  {
    name: 'getTransactionHistory without optional parameters',
    method: 'GET',
    path: `/api/v1/account/${address}/history`,
    answer: history,
    call: (c) => c.getTransactionHistory({ account: address }),
    query: {},
  },
  {
    name: 'getBalance',
    method: 'GET',
    path: `/api/v1/account/${address}/balance`,
    answer: balance,
    call: (c) => c.getBalance({ address, chainId: 'eip155:1' }),
    query: { currency: 'usd', chainId: 'eip155:1' },
  },
  {
    name: 'getSwapQuote',
    method: 'GET',
    path: '/api/v1/convert/quotes',
    answer: { quotes: [{ id: null, fromAmount: '1000000', fromAccount: usdc, toAmount: '400000000000000', toAccount: eth }] },
    call: (c) => c.getSwapQuote({ chainId: 'eip155:1', amount: '1000000', userAddress: caipAddress, from: usdc, to: eth, gasPrice: '20' }),
    query: { amount: '1000000', userAddress: caipAddress, from: usdc, to: eth, gasPrice: '20' },
  },
  {
    name: 'getSwapTokens',
    method: 'GET',
    path: '/api/v1/convert/tokens',
    answer: { tokens: [{ name: 'USD Coin', symbol: 'USDC', address: usdc, decimals: 6, logoUri: 'https://i/u.png' }] },
    call: (c) => c.getSwapTokens({ chainId: 'eip155:1' }),
    query: { chainId: 'eip155:1' },
  },
  {
    name: 'getSwapAllowance',
    method: 'GET',
    path: '/api/v1/convert/allowance',
    answer: { allowance: '0' },
    call: (c) => c.getSwapAllowance({ chainId: 'eip155:1', tokenAddress: usdc, userAddress: caipAddress }),
    query: { tokenAddress: usdc, userAddress: caipAddress },
  },
  {
    name: 'getGasPrice',
    method: 'GET',
    path: '/api/v1/convert/gas-price',
    answer: { standard: '1', fast: '2', instant: '3' },
    call: (c) => c.getGasPrice({ chainId: 'eip155:1' }),
    query: { chainId: 'eip155:1' },
  },
  {
    name: 'buildApproveTransaction',
    method: 'GET',
    path: '/api/v1/convert/build-approve',
    answer: { tx: { from: caipAddress, to: usdc, data: '0x095ea7b3', value: '0', eip155: { gasPrice: '20' } } },
    call: (c) => c.buildApproveTransaction({ chainId: 'eip155:1', userAddress: caipAddress, from: usdc, to: eth }),
    query: { userAddress: caipAddress, from: usdc, to: eth },
  },
  {
    name: 'buildSwapTransaction',
    method: 'POST',
    path: '/api/v1/convert/build-transaction',
    answer: { tx: { from: caipAddress, to: usdc, data: '0x12', amount: '0', eip155: { gas: '21000', gasPrice: '20' } } },
    call: (c) => c.buildSwapTransaction({ chainId: 'eip155:1', amount: '1000000', from: usdc, to: eth, userAddress: caipAddress }),
    body: { amount: '1000000', slippage: 1, from: usdc, to: eth, userAddress: caipAddress, disableEstimate: false },
  },
  {
    name: 'getTokenPrice',
    method: 'POST',
    path: '/api/v1/fungible/price',
    answer: { fungibles: [{ name: 'USD Coin', symbol: 'USDC', iconUrl: 'https://i/u.png', price: 1 }] },
    call: (c) => c.getTokenPrice({ addresses: [usdc] }),
    body: { currency: 'usd', addresses: [usdc] },
  },
  {
    name: 'lookupName',
    method: 'GET',
    path: '/api/v1/profile/account/alice.portico.id',
    answer: profile,
    call: (c) => c.lookupName({ name: 'alice.portico.id' }),
  },
  {
    name: 'reverseLookupName',
    method: 'GET',
    path: `/api/v1/profile/reverse/${address}`,
    answer: [profile],
    call: (c) => c.reverseLookupName({ address }),
  },
  {
    name: 'getNameSuggestions',
    method: 'GET',
    path: '/api/v1/profile/suggestions/alice',
    answer: {
      suggestions: [
        { name: 'alice.portico.id', registered: true },
        { name: 'alice1.portico.id', registered: false },
      ],
    },
    call: (c) => c.getNameSuggestions({ name: 'alice' }),
  },
  {
    name: 'registerName',
    method: 'POST',
    path: '/api/v1/profile/account',
    answer: profile,
    call: (c) => c.registerName({ coinType: 60, address, message: '{"name":"alice.portico.id"}', signature: '0xsig' }),
    body: { coin_type: 60, address, message: '{"name":"alice.portico.id"}', signature: '0xsig' },
  },
  {
    name: 'generateOnrampUrl',
    method: 'POST',
    path: '/api/v1/generators/onrampurl',
    answer: { url: 'https://pay.example/checkout?x=1' },
    call: (c) =>
      c.generateOnrampUrl({
        destinationWallets: [{ address, blockchains: ['ethereum'] }],
        defaultNetwork: 'ethereum',
        partnerUserId: address,
        presetCryptoAmount: 1,
        presetFiatAmount: 50,
      }),
    body: {
      destinationWallets: [{ address, blockchains: ['ethereum'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: address,
      presetCryptoAmount: 1,
      presetFiatAmount: 50,
    },
  },
  {
    name: 'getOnrampOptions',
    method: 'GET',
    path: '/api/v1/onramp/options',
    answer: {
      paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: 10, max: 7500 }] }],
      purchaseCurrencies: [{ id: 'usdc', name: 'USD Coin', symbol: 'USDC', networks: [] }],
    },
    call: (c) => c.getOnrampOptions(),
  },
  {
    name: 'getOnrampQuote',
    method: 'POST',
    path: '/api/v1/onramp/quote',
    answer: {
      quoteId: 'q1',
      paymentTotal: { amount: '101', currency: 'USD' },
      paymentSubtotal: { amount: '100', currency: 'USD' },
      purchaseAmount: { amount: '99', currency: 'USDC' },
      providerFee: { amount: '1', currency: 'USD' },
      networkFee: { amount: '0', currency: 'USD' },
    },
    call: (c) => c.getOnrampQuote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'base' }),
    body: { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'base' },
  },
  {
    name: 'getSessions',
    method: 'GET',
    path: `/api/v1/sessions/${encodeURIComponent(caipAddress)}`,
    answer: { pcis: [] },
    call: (c) => c.getSessions({ id: caipAddress }),
  },
  {
    name: 'revokeSession',
    method: 'POST',
    path: `/api/v1/sessions/${encodeURIComponent(caipAddress)}/revoke`,
    answer: { success: true },
    call: (c) => c.revokeSession({ id: caipAddress, pci: 'pci-1', signature: '0xsig' }),
    body: { pci: 'pci-1', signature: '0xsig' },
  },
]

describe('endpoints', () => {
  test.each(endpoints)('$name: $method $path with projectId, st and sv', async ({ method, path, answer, call, query: expectedQuery, body }) => {
    routes[`${method} ${path}`] = answer
    await expect(call(api())).resolves.toEqual(answer)
    const request = last()
    expect(request.method).toBe(method)
    expect(request.path).toBe(path)
    if (expectedQuery) expect(query(request)).toEqual({ ...common, ...expectedQuery })
    else expect(query(request)).toMatchObject(common)
    if (body !== undefined) {
      expect(request.json).toEqual(body)
      expect(request.headers['content-type']).toBe('application/json')
    }
  })

  test('sendAnalyticsEvent posts the event to /e with projectId, st and sv', async () => {
    routes['POST /api/e'] = {}
    const event = {
      eventId: 'e1',
      url: 'https://dapp.example/',
      domain: 'dapp.example',
      timestamp: 1,
      props: { type: 'track' as const, event: 'MODAL_OPEN', properties: { connected: false } },
    }
    await expect(api().sendAnalyticsEvent({ event })).resolves.toBeUndefined()
    expect(last()).toMatchObject({ method: 'POST', path: '/api/e', json: event })
    expect(query(last())).toEqual(common)
  })

  test('sendAnalyticsEvent posts a batch to /e as one JSON array', async () => {
    routes['POST /api/e'] = {}
    const event = (eventId: string) => ({ eventId, url: 'https://dapp.example/', domain: 'dapp.example', timestamp: 1, props: { type: 'track' as const, event: 'MODAL_OPEN', properties: {} } })
    await api().sendAnalyticsEvent({ events: [event('e1'), event('e2')], retry: false })
    expect(last()).toMatchObject({ method: 'POST', path: '/api/e', json: [event('e1'), event('e2')] })
  })

  test('the configured clientId rides along', async () => {
    routes['GET /api/v1/supported-chains'] = { http: [], ws: [] }
    await api({ clientId: 'c-1' }).getSupportedChains()
    expect(query(last())).toEqual({ ...common, clientId: 'c-1' })
  })

  test('a non-success status surfaces as HttpStatusError', async () => {
    await expect(api().getOnrampOptions()).rejects.toMatchObject({ name: 'HttpStatusError', shortMessage: 'HTTP status code: 404' })
  })
})

describe('caches (SPEC §9)', () => {
  const balancePath = `GET /api/v1/account/${address}/balance`

  test('a balance is served from the cache for 30 s, then fetched again', async () => {
    routes[balancePath] = balance
    const client = api()
    await client.getBalance({ address, chainId: 'eip155:1' })
    time += 29_999
    await expect(client.getBalance({ address, chainId: 'eip155:1' })).resolves.toEqual(balance)
    expect(server.requests).toHaveLength(1)
    time += 1
    await client.getBalance({ address, chainId: 'eip155:1' })
    expect(server.requests).toHaveLength(2)
  })

  test('the balance cache is keyed by the request', async () => {
    routes[balancePath] = balance
    const client = api()
    await client.getBalance({ address, chainId: 'eip155:1' })
    await client.getBalance({ address, chainId: 'eip155:10' })
    await client.getBalance({ address, chainId: 'eip155:1', currency: 'eur' })
    await client.getBalance({ address, chainId: 'eip155:1' })
    expect(server.requests.map((r) => [r.query.get('chainId'), r.query.get('currency')])).toEqual([
      ['eip155:1', 'usd'],
      ['eip155:10', 'usd'],
      ['eip155:1', 'eur'],
    ])
  })

  test('forceUpdate bypasses the cache, tells the server, and refreshes the cache', async () => {
    routes[balancePath] = balance
    const client = api()
    await client.getBalance({ address, chainId: 'eip155:1' })
    const fresh: BalanceResponse = { balances: [] }
    routes[balancePath] = fresh
    await expect(client.getBalance({ address, chainId: 'eip155:1', forceUpdate: true })).resolves.toEqual(fresh)
    expect(last().query.get('forceUpdate')).toBe('true')
    await expect(client.getBalance({ address, chainId: 'eip155:1' })).resolves.toEqual(fresh)
    expect(server.requests).toHaveLength(2)
    expect(server.requests[0]!.query.has('forceUpdate')).toBe(false)
  })

  test('a failed balance fetch is not cached', async () => {
    const client = api({ retry: false })
    await expect(client.getBalance({ address })).rejects.toBeInstanceOf(HttpStatusError)
    routes[balancePath] = balance
    await expect(client.getBalance({ address })).resolves.toEqual(balance)
  })

  test('identity is cached for 5 minutes', async () => {
    routes[`GET /api/v1/identity/${address}`] = { name: 'vitalik.eth', avatar: null }
    const client = api()
    await client.getIdentity({ address })
    time += 5 * 60_000 - 1
    await client.getIdentity({ address })
    expect(server.requests).toHaveLength(1)
    time += 1
    await client.getIdentity({ address })
    expect(server.requests).toHaveLength(2)
  })

  test('name lookups and reverse lookups are cached for 5 minutes', async () => {
    routes['GET /api/v1/profile/account/alice.portico.id'] = profile
    routes[`GET /api/v1/profile/reverse/${address}`] = [profile]
    const client = api()
    await client.lookupName({ name: 'alice.portico.id' })
    await client.reverseLookupName({ address })
    time += 4 * 60_000
    await client.lookupName({ name: 'alice.portico.id' })
    await client.reverseLookupName({ address })
    expect(server.requests).toHaveLength(2)
    time += 60_000
    await client.lookupName({ name: 'alice.portico.id' })
    expect(server.requests).toHaveLength(3)
  })

  test('registering a name drops the cached reverse lookup and identity of the address', async () => {
    routes[`GET /api/v1/profile/reverse/${address}`] = []
    routes[`GET /api/v1/identity/${address}`] = { name: null, avatar: null }
    routes['POST /api/v1/profile/account'] = profile
    const client = api()
    await client.reverseLookupName({ address })
    await client.getIdentity({ address })
    await client.registerName({ coinType: 60, address, message: '{}', signature: '0x00' })
    routes[`GET /api/v1/profile/reverse/${address}`] = [profile]
    await expect(client.reverseLookupName({ address })).resolves.toEqual([profile])
    await client.getIdentity({ address })
    expect(server.requests.map((r) => r.method)).toEqual(['GET', 'GET', 'POST', 'GET', 'GET'])
  })

  test('clearCache forgets everything', async () => {
    routes[balancePath] = balance
    const client = api()
    await client.getBalance({ address })
    client.clearCache()
    await client.getBalance({ address })
    expect(server.requests).toHaveLength(2)
  })

  test('two clients never share a cache', async () => {
    routes[balancePath] = balance
    await api().getBalance({ address })
    await api().getBalance({ address })
    expect(server.requests).toHaveLength(2)
  })
})

describe('swap networks (SPEC §8)', () => {
  const unsupported = 'eip155:999' as const

  test("gas price on a network outside the swap list throws 'Network not supported for Gas Price' without a request", async () => {
    const error = await api()
      .getGasPrice({ chainId: unsupported })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkNotSupportedForGasPriceError)
    expect((error as Error).message).toBe('Network not supported for Gas Price')
    expect(server.requests).toHaveLength(0)
  })

  test.each([
    ['getSwapQuote', (c: BlockchainApiClient) => c.getSwapQuote({ chainId: unsupported, amount: '1', userAddress: caipAddress, from: usdc, to: eth, gasPrice: '1' })],
    ['getSwapTokens', (c: BlockchainApiClient) => c.getSwapTokens({ chainId: unsupported })],
    ['getSwapAllowance', (c: BlockchainApiClient) => c.getSwapAllowance({ chainId: unsupported, tokenAddress: usdc, userAddress: caipAddress })],
    ['buildApproveTransaction', (c: BlockchainApiClient) => c.buildApproveTransaction({ chainId: unsupported, userAddress: caipAddress, from: usdc, to: eth })],
    ['buildSwapTransaction', (c: BlockchainApiClient) => c.buildSwapTransaction({ chainId: unsupported, amount: '1', from: usdc, to: eth, userAddress: caipAddress })],
  ])("%s on a network outside the swap list throws 'Network not supported for Swaps' without a request", async (_name, call) => {
    const error = await call(api()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkNotSupportedForSwapsError)
    expect((error as Error).message).toBe('Network not supported for Swaps')
    expect(server.requests).toHaveLength(0)
  })

  test('solana networks are not swap networks by default', async () => {
    await expect(api().getSwapTokens({ chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).rejects.toBeInstanceOf(NetworkNotSupportedForSwapsError)
  })

  test('the swap list can be configured', async () => {
    routes['GET /api/v1/convert/gas-price'] = { standard: '1', fast: '2', instant: '3' }
    const client = api({ swapNetworks: ['eip155:999'] })
    await expect(client.getGasPrice({ chainId: 'eip155:999' })).resolves.toEqual({ standard: '1', fast: '2', instant: '3' })
    await expect(client.getGasPrice({ chainId: 'eip155:1' })).rejects.toBeInstanceOf(NetworkNotSupportedForGasPriceError)
  })
})

describe('name errors (SPEC §8)', () => {
  function statusOf(error: unknown): number | undefined {
    const found = (error as ServiceError).walk((e) => e instanceof HttpStatusError)
    return found instanceof HttpStatusError ? found.status : undefined
  }

  test("a failed name lookup throws 'Error resolving name' with the HTTP error as cause", async () => {
    const error = await api()
      .lookupName({ name: 'free.portico.id' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as Error).message).toBe('Error resolving name')
    expect((error as Error).cause).toBeInstanceOf(HttpStatusError)
    expect(statusOf(error)).toBe(404)
  })

  test("a failed reverse lookup throws 'Error resolving name'", async () => {
    server.handle((_request, response) => sendJson(response, 500, {}))
    const error = await api()
      .reverseLookupName({ address })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'Error resolving name', code: 'names/resolve' })
    expect(statusOf(error)).toBe(500)
    expect(server.requests).toHaveLength(3)
  })

  test("failed suggestions throw 'Error fetching name suggestions'", async () => {
    server.handle((_request, response) => sendJson(response, 500, {}))
    const error = await api({ retry: false })
      .getNameSuggestions({ name: 'alice' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'Error fetching name suggestions', code: 'names/suggestions' })
    expect(statusOf(error)).toBe(500)
  })

  test("a failed registration throws 'Error registering name'", async () => {
    server.handle((_request, response) => sendJson(response, 400, { error: 'bad signature' }))
    const error = await api()
      .registerName({ coinType: 60, address, message: '{}', signature: '0x00' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'Error registering name', code: 'names/register' })
    expect(statusOf(error)).toBe(400)
  })

  test('a caller abort is passed through, not reported as a name error', async () => {
    server.handle(() => undefined)
    const controller = new AbortController()
    const result = api().lookupName({ name: 'alice.portico.id', signal: controller.signal })
    await server.waitForRequests(1)
    controller.abort()
    await expect(result).rejects.toMatchObject({ name: 'AbortError' })
  })
})
