/**
 * The frame client's errors: SPEC §8's embedded-wallet messages, exactly, on the
 * `FrameError` family of `src/errors/frame.ts`.
 */
import { Alerts } from '../errors/alerts'
import { FrameError, FrameLoadError, FrameRequestTimeoutError, FrameResponseError } from '../errors/frame'
import type { PorticoErrorParameters } from '../errors/base'
import type { AppEvent, FrameErrorPayload } from './protocol'

export { FrameError, FrameLoadError, FrameRequestTimeoutError, FrameResponseError }

/**
 * An error event from the frame (SPEC §7 "an error event carries a message"; "An error
 * occurred" when it has none). `remoteCode` is the JSON-RPC / wallet code (4001 when the
 * visitor declined) or the server's code ('EMAIL_COOLDOWN', 'SESSION_EXPIRED', …);
 * `retryAfter` the seconds of a cooldown.
 */
export class FrameRequestError extends FrameResponseError {
  override name = 'FrameRequestError'
  readonly event: AppEvent
  declare readonly remoteCode: number | string | undefined
  readonly retryAfter: number | undefined
  constructor(event: AppEvent, payload: FrameErrorPayload, parameters: PorticoErrorParameters = {}) {
    super(payload.message, { ...parameters, remoteCode: payload.code, details: parameters.details ?? `${event} failed in the embedded wallet` })
    this.event = event
    this.retryAfter = payload.retryAfter
  }
}

/**
 * A pending request ended by an abort (SPEC §8): 'Request was aborted' for an RPC
 * request, 'Something went wrong' for any other.
 */
export class FrameAbortError extends FrameError {
  override name = 'FrameAbortError'
  readonly event: AppEvent
  constructor(event: AppEvent, parameters: PorticoErrorParameters = {}) {
    super({ key: event === 'RPC_REQUEST' ? 'requestWasAborted' : 'somethingWentWrong' }, 'frame_aborted', parameters)
    this.event = event
  }
}

/** SPEC §8 "W3mFrame: iframe is not set": posting with no iframe to post to. */
export class FrameNotSetError extends FrameError {
  override name = 'FrameNotSetError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super({ key: 'iframeNotSet' }, 'frame_not_set', parameters)
  }
}

/**
 * SPEC §6 / §8 alert "Invalid App Configuration": the secure page said that this page's
 * origin is not on the project's allow list (or that the project is unknown).
 */
export class FrameInvalidAppConfigurationError extends FrameError {
  override name = 'FrameInvalidAppConfigurationError'
  readonly reason: 'origin_not_allowed' | 'invalid_project'
  constructor(reason: 'origin_not_allowed' | 'invalid_project', parameters: PorticoErrorParameters = {}) {
    super({ key: reason === 'invalid_project' ? 'invalidProjectId' : 'invalidAppConfiguration' }, 'frame_error', {
      details: reason === 'invalid_project' ? Alerts.invalidProjectId.longMessage : Alerts.invalidAppConfiguration.longMessage,
      ...parameters,
    })
    this.reason = reason
  }
}

/** A message this side refused to send, or a reply that failed its schema. */
export class FrameProtocolError extends FrameError {
  override name = 'FrameProtocolError'
  constructor(shortMessage: string, parameters: PorticoErrorParameters = {}) {
    super(shortMessage, 'frame_error', parameters)
  }
}
