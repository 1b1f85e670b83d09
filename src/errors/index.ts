export { PorticoError, type PorticoErrorParameters, type PorticoErrorType } from './base'
export type { PorticoErrorCode, PorticoStringCode, PluginErrorCodes } from './codes'
export { ErrorMessages, ErrorTemplates, Notices, type ErrorMessageKey, type NoticeKey } from './messages'
export { englishText, messageRecord, type ErrorMessageRef, type ErrorRecord, type MessageKey, type MessageParams, type MessageRecord } from './record'
export { toRecord } from './toRecord'
export { Alerts, type AlertId } from './alerts'
export { ConfigError, SiweAndSiwxConflictError } from './config'
export { ValidationError, type ValidationIssue } from './validation'
export {
  NetworkError,
  ChainNotSupportedError,
  NetworkNotFoundError,
  UnsupportedChainError,
  NetworkNotSupportedForSwapsError,
  NetworkNotSupportedForGasPriceError,
  SwitchChainNotSupportedError,
} from './network'
export { RpcCodes, ProviderRpcCode, isRpcCode, userRejectionCodes, type RpcCode, type RpcCodeName } from './rpcCodes'
export { RpcError, toRpcError } from './rpc'
export { TransactionNodeError, type NodeErrorKind } from './node'
export { FrameError, FrameLoadError, FrameRequestTimeoutError, FrameResponseError, type FrameErrorCode } from './frame'
export { ServiceError, HttpStatusError, HttpTimeoutError, HttpNetworkError, HttpInvalidJsonError } from './service'
export { WalletError, FailedToDisconnectError, ConnectorNotFoundError, WalletSessionError, NotConnectedError } from './wallet'
