/**
 * Timestamps as the engines give them back: Date from PostgreSQL timestamptz,
 * ISO-8601 text from SQLite (see schema.ts, Timestamp).
 */

export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value)
}

export function toMillis(value: Date | string): number {
  return toDate(value).getTime()
}

/** How every timestamp is written: ISO-8601 in UTC with milliseconds. */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString()
}
