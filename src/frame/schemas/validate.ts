/**
 * Validation of frame messages by type (SPEC §5 "Iframe messages are validated against
 * schemas by type"), used by both sides: the app validates what it sends and what the
 * frame answers; the frame validates what the app sends and what it answers. The
 * validators are the precompiled functions of `validators.generated.js`.
 */
import { ErrorMessages } from '../../errors/messages'
import { parseAppType, parseFrameType, type AppEvent, type AppMessage, type FrameEvent, type FrameMessage, type ParsedFrameType } from '../protocol'
import { isAllowedRpcMethod, type AllowedRpcMethod } from '../rpc'
import { jsonBoundsProblem } from './jsonBounds'
import { MESSAGE_ID_PATTERN } from './patterns'
import type { GeneratedValidationError, GeneratedValidator } from './validator'
import * as generated from './validators.generated'

const validators = generated as unknown as Readonly<Record<string, GeneratedValidator | undefined>>
const messageId = new RegExp(MESSAGE_ID_PATTERN)

/** Longest piece of a message echoed back in an error, so a hostile value cannot flood a log. */
const ECHO_LIMIT = 64

/** An invalid message: why, and the id and event to answer with when they could be read. */
export type Invalid = { ok: false; error: string; id?: string | undefined; event?: AppEvent | undefined }

export type ValidAppMessage = { ok: true; event: AppEvent; message: AppMessage }
export type ValidFrameMessage = { ok: true; parsed: ParsedFrameType; message: FrameMessage }

function own(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const descriptor = Object.getOwnPropertyDescriptor(value, key)
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined
}

/** The message's id when it is a well-formed one, so an error reply can name the request. */
export function readMessageId(data: unknown): string | undefined {
  try {
    const id = own(data, 'id')
    return typeof id === 'string' && messageId.test(id) ? id : undefined
  } catch {
    return undefined
  }
}

/** Turns the first ajv error into a sentence with SPEC §8's default wording where it has one. */
export function describeError(error: GeneratedValidationError | undefined, root = 'message'): string {
  if (error === undefined) return `${root} is invalid`
  const path = `${root}${error.instancePath}`.replace(/^\//, '')
  switch (error.keyword) {
    case 'required':
      return `${path}/${String(error.params.missingProperty).slice(0, ECHO_LIMIT)}: ${ErrorMessages.required}`
    case 'additionalProperties':
      return `${path}: unknown property '${String(error.params.additionalProperty).slice(0, ECHO_LIMIT)}'`
    case 'pattern':
    case 'maxLength':
    case 'minLength':
      if (/\/(?:email|newEmail)$/.test(error.instancePath)) return `${path}: ${ErrorMessages.invalidEmail}`
      return `${path}: ${error.message ?? 'is invalid'}`
    default:
      return `${path}: ${error.message ?? 'is invalid'}`
  }
}

function run(validator: GeneratedValidator | undefined, data: unknown, root: string): string | undefined {
  if (validator === undefined) return `${root}: no schema`
  try {
    const bounds = jsonBoundsProblem(data)
    if (bounds !== undefined) return bounds
    return validator(data) ? undefined : describeError(validator.errors?.[0] ?? undefined, root)
  } catch {
    // A value that throws when read (a getter, a revoked proxy) is not a message.
    return `${root} cannot be read`
  }
}

/**
 * Validates a message sent by the app (`@portico-app/…`): the frame calls this on every
 * inbound message, the app on every message before it posts it.
 *
 * @example
 * const result = validateAppMessage({ id: crypto.randomUUID(), type: '@portico-app/CONNECT_EMAIL', payload: { email: 'ada@example.com' } })
 * if (result.ok) handle(result.event, result.message)
 */
export function validateAppMessage(data: unknown): ValidAppMessage | Invalid {
  let event: AppEvent | undefined
  try {
    event = parseAppType(own(data, 'type'))
  } catch {
    event = undefined
  }
  const id = readMessageId(data)
  if (event === undefined) return { ok: false, error: 'message: unknown message type', id }
  const problem = run(validators[`app_${event}`], data, 'message')
  if (problem !== undefined) return { ok: false, error: problem, id, event }
  return { ok: true, event, message: data as AppMessage }
}

/**
 * Validates a message sent by the frame (`@portico-frame/…`): a success or error reply,
 * or one of the frame's own events.
 *
 * @example
 * const result = validateFrameMessage(event.data)
 * if (result.ok && result.parsed.kind === 'success') resolve(result.message.payload)
 */
export function validateFrameMessage(data: unknown): ValidFrameMessage | Invalid {
  let parsed: ParsedFrameType | undefined
  try {
    parsed = parseFrameType(own(data, 'type'))
  } catch {
    parsed = undefined
  }
  const id = readMessageId(data)
  if (parsed === undefined) return { ok: false, error: 'message: unknown message type', id }
  const name = parsed.kind === 'success' ? `success_${parsed.event}` : parsed.kind === 'error' ? 'frame_error' : `event_${parsed.event}`
  const problem = run(validators[name], data, 'message')
  if (problem !== undefined) return { ok: false, error: problem, id, ...(parsed.kind === 'event' ? {} : { event: parsed.event }) }
  return { ok: true, parsed, message: data as FrameMessage }
}

/** Whether the frame event `event` is one of the frame's own events (not a reply). */
export function isFrameEvent(parsed: ParsedFrameType, event: FrameEvent): boolean {
  return parsed.kind === 'event' && parsed.event === event
}

/**
 * SPEC §5: the params of an allowed RPC method, by method (sendCalls' `to` and `data`,
 * the capabilities address, …). Methods that are not allowed are refused here too.
 *
 * @example
 * validateRpcParams('wallet_getCapabilities', [])  // { ok: false, error: 'params: must NOT have fewer than 1 items' }
 */
export function validateRpcParams(method: string, params: unknown): { ok: true; method: AllowedRpcMethod } | { ok: false; error: string } {
  if (!isAllowedRpcMethod(method)) return { ok: false, error: `RPC method '${method.slice(0, ECHO_LIMIT)}' is not allowed by the embedded wallet` }
  const problem = run(validators[`rpcParams_${method}`], params ?? [], 'params')
  return problem === undefined ? { ok: true, method } : { ok: false, error: `${method}: ${problem}` }
}

/** The result of an RPC method, checked before the app hands it to the dapp. */
export function validateRpcResult(method: AllowedRpcMethod, result: unknown): { ok: true } | { ok: false; error: string } {
  const problem = run(validators[`rpcResult_${method}`], result, 'result')
  return problem === undefined ? { ok: true } : { ok: false, error: `${method}: ${problem}` }
}
