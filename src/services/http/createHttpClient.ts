import { Retry, Time } from '../../config/constants'
import { ConfigError, HttpInvalidJsonError, HttpNetworkError, HttpStatusError, HttpTimeoutError, PorticoError } from '../../errors'
import { createUrl } from './createUrl'
import { parseRetryAfter } from './parseRetryAfter'
import { sleep as defaultSleep } from './sleep'
import type { FetchLike, QueryParams, RetryOptions, Sleep } from './types'

export type HttpClientOptions = {
  /** Service root; paths are joined to it with exactly one slash. */
  baseUrl: string
  /** SPEC §7: appended as the `clientId` query parameter to every call when set. */
  clientId?: string | null | undefined
  /** Query parameters for every call (e.g. projectId, st, sv); a call's own params win. */
  params?: QueryParams | undefined
  headers?: Readonly<Record<string, string>> | undefined
  /** Defaults to the global `fetch`, looked up at call time. */
  fetch?: FetchLike | undefined
  /**
   * Budget for a whole call, retries and their waits included (default
   * `Time.rpcTimeoutMs`, 10 s): what a visitor waits for is the call, not one attempt.
   */
  timeoutMs?: number | undefined
  /** Retry policy (default SPEC §9: 3 attempts, 150 ms doubling); `false` disables it. */
  retry?: RetryOptions | false | undefined
  /** Waits between attempts; defaults to a global-`setTimeout` sleep (fake-timer friendly). */
  sleep?: Sleep | undefined
  /** Clock for `Retry-After` dates and the call deadline; defaults to `Date.now`. */
  now?: (() => number) | undefined
}

export type HttpRequestParameters = {
  path: string
  params?: QueryParams | undefined
  headers?: Readonly<Record<string, string>> | undefined
  /** The caller's cancel: aborting rejects with `signal.reason` and stops any retry. */
  signal?: AbortSignal | undefined
  /** Overrides the client's call budget for this call. */
  timeoutMs?: number | undefined
  /** Overrides (field by field) or disables the client's retry policy for this call. */
  retry?: RetryOptions | false | undefined
}

export type HttpBodyRequestParameters = HttpRequestParameters & {
  /** Sent as JSON; omitted when undefined. */
  body?: unknown
}

/**
 * The generic HTTP client of SPEC §7. JSON in and out (an empty body reads as
 * `undefined`), blobs for images; every method throws:
 * - `HttpStatusError` ('HTTP status code: {status}') for a non-success status,
 * - `HttpTimeoutError` (code `http/timeout`) when the call outlives its budget,
 * - `HttpNetworkError` (code `http/network`) when the network fails on every attempt,
 *   or the connection breaks while a success body streams,
 * - `HttpInvalidJsonError` (code `http/invalid-json`) when a success body is not JSON,
 * - the caller's `signal.reason` (an `AbortError` by default) when the caller aborts.
 *
 * Creating a client with a base URL that is not a URL throws a `ConfigError`.
 */
export type HttpClient = {
  readonly baseUrl: string
  /** The URL a call to `path` would use, default and client-id parameters included. */
  createUrl(parameters: { path: string; params?: QueryParams | undefined }): string
  get<T = unknown>(parameters: HttpRequestParameters): Promise<T>
  getBlob(parameters: HttpRequestParameters): Promise<Blob>
  post<T = unknown>(parameters: HttpBodyRequestParameters): Promise<T>
  put<T = unknown>(parameters: HttpBodyRequestParameters): Promise<T>
  delete<T = unknown>(parameters: HttpBodyRequestParameters): Promise<T>
}

export type CreateHttpClientParameters = HttpClientOptions
export type CreateHttpClientReturnType = HttpClient

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Outcome<R> = { done: true; value: R } | { done: false; error: Error; retryAfterMs: number | undefined }

/**
 * Creates the HTTP client every Portico service client is built on.
 *
 * Retries (SPEC §8, §9): statuses 403, 408, 413, 429, 500, 502, 503 and 504 and
 * network failures are tried again, 3 attempts in all, after 150 ms, then 300 ms,
 * ... A `Retry-After` header (seconds or an HTTP date) is honoured: the client never
 * retries sooner than asked. When the server asks for more than `maxRetryAfterMs`
 * (default 10 s, the default call budget), or a wait would end past the call's
 * deadline, the call fails at once with the last error rather than hanging. A timeout
 * or a caller abort is never retried, and both cancel a pending wait.
 *
 * @example
 * const http = createHttpClient({ baseUrl: 'https://api.example.com', clientId: 'abc' })
 * const chains = await http.get<{ http: string[] }>({ path: 'v1/supported-chains', params: { projectId } })
 * const icon = await http.getBlob({ path: `/getWalletImage/${id}`, signal })
 */
