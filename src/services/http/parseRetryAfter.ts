export type ParseRetryAfterParameters = {
  /** The raw `Retry-After` header value, or null when the response had none. */
  header: string | null
  /** Current time in ms since the epoch, for the HTTP-date form. */
  now: number
}

/** Milliseconds to wait, or undefined when the header is absent or unreadable. */
export type ParseRetryAfterReturnType = number | undefined

/**
 * Reads a `Retry-After` header (RFC 9110 §10.2.3), which is either delta-seconds
 * (`120`) or an HTTP date (`Wed, 21 Oct 2015 07:28:00 GMT`). A date in the past means
 * "now" (0). Anything else is ignored, so a malformed header falls back to backoff.
 *
 * @example
 * parseRetryAfter({ header: '2', now: Date.now() }) // 2000
 * parseRetryAfter({ header: new Date(Date.now() + 5000).toUTCString(), now: Date.now() }) // ≈ 5000
 */
export function parseRetryAfter({ header, now }: ParseRetryAfterParameters): ParseRetryAfterReturnType {
  if (header === null) return undefined
  const value = header.trim()
  if (value === '') return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1000
  // Every HTTP-date form (IMF-fixdate, RFC 850, asctime) opens with the day name; the
  // check keeps Date.parse's leniency from reading '-5' or '1.5' as a date.
  if (!/^(mon|tue|wed|thu|fri|sat|sun)/i.test(value)) return undefined
  const date = Date.parse(value)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}
