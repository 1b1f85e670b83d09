/**
 * What gas sponsorship has cost, per project and per user, per UTC day
 * (server/accountAbstraction/paymasterRoutes.ts). A sponsorship is counted when the
 * server signs it, at the user operation's most possible cost (every gas limit at its
 * `maxFeePerGas`), so a cap is never passed however the operation lands. Every instance
 * sharing the database counts in the same rows: one transaction checks and adds to the
 * project's row and the user's row together, with the rows locked on PostgreSQL.
 *
 * Amounts are wei as decimal text: a day's spend passes what a SQLite integer holds.
 */
import { type Kysely, type Migration } from 'kysely'
import { detectEngine, type SqlEngine } from './connect'
import { type DatabaseSchema } from './schema'
import { isoAt } from './time'

export interface SponsorshipSpendTable {
  project_id: string
  /** The UTC day, YYYY-MM-DD. */
  day: string
  /** '' for the project's own row; otherwise the user the sponsorship was for. */
  user_key: string
  /** Wei, decimal text. */
  spent_wei: string
  /** How many sponsorships the row counts. */
  operations: number
  updated_at: string
}

export function sponsorshipSpendMigration(engine: SqlEngine): Migration {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sponsorship_spend')
        .addColumn('project_id', 'text', (column) => column.notNull())
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('user_key', 'text', (column) => column.notNull())
        .addColumn('spent_wei', 'text', (column) => column.notNull())
        .addColumn('operations', 'integer', (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('sponsorship_spend_pk', ['project_id', 'day', 'user_key'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sponsorship_spend').execute()
    },
  }
}

/** The caps of one sponsorship: wei a UTC day, and optionally how many operations one user may have a UTC day. */
export interface SpendCaps {
  perUser: bigint
  perProject: bigint
  perUserOperations?: number | undefined
}

export type SpendOutcome = { counted: true; userSpent: bigint; projectSpent: bigint } | { counted: false; over: 'user' | 'project'; spent: bigint }

export interface DaySpend {
  day: string
  projectId: string
  spentWei: bigint
  operations: number
}

export interface SponsorshipSpendStore {
  /**
   * Adds `cost` (and one operation) to the user's and the project's spend of the day of
   * `now`, only if none passes its cap; otherwise adds nothing and says which cap.
   */
  count(input: { projectId: string; userKey: string; cost: bigint; caps: SpendCaps; now: number }): Promise<SpendOutcome>
  /** Whether the user or the project has nothing left today (checked without counting, for a stub). */
  exhausted(input: { projectId: string; userKey: string; caps: SpendCaps; now: number }): Promise<'user' | 'project' | undefined>
  /** The project's spend per day, newest first (the operator's view). */
  projectDays(projectId: string, limit?: number): Promise<DaySpend[]>
}

/** The UTC day of an epoch-ms instant, YYYY-MM-DD. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10)
}

/** When the UTC day of `now` ends: the next UTC midnight, epoch ms. */
export function nextUtcMidnight(now: number): number {
  const date = new Date(now)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)
}

const PROJECT_ROW = ''

/**
 * @example
 * const spend = createSponsorshipSpendStore(db)
 * await spend.count({ projectId: 'shop', userKey: user.id, cost: 10n ** 15n, caps, now: Date.now() })
 */
export function createSponsorshipSpendStore(db: Kysely<DatabaseSchema>): SponsorshipSpendStore {
  let engine: Promise<SqlEngine> | undefined
  const read = async (projectId: string, day: string, userKey: string, lock: boolean, trx: Kysely<DatabaseSchema>) => {
    let query = trx.selectFrom('sponsorship_spend').select(['spent_wei', 'operations']).where('project_id', '=', projectId).where('day', '=', day).where('user_key', '=', userKey)
    if (lock) query = query.forUpdate()
    const row = await query.executeTakeFirst()
    return { spent: BigInt(row?.spent_wei ?? '0'), operations: Number(row?.operations ?? 0) }
  }
  const userFull = (user: { spent: bigint; operations: number }, caps: SpendCaps, cost: bigint) =>
    user.spent + cost > caps.perUser || (caps.perUserOperations !== undefined && user.operations + 1 > caps.perUserOperations)
  return {
    async count({ projectId, userKey, cost, caps, now }) {
      if (userKey === PROJECT_ROW) throw new Error('a sponsorship is counted for a user')
      const day = utcDay(now)
      const postgres = (await (engine ??= detectEngine(db))) === 'postgres'
      return db.transaction().execute(async (trx) => {
        const at = isoAt(now)
        // The rows exist before they are locked, so two instances racing for a new day queue on the lock.
        await trx
          .insertInto('sponsorship_spend')
          .values([PROJECT_ROW, userKey].map((key) => ({ project_id: projectId, day, user_key: key, spent_wei: '0', operations: 0, updated_at: at })))
          .onConflict((conflict) => conflict.columns(['project_id', 'day', 'user_key']).doNothing())
          .execute()
        // Always the project's row first, so two transactions never wait on each other in a circle.
        const projectSpent = (await read(projectId, day, PROJECT_ROW, postgres, trx)).spent
        const user = await read(projectId, day, userKey, postgres, trx)
        const userSpent = user.spent
        if (userFull(user, caps, cost)) return { counted: false, over: 'user', spent: userSpent }
        if (projectSpent + cost > caps.perProject) return { counted: false, over: 'project', spent: projectSpent }
        for (const [key, spent] of [
          [PROJECT_ROW, projectSpent],
          [userKey, userSpent],
        ] as const) {
          await trx
            .updateTable('sponsorship_spend')
            .set((eb) => ({ spent_wei: (spent + cost).toString(), operations: eb('operations', '+', 1), updated_at: at }))
            .where('project_id', '=', projectId)
            .where('day', '=', day)
            .where('user_key', '=', key)
            .execute()
        }
        return { counted: true, userSpent: userSpent + cost, projectSpent: projectSpent + cost }
      })
    },
    async exhausted({ projectId, userKey, caps, now }) {
      const day = utcDay(now)
      // Nothing left: even the smallest cost (1 wei) or one more operation would pass a cap.
      if (userFull(await read(projectId, day, userKey, false, db), caps, 1n)) return 'user'
      if ((await read(projectId, day, PROJECT_ROW, false, db)).spent >= caps.perProject) return 'project'
      return undefined
    },
    async projectDays(projectId, limit = 31) {
      const rows = await db
        .selectFrom('sponsorship_spend')
        .select(['day', 'spent_wei', 'operations'])
        .where('project_id', '=', projectId)
        .where('user_key', '=', PROJECT_ROW)
        .orderBy('day', 'desc')
        .limit(limit)
        .execute()
      return rows.map((row) => ({ day: row.day, projectId, spentWei: BigInt(row.spent_wei), operations: Number(row.operations) }))
    },
  }
}
