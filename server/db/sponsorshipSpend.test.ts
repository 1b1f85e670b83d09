import { type Kysely } from 'kysely'
import { openDatabase, type DatabaseConfig } from './connect'
import { migrateToLatest } from './migrations'
import { type DatabaseSchema } from './schema'
import { createSponsorshipSpendStore, nextUtcMidnight, utcDay } from './sponsorshipSpend'
import { setupTestEngines } from '../test/engines'

const engines = setupTestEngines()
const noon = Date.parse('2030-03-04T12:00:00Z')
const caps = { perUser: 100n, perProject: 250n }

describe('the sponsorship day', () => {
  it('is the UTC day, and ends at the next UTC midnight', () => {
    expect(utcDay(Date.parse('2030-03-04T23:59:59.999Z'))).toBe('2030-03-04')
    expect(new Date(nextUtcMidnight(noon)).toISOString()).toBe('2030-03-05T00:00:00.000Z')
    expect(new Date(nextUtcMidnight(Date.parse('2030-12-31T00:00:00Z'))).toISOString()).toBe('2031-01-01T00:00:00.000Z')
  })
})

describe.each(engines)('sponsorship spend on $name', ({ freshDatabase, engine }) => {
  let config: DatabaseConfig
  let db: Kysely<DatabaseSchema>
  beforeAll(async () => {
    config = await freshDatabase()
    db = openDatabase(config)
    await migrateToLatest(db)
  })
  afterAll(() => db?.destroy())

  it("counts each sponsorship against the user's and the project's cap of the day, and refuses what would pass either", async () => {
    const spend = createSponsorshipSpendStore(db)
    const project = 'caps'
    expect(await spend.count({ projectId: project, userKey: 'alice', cost: 60n, caps, now: noon })).toEqual({ counted: true, userSpent: 60n, projectSpent: 60n })
    // 60 + 60 > 100: Alice's cap; nothing is added.
    expect(await spend.count({ projectId: project, userKey: 'alice', cost: 60n, caps, now: noon })).toEqual({ counted: false, over: 'user', spent: 60n })
    expect(await spend.count({ projectId: project, userKey: 'alice', cost: 40n, caps, now: noon })).toMatchObject({ counted: true, userSpent: 100n })
    expect(await spend.exhausted({ projectId: project, userKey: 'alice', caps, now: noon })).toBe('user')
    expect(await spend.count({ projectId: project, userKey: 'bob', cost: 100n, caps, now: noon })).toMatchObject({ counted: true, projectSpent: 200n })
    expect(await spend.count({ projectId: project, userKey: 'carol', cost: 60n, caps, now: noon })).toEqual({ counted: false, over: 'project', spent: 200n })
    expect(await spend.exhausted({ projectId: project, userKey: 'carol', caps, now: noon })).toBeUndefined()
    expect(await spend.exhausted({ projectId: project, userKey: 'carol', caps: { ...caps, perProject: 200n }, now: noon })).toBe('project')
    // The next UTC day starts from nothing.
    const tomorrow = nextUtcMidnight(noon)
    expect(await spend.count({ projectId: project, userKey: 'alice', cost: 100n, caps, now: tomorrow })).toEqual({ counted: true, userSpent: 100n, projectSpent: 100n })
    expect(await spend.projectDays(project)).toEqual([
      { day: '2030-03-05', projectId: project, spentWei: 100n, operations: 1 },
      { day: '2030-03-04', projectId: project, spentWei: 200n, operations: 3 },
    ])
  })

  it("a cap of operations per user and day refuses the user's next sponsorship, however little it costs; others keep theirs", async () => {
    const spend = createSponsorshipSpendStore(db)
    const oneEach = { perUser: 10n ** 18n, perProject: 10n ** 18n, perUserOperations: 1 }
    expect(await spend.exhausted({ projectId: 'count', userKey: 'alice', caps: oneEach, now: noon })).toBeUndefined()
    expect(await spend.count({ projectId: 'count', userKey: 'alice', cost: 5n, caps: oneEach, now: noon })).toMatchObject({ counted: true, userSpent: 5n })
    expect(await spend.exhausted({ projectId: 'count', userKey: 'alice', caps: oneEach, now: noon })).toBe('user')
    expect(await spend.count({ projectId: 'count', userKey: 'alice', cost: 1n, caps: oneEach, now: noon })).toEqual({ counted: false, over: 'user', spent: 5n })
    expect(await spend.count({ projectId: 'count', userKey: 'bob', cost: 5n, caps: oneEach, now: noon })).toMatchObject({ counted: true, projectSpent: 10n })
    expect(await spend.count({ projectId: 'count', userKey: 'alice', cost: 1n, caps: oneEach, now: nextUtcMidnight(noon) })).toMatchObject({ counted: true })
  })

  it('keeps amounts past what a 64-bit integer holds', async () => {
    const spend = createSponsorshipSpendStore(db)
    const big = { perUser: 10n ** 30n, perProject: 10n ** 30n }
    await spend.count({ projectId: 'big', userKey: 'whale', cost: 9n * 10n ** 20n, caps: big, now: noon })
    expect(await spend.count({ projectId: 'big', userKey: 'whale', cost: 9n * 10n ** 20n, caps: big, now: noon })).toMatchObject({ counted: true, userSpent: 18n * 10n ** 20n })
  })

  if (engine === 'postgres') {
    it('never counts past a cap when two instances on one database race for it', async () => {
      const second = openDatabase(config)
      try {
        const stores = [createSponsorshipSpendStore(db), createSponsorshipSpendStore(second)]
        const racing = Array.from({ length: 20 }, (_, i) => stores[i % 2]!.count({ projectId: 'race', userKey: 'dave', cost: 10n, caps: { perUser: 55n, perProject: 1000n }, now: noon }))
        const outcomes = await Promise.all(racing)
        expect(outcomes.filter((outcome) => outcome.counted)).toHaveLength(5)
        expect(await stores[1]!.projectDays('race')).toEqual([{ day: '2030-03-04', projectId: 'race', spentWei: 50n, operations: 5 }])
      } finally {
        await second.destroy()
      }
    })
  }
})
