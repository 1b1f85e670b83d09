/**
 * The database-backed rate limits on both engines: sliding windows (no 2× at a window
 * edge), escalating penalties, cooldowns and concurrency leases. Time is passed in, never
 * waited for.
 */
import { type Kysely } from 'kysely'
import { setupTestEngines } from '../test/engines'
import { openDatabase } from './connect'
import { migrateToLatest } from './migrations'
import { type RateLimitRule, type RateLimitStore, createRateLimitStore, msUntilRoom } from './rateLimits'
import { type DatabaseSchema } from './schema'

const engines = setupTestEngines()
const MINUTE = 60_000
/** A window start far from 0, as real epoch times are. */
const T0 = 1_900_000_000_000 - (1_900_000_000_000 % MINUTE)

describe('msUntilRoom', () => {
  const rule = { max: 10, windowMs: MINUTE }
  it('is 0 while the weighted count leaves room', () => {
    expect(msUntilRoom(0, 9, rule, T0 + 1)).toBe(0)
    expect(msUntilRoom(10, 0, rule, T0 + 6_000)).toBe(0)
  })
  it('waits for the previous window to slide out far enough', () => {
    // 10 × (1 − f) + 0 + 1 ≤ 10 once f ≥ 0.1, i.e. 6 s into the window.
    expect(msUntilRoom(10, 0, rule, T0 + 100)).toBe(5_900)
  })
  it('waits into the next window when the current one is full', () => {
    // 10 now; next window: 10 × (1 − g) + 1 ≤ 10 once g ≥ 0.1.
    expect(msUntilRoom(0, 10, rule, T0 + 30_000)).toBe(30_000 + 6_000)
  })
  it('waits for room for several events at once', () => {
    expect(msUntilRoom(0, 7, rule, T0 + 1, 3)).toBe(0)
    // 8 now, 3 more: next window 8 × (1 − g) + 3 ≤ 10 once g ≥ 0.125.
    expect(msUntilRoom(0, 8, rule, T0 + 30_000, 3)).toBe(30_000 + 7_500)
  })
})

