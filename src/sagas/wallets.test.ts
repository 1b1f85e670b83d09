import type { FastifyInstance } from 'fastify'
import { createServer } from '../../server/app'
import { listen } from '../../server/test/http'
import { tempSqliteFile, type TempSqliteFile } from '../../server/test/sqlite'
import { createPortico, type Portico } from '../createPortico'
import { sendJson, startHttpTestServer, type HttpTestServer } from '../services/test/httpTestServer'
import { untilState } from '../test/untilState'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { walletsActions } from '../store/slices/wallets'
import { Time } from '../config/constants'
import { ioSettles } from '../test/ioSettles'

// The wallet-listing sagas against the real reference server (in process, real SQLite file).
let sqlite: TempSqliteFile
let server: FastifyInstance
let baseUrl: string
const instances: Portico[] = []

beforeAll(async () => {
  sqlite = tempSqliteFile()
  server = createServer({
    database: { sqliteFile: sqlite.file },
    projects: [
      { id: 'dapp', allowedOrigins: ['*'], analyticsEnabled: false },
      { id: 'listed', allowedOrigins: ['https://*.shop.example'], analyticsEnabled: false },
      { id: 'unverified', allowedOrigins: [], analyticsEnabled: false },
    ],
  })
  baseUrl = await listen(server)
})
afterAll(async () => {
  await server.close()
  sqlite.remove()
})
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

function portico(overrides: Parameters<typeof createPortico>[0] = {}) {
  const { plugin } = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })
  const instance = createPortico({ projectId: 'dapp', plugins: [plugin], devtools: false, endpoints: { walletListing: baseUrl }, ...overrides })
  instances.push(instance)
  return instance
}

