import { PorticoError, type PorticoErrorParameters } from './base'
import type { ErrorMessageRef } from './record'

/** How a frame failure is reported to analytics and alerts (SPEC §8). */
export type FrameErrorCode = 'iframe_load_failed' | 'iframe_request_timeout' | 'frame_aborted' | 'frame_error' | 'frame_not_set'

/** Embedded-wallet (hidden iframe) family. */
export class FrameError extends PorticoError {
  override name = 'FrameError'
  declare readonly code: FrameErrorCode
  constructor(message: string | ErrorMessageRef, code: FrameErrorCode, parameters: PorticoErrorParameters = {}) {
    super(message, { ...parameters, code })
  }
}

/** The iframe did not load (or did not say ready) in time. */
export class FrameLoadError extends FrameError {
  override name = 'FrameLoadError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super({ key: 'unableToLoadEmailLoginDependency' }, 'iframe_load_failed', parameters)
  }
}

/** A request got no answer in time; it was aborted. */
export class FrameRequestTimeoutError extends FrameError {
  override name = 'FrameRequestTimeoutError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super({ key: 'requestWasAborted' }, 'iframe_request_timeout', parameters)
  }
}

/** An error event from the iframe; "An error occurred" when it carried no message. */
export class FrameResponseError extends FrameError {
  override name = 'FrameResponseError'
  constructor(message: string | undefined, parameters: PorticoErrorParameters = {}) {
    super(message || { key: 'anErrorOccurred' }, 'frame_error', parameters)
  }
}
