import { createPortico, type Portico } from '../createPortico'
import { sendJson, startHttpTestServer, type HttpTestServer } from '../services/test/httpTestServer'
import { transactionsActions } from '../store/slices/transactions'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import { PENDING_POLL_MS } from './history'
import { ioSettles } from '../test/ioSettles'
import type { TransactionHistoryItem } from '../types/transaction'
import type { HistoryCapability } from '../plugins/types'
import { lazyState } from '../store/lazyState'
import { connectorsActions } from '../store/slices/connectors'

// The history saga against a real local HTTP server speaking the Blockchain API's history call.
const address = '0x1111111111111111111111111111111111111111'
let api: HttpTestServer
const instances: Portico[] = []

beforeEach(async () => {
  api = await startHttpTestServer()
})
afterEach(async () => {
  instances.splice(0).forEach((p) => p.destroy())
  await api.close()
  jest.useRealTimers()
})

const item = (n: number, hash = `0x${String(n).padStart(64, '0')}`): TransactionHistoryItem => ({
  id: `tx-${n}`,
  metadata: { operationType: 'receive', status: 'confirmed', sentFrom: '0x2222222222222222222222222222222222222222', sentTo: address, hash, minedAt: '2024-01-01T00:00:00Z' },
  transfers: [{ direction: 'in', quantity: { numeric: '1' }, fungible_info: { name: 'Ether', symbol: 'ETH' } }],
})

function connectedPortico(activity = true, balance = false, reader?: HistoryCapability) {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')], connectors: [injectedConnector()], address })
  const plugin = { ...wallet.plugin, features: { ...wallet.plugin.features, activity, balance }, history: reader }
  const p = createPortico({ projectId: 'dapp', plugins: [plugin], devtools: false, endpoints: { blockchainApi: api.url } }, { storage: null })
  instances.push(p)
  p.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
  return { p, wallet }
}

const history = (p: Portico) => lazyState(p.getState(), 'transactions')

