import { createPortico, type Portico } from '../createPortico'
import { accountActions } from '../store/slices/account'
import { transactionsActions } from '../store/slices/transactions'
import { connectorsActions } from '../store/slices/connectors'
import { sendJson, startHttpTestServer, type HttpTestServer } from '../services/test/httpTestServer'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import { recoveryDelay } from './accountDataRecovery'
import { lazyState } from '../store/lazyState'

// Failed balance and activity fetches come back by themselves: on `online`, when the page
// is shown again, and on a timer from the 30 s gate on, with backoff. The sagas run
// against a real local HTTP server speaking the Blockchain API; time is jest's (the saga
// clock is Date.now, which the fake timers move too).
const address = '0x1111111111111111111111111111111111111111'
let api: HttpTestServer
let healthy = false
const instances: Portico[] = []

const balances = {
  balances: [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' }],
}
const history = { data: [], next: null }

beforeEach(async () => {
  // Node's own queues stay real: the HTTP server and client run on them.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
  healthy = false
  api = await startHttpTestServer((request, response) => {
    // 404 is not retried by the HTTP client, so each fetch is one request.
    if (!healthy) return sendJson(response, 404, { error: 'down' })
    sendJson(response, 200, request.path.endsWith('/history') ? history : balances)
  })
})
afterEach(async () => {
  instances.splice(0).forEach((p) => p.destroy())
  jest.useRealTimers()
  await api.close()
})

/** A page: a window that fires `online`, with a document whose visibility the test sets. */
function createPage() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
  const page = Object.assign(new EventTarget(), { document, location: undefined }) as unknown as Window
  return {
    page,
    goOnline: () => page.dispatchEvent(new Event('online')),
    setVisible(visible: boolean) {
      document.visibilityState = visible ? 'visible' : 'hidden'
      document.dispatchEvent(new Event('visibilitychange'))
    },
  }
}

async function connectedPortico(window: Window) {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [injectedConnector()], address })
  const plugin = { ...wallet.plugin, features: { ...wallet.plugin.features, balance: true, activity: true } }
  const p = createPortico({ projectId: 'dapp', plugins: [plugin], devtools: false, endpoints: { blockchainApi: api.url }, features: { analytics: false } }, { storage: null, window })
  instances.push(p)
  await p.ready()
  p.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
  return p
}

/** How many toasts were shown from now on. */
function countToasts(p: Portico) {
  let shown = 0
  let last = p.getState().alerts.toast
  p.subscribe(() => {
    const toast = p.getState().alerts.toast
    if (toast && toast !== last) shown++
    last = toast
  })
  return () => shown
}

const account = (p: Portico) => p.getState().account.byNamespace.eip155!
const balanceRequests = () => api.requests.filter((r) => r.path.endsWith('/balance')).length
const historyRequests = () => api.requests.filter((r) => r.path.endsWith('/history')).length

describe('account data recovery', () => {
  it('fetches a failed balance again as soon as the browser is back online, inside the 30 s gate', async () => {
    const { page, goOnline } = createPage()
    const p = await connectedPortico(page)
    await untilState(p, () => account(p).tokenBalanceStatus === 'error')
    expect(p.getState().alerts.toast?.message.key).toBe('errors.tokenBalanceUnavailable')
    await jest.advanceTimersByTimeAsync(10_000)
    expect(balanceRequests()).toBe(1)

    healthy = true
    goOnline()
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    expect(account(p).balance).toBe('1.5')
    expect(balanceRequests()).toBe(2)
  })

  it('retries on a timer from the 30 s gate on, doubling the wait, and stops once loaded', async () => {
    const { page } = createPage()
    const p = await connectedPortico(page)
    const toasts = countToasts(p)
    await untilState(p, () => account(p).tokenBalanceStatus === 'error')
    const times: number[] = [Date.now()]
    for (const attempt of [1, 2, 3]) {
      await jest.advanceTimersByTimeAsync(recoveryDelay(attempt) - 1)
      expect(balanceRequests()).toBe(attempt)
      await jest.advanceTimersByTimeAsync(1)
      await untilState(p, () => balanceRequests() === attempt + 1 && account(p).tokenBalanceStatus === 'error')
      times.push(Date.now())
    }
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([30_000, 60_000, 120_000])
    // The automatic retries told the visitor nothing new: one toast in all.
    expect(toasts()).toBe(1)

    healthy = true
    await jest.advanceTimersByTimeAsync(recoveryDelay(4))
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    const loadedAfter = balanceRequests()
    await jest.advanceTimersByTimeAsync(30 * 60_000)
    expect(balanceRequests()).toBe(loadedAfter)
  })

  it('waits while the page is hidden, and fetches once it is shown again (past the gate)', async () => {
    const { page, setVisible } = createPage()
    const p = await connectedPortico(page)
    await untilState(p, () => account(p).tokenBalanceStatus === 'error')
    setVisible(false)
    // Shown again within the gate: nothing yet.
    setVisible(true)
    setVisible(false)
    await jest.advanceTimersByTimeAsync(10 * 60_000)
    expect(balanceRequests()).toBe(1)

    healthy = true
    setVisible(true)
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    expect(balanceRequests()).toBe(2)
  })

  it("keeps the visitor's Try again between automatic retries: once past the gate, it fetches at once", async () => {
    const { page } = createPage()
    const p = await connectedPortico(page)
    await untilState(p, () => account(p).tokenBalanceStatus === 'error')
    await jest.advanceTimersByTimeAsync(recoveryDelay(1))
    await untilState(p, () => balanceRequests() === 2 && account(p).tokenBalanceStatus === 'error')
    // The next automatic retry is 60 s away; the visitor clicks 31 s after this failure.
    healthy = true
    await jest.advanceTimersByTimeAsync(31_000)
    p.store.dispatch(accountActions.balanceRequested({ namespace: 'eip155', force: true }))
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    expect(balanceRequests()).toBe(3)
  })

  it('fetches a failed activity page again on online, and on a timer with backoff', async () => {
    const { page, goOnline } = createPage()
    healthy = true
    const p = await connectedPortico(page)
    await untilState(p, () => account(p).tokenBalanceStatus === 'loaded')
    healthy = false
    p.store.dispatch(transactionsActions.fetchRequested())
    await untilState(p, () => lazyState(p.getState(), 'transactions').status === 'error')
    await jest.advanceTimersByTimeAsync(recoveryDelay(1))
    await untilState(p, () => historyRequests() === 2 && lazyState(p.getState(), 'transactions').status === 'error')
    await jest.advanceTimersByTimeAsync(recoveryDelay(2) - 1)
    expect(historyRequests()).toBe(2)

    healthy = true
    goOnline()
    await untilState(p, () => lazyState(p.getState(), 'transactions').status === 'loaded')
    expect(historyRequests()).toBe(3)
    await jest.advanceTimersByTimeAsync(30 * 60_000)
    expect(historyRequests()).toBe(3)
  })
})
