/**
 * Analytics events received on POST /e. Written once, never updated; read back
 * by tests and by whoever analyses them (with SQL, hence jsonb on PostgreSQL).
 */
import { randomUUID } from 'node:crypto'
import { type Kysely } from 'kysely'
import { type DatabaseSchema, type JsonObject } from './schema'

export interface AnalyticsEventInput {
  projectId: string
  event: JsonObject
  /** `st` and `sv` query parameters: which SDK sent it. */
  sdkType?: string | null
  sdkVersion?: string | null
  receivedAt?: Date
}

export interface StoredAnalyticsEvent {
  id: string
  projectId: string
  event: JsonObject
  sdkType: string | null
  sdkVersion: string | null
  receivedAt: Date
}

export interface AnalyticsEventStore {
  add(input: AnalyticsEventInput): Promise<StoredAnalyticsEvent>
  /** Stores a batch in one statement: all of it or none. */
  addMany(inputs: readonly AnalyticsEventInput[]): Promise<void>
  /** Newest first. */
  listForProject(projectId: string, options?: { limit?: number }): Promise<StoredAnalyticsEvent[]>
  countForProject(projectId: string): Promise<number>
  /** Deletes events received before `before` (the retention sweep); answers how many. */
  deleteOlderThan(before: Date): Promise<number>
}

/**
 * @example
 * const events = createAnalyticsEventStore(db)
 * await events.add({ projectId: 'portico-dev', event: { type: 'track', event: 'MODAL_OPEN' } })
 */
export function createAnalyticsEventStore(db: Kysely<DatabaseSchema>): AnalyticsEventStore {
  const toRow = ({ projectId, event, sdkType = null, sdkVersion = null, receivedAt = new Date() }: AnalyticsEventInput) => ({
    id: randomUUID(),
    project_id: projectId,
    sdk_type: sdkType,
    sdk_version: sdkVersion,
    event: JSON.stringify(event),
    received_at: receivedAt.toISOString(),
  })
  return {
    async add(input) {
      const row = toRow(input)
      await db.insertInto('analytics_events').values(row).execute()
      return { id: row.id, projectId: input.projectId, event: input.event, sdkType: row.sdk_type, sdkVersion: row.sdk_version, receivedAt: new Date(row.received_at) }
    },

    async addMany(inputs) {
      if (inputs.length > 0) await db.insertInto('analytics_events').values(inputs.map(toRow)).execute()
    },

    async listForProject(projectId, { limit = 100 } = {}) {
      const rows = await db.selectFrom('analytics_events').selectAll().where('project_id', '=', projectId).orderBy('received_at', 'desc').orderBy('id').limit(limit).execute()
      return rows.map((row) => ({
        id: row.id,
        projectId: row.project_id,
        event: typeof row.event === 'string' ? (JSON.parse(row.event) as JsonObject) : row.event,
        sdkType: row.sdk_type,
        sdkVersion: row.sdk_version,
        receivedAt: row.received_at instanceof Date ? row.received_at : new Date(row.received_at),
      }))
    },

    async countForProject(projectId) {
      const { count } = await db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow()
      // PostgreSQL's count(*) is a bigint, which pg returns as a string.
      return Number(count)
    },

    async deleteOlderThan(before) {
      const result = await db.deleteFrom('analytics_events').where('received_at', '<', before.toISOString()).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