export function createHttpClient(options: CreateHttpClientParameters): CreateHttpClientReturnType {
  try {
    createUrl({ baseUrl: options.baseUrl, path: '' })
  } catch (error) {
    throw new ConfigError('A service base URL is not a valid URL.', {
      code: 'config/invalid-url',
      cause: error,
      metaMessages: [`baseUrl: ${JSON.stringify(options.baseUrl)}`],
    })
  }
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const sleepImpl = options.sleep ?? defaultSleep
  const now = options.now ?? (() => Date.now())

  const urlFor = (path: string, params: QueryParams | undefined) =>
    createUrl({
      baseUrl: options.baseUrl,
      path,
      params: { ...options.params, ...params, ...(options.clientId ? { clientId: options.clientId } : {}) },
    })

  async function send<R>(method: Method, parameters: HttpBodyRequestParameters, read: (response: Response, url: string) => Promise<R>): Promise<R> {
    const url = urlFor(parameters.path, parameters.params)
    const policy = retryPolicy(options.retry, parameters.retry)
    const timeoutMs = parameters.timeoutMs ?? options.timeoutMs ?? Time.rpcTimeoutMs
    const callerSignal = parameters.signal
    callerSignal?.throwIfAborted()

    const hasBody = parameters.body !== undefined
    const init: RequestInit = {
      method,
      headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...options.headers, ...parameters.headers },
      ...(hasBody ? { body: JSON.stringify(parameters.body) } : {}),
    }

    // One signal for the whole call: the caller's abort and our deadline both end it.
    const controller = new AbortController()
    let timedOut = false
    const deadline = now() + timeoutMs
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new HttpTimeoutError(url, timeoutMs))
    }, timeoutMs)
    const onCallerAbort = () => controller.abort(callerSignal?.reason)
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
    const abortError = (): unknown => (timedOut ? new HttpTimeoutError(url, timeoutMs) : controller.signal.reason)

    const attempt = async (): Promise<Outcome<R>> => {
      let response: Response
      try {
        response = await fetchImpl(url, { ...init, signal: controller.signal })
      } catch (error) {
        if (controller.signal.aborted) throw abortError()
        return {
          done: false,
          error: new HttpNetworkError(url, { cause: error }),
          retryAfterMs: undefined,
        }
      }
      if (response.ok) {
        try {
          return { done: true, value: await read(response, url) }
        } catch (error) {
          if (controller.signal.aborted) throw abortError()
          if (error instanceof PorticoError) throw error
          // The connection broke while the body streamed: too late to retry safely.
          throw new HttpNetworkError(url, { cause: error })
        }
      }
      discard(response)
      const error = new HttpStatusError(response.status, url)
      if (!policy.statuses.includes(response.status)) throw error
      return { done: false, error, retryAfterMs: parseRetryAfter({ header: response.headers.get('retry-after'), now: now() }) }
    }

    try {
      for (let attemptNumber = 1; ; attemptNumber++) {
        const outcome = await attempt()
        if (outcome.done) return outcome.value
        if (attemptNumber >= policy.attempts) throw outcome.error
        if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > policy.maxRetryAfterMs) throw outcome.error
        const wait = Math.max(policy.baseDelayMs * 2 ** (attemptNumber - 1), outcome.retryAfterMs ?? 0)
        if (now() + wait >= deadline) throw outcome.error
        try {
          await sleepImpl(wait, controller.signal)
        } catch (error) {
          if (controller.signal.aborted) throw abortError()
          throw error
        }
      }
    } finally {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', onCallerAbort)
    }
  }

  return {
    baseUrl: options.baseUrl,
    createUrl: ({ path, params }) => urlFor(path, params),
    get: <T>(parameters: HttpRequestParameters) => send('GET', parameters, readJson<T>),
    getBlob: (parameters) => send('GET', parameters, (response) => response.blob()),
    post: <T>(parameters: HttpBodyRequestParameters) => send('POST', parameters, readJson<T>),
    put: <T>(parameters: HttpBodyRequestParameters) => send('PUT', parameters, readJson<T>),
    delete: <T>(parameters: HttpBodyRequestParameters) => send('DELETE', parameters, readJson<T>),
  }
}

function retryPolicy(client: RetryOptions | false | undefined, call: RetryOptions | false | undefined) {
  const disabled = client === false || call === false
  const merged: RetryOptions = { ...(client || {}), ...(call || {}) }
  return {
    attempts: disabled ? 1 : Math.max(1, merged.attempts ?? Retry.attempts),
    baseDelayMs: merged.baseDelayMs ?? Retry.baseDelayMs,
    statuses: merged.statuses ?? Retry.statuses,
    maxRetryAfterMs: merged.maxRetryAfterMs ?? Time.rpcTimeoutMs,
  }
}

/** Frees the connection of a response whose body we will not read. */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined)
}

async function readJson<T>(response: Response, url: string): Promise<T> {
  const text = await response.text()
  // An empty success body (204, or a POST that answers nothing) reads as undefined.
  if (text.trim() === '') return undefined as T
  try {
    return JSON.parse(text) as T
  } catch (error) {
    throw new HttpInvalidJsonError(url, { cause: error })
  }
}