describe.each(engines)('rate limits on $name', ({ freshDatabase }) => {
  let db: Kysely<DatabaseSchema>
  let limits: RateLimitStore
  let bucketCounter = 0
  const bucket = () => `test:${++bucketCounter}`

  beforeAll(async () => {
    db = openDatabase(await freshDatabase())
    await migrateToLatest(db)
    limits = createRateLimitStore(db)
  })
  afterAll(async () => db?.destroy())

  const burst = async (key: string, rule: RateLimitRule, count: number, at: number) => {
    let allowed = 0
    for (let i = 0; i < count; i++) if ((await limits.hit(key, rule, at)).allowed) allowed++
    return allowed
  }

  it('counts a weighted hit as that many events, and a refused one as none', async () => {
    const key = bucket()
    const rule = { max: 10, windowMs: MINUTE, escalate: false }
    expect((await limits.hit(key, rule, T0 + 1, 6)).allowed).toBe(true)
    const refused = await limits.hit(key, rule, T0 + 2, 5)
    // Next window: 6 × (1 − g) + 5 ≤ 10 once g ≥ 1/6, i.e. 10 s into it.
    expect(refused).toEqual({ allowed: false, retryAfterMs: MINUTE - 2 + 10_000 })
    // The refused five were not counted: then exactly five fit.
    expect((await limits.hit(key, rule, T0 + MINUTE + 10_000, 5)).allowed).toBe(true)
    expect((await limits.hit(key, rule, T0 + MINUTE + 10_001, 1)).allowed).toBe(false)
  })

  it('gives back a refunded event, never below zero', async () => {
    const key = bucket()
    const rule = { max: 3, windowMs: MINUTE }
    expect(await burst(key, rule, 3, T0 + 1)).toBe(3)
    await limits.refund(key, rule, T0 + 2)
    expect(await burst(key, rule, 2, T0 + 3)).toBe(1)
    const empty = bucket()
    await limits.refund(empty, rule, T0 + 1)
    await limits.hit(empty, rule, T0 + 1)
    await limits.refund(empty, rule, T0 + 2, 5)
    expect(await burst(empty, { max: 3, windowMs: MINUTE, escalate: false }, 4, T0 + 3)).toBe(2)
  })

  it('refuses the second burst of twice the limit sent around a window edge', async () => {
    const key = bucket()
    const rule = { max: 10, windowMs: MINUTE }
    expect(await burst(key, rule, 10, T0 + MINUTE - 100)).toBe(10)
    // A fixed window would start again from 0 here and admit ten more.
    expect(await burst(key, rule, 10, T0 + MINUTE + 100)).toBe(0)
  })

  it('admits again exactly when Retry-After says, without escalating a client that waited', async () => {
    const key = bucket()
    const rule = { max: 10, windowMs: MINUTE }
    expect(await burst(key, rule, 10, T0 + MINUTE - 100)).toBe(10)
    const refused = await limits.hit(key, rule, T0 + MINUTE + 100)
    // The previous window weighs 10 × (1 − f); there is room once f ≥ 0.1 (6 s in).
    expect(refused).toEqual({ allowed: false, retryAfterMs: 5_900 })
    expect(await limits.hit(key, rule, T0 + MINUTE + 5_999)).toMatchObject({ allowed: false })
    // That was a retry during the penalty: it doubled from then.
    const waited = bucket()
    expect(await burst(waited, rule, 10, T0 + MINUTE - 100)).toBe(10)
    expect(await limits.hit(waited, rule, T0 + MINUTE + 100)).toEqual({ allowed: false, retryAfterMs: 5_900 })
    expect(await limits.hit(waited, rule, T0 + MINUTE + 6_000)).toEqual({ allowed: true })
  })

  it('doubles the wait of a client refused again during its penalty, up to the cap', async () => {
    const key = bucket()
    const rule = { max: 2, windowMs: MINUTE, maxPenaltyMs: 5 * MINUTE }
    const at = T0 + 10_000
    expect(await burst(key, rule, 2, at)).toBe(2)
    const first = await limits.hit(key, rule, at)
    // 2 in this window; in the next, 2 × (1 − g) + 1 ≤ 2 once g ≥ 0.5: 50 s + 30 s.
    expect(first).toEqual({ allowed: false, retryAfterMs: 80_000 })
    const waits: number[] = []
    let now = at
    for (let i = 0; i < 4; i++) {
      now += 1_000
      const result = await limits.hit(key, rule, now)
      if (result.allowed) throw new Error('admitted during a penalty')
      waits.push(result.retryAfterMs)
    }
    expect(waits).toEqual([160_000, 5 * MINUTE, 5 * MINUTE, 5 * MINUTE])
    // Honouring the last Retry-After: admitted.
    expect(await limits.hit(key, rule, now + 5 * MINUTE)).toEqual({ allowed: true })
  })

  it('does not escalate a shared ceiling: one hammering client does not lengthen everyone’s wait', async () => {
    const key = bucket()
    const rule = { max: 2, windowMs: MINUTE, escalate: false }
    expect(await burst(key, rule, 2, T0)).toBe(2)
    expect(await limits.hit(key, rule, T0)).toEqual({ allowed: false, retryAfterMs: 90_000 })
    expect(await limits.hit(key, rule, T0 + 1_000)).toEqual({ allowed: false, retryAfterMs: 89_000 })
    expect(await limits.hit(key, rule, T0 + 90_000)).toEqual({ allowed: true })
  })

  it('check() counts nothing, but is refused when hit() would be', async () => {
    const key = bucket()
    const rule = { max: 2, windowMs: MINUTE }
    for (let i = 0; i < 5; i++) expect(await limits.check(key, rule, T0)).toEqual({ allowed: true })
    expect(await burst(key, rule, 2, T0)).toBe(2)
    expect(await limits.check(key, rule, T0 + 1)).toMatchObject({ allowed: false })
  })

  it('admits at most the limit to concurrent requests', async () => {
    const key = bucket()
    const rule = { max: 5, windowMs: MINUTE }
    const results = await Promise.all(Array.from({ length: 20 }, () => limits.hit(key, rule, T0)))
    const allowed = results.filter((result) => result.allowed).length
    expect(allowed).toBeGreaterThanOrEqual(1)
    expect(allowed).toBeLessThanOrEqual(5)
  })

  it('cooldowns: one at a time, forced restarts, cleared early', async () => {
    const key = bucket()
    expect(await limits.startCooldown(key, 30_000, T0)).toEqual({ allowed: true })
    expect(await limits.startCooldown(key, 30_000, T0 + 10_000)).toEqual({ allowed: false, retryAfterMs: 20_000 })
    expect(await limits.startCooldown(key, 30_000, T0 + 10_000, { force: true })).toEqual({ allowed: true })
    expect(await limits.startCooldown(key, 30_000, T0 + 39_999)).toEqual({ allowed: false, retryAfterMs: 1 })
    await limits.clear(key)
    expect(await limits.startCooldown(key, 30_000, T0 + 39_999)).toEqual({ allowed: true })
  })

  it('leases: at most max at once, released on demand or when they run out', async () => {
    const key = bucket()
    const first = await limits.acquire(key, 2, 20_000, T0)
    const second = await limits.acquire(key, 2, 20_000, T0 + 1_000)
    expect(first.allowed && second.allowed).toBe(true)
    expect(await limits.acquire(key, 2, 20_000, T0 + 2_000)).toEqual({ allowed: false, retryAfterMs: 18_000 })
    // Another bucket whose name only differs where a LIKE wildcard would match.
    expect((await limits.acquire(key.replace(':', '_'), 1, 20_000, T0)).allowed).toBe(true)
    if (first.allowed) await first.release()
    const third = await limits.acquire(key, 2, 20_000, T0 + 3_000)
    expect(third.allowed).toBe(true)
    // A lease nobody released (a crashed process) frees itself.
    expect((await limits.acquire(key, 2, 20_000, T0 + 21_001)).allowed).toBe(true)
  })

  it('sweeps finished windows and penalties, keeps the live ones', async () => {
    const key = bucket()
    const rule = { max: 1, windowMs: MINUTE }
    await burst(key, rule, 2, T0)
    const rows = async () => (await db.selectFrom('auth_rate_limits').select('bucket').where('bucket', 'like', `%${key}%`).execute()).length
    expect(await rows()).toBe(2)
    await limits.sweep(T0 + MINUTE)
    expect(await rows()).toBe(2)
    await limits.sweep(T0 + 2 * MINUTE)
    expect(await rows()).toBe(0)
  })
})
