/**
 * Analytics events expire: kept for the retention period (ANALYTICS_RETENTION_DAYS),
 * then deleted by the sweep the next event runs. The clock is the server's, moved by
 * the test.
 */
import { type FastifyInstance } from 'fastify'
import { type Kysely } from 'kysely'
import { createServer } from '../app'
import { ANALYTICS_BATCH_MAX_EVENTS, ANALYTICS_EVENT_MAX_BYTES } from './analytics'
import { createAnalyticsEventStore } from '../db/analyticsEvents'
import { openDatabase } from '../db/connect'
import { type DatabaseSchema } from '../db/schema'
import { setupTestEngines } from '../test/engines'
import { http, listen } from '../test/http'
import { TEST_PROJECTS } from '../test/projects'

const engines = setupTestEngines()
const DAY = 24 * 3_600_000

describe.each(engines)('analytics retention on $name', ({ freshDatabase }) => {
  const clock = { now: Date.parse('2030-01-01T00:00:00.000Z') }
  let app: FastifyInstance
  let db: Kysely<DatabaseSchema>
  let baseUrl: string

  beforeAll(async () => {
    const database = await freshDatabase()
    app = createServer({ database, projects: TEST_PROJECTS, now: () => clock.now, analyticsRetentionMs: 2 * DAY })
    baseUrl = await listen(app)
    db = openDatabase(database)
  })
  afterAll(async () => {
    await app?.close()
    await db?.destroy()
  })

  const send = (name: string) => http(baseUrl, '/e?projectId=shop', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: name }) })
  const stored = async () => (await createAnalyticsEventStore(db).listForProject('shop')).map((event) => event.event.event).sort()

  it('keeps events for the retention period, then the sweep deletes them', async () => {
    expect((await send('first')).status).toBe(202)
    clock.now += DAY
    expect((await send('second')).status).toBe(202)
    expect(await stored()).toEqual(['first', 'second'])
    // Two days after the first: it goes, the second stays.
    clock.now += DAY + 1
    expect((await send('third')).status).toBe(202)
    expect(await stored()).toEqual(['second', 'third'])
  })

  it('stamps events with the server clock', async () => {
    expect((await send('stamped')).status).toBe(202)
    const [newest] = await createAnalyticsEventStore(db).listForProject('shop', { limit: 1 })
    expect(newest?.receivedAt.getTime()).toBe(clock.now)
  })
})

describe.each(engines)('analytics batches on $name', ({ freshDatabase }) => {
  let app: FastifyInstance
  let db: Kysely<DatabaseSchema>
  let baseUrl: string

  beforeAll(async () => {
    const database = await freshDatabase()
    app = createServer({ database, projects: TEST_PROJECTS })
    baseUrl = await listen(app)
    db = openDatabase(database)
  })
  afterAll(async () => {
    await app?.close()
    await db?.destroy()
  })

  const post = (projectId: string, body: unknown) => http(baseUrl, `/e?projectId=${projectId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const stored = async (projectId: string) => (await createAnalyticsEventStore(db).listForProject(projectId)).map((event) => event.event.event).sort()

  it('stores every event of a batch (a JSON array) from one request', async () => {
    const batch = Array.from({ length: ANALYTICS_BATCH_MAX_EVENTS }, (_, i) => ({ event: `e${String(i).padStart(3, '0')}`, padding: 'x'.repeat(300) }))
    expect((await post('shop', batch)).status).toBe(202)
    expect(await stored('shop')).toEqual(batch.map((e) => e.event))
  })

  it('refuses a batch with too many events, or an event that is not an object, and stores none of it', async () => {
    const before = await stored('shop')
    const tooMany = await post(
      'shop',
      Array.from({ length: ANALYTICS_BATCH_MAX_EVENTS + 1 }, () => ({ event: 'x' })),
    )
    expect(tooMany.status).toBe(400)
    expect((await post('shop', [{ event: 'ok' }, 'not an event'])).status).toBe(400)
    expect((await post('shop', [])).status).toBe(400)
    expect(await stored('shop')).toEqual(before)
  })

  it('refuses a batch holding an event over the one-event limit, as one such event alone', async () => {
    const big = { event: 'big', padding: 'x'.repeat(ANALYTICS_EVENT_MAX_BYTES) }
    const response = await post('shop', [{ event: 'small' }, big])
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ error: 'Payload Too Large', message: 'An analytics event is too large' })
    expect(await stored('shop')).not.toContain('small')
  })

  it('drops a batch unread for a project with analytics off', async () => {
    expect((await post('quiet', [{ event: 'a' }, { event: 'b' }])).status).toBe(204)
    expect(await stored('quiet')).toEqual([])
  })
})
