// SPEC §7 analytics against the REAL reference server (a fresh SQLite file): the dapp's
// events reach POST /e and are stored for a project with analytics on; nothing is sent
// for a project with analytics off, nor with features.analytics false.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { createServer } from '../../server/app'
import { createAnalyticsEventStore } from '../../server/db/analyticsEvents'
import { openDatabase } from '../../server/db/connect'
import type { DatabaseSchema } from '../../server/db/schema'
import { listen } from '../../server/test/http'
import { TEST_PROJECTS } from '../../server/test/projects'
import { tempSqliteFile } from '../../server/test/sqlite'
import { createPortico, type Portico } from '../createPortico'
import { createServices } from '../createServices'
import { resolveConfig } from '../config/resolveConfig'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { createAnalytics } from './createAnalytics'

let app: FastifyInstance
let db: Kysely<DatabaseSchema>
let baseUrl: string
let remove: () => void
const paths: string[] = []

beforeAll(async () => {
  const sqlite = tempSqliteFile()
  remove = sqlite.remove
  app = createServer({ projects: TEST_PROJECTS, database: { sqliteFile: sqlite.file } })
  app.addHook('onRequest', async (request) => {
    paths.push(request.url.split('?')[0]!)
  })
  baseUrl = await listen(app)
  db = openDatabase({ sqliteFile: sqlite.file })
})
afterAll(async () => {
  await app?.close()
  await db?.destroy()
  remove?.()
})
beforeEach(() => {
  paths.length = 0
})

const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

const stored = async (projectId: string) => (await createAnalyticsEventStore(db).listForProject(projectId)).map((row) => row.event)

function servicesFor(projectId: string) {
  const plugin = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [injectedConnector()] }).plugin
  const config = resolveConfig({ projectId, plugins: [plugin], endpoints: { blockchainApi: baseUrl, walletListing: baseUrl } }, { defaultPlugins: () => [plugin] })
  return async () => createServices(config)
}

describe('createAnalytics', () => {
  it('sends queued events together to POST /e once the project says analytics is on; the server stores them', async () => {
    const analytics = createAnalytics({ enabled: true, services: servicesFor('shop'), now: () => 1_700_000_000_000, flushDelayMs: 60_000 })
    analytics.track({ name: 'MODAL_OPEN', data: { view: 'Connect', connected: false } })
    analytics.track({ name: 'MODAL_CLOSE', data: { connected: false } })
    expect(paths).toEqual([])
    await analytics.flush()
    expect(paths).toEqual(['/getAnalyticsConfig', '/e', '/e'])
    expect(analytics.stats()).toEqual({ sent: 2, failed: 0, dropped: 0, enabled: true })
    const events = await stored('shop')
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ timestamp: 1_700_000_000_000, props: { type: 'track', event: 'MODAL_OPEN', properties: { view: 'Connect', connected: false } } }),
        expect.objectContaining({ props: { type: 'track', event: 'MODAL_CLOSE', properties: { connected: false } } }),
      ]),
    )
    analytics.destroy()
  })

  it('asks once; with analytics off for the project it sends nothing and stops queueing', async () => {
    const analytics = createAnalytics({ enabled: true, services: servicesFor('quiet'), flushDelayMs: 60_000 })
    analytics.track({ name: 'MODAL_OPEN', data: { view: 'Connect', connected: false } })
    await analytics.flush()
    analytics.track({ name: 'MODAL_CLOSE', data: { connected: false } })
    await analytics.flush()
    expect(paths).toEqual(['/getAnalyticsConfig'])
    expect(analytics.stats()).toEqual({ sent: 0, failed: 0, dropped: 1, enabled: false })
    expect(await stored('quiet')).toEqual([])
  })

  it('never asks or sends with features.analytics off', async () => {
    const analytics = createAnalytics({ enabled: false, services: servicesFor('shop'), flushDelayMs: 60_000 })
    analytics.track({ name: 'MODAL_OPEN', data: { view: 'Connect', connected: false } })
    await analytics.flush()
    expect(paths).toEqual([])
  })

  it('a Portico instance sends its events after the flush delay, without the dapp waiting for it', async () => {
    const plugin = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [injectedConnector()] }).plugin
    // A visitor's page: analytics need one (a server render has nobody to count).
    const page = Object.assign(new EventTarget(), { location: { href: 'https://shop.example/app', hostname: 'shop.example' } }) as unknown as Window
    const portico = createPortico({ projectId: 'shop', plugins: [plugin], devtools: false, endpoints: { blockchainApi: baseUrl, walletListing: baseUrl } }, { storage: null, window: page })
    instances.push(portico)
    const before = (await stored('shop')).length
    portico.open({ view: 'Networks' })
    portico.close()
    expect(paths.filter((p) => p === '/e')).toEqual([])
    const deadline = Date.now() + 10_000
    while ((await stored('shop')).length < before + 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    const events = (await stored('shop')).filter((e) => (e as { domain?: string }).domain === 'shop.example')
    expect(events.map((e) => (e as { props: { event: string } }).props.event).sort()).toEqual(['MODAL_CLOSE', 'MODAL_OPEN'])
    expect(events[0]).toMatchObject({ url: 'https://shop.example/app' })
  })

  it('a Portico instance without a page (a server render) sends nothing', async () => {
    const plugin = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [injectedConnector()] }).plugin
    const portico = createPortico({ projectId: 'shop', plugins: [plugin], devtools: false, endpoints: { blockchainApi: baseUrl, walletListing: baseUrl } }, { storage: null })
    instances.push(portico)
    portico.open()
    portico.close()
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(paths.filter((p) => p === '/getAnalyticsConfig' || p === '/e')).toEqual([])
  })
})
