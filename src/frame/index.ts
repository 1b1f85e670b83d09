/**
 * The app side of the embedded wallet, for sagas: the frame client, the login cache and
 * the message protocol. docs/frame-protocol.md describes the protocol.
 */
export { createFrameClient, type CreateFrameClientParameters, type FrameClient, type FrameClientEvent, type FrameClientStatus, type FrameLogger, type FrameRequestOptions } from './client'
export { createEmbeddedTransport, toProviderError } from './transport'
export { createFrameLogger, type FrameLogSink } from './frameLogger'
export { createLoginCache, LoginCacheKeys, type LoginCache, type LoginCacheState } from './loginCache'
export { buildSecureFrameUrl, FRAME_ATTRIBUTE } from './iframe'
export { FrameAbortError, FrameInvalidAppConfigurationError, FrameNotSetError, FrameProtocolError, FrameRequestError } from './errors'
export {
  AppEvents,
  FrameEvents,
  EventsWithoutLoadTimeout,
  EventsWithRequestTimeout,
  EventsNotAborted,
  type AppEvent,
  type AppRequestPayload,
  type AppResponsePayload,
  type DappData,
  type EmailConnectAction,
  type EmailUpdateAction,
  type FrameChainId,
  type FrameEvent,
  type FrameDevice,
  type FrameUser,
  type FrameUserAddresses,
  type ThemeSync,
} from './protocol'
export { AllowedRpcMethods, SafeRpcMethods, isAllowedRpcMethod, isSafeRpcMethod, type AllowedRpcMethod, type RpcParams, type RpcResult } from './rpc'
