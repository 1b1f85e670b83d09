import type { FastifyInstance } from 'fastify'
import { createServer } from '../../server/app'
import { listen } from '../../server/test/http'
import { tempSqliteFile, type TempSqliteFile } from '../../server/test/sqlite'
import { createPortico, type Portico } from '../createPortico'
import { untilState } from '../test/untilState'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'

// The wallet-listing sagas against the real reference server (in process, real SQLite file).
let sqlite: TempSqliteFile
let server: FastifyInstance
let baseUrl: string
const instances: Portico[] = []

beforeAll(async () => {
  sqlite = tempSqliteFile()
  server = createServer({ database: { sqliteFile: sqlite.file }, projects: [{ id: 'dapp', allowedOrigins: ['*'], analyticsEnabled: false }] })
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
    p.store.dispatch({ type: 'wallets/pageRequested', payload: { page: 1 } })
    expect(p.getState().wallets.status).toBe('loading')
    await untilState(p, () => p.getState().wallets.status === 'loaded')
    const { list, count } = p.getState().wallets
    expect(list.length).toBe(Math.min(40, count))
    expect(count).toBeGreaterThanOrEqual(30)
    expect(new Set(list.map((w) => w.id)).size).toBe(list.length)
  })

  it('searches by name and ignores an answer to an older query', async () => {
    const p = portico()
    p.store.dispatch({ type: 'wallets/searchRequested', payload: { query: 'rain' } })
    p.store.dispatch({ type: 'wallets/searchRequested', payload: { query: 'meta' } })
    await untilState(p, () => p.getState().wallets.search.status === 'loaded')
    const { query, results } = p.getState().wallets.search
    expect(query).toBe('meta')
    expect(results.map((w) => w.name)).toContain('MetaMask')
    expect(results.some((w) => w.name === 'Rainbow')).toBe(false)
  })

  it('reports a listing failure (unknown project) as an error state', async () => {
    const p = portico({ projectId: 'nobody' })
    p.store.dispatch({ type: 'wallets/pageRequested', payload: { page: 1 } })
    await untilState(p, () => p.getState().wallets.status === 'error')
    expect(p.getState().wallets.error).toEqual({ code: 403, key: 'errors.httpStatus', params: { status: 403 } })
  })
})