describe('history saga', () => {
  it('loads the first page for the account and network, then the next page by cursor', async () => {
    api.handle((req, res) => sendJson(res, 200, req.query.get('cursor') === 'c1' ? { data: [item(3)], next: null } : { data: [item(1), item(2)], next: 'c1' }))
    const { p } = connectedPortico()
    await untilState(p, (s) => s.account.byNamespace.eip155?.status === 'connected')
    p.store.dispatch(transactionsActions.fetchRequested())
    await untilState(p, () => history(p).status === 'loaded')
    expect(api.requests[0]!.path).toBe(`/v1/account/${address}/history`)
    expect(Object.fromEntries(api.requests[0]!.query)).toMatchObject({ projectId: 'dapp', chainId: 'eip155:1' })
    expect(history(p)).toMatchObject({ next: 'c1', items: [{ id: 'tx-1' }, { id: 'tx-2' }] })

    p.store.dispatch(transactionsActions.fetchRequested({ cursor: 'c1', onramp: 'test-provider' }))
    await untilState(p, () => history(p).items.length === 3)
    expect(Object.fromEntries(api.requests[1]!.query)).toMatchObject({ cursor: 'c1', onramp: 'test-provider', chainId: 'eip155:1' })
    expect(history(p).next).toBeUndefined()
  })

  it("reports 'Failed to fetch transactions' and keeps the pages already loaded", async () => {
    api.handle((req, res) => (req.query.get('cursor') ? sendJson(res, 400, { error: 'Bad Request' }) : sendJson(res, 200, { data: [item(1)], next: 'c1' })))
    const { p } = connectedPortico()
    await untilState(p, (s) => s.account.byNamespace.eip155?.status === 'connected')
    p.store.dispatch(transactionsActions.fetchRequested())
    await untilState(p, () => history(p).status === 'loaded')
    p.store.dispatch(transactionsActions.fetchRequested({ cursor: 'c1' }))
    await untilState(p, () => history(p).status === 'error')
    expect(history(p)).toMatchObject({ error: { code: 400, key: 'errors.failedToFetchTransactions', params: {} }, items: [{ id: 'tx-1' }] })
  })

  it('lists nothing (and asks nothing) where the namespace has no activity support', async () => {
    const { p } = connectedPortico(false)
    await untilState(p, (s) => s.account.byNamespace.eip155?.status === 'connected')
    p.store.dispatch(transactionsActions.fetchRequested())
    await untilState(p, () => history(p).status === 'loaded')
    expect(history(p).items).toEqual([])
    expect(api.requests.filter((r) => r.path.endsWith('/history'))).toEqual([])
  })

  it("reads the history through the plugin's history capability where the Blockchain API has no activity, paging by its cursor", async () => {
    const getHistory = jest.fn<ReturnType<HistoryCapability['getHistory']>, Parameters<HistoryCapability['getHistory']>>(async ({ cursor }) =>
      cursor === 'tx-2' ? { items: [item(3)], next: undefined } : { items: [item(1), item(2)], next: 'tx-2' },
    )
    const { p } = connectedPortico(false, false, { getHistory })
    await untilState(p, (s) => s.account.byNamespace.eip155?.status === 'connected')
    p.store.dispatch(transactionsActions.fetchRequested())
    await untilState(p, () => history(p).status === 'loaded')
    expect(history(p)).toMatchObject({ next: 'tx-2', items: [{ id: 'tx-1' }, { id: 'tx-2' }] })
    expect(getHistory).toHaveBeenCalledWith({ address, network: expect.objectContaining({ caipNetworkId: 'eip155:1' }), cursor: undefined })
    p.store.dispatch(transactionsActions.fetchRequested({ cursor: 'tx-2' }))
    await untilState(p, () => history(p).items.length === 3)
    expect(getHistory).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'tx-2' }))
    expect(history(p).next).toBeUndefined()
    expect(api.requests.filter((r) => r.path.endsWith('/history'))).toEqual([])

    getHistory.mockRejectedValueOnce(new Error('HTTP status code: 503'))
    p.store.dispatch(transactionsActions.fetchRequested())
    await untilState(p, () => history(p).status === 'error')
    expect(history(p).error).toMatchObject({ key: 'errors.failedToFetchTransactions', params: {} })
  })

  it('shows a sent transaction as pending until the history lists it, then refreshes the balance', async () => {
    const sent = `0x${'ab'.repeat(32)}`
    let mined = false
    api.handle((req, res) => {
      if (req.path.endsWith('/balance')) return sendJson(res, 200, { balances: [] })
      sendJson(res, 200, { data: mined ? [item(9, sent), item(1)] : [item(1)], next: null })
    })
    const { p } = connectedPortico(true, true)
    await untilState(p, (s) => s.account.byNamespace.eip155?.status === 'connected')
    p.store.dispatch(transactionsActions.fetchRequested())
    await untilState(p, () => history(p).status === 'loaded')
    // The poll's wait is on fake time; the HTTP server and the sockets stay real.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
    const historyCalls = () => api.requests.filter((r) => r.path.endsWith('/history')).length
    // What sendSaga records after the wallet returns the hash:
    p.store.dispatch(transactionsActions.pendingAdded(sent))
    expect(history(p).pending).toEqual([sent])
    const before = historyCalls()
    await jest.advanceTimersByTimeAsync(PENDING_POLL_MS - 1)
    await ioSettles()
    expect(historyCalls()).toBe(before)
    expect(history(p).pending).toEqual([sent])
    const balanceCalls = api.requests.filter((r) => r.path.endsWith('/balance')).length
    mined = true
    await jest.advanceTimersByTimeAsync(1)
    await untilState(p, () => history(p).pending.length === 0)
    expect(historyCalls()).toBe(before + 1)
    expect(history(p).items.map((i) => i.id)).toEqual(['tx-9', 'tx-1'])
    await untilState(p, () => api.requests.filter((r) => r.path.endsWith('/balance')).length > balanceCalls)
  })

  it('keeps at most 99 pending transactions (SPEC §9) and forgets the history on a network change', async () => {
    api.handle((_req, res) => sendJson(res, 200, { data: [item(1)], next: null }))
    const { p, wallet } = connectedPortico()
    await untilState(p, (s) => s.account.byNamespace.eip155?.status === 'connected')
    for (let i = 0; i < 120; i++) p.store.dispatch(transactionsActions.pendingAdded(`0x${String(i).padStart(64, '0')}`))
    expect(history(p).pending).toHaveLength(99)
    p.store.dispatch(transactionsActions.fetchRequested())
    await untilState(p, () => history(p).status === 'loaded')
    wallet.emit({ type: 'chainChanged', caipNetworkId: 'eip155:10' })
    await untilState(p, () => history(p).status === 'idle')
    expect(history(p)).toMatchObject({ items: [], pending: [] })
  })
})
