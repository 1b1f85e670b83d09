/**
 * Rate limits and cooldowns kept in the database, so every server process
 * sharing it (PostgreSQL) enforces the same limits, and a restart does not
 * reset them. Each check is one atomic upsert, so two concurrent requests can
 * never both take the last slot.
 */
import { type Kysely } from 'kysely'
import { type DatabaseSchema } from './schema'

export interface RateLimitRule {
  max: number
  windowMs: number
}

export type LimitResult = { allowed: true } | { allowed: false; retryAfterMs: number }

export interface RateLimitStore {
  /**
   * Counts one event in the current fixed window of `rule.windowMs` and says
   * whether it is within `rule.max`. Refused events count too, so hammering
   * does not shorten the wait.
   */
  hit(bucket: string, rule: RateLimitRule, now: number): Promise<LimitResult>
  /** Whether the current window still has room, without counting an event. */
  check(bucket: string, rule: RateLimitRule, now: number): Promise<LimitResult>
  /**
   * Takes a cooldown of `ms` unless one is running. With `force`, restarts it
   * whether or not one is running (a code the server sends on its own, such as
   * the one after a device is approved, starts the resend cooldown too).
   */
  startCooldown(bucket: string, ms: number, now: number, options?: { force?: boolean }): Promise<LimitResult>
  /** Ends a cooldown early (the message it guarded was never sent). */
  clear(bucket: string): Promise<void>
  /** Deletes finished windows and cooldowns. */
  sweep(now: number): Promise<number>
}

/**
 * @example
 * const limits = createRateLimitStore(db)
 * const result = await limits.hit(`send:ip:${ipHash}`, { max: 30, windowMs: 900_000 }, Date.now())
 */
export function createRateLimitStore(db: Kysely<DatabaseSchema>): RateLimitStore {
  const windowOf = (bucket: string, rule: RateLimitRule, now: number) => {
    const index = Math.floor(now / rule.windowMs)
    return { key: `${bucket}:${rule.windowMs}:${index}`, endsAt: (index + 1) * rule.windowMs }
  }

  return {
    async hit(bucket, rule, now) {
      const window = windowOf(bucket, rule, now)
      const row = await db
        .insertInto('auth_rate_limits')
        .values({ bucket: window.key, count: 1, expires_at: new Date(window.endsAt).toISOString() })
        .onConflict((conflict) => conflict.column('bucket').doUpdateSet((eb) => ({ count: eb('auth_rate_limits.count', '+', 1) })))
        .returning('count')
        .executeTakeFirstOrThrow()
      return Number(row.count) <= rule.max ? { allowed: true } : { allowed: false, retryAfterMs: window.endsAt - now }
    },

    async check(bucket, rule, now) {
      const window = windowOf(bucket, rule, now)
      const row = await db.selectFrom('auth_rate_limits').select('count').where('bucket', '=', window.key).executeTakeFirst()
      return row === undefined || Number(row.count) < rule.max ? { allowed: true } : { allowed: false, retryAfterMs: window.endsAt - now }
    },

    async startCooldown(bucket, ms, now, { force = false } = {}) {
      const expiresAt = new Date(now + ms).toISOString()
      const key = `cooldown:${bucket}`
      const taken = await db
        .insertInto('auth_rate_limits')
        .values({ bucket: key, count: 1, expires_at: expiresAt })
        .onConflict((conflict) => {
          const update = conflict.column('bucket').doUpdateSet({ count: 1, expires_at: expiresAt })
          return force ? update : update.where('auth_rate_limits.expires_at', '<=', new Date(now).toISOString())
        })
        .returning('bucket')
        .executeTakeFirst()
      if (taken !== undefined) return { allowed: true }
      const running = await db.selectFrom('auth_rate_limits').select('expires_at').where('bucket', '=', key).executeTakeFirst()
      const endsAt = running === undefined ? now : new Date(running.expires_at).getTime()
      return { allowed: false, retryAfterMs: Math.max(1, endsAt - now) }
    },

    async clear(bucket) {
      await db.deleteFrom('auth_rate_limits').where('bucket', '=', `cooldown:${bucket}`).execute()
    },

    async sweep(now) {
      const result = await db.deleteFrom('auth_rate_limits').where('expires_at', '<=', new Date(now).toISOString()).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
