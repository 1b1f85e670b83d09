import { Time } from '../config/constants'
import { createPortico, type Portico } from '../createPortico'
import { untilState } from '../test/untilState'
import { sendJson, startHttpTestServer, type HttpTestServer } from '../services/test/httpTestServer'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { accountActions } from '../store/slices/account'
import { connectorsActions } from '../store/slices/connectors'

// The balance saga against a real local HTTP server speaking the Blockchain API's balance call.
const address = '0x1111111111111111111111111111111111111111'
let api: HttpTestServer
let clock = 1_000_000
const instances: Portico[] = []

beforeEach(async () => {
  api = await startHttpTestServer()
  clock = 1_000_000
})
afterEach(async () => {
  instances.splice(0).forEach((p) => p.destroy())
  await api.close()
})

const balances = {
  balances: [
    { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' },
    { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: 'eip155:1:0xa0b8', value: 10, price: 1, quantity: { decimals: '6', numeric: '10' }, iconUrl: '' },
    { name: 'Ether', symbol: 'ETH', chainId: 'eip155:10', value: 200, price: 2000, quantity: { decimals: '18', numeric: '0.1' }, iconUrl: '' },
  ],
}

type RpcBalance = NonNullable<Parameters<typeof createPortico>[0]['plugins']>[number]['balance']

async function connectedPortico(options: { balance?: boolean; rpc?: RpcBalance; tokens?: Record<string, { address: string }[]> } = {}) {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')], connectors: [injectedConnector()], address })
  const plugin = { ...wallet.plugin, features: { ...wallet.plugin.features, balance: options.balance ?? true }, balance: options.rpc }
  const p = createPortico({ projectId: 'dapp', plugins: [plugin], devtools: false, endpoints: { blockchainApi: api.url }, tokens: options.tokens }, { now: () => clock, storage: null })
  instances.push(p)
  await p.ready()
  p.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
  return { p, wallet }
}

const account = (p: Portico) => p.getState().account.byNamespace.eip155!

describe('balance saga', () => {
  it('fetches balances on connect with the SPEC §7 query and keeps those of the active network', async () => {
    api.handle((_req, res) => sendJson(res, 200, balances))
    const { p } = await connectedPortico()
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    const request = api.requests[0]!
    expect(request.path).toBe(`/v1/account/${address}/balance`)
    expect(Object.fromEntries(request.query)).toMatchObject({ projectId: 'dapp', st: 'portico', sv: expect.any(String), currency: 'usd', chainId: 'eip155:1' })
    expect(account(p).tokenBalance.map((t) => t.symbol)).toEqual(['ETH', 'USDC'])
    expect(account(p)).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH' })
  })

  it("shows 'Token Balance Unavailable' when the fetch fails, and does not retry within 30 s", async () => {
    api.handle((_req, res) => sendJson(res, 400, { error: 'bad' }))
    const { p } = await connectedPortico()
    await untilState(p, () => account(p).tokenBalanceStatus === 'error')
    expect(p.getState().alerts.toast?.message).toEqual({ code: null, key: 'errors.tokenBalanceUnavailable', params: {} })
    const requestsAfterFailure = api.requests.length

    clock += 29_999
    p.store.dispatch(accountActions.balanceRequested({ namespace: 'eip155', force: true }))
    await new Promise((r) => setTimeout(r, 50))
    expect(api.requests.length).toBe(requestsAfterFailure)

    api.handle((_req, res) => sendJson(res, 200, balances))
    clock += 1
    p.store.dispatch(accountActions.balanceRequested({ namespace: 'eip155' }))
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    expect(api.requests.length).toBe(requestsAfterFailure + 1)
  })

  it("falls back to the chain's RPC through the plugin when the Blockchain API cannot answer", async () => {
    api.handle((_req, res) => sendJson(res, 404, { error: 'Not Found' }))
    const rpc = { getBalance: jest.fn(async () => ({ value: '2500000000000000000', decimals: 18, symbol: 'ETH' })) }
    const { p } = await connectedPortico({ rpc })
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    expect(account(p)).toMatchObject({ balance: '2.5', balanceSymbol: 'ETH' })
    expect(account(p).tokenBalance).toEqual([expect.objectContaining({ symbol: 'ETH', chainId: 'eip155:1', quantity: { decimals: '18', numeric: '2.5' } })])
    expect(rpc.getBalance).toHaveBeenCalledWith({ address, network: expect.objectContaining({ caipNetworkId: 'eip155:1' }) })
  })

  it("reads the dapp's configured tokens from the chain too, native first", async () => {
    api.handle((_req, res) => sendJson(res, 404, { error: 'Not Found' }))
    const token = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
    const rpc = {
      getBalance: async () => ({ value: '1000000000000000000', decimals: 18, symbol: 'ETH' }),
      getTokenBalance: jest.fn(async () => ({ value: '1234500', decimals: 6, symbol: 'PTT', name: 'Portico Test Token' })),
    }
    const { p } = await connectedPortico({ rpc, tokens: { 'eip155:1': [{ address: token }], 'eip155:10': [{ address: '0xother' }] } })
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    expect(account(p).tokenBalance.map((t) => [t.symbol, t.address, t.quantity.numeric])).toEqual([
      ['ETH', undefined, '1'],
      ['PTT', `eip155:1:${token}`, '1.2345'],
    ])
    expect(rpc.getTokenBalance).toHaveBeenCalledTimes(1)
  })

  it("shows 'Token Balance Unavailable' without a request on a namespace without balance support, and the Tokens tab's loading state ends", async () => {
    const { p } = await connectedPortico({ balance: false })
    await untilState(p, () => p.getState().alerts.toast?.message.key === 'errors.tokenBalanceUnavailable')
    expect(account(p).tokenBalanceStatus).toBe('error')
    expect(api.requests).toHaveLength(0)
  })

  it("reads a namespace the Blockchain API does not serve through the plugin's balance capability alone: no request, no toast", async () => {
    api.handle((_req, res) => sendJson(res, 200, balances))
    const rpc = { getBalance: jest.fn(async () => ({ value: '1000000', decimals: 8, symbol: 'BTC' })) }
    const { p } = await connectedPortico({ balance: false, rpc })
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    expect(account(p)).toMatchObject({ balance: '0.01', balanceSymbol: 'BTC' })
    expect(account(p).tokenBalance).toEqual([expect.objectContaining({ symbol: 'BTC', chainId: 'eip155:1', quantity: { decimals: '8', numeric: '0.01' } })])
    expect(api.requests).toHaveLength(0)
    expect(p.getState().alerts.toast).toBeUndefined()
  })

  it('gives BTC, read from Esplora through the plugin, its fiat value from the price source (POST /v1/fungible/price)', async () => {
    const genesis = '000000000019d6689c085ae165831e93'
    api.handle((req, res) => sendJson(res, 200, req.path === '/v1/fungible/price' ? { fungibles: [{ name: 'Bitcoin', symbol: 'BTC', iconUrl: '', price: 60000 }] } : balances))
    const bitcoin = {
      ...testNetwork(1, 'Bitcoin'),
      id: genesis,
      chainNamespace: 'bip122' as const,
      caipNetworkId: `bip122:${genesis}` as const,
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    }
    const wallet = createFakeNamespacePlugin({ namespace: 'bip122', networks: [bitcoin], connectors: [injectedConnector()], address: 'bc1qxyz' })
    const plugin = { ...wallet.plugin, balance: { getBalance: async () => ({ value: '1000000', decimals: 8, symbol: 'BTC' }) } }
    const p = createPortico({ projectId: 'dapp', plugins: [plugin], devtools: false, endpoints: { blockchainApi: api.url } }, { now: () => clock, storage: null })
    instances.push(p)
    await p.ready()
    p.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'bip122' }))
    await untilState(p, (s) => s.account.byNamespace.bip122?.tokenBalanceStatus === 'loaded')
    expect(p.getState().account.byNamespace.bip122!.tokenBalance).toEqual([expect.objectContaining({ symbol: 'BTC', price: 60000, value: 600, quantity: { decimals: '8', numeric: '0.01' } })])
    expect(api.requests.map((r) => [r.path, r.json])).toEqual([['/v1/fungible/price', { currency: 'usd', addresses: [`bip122:${genesis}:native`] }]])
  })

  it("shows 'Token Balance Unavailable' and the error state when the plugin's reader fails, and retries after 30 s", async () => {
    const rpc = { getBalance: jest.fn(async () => Promise.reject(new Error('HTTP status code: 503'))) }
    const { p } = await connectedPortico({ balance: false, rpc })
    await untilState(p, () => account(p).tokenBalanceStatus === 'error')
    expect(p.getState().alerts.toast?.message).toEqual({ code: null, key: 'errors.tokenBalanceUnavailable', params: {} })
    expect(rpc.getBalance).toHaveBeenCalledTimes(1)
    rpc.getBalance.mockResolvedValueOnce({ value: '5', decimals: 8, symbol: 'BTC' } as never)
    p.store.dispatch(accountActions.balanceRequested({ namespace: 'eip155' }))
    await new Promise((r) => setTimeout(r, 20))
    expect(rpc.getBalance).toHaveBeenCalledTimes(1)
    clock += 30_000
    p.store.dispatch(accountActions.balanceRequested({ namespace: 'eip155' }))
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    expect(account(p).balance).toBe('0.00000005')
  })

  it('a hung node ends in the error state within the 10 s RPC timeout, the API and the chain together (not one timeout after another)', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
    try {
      api.handle((_req, res) => sendJson(res, 404, { error: 'Not Found' }))
      // The chain's reader never answers (a hung node).
      const rpc = { getBalance: jest.fn(() => new Promise<never>(() => undefined)) }
      const { p } = await connectedPortico({ rpc })
      // The API's answer is real I/O, which fake timers do not hold up; no fake time passes meanwhile.
      while (rpc.getBalance.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve))
      expect(account(p).tokenBalanceStatus).toBe('loading')
      await jest.advanceTimersByTimeAsync(Time.rpcTimeoutMs - 1)
      expect(account(p).tokenBalanceStatus).toBe('loading')
      await jest.advanceTimersByTimeAsync(1)
      expect(account(p).tokenBalanceStatus).toBe('error')
      expect(p.getState().alerts.toast?.message.key).toBe('errors.tokenBalanceUnavailable')
    } finally {
      jest.useRealTimers()
    }
  })

  it('a request that replaces a retry in flight within the 30 s gate takes its place: the balance loads, it does not stay loading', async () => {
    api.handle((_req, res) => sendJson(res, 400, { error: 'bad' }))
    const { p } = await connectedPortico()
    await untilState(p, () => account(p).tokenBalanceStatus === 'error')
    // Back online: the retry passes the gate and waits on the API.
    let answer: () => void = () => undefined
    api.handle((_req, res) => new Promise<void>((resolve) => (answer = () => resolve(sendJson(res, 200, balances)))))
    const requests = api.requests.length
    clock += 1_000
    p.store.dispatch(accountActions.balanceRequested({ namespace: 'eip155', trigger: 'online' }))
    await untilState(p, () => account(p).tokenBalanceStatus === 'loading' && api.requests.length > requests)
    // A send's refresh, 1 s later, replaces it.
    api.handle((_req, res) => sendJson(res, 200, balances))
    p.store.dispatch(accountActions.balanceRequested({ namespace: 'eip155', force: true }))
    answer()
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    expect(account(p).balance).toBe('1.5')
  })

  it('refetches for the new network after a switch', async () => {
    api.handle((_req, res) => sendJson(res, 200, balances))
    const { p } = await connectedPortico()
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    await p.switchNetwork('eip155:10')
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded' && account(p).balance === '0.1')
    expect(api.requests.at(-1)!.query.get('chainId')).toBe('eip155:10')
  })
})
