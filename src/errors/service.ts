import { PorticoError, type PorticoErrorParameters } from './base'

/** Calls to Portico's services (Blockchain API, wallet listing, bundler, names). */
export class ServiceError extends PorticoError {
  override name = 'ServiceError'
}

/** SPEC §7: a non-success status throws 'HTTP status code: {status}'. */
export class HttpStatusError extends ServiceError {
  override name = 'HttpStatusError'
  readonly status: number
  readonly url: string
  constructor(status: number, url: string, parameters: PorticoErrorParameters = {}) {
    super({ key: 'httpStatus', params: { status } }, { code: 'http/status', remoteCode: status, metaMessages: [`URL: ${url}`], ...parameters })
    this.status = status
    this.url = url
  }
}

/**
 * The call outlived its budget (`timeoutMs`, retries and their waits included) and
 * is not retried. A caller's abort is not this error: the call rejects with the
 * caller's own `signal.reason`.
 */
export class HttpTimeoutError extends ServiceError {
  override name = 'HttpTimeoutError'
  readonly url: string
  constructor(url: string, timeoutMs: number, parameters: PorticoErrorParameters = {}) {
    super({ key: 'httpTimeout', params: { timeoutMs } }, { code: 'http/timeout', metaMessages: [`URL: ${url}`], ...parameters })
    this.url = url
  }
}

/**
 * No answer reached us: fetch rejected on every attempt (DNS, refused or dropped
 * connection, CORS), or the connection broke while a success body streamed, which
 * is not retried. `cause` holds the platform's error.
 */
export class HttpNetworkError extends ServiceError {
  override name = 'HttpNetworkError'
  readonly url: string
  constructor(url: string, parameters: PorticoErrorParameters = {}) {
    super({ key: 'httpNetwork' }, { code: 'http/network', metaMessages: [`URL: ${url}`], ...parameters })
    this.url = url
  }
}

/** A success status whose body is not JSON (say, a proxy's or a captive portal's HTML page). */
export class HttpInvalidJsonError extends ServiceError {
  override name = 'HttpInvalidJsonError'
  readonly url: string
  constructor(url: string, parameters: PorticoErrorParameters = {}) {
    super({ key: 'httpInvalidJson' }, { code: 'http/invalid-json', metaMessages: [`URL: ${url}`], ...parameters })
    this.url = url
  }
}
