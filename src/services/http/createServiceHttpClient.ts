import { createHttpClient, type HttpClient } from './createHttpClient'
import type { FetchLike, RetryOptions, Sleep } from './types'

/** What every Portico service client (Blockchain API, wallet listing, bundler) is built from. */
export type ServiceClientOptions = {
  /** Root of the service; a call's path is joined to it. */
  baseUrl: string
  /** Sent as `projectId` on every call. */
  projectId: string
  /** Sent as `clientId` on every call when set (SPEC §7). */
  clientId?: string | null | undefined
  /** Defaults to the global `fetch`, looked up at call time. */
  fetch?: FetchLike | undefined
  /** Waits between retries; defaults to a global-`setTimeout` sleep (fake-timer friendly). */
  sleep?: Sleep | undefined
  /** Clock of `Retry-After` dates and of the call deadline; defaults to `Date.now`. */
  now?: (() => number) | undefined
  /** Call budget, retries and their waits included (default 10 s). */
  timeoutMs?: number | undefined
  /** Retry policy (default SPEC §9); `false` disables it. */
  retry?: RetryOptions | false | undefined
}

/** A service client that also says which SDK calls it (SPEC §7 `st` and `sv`). */
export type SdkServiceClientOptions = ServiceClientOptions & {
  /** Sent as `st` on every call. */
  sdkType: string
  /** Sent as `sv` on every call. */
  sdkVersion: string
}

export type CreateServiceHttpClientParameters = ServiceClientOptions
export type CreateServiceHttpClientReturnType = HttpClient

/**
 * Builds the HTTP client under a service client: `projectId` and `clientId` on every
 * call, and `st`/`sv` when `sdk` is given. The SDK identity is a separate argument,
 * not read from `options`, so a client that must not send it (the bundler) never
 * does, even when handed an options object that carries one.
 *
 * @example
 * const http = createServiceHttpClient(options, { sdkType: options.sdkType, sdkVersion: options.sdkVersion })
 * await http.get({ path: 'v1/supported-chains' }) // ...?projectId=…&st=…&sv=…
 */
export function createServiceHttpClient(options: CreateServiceHttpClientParameters, sdk?: Pick<SdkServiceClientOptions, 'sdkType' | 'sdkVersion'>): CreateServiceHttpClientReturnType {
  return createHttpClient({
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    params: { projectId: options.projectId, ...(sdk ? { st: sdk.sdkType, sv: sdk.sdkVersion } : {}) },
    fetch: options.fetch,
    sleep: options.sleep,
    now: options.now,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
  })
}
