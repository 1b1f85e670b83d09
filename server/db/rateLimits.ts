/**
 * Rate limits, cooldowns and concurrency leases kept in the database, so every
 * server process sharing it (PostgreSQL) enforces the same limits, and a restart
 * does not reset them. No state lives in a process.
 *
 * Limits are sliding windows: a sliding-window counter over two fixed windows,
 * the previous one weighted by how much of it still overlaps the sliding window
 * (`previous × (1 − elapsed/window) + current`). A burst at the end of one fixed
 * window therefore still counts at the start of the next, so nobody gets twice
 * the limit around a window edge.
 *
 * A refused client gets a penalty: Retry-After says when the window has room
 * again. A client that comes back while its penalty runs (it ignored
 * Retry-After) has the penalty doubled from that moment, up to a cap. Refused
 * requests are not counted in the window: the penalty is what grows.
 *
 * Every count is one atomic upsert, so two concurrent requests can never both
 * take the last slot (at worst both are refused).
 */
import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { type DatabaseSchema } from './schema'
import { isoAt, toMillis } from './time'

export interface RateLimitRule {
  max: number
  windowMs: number
  /**
   * Double the wait of a client that comes back while it is refused (default
   * true). Off for ceilings shared by many clients (a global per-address or
   * per-project ceiling), where one client's hammering must not lengthen
   * everyone's wait.
   */
  escalate?: boolean
  /** The longest an escalated wait grows. Default {@link DEFAULT_MAX_PENALTY_MS} (or the window, when longer). */
  maxPenaltyMs?: number
}

/** An escalated wait stops doubling at one hour unless the rule says otherwise. */
export const DEFAULT_MAX_PENALTY_MS = 3_600_000
/** The `count` column is a 32-bit integer on PostgreSQL; a penalty is kept in it in ms. */
const PENALTY_CEILING_MS = 2 ** 31 - 1

export type LimitResult = { allowed: true } | { allowed: false; retryAfterMs: number }
export type LeaseResult = { allowed: true; release(): Promise<void> } | { allowed: false; retryAfterMs: number }

export interface RateLimitStore {
  /**
   * Counts one event (or `weight` events at once, e.g. the calls of a batch) in the
   * sliding window and says whether they are within `rule.max`; refused events are not
   * counted. A weight above `rule.max` never fits and is the caller's to refuse.
   */
  hit(bucket: string, rule: RateLimitRule, now: number, weight?: number): Promise<LimitResult>
  /**
   * Takes back `weight` events that `hit` counted at `now` (e.g. an entry counted as a
   * failure before it was checked, which turned out right). Counting first and giving
   * back after keeps a burst of concurrent requests from all passing a check made
   * before any of them was counted.
   */
  refund(bucket: string, rule: RateLimitRule, now: number, weight?: number): Promise<void>
  /** Whether one more event would be allowed, without counting it (a refusal still starts or escalates the penalty). */
  check(bucket: string, rule: RateLimitRule, now: number): Promise<LimitResult>
  /**
   * Takes a cooldown of `ms` unless one is running. With `force`, restarts it
   * whether or not one is running (a code the server sends on its own, such as
   * the one after a device is approved, starts the resend cooldown too).
   */
  startCooldown(bucket: string, ms: number, now: number, options?: { force?: boolean }): Promise<LimitResult>
  /** Ends a cooldown early (the message it guarded was never sent). */
  clear(bucket: string): Promise<void>
  /**
   * Takes one of `max` concurrent slots for up to `leaseMs` (a crashed process's
   * slot frees itself then). Release it when the work ends.
   */
  acquire(bucket: string, max: number, leaseMs: number, now: number): Promise<LeaseResult>
  /** Deletes finished windows, penalties, cooldowns and leases. */
  sweep(now: number): Promise<number>
}

/**
 * When the sliding window admits `weight` more events (default one), in ms from `now`,
 * given the previous and current fixed windows' counts. Exported for the tests.
 */
