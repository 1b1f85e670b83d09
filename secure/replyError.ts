/**
 * An error the secure page answers with: its message reaches the app as the error
 * event's message (SPEC §7), its code as the JSON-RPC / wallet code or the server's code.
 */
import type { FrameErrorPayload } from '../src/frame/protocol'
import { ApiError, ApiUnavailableError } from './api'
import { ChainRpcError } from './chainRpc'
import { ProviderRpcCode } from '../src/shared/rpcCodes'

export class ReplyError extends Error {
  override name = 'ReplyError'
  constructor(
    message: string,
    readonly code?: number | string,
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

const CODE = /^[A-Za-z0-9_]{1,64}$/

/**
 * The error payload for `error`. Errors the page did not make itself (a bug, a
 * browser exception) are not described: their text could carry internals.
 */
export function toErrorPayload(error: unknown): FrameErrorPayload {
  const clip = (text: string) => text.slice(0, 2000)
  const code = (value: unknown) =>
    (typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= 2147483647) || (typeof value === 'string' && CODE.test(value)) ? { code: value } : {}
  if (error instanceof ReplyError) {
    return { message: clip(error.message), ...code(error.code), ...(error.retryAfter === undefined ? {} : { retryAfter: Math.min(86_400, Math.max(0, Math.floor(error.retryAfter))) }) }
  }
  if (error instanceof ApiError) {
    return { message: clip(error.message), ...code(error.code), ...(error.retryAfter === undefined ? {} : { retryAfter: Math.min(86_400, error.retryAfter) }) }
  }
  if (error instanceof ChainRpcError) return { message: clip(error.message), ...code(error.code) }
  if (error instanceof ApiUnavailableError) return { message: clip(error.message), code: 'SERVER_UNAVAILABLE' }
  return { message: 'The embedded wallet failed to answer this request', code: ProviderRpcCode.InternalError }
}
