import { PorticoError, type PorticoErrorParameters } from './base'
import { ErrorTemplates } from './messages'

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
    super(ErrorTemplates.httpStatus(status), { code: status, metaMessages: [`URL: ${url}`], ...parameters })
    this.status = status
    this.url = url
  }
}

/** The request did not finish before its timeout, or its signal aborted it. */
export class HttpTimeoutError extends ServiceError {
  override name = 'HttpTimeoutError'
  readonly url: string
  constructor(url: string, timeoutMs: number, parameters: PorticoErrorParameters = {}) {
    super(`The request took longer than ${timeoutMs} ms.`, { code: 'http/timeout', metaMessages: [`URL: ${url}`], ...parameters })
    this.url = url
  }
}
