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
import type { PorticoServices } from '../createServices'
import { HttpStatusError } from '../errors'
import { ioSettles } from '../test/ioSettles'

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
afterEach(() => {
  instances.splice(0).forEach((p) => p.destroy())
  jest.useRealTimers()
})

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
    // Together: one request for both.
    expect(paths).toEqual(['/getAnalyticsConfig', '/e'])
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
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
    const portico = createPortico({ projectId: 'shop', plugins: [plugin], devtools: false, endpoints: { blockchainApi: baseUrl, walletListing: baseUrl } }, { storage: null, window: page })
    instances.push(portico)
    const before = (await stored('shop')).length
    portico.open({ view: 'Networks' })
    portico.close()
    // Nothing leaves before the 2 s flush delay (fake time), then the batch does.
    await jest.advanceTimersByTimeAsync(1_999)
    await ioSettles()
    // A flush starts by asking whether analytics is on (GET /getAnalyticsConfig), then sends.
    expect(paths.filter((p) => p === '/getAnalyticsConfig' || p === '/e')).toEqual([])
    await jest.advanceTimersByTimeAsync(1)
    for (let tries = 0; tries < 100 && (await stored('shop')).length < before + 2; tries++) await ioSettles()
    const events = (await stored('shop')).filter((e) => (e as { domain?: string }).domain === 'shop.example')
    expect(events.map((e) => (e as { props: { event: string } }).props.event).sort()).toEqual(['MODAL_CLOSE', 'MODAL_OPEN'])
    expect(events[0]).toMatchObject({ url: 'https://shop.example/app' })
  })

  it('a Portico instance without a page (a server render) sends nothing', async () => {
    const plugin = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [injectedConnector()] }).plugin
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
    const portico = createPortico({ projectId: 'shop', plugins: [plugin], devtools: false, endpoints: { blockchainApi: baseUrl, walletListing: baseUrl } }, { storage: null })
    instances.push(portico)
    portico.open()
    portico.close()
    await jest.advanceTimersByTimeAsync(2_500)
    await ioSettles()
    expect(paths.filter((p) => p === '/getAnalyticsConfig' || p === '/e')).toEqual([])
  })
})

describe('createAnalytics pace (fake timers)', () => {
  type Sent = { at: number; count: number }
  afterEach(() => jest.useRealTimers())

  /** Service clients that record each POST /e and answer after `latencyMs`, as `answer` says. */
  function recordingServices(answer: (attempt: number) => Error | undefined, latencyMs = 300) {
    const sent: Sent[] = []
    let open = 0
    let mostOpen = 0
    const services = async () =>
      ({
        walletListing: { getAnalyticsConfig: async () => ({ isAnalyticsEnabled: true }) },
        blockchainApi: {
          sendAnalyticsEvent: async ({ events }: { events?: readonly unknown[] }) => {
            sent.push({ at: Date.now(), count: events?.length ?? 1 })
            mostOpen = Math.max(mostOpen, ++open)
            await new Promise((resolve) => setTimeout(resolve, latencyMs))
            open--
            const error = answer(sent.length)
            if (error) throw error
          },
        },
      }) as unknown as PorticoServices
    return { services, sent, mostOpen: () => mostOpen }
  }

  const cycle = (analytics: ReturnType<typeof createAnalytics>) => {
    analytics.track({ name: 'MODAL_OPEN', data: { view: 'Connect', connected: false } })
    analytics.track({ name: 'MODAL_CLOSE', data: { connected: false } })
  }

  it('200 modal open/close cycles in 17 s: one request at most every 2 s, never two at once, every event sent', async () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 })
    const server = recordingServices(() => undefined)
    const analytics = createAnalytics({ enabled: true, services: server.services })
    for (let i = 0; i < 200; i++) {
      cycle(analytics)
      await jest.advanceTimersByTimeAsync(85)
    }
    await jest.advanceTimersByTimeAsync(5_000)
    expect(server.sent.length).toBeLessThanOrEqual(10)
    for (let i = 1; i < server.sent.length; i++) expect(server.sent[i]!.at - server.sent[i - 1]!.at).toBeGreaterThanOrEqual(2_000)
    expect(server.mostOpen()).toBe(1)
    expect(server.sent.reduce((sum, s) => sum + s.count, 0)).toBe(400)
    expect(analytics.stats()).toEqual({ sent: 400, failed: 0, dropped: 0, enabled: true })
    analytics.destroy()
  })

  it('over the limit (429) the batch waits, doubling the wait, and leaves once the server takes it', async () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 })
    const server = recordingServices((attempt) => (attempt <= 3 ? new HttpStatusError(429, 'http://api.test/e') : undefined))
    const analytics = createAnalytics({ enabled: true, services: server.services })
    cycle(analytics)
    await jest.advanceTimersByTimeAsync(60_000)
    // Each wait runs from the refusal, which came 300 ms after the request left.
    const waits = server.sent.slice(1).map((s, i) => s.at - server.sent[i]!.at - 300)
    expect(waits).toEqual([4_000, 8_000, 16_000])
    expect(analytics.stats()).toEqual({ sent: 2, failed: 0, dropped: 0, enabled: true })
    analytics.destroy()
  })

  it('keeps waiting at most maxBackoffMs between attempts while refused, and keeps only the newest events', async () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 })
    const server = recordingServices(() => new HttpStatusError(503, 'http://api.test/e'))
    const analytics = createAnalytics({ enabled: true, services: server.services, maxQueued: 10, maxBackoffMs: 30_000 })
    for (let i = 0; i < 20; i++) cycle(analytics)
    await jest.advanceTimersByTimeAsync(300_000)
    const waits = server.sent.slice(1).map((s, i) => s.at - server.sent[i]!.at - 300)
    expect(Math.max(...waits)).toBe(30_000)
    expect(server.sent.length).toBeLessThan(15)
    expect(server.sent.every((s) => s.count === 10)).toBe(true)
    expect(analytics.stats()).toMatchObject({ sent: 0, failed: 0, dropped: 30 })
    analytics.destroy()
  })

  it('a refusal that waiting will not change (400) drops the batch and counts it failed', async () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 })
    const server = recordingServices(() => new HttpStatusError(400, 'http://api.test/e'))
    const analytics = createAnalytics({ enabled: true, services: server.services })
    cycle(analytics)
    await jest.advanceTimersByTimeAsync(30_000)
    expect(server.sent).toHaveLength(1)
    expect(analytics.stats()).toEqual({ sent: 0, failed: 2, dropped: 0, enabled: true })
    analytics.destroy()
  })
})