describe('wallet listing sagas (against the reference server)', () => {
  it('loads recommended wallets the first time the modal opens, not before', async () => {
    const p = portico()
    await new Promise((r) => setTimeout(r, 50))
    expect(p.getState().wallets.recommended).toEqual([])
    p.open()
    await untilState(p, () => p.getState().wallets.recommended.length > 0)
    const recommended = p.getState().wallets.recommended
    expect(recommended.length).toBeGreaterThanOrEqual(4)
    expect(recommended.every((w) => w.chains.includes('eip155:1'))).toBe(true)
  })

  it('loads featured wallets in the order the dapp gave', async () => {
    const p = portico({ featuredWalletIds: ['rainbow', 'metamask'] })
    p.open()
    await untilState(p, () => p.getState().wallets.featured.length === 2)
    expect(p.getState().wallets.featured.map((w) => w.id)).toEqual(['rainbow', 'metamask'])
  })

  it('pages all wallets by 40', async () => {
    const p = portico({ plugins: undefined, networks: undefined })
    p.store.dispatch(walletsActions.pageRequested({ page: 1 }))
    expect(p.getState().wallets.status).toBe('loading')
    await untilState(p, () => p.getState().wallets.status === 'loaded')
    const { list, count } = p.getState().wallets
    expect(list.length).toBe(Math.min(40, count))
    expect(count).toBeGreaterThanOrEqual(30)
    expect(new Set(list.map((w) => w.id)).size).toBe(list.length)
  })

  it('searches by name and ignores an answer to an older query', async () => {
    const p = portico()
    p.store.dispatch(walletsActions.searchRequested({ query: 'rain' }))
    p.store.dispatch(walletsActions.searchRequested({ query: 'meta' }))
    await untilState(p, () => p.getState().wallets.search.status === 'loaded')
    const { query, results } = p.getState().wallets.search
    expect(query).toBe('meta')
    expect(results.map((w) => w.name)).toContain('MetaMask')
    expect(results.some((w) => w.name === 'Rainbow')).toBe(false)
  })

  it('reports a listing failure (unknown project) as an error state', async () => {
    const p = portico({ projectId: 'nobody' })
    p.store.dispatch(walletsActions.pageRequested({ page: 1 }))
    await untilState(p, () => p.getState().wallets.status === 'error')
    expect(p.getState().wallets.error).toEqual({ code: 403, key: 'errors.httpStatus', params: { status: 403 } })
  })

  describe('wallet pictures (SPEC §9 image preload)', () => {
    it('preloads the pictures of a loaded page and marks each loaded', async () => {
      const p = portico()
      p.store.dispatch(walletsActions.pageRequested({ page: 1 }))
      await untilState(p, (s) => s.wallets.status === 'loaded')
      const ids = p.getState().wallets.list.flatMap((w) => (w.image_id ? [w.image_id] : []))
      expect(ids.length).toBeGreaterThan(0)
      await untilState(p, (s) => ids.every((id) => s.wallets.images[id] !== 'loading'), 5000)
      expect(ids.map((id) => p.getState().wallets.images[id])).toEqual(ids.map(() => 'loaded'))
    })

    it('gives up on a picture after 2 s and on one the server refuses', async () => {
      const wallet = (id: string) => ({ id, name: id, image_id: id, chains: ['eip155:1'], rdns: null, mobile_link: null, desktop_link: null, webapp_link: null })
      const stand = await startHttpTestServer((request, response) => {
        if (request.path === '/getWallets') return sendJson(response, 200, { data: [wallet('hangs'), wallet('missing')], count: 2 })
        if (request.path === '/getWalletImage/missing') return sendJson(response, 404, { error: 'not found' })
        // '/getWalletImage/hangs' never answers.
      })
      try {
        const p = portico({ endpoints: { walletListing: stand.url } })
        p.store.dispatch(walletsActions.pageRequested({ page: 1 }))
        await untilState(p, (s) => s.wallets.images.missing === 'failed')
        expect(p.getState().wallets.images.hangs).toBe('loading')
        const started = Date.now()
        await untilState(p, (s) => s.wallets.images.hangs === 'failed', 4000)
        expect(Date.now() - started).toBeGreaterThan(1500)
      } finally {
        await stand.close()
      }
    })
  })

  describe('search typing', () => {
    // A listing stand-in that answers a search after 400 ms and notes each search whose
    // connection the client closed before the answer (an aborted fetch).
    let slow: HttpTestServer
    let aborted: string[]
    beforeEach(async () => {
      aborted = []
      slow = await startHttpTestServer(async (request, response, { raw }) => {
        const query = request.query.get('search') ?? ''
        let closed = false
        raw.socket.once('close', () => {
          closed = true
        })
        await new Promise((resolve) => setTimeout(resolve, 400))
        if (closed) aborted.push(query)
        else sendJson(response, 200, { data: [{ id: query, name: query, image_id: null, chains: ['eip155:1'], rdns: null, mobile_link: null, desktop_link: null, webapp_link: null }], count: 1 })
      })
    })
    afterEach(() => slow.close())
    const type = (p: Portico, query: string) => p.store.dispatch(walletsActions.searchRequested({ query }))
    const searchesSent = () => slow.requests.filter((r) => r.path === '/getWallets').map((r) => r.query.get('search'))

    it('sends one request for a burst of keystrokes, for the last query, after a 300 ms pause', async () => {
      // The debounce runs on fake time; the listing server and the sockets stay real.
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
      try {
        const p = portico({ endpoints: { walletListing: slow.url } })
        for (const query of ['m', 'me', 'met', 'meta', 'metam']) {
          type(p, query)
          await jest.advanceTimersByTimeAsync(40)
        }
        // 299 ms after the last keystroke nothing has been sent; at 300 ms the last query is.
        await jest.advanceTimersByTimeAsync(Time.walletSearchDebounceMs - 40 - 1)
        await ioSettles()
        expect(searchesSent()).toEqual([])
        await jest.advanceTimersByTimeAsync(1)
        await slow.waitForRequests(1)
        expect(searchesSent()).toEqual(['metam'])
        // The stand-in answers after 400 ms.
        await jest.advanceTimersByTimeAsync(400)
        await untilState(p, (s) => s.wallets.search.status === 'loaded')
        expect(searchesSent()).toEqual(['metam'])
        expect(p.getState().wallets.search.results.map((w) => w.id)).toEqual(['metam'])
      } finally {
        jest.useRealTimers()
      }
    })

    it('aborts the request of a query the visitor typed past', async () => {
      const p = portico({ endpoints: { walletListing: slow.url } })
      type(p, 'rain')
      await slow.waitForRequests(1)
      type(p, 'meta')
      await untilState(p, (s) => s.wallets.search.status === 'loaded')
      expect(searchesSent()).toEqual(['rain', 'meta'])
      await untilState(p, () => aborted.length === 1).catch(() => undefined)
      expect(aborted).toEqual(['rain'])
      expect(p.getState().wallets.search).toMatchObject({ query: 'meta', results: [{ id: 'meta' }] })
    })
  })
})

/** A Portico on a page at `origin`. */
function pageAt(origin: string, projectId: string) {
  const { plugin } = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })
  const page = { location: { origin } } as unknown as Window
  const instance = createPortico(
    { projectId, plugins: [plugin], devtools: false, endpoints: { walletListing: baseUrl, blockchainApi: baseUrl }, features: { analytics: false, email: false, socials: false } },
    { window: page, storage: null },
  )
  instances.push(instance)
  return instance
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describe('the origin check on first open (GET /projects/v1/origins)', () => {
  it("raises 'unverified domain' when the project has verified no domain", async () => {
    const p = pageAt('https://www.shop.example', 'unverified')
    await settle()
    expect(p.getState().alerts.alerts).toEqual([])
    p.open()
    await untilState(p, (s) => s.alerts.alerts.includes('unverifiedDomain'))
    expect(p.getState().alerts.alerts).toEqual(['unverifiedDomain'])
  })

  it("raises 'Invalid App Configuration' for an origin the project does not list", async () => {
    const p = pageAt('https://evil.example', 'listed')
    p.open()
    await untilState(p, (s) => s.alerts.alerts.length > 0)
    expect(p.getState().alerts.alerts).toEqual(['invalidAppConfiguration'])
  })

  it('raises nothing for a listed origin', async () => {
    const p = pageAt('https://www.shop.example', 'listed')
    p.open()
    // The recommended wallets come from the same server after the origins call was sent.
    await untilState(p, (s) => s.wallets.recommended.length > 0)
    await settle()
    expect(p.getState().alerts.alerts).toEqual([])
  })
})
