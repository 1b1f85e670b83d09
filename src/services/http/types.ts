/**
 * The `fetch` the HTTP client calls. The platform `fetch` fits; tests and hosts may
 * pass their own (a recording wrapper, a fetch with a proxy agent, ...).
 */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/** One query value. Arrays are sent joined by commas. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[]

/** Query parameters; a key is sent only when its value is not undefined, null or ''. */
export type QueryParams = Readonly<Record<string, QueryValue>>

/**
 * Waits `ms` milliseconds; rejects with `signal.reason` as soon as `signal` aborts.
 * Injectable so tests can record the delays the client asks for.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

/** SPEC §8/§9 retry policy; every field defaults to `Retry` in `config/constants`. */
export type RetryOptions = {
  /** Attempts in total, the first included. 1 disables retries. */
  attempts?: number | undefined
  /** First backoff delay; each further retry doubles it (150, 300, 600, ...). */
  baseDelayMs?: number | undefined
  /** Response statuses that are retried. */
  statuses?: readonly number[] | undefined
  /**
   * The longest `Retry-After` the client will wait. A server asking for more than this
   * gets no retry: the call fails at once with the status error, since waiting less
   * than asked would only earn another refusal and waiting longer would hang the modal.
   */
  maxRetryAfterMs?: number | undefined
}
