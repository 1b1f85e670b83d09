import type { FastifyInstance } from 'fastify'
import { createServer } from '../server/app'
import { listen } from '../server/test/http'
import { tempSqliteFile, type TempSqliteFile } from '../server/test/sqlite'
import { createPortico, type Portico } from './createPortico'
import type * as CreateServices from './createServices'
import { walletsActions } from './store/slices/wallets'
import { createFakeNamespacePlugin, testNetwork } from './test/fakeNamespacePlugin'
import { untilState } from './test/untilState'

// The service clients are a chunk createPortico loads on first use. Its first fetch fails
// here (as offline would: the module cannot be had), the next gives the real module; the
// instance must recover on the next service call, against the real reference server.
const mockChunk = { fetches: 0 }
jest.mock('./createServices', () => {
  mockChunk.fetches++
  if (mockChunk.fetches === 1) throw new Error('Failed to fetch dynamically imported module')
  return jest.requireActual<typeof CreateServices>('./createServices')
})

let sqlite: TempSqliteFile
let server: FastifyInstance
let baseUrl: string
let portico: Portico | undefined

beforeAll(async () => {
  sqlite = tempSqliteFile()
  server = createServer({ database: { sqliteFile: sqlite.file }, projects: [{ id: 'dapp', allowedOrigins: ['*'], analyticsEnabled: false }] })
  baseUrl = await listen(server)
})
afterAll(async () => {
  portico?.destroy()
  await server.close()
  sqlite.remove()
})

it('after one failed load of the services chunk, the next service call loads it again and works', async () => {
  const { plugin } = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })
  portico = createPortico({ projectId: 'dapp', plugins: [plugin], devtools: false, endpoints: { walletListing: baseUrl } })
  const p = portico
  p.store.dispatch(walletsActions.pageRequested({ page: 1 }))
  await untilState(p, (s) => s.wallets.status === 'error')
  expect(mockChunk.fetches).toBe(1)
  p.store.dispatch(walletsActions.pageRequested({ page: 1 }))
  await untilState(p, (s) => s.wallets.status === 'loaded')
  expect(mockChunk.fetches).toBe(2)
  expect(p.getState().wallets.list.length).toBeGreaterThan(0)
})
