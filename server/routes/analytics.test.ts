/**
 * Analytics events expire: kept for the retention period (ANALYTICS_RETENTION_DAYS),
 * then deleted by the sweep the next event runs. The clock is the server's, moved by
 * the test.
 */
import { type FastifyInstance } from 'fastify'
import { type Kysely } from 'kysely'
import { createServer } from '../app'
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
