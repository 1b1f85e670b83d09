/**
 * Table types for Kysely. One interface per table; column names are snake_case
 * as stored. Where the engines differ (see migrations.ts), the select type is the
 * union and the store module turns it into one shape.
 */
import { type ColumnType } from 'kysely'

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject
export interface JsonObject {
  [key: string]: JsonValue
}

export interface AnalyticsEventsTable {
  /** Random UUID made by the server, so ids need no round trip and reveal no volume. */
  id: string
  project_id: string
  /** jsonb on PostgreSQL (read back parsed), JSON text on SQLite. Written as JSON text. */
  event: ColumnType<JsonObject | string, string, never>
  sdk_type: string | null
  sdk_version: string | null
  /** timestamptz on PostgreSQL (read back as Date), ISO-8601 text on SQLite. Written as ISO text. */
  received_at: ColumnType<Date | string, string, never>
}

export interface DatabaseSchema {
  analytics_events: AnalyticsEventsTable
}