export function msUntilRoom(previous: number, current: number, rule: RateLimitRule, now: number, weight = 1): number {
  const { max, windowMs } = rule
  const windowStart = Math.floor(now / windowMs) * windowMs
  const elapsed = (now - windowStart) / windowMs
  if (current + weight <= max) {
    if (previous === 0) return 0
    // previous × (1 − f) + current + weight ≤ max
    const needed = 1 - (max - weight - current) / previous
    return needed <= elapsed ? 0 : Math.ceil((needed - elapsed) * windowMs)
  }
  // Not in this window: in the next one `current` is the weighted previous window.
  const needed = current === 0 ? 0 : Math.max(0, 1 - (max - weight) / current)
  return Math.ceil(windowStart + windowMs - now + needed * windowMs)
}

/**
 * @example
 * const limits = createRateLimitStore(db)
 * const result = await limits.hit(`send:ip:${ipHash}`, { max: 30, windowMs: 900_000 }, Date.now())
 */
export function createRateLimitStore(db: Kysely<DatabaseSchema>): RateLimitStore {
  const slot = (bucket: string, rule: RateLimitRule, index: number) => `win:${bucket}:${rule.windowMs}:${index}`
  const penaltyKey = (bucket: string) => `penalty:${bucket}`
  const cap = (rule: RateLimitRule) => Math.min(PENALTY_CEILING_MS, rule.maxPenaltyMs ?? Math.max(DEFAULT_MAX_PENALTY_MS, rule.windowMs))

  async function countOf(key: string): Promise<number> {
    const row = await db.selectFrom('auth_rate_limits').select('count').where('bucket', '=', key).executeTakeFirst()
    return row === undefined ? 0 : Number(row.count)
  }

  /** The running penalty of a bucket: its length (ms) and when it ends. */
  async function runningPenalty(bucket: string, now: number): Promise<{ lengthMs: number; endsAt: number } | undefined> {
    const row = await db.selectFrom('auth_rate_limits').select(['count', 'expires_at']).where('bucket', '=', penaltyKey(bucket)).executeTakeFirst()
    if (row === undefined) return undefined
    const endsAt = toMillis(row.expires_at)
    return endsAt > now ? { lengthMs: Number(row.count), endsAt } : undefined
  }

  /** Starts (or, for a client refused again, doubles) the bucket's penalty; answers the wait. */
  async function penalise(bucket: string, rule: RateLimitRule, now: number, untilRoomMs: number, running?: { lengthMs: number; endsAt: number }): Promise<LimitResult> {
    const escalate = running !== undefined && (rule.escalate ?? true)
    if (running !== undefined && !escalate) return { allowed: false, retryAfterMs: Math.max(1, running.endsAt - now) }
    // The cap bounds the doubling, never the time the window itself needs.
    const lengthMs = Math.max(1, untilRoomMs, escalate ? Math.min(cap(rule), 2 * running.lengthMs) : 0)
    // Never shorter than the penalty already running (the cap may be below it only if the rule changed).
    const endsAt = Math.max(now + lengthMs, running?.endsAt ?? 0)
    const values = { bucket: penaltyKey(bucket), count: lengthMs, expires_at: isoAt(endsAt) }
    await db
      .insertInto('auth_rate_limits')
      .values(values)
      .onConflict((conflict) => conflict.column('bucket').doUpdateSet({ count: values.count, expires_at: values.expires_at }))
      .execute()
    return { allowed: false, retryAfterMs: endsAt - now }
  }

  return {
    async hit(bucket, rule, now, weight = 1) {
      const running = await runningPenalty(bucket, now)
      if (running !== undefined) return penalise(bucket, rule, now, 0, running)
      const index = Math.floor(now / rule.windowMs)
      const key = slot(bucket, rule, index)
      // The current window is read as the previous one during the next window, so it lives two.
      const row = await db
        .insertInto('auth_rate_limits')
        .values({ bucket: key, count: weight, expires_at: isoAt((index + 2) * rule.windowMs) })
        .onConflict((conflict) => conflict.column('bucket').doUpdateSet((eb) => ({ count: eb('auth_rate_limits.count', '+', weight) })))
        .returning('count')
        .executeTakeFirstOrThrow()
      const current = Number(row.count)
      const previous = await countOf(slot(bucket, rule, index - 1))
      const elapsed = (now - index * rule.windowMs) / rule.windowMs
      // The tolerance absorbs float rounding at the exact moment Retry-After named.
      if (previous * (1 - elapsed) + current <= rule.max + 1e-9) return { allowed: true }
      // Refused: the events do not count, the penalty starts.
      await db
        .updateTable('auth_rate_limits')
        .set((eb) => ({ count: eb('count', '-', weight) }))
        .where('bucket', '=', key)
        .execute()
      return penalise(bucket, rule, now, msUntilRoom(previous, current - weight, rule, now, weight))
    },

    async refund(bucket, rule, now, weight = 1) {
      const key = slot(bucket, rule, Math.floor(now / rule.windowMs))
      await db
        .updateTable('auth_rate_limits')
        .set((eb) => ({ count: eb('count', '-', weight) }))
        .where('bucket', '=', key)
        .where('count', '>=', weight)
        .execute()
    },

    async check(bucket, rule, now) {
      const running = await runningPenalty(bucket, now)
      if (running !== undefined) return penalise(bucket, rule, now, 0, running)
      const index = Math.floor(now / rule.windowMs)
      const [previous, current] = await Promise.all([countOf(slot(bucket, rule, index - 1)), countOf(slot(bucket, rule, index))])
      const wait = msUntilRoom(previous, current, rule, now)
      return wait === 0 ? { allowed: true } : penalise(bucket, rule, now, wait)
    },

    async startCooldown(bucket, ms, now, { force = false } = {}) {
      const expiresAt = isoAt(now + ms)
      const key = `cooldown:${bucket}`
      const taken = await db
        .insertInto('auth_rate_limits')
        .values({ bucket: key, count: 1, expires_at: expiresAt })
        .onConflict((conflict) => {
          const update = conflict.column('bucket').doUpdateSet({ count: 1, expires_at: expiresAt })
          return force ? update : update.where('auth_rate_limits.expires_at', '<=', isoAt(now))
        })
        .returning('bucket')
        .executeTakeFirst()
      if (taken !== undefined) return { allowed: true }
      const running = await db.selectFrom('auth_rate_limits').select('expires_at').where('bucket', '=', key).executeTakeFirst()
      const endsAt = running === undefined ? now : toMillis(running.expires_at)
      return { allowed: false, retryAfterMs: Math.max(1, endsAt - now) }
    },

    async clear(bucket) {
      await db.deleteFrom('auth_rate_limits').where('bucket', '=', `cooldown:${bucket}`).execute()
    },

    async acquire(bucket, max, leaseMs, now) {
      const prefix = `lease:${bucket}:`
      const key = `${prefix}${randomUUID()}`
      await db
        .insertInto('auth_rate_limits')
        .values({ bucket: key, count: 1, expires_at: isoAt(now + leaseMs) })
        .execute()
      // Count after inserting: of two racing for the last slot, both see the other (both refused, never both admitted).
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const leases = await db
        .selectFrom('auth_rate_limits')
        .select('expires_at')
        .where(sql<boolean>`bucket like ${pattern} escape '\\'`)
        .where('expires_at', '>', isoAt(now))
        .where('bucket', '!=', key)
        .execute()
      const release = async () => void (await db.deleteFrom('auth_rate_limits').where('bucket', '=', key).execute())
      if (leases.length < max) return { allowed: true, release }
      await release()
      const firstFree = Math.min(...leases.map((lease) => toMillis(lease.expires_at)))
      return { allowed: false, retryAfterMs: Math.max(1, firstFree - now) }
    },

    async sweep(now) {
      const result = await db.deleteFrom('auth_rate_limits').where('expires_at', '<=', isoAt(now)).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
