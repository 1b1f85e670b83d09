/**
 * Everything that touches the database, run twice: against a real SQLite file
 * in a temp dir and against a real, private PostgreSQL (test/postgres.ts).
 */
import { type FastifyInstance } from 'fastify'
import { type Kysely } from 'kysely'
import { createServer } from './app'
import { createAnalyticsEventStore } from './db/analyticsEvents'
import { type DatabaseConfig, detectEngine, openDatabase } from './db/connect'
import { migrateToLatest } from './db/migrations'
import { type DatabaseSchema } from './db/schema'
import { http, listen } from './test/http'
import { setupTestEngines } from './test/engines'
import { TEST_PROJECTS } from './test/projects'

const engines = setupTestEngines()

describe.each(engines)('storage on $name', ({ engine, freshDatabase }) => {
  let config: DatabaseConfig
  let db: Kysely<DatabaseSchema>
  let app: FastifyInstance
  let baseUrl: string

  beforeAll(async () => {
    config = await freshDatabase()
    app = createServer({ database: config, projects: TEST_PROJECTS })
    baseUrl = await listen(app)
    // A second, independent connection: what the tests read is what reached the database.
    db = openDatabase(config)
  })
  afterAll(async () => {
    await app?.close()
    await db?.destroy()
  })

  const storedEvents = (projectId: string) => createAnalyticsEventStore(db).listForProject(projectId)
  const postEvent = (query: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => http(baseUrl, `/e?${query}`, { method: 'POST', headers, body })

  it(`is recognised as ${engine}`, async () => {
    expect(await detectEngine(db)).toBe(engine)
  })

  it('is migrated at boot, and migrating again changes nothing', async () => {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true })
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['analytics_events', 'kysely_migration']))
    const columns = Object.fromEntries((tables.find((table) => table.name === 'analytics_events')?.columns ?? []).map((column) => [column.name, column.dataType.toLowerCase()]))
    expect(Object.keys(columns).sort()).toEqual(['event', 'id', 'project_id', 'received_at', 'sdk_type', 'sdk_version'])
    // PostgreSQL keeps events queryable (jsonb) and times typed; SQLite has text.
    expect([columns.event, columns.received_at]).toEqual(engine === 'postgres' ? ['jsonb', 'timestamptz'] : ['text', 'text'])
    const again = await migrateToLatest(db)
    expect(again.results).toEqual([])
  })

  it('GET /ready answers once the database answers', async () => {
    const response = await http(baseUrl, '/ready')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ status: 'ready' })
  })

  it('POST /e stores the event with its project, SDK and time when analytics is enabled', async () => {
    const before = Date.now()
    const event = { type: 'track', event: 'MODAL_OPEN', properties: { connected: false, view: 'Connect', nested: [1, 'two', null, { ok: true }] } }
    const response = await postEvent('projectId=shop&st=portico&sv=0.1.0', JSON.stringify(event))
    expect(response.status).toBe(202)
    expect(response.text).toBe('')

    const stored = await storedEvents('shop')
    expect(stored).toHaveLength(1)
    expect(stored[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      projectId: 'shop',
      event,
      sdkType: 'portico',
      sdkVersion: '0.1.0',
      receivedAt: expect.any(Date),
    })
    expect(stored[0]!.receivedAt.getTime()).toBeGreaterThanOrEqual(before - 1_000)
    expect(stored[0]!.receivedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000)
  })

  it('POST /e accepts JSON sent as text/plain (navigator.sendBeacon)', async () => {
    const response = await postEvent('projectId=shop', JSON.stringify({ type: 'track', event: 'BEACON' }), { 'content-type': 'text/plain;charset=UTF-8' })
    expect(response.status).toBe(202)
    expect((await storedEvents('shop')).map((stored) => stored.event.event)).toContain('BEACON')
  })

  it('POST /e answers 204 and stores nothing when analytics is disabled, whatever the body', async () => {
    expect((await postEvent('projectId=quiet', JSON.stringify({ type: 'track', event: 'MODAL_OPEN' }))).status).toBe(204)
    expect((await postEvent('projectId=quiet', '[1,2,3]')).status).toBe(204)
    expect(await createAnalyticsEventStore(db).countForProject('quiet')).toBe(0)
  })

  it('POST /e refuses and stores nothing for bad events, unknown projects and foreign origins', async () => {
    const count = () => createAnalyticsEventStore(db).countForProject('shop')
    const before = await count()

    const withNul = await postEvent('projectId=shop', JSON.stringify({ event: 'a\u0000b' }))
    expect(withNul.status).toBe(400)
    expect(withNul.body).toEqual({ error: 'Bad Request', message: 'body.event contains a NUL character, which cannot be stored' })

    let deep: unknown = 'leaf'
    for (let i = 0; i < 20; i++) deep = { deep }
    const tooDeep = await postEvent('projectId=shop', JSON.stringify(deep))
    expect(tooDeep.status).toBe(400)
    expect(tooDeep.body).toEqual({ error: 'Bad Request', message: 'body is nested deeper than 16 levels' })

    const notAnObject = await postEvent('projectId=shop', '"just a string"')
    expect(notAnObject.status).toBe(400)
    expect(notAnObject.body).toEqual({ error: 'Bad Request', message: 'body must be object' })

    const unknownProject = await postEvent('projectId=nobody', '{"event":"x"}')
    expect(unknownProject.status).toBe(403)
    expect(unknownProject.body).toEqual({ error: 'Invalid Project ID', message: "Project ID 'nobody' is not configured on this server" })

    const foreign = await postEvent('projectId=shop', '{"event":"x"}', { 'content-type': 'text/plain', origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)

    expect(await count()).toBe(before)
  })

  it('lists a project’s events newest first, and only that project’s', async () => {
    const store = createAnalyticsEventStore(db)
    await store.add({ projectId: 'listing', event: { n: 1 }, receivedAt: new Date('2025-01-01T00:00:00.000Z') })
    await store.add({ projectId: 'listing', event: { n: 3 }, receivedAt: new Date('2025-01-03T00:00:00.000Z') })
    await store.add({ projectId: 'listing', event: { n: 2 }, receivedAt: new Date('2025-01-02T00:00:00.000Z') })
    await store.add({ projectId: 'other', event: { n: 4 } })
    const listed = await store.listForProject('listing')
    expect(listed.map((stored) => stored.event.n)).toEqual([3, 2, 1])
    expect(listed[0]!.receivedAt.toISOString()).toBe('2025-01-03T00:00:00.000Z')
    expect(await store.countForProject('listing')).toBe(3)
  })

  it('leaves a Kysely instance it was given open for its owner', async () => {
    const own = openDatabase(config)
    const borrowing = createServer({ database: own, projects: TEST_PROJECTS })
    await borrowing.ready()
    await borrowing.close()
    expect(await createAnalyticsEventStore(own).countForProject('nobody')).toBe(0)
    await own.destroy()
  })
})
