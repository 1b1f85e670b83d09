/**
 * JSON-RPC (EIP-1474), provider (EIP-1193), chain-switch (EIP-3326) and wallet
 * capability (EIP-5792) codes of SPEC §8, each with a name and a readable message.
 */
export const RpcCodes = {
  [-32700]: { name: 'ParseError', message: 'Invalid JSON was received by the server.' },
  [-32600]: { name: 'InvalidRequest', message: 'The JSON sent is not a valid request object.' },
  [-32601]: { name: 'MethodNotFound', message: 'The method does not exist or is not available.' },
  [-32602]: { name: 'InvalidParams', message: 'Invalid method parameters.' },
  [-32603]: { name: 'InternalError', message: 'An internal error was received.' },
  [-32000]: { name: 'InvalidInput', message: 'Missing or invalid parameters.' },
  [-32001]: { name: 'ResourceNotFound', message: 'Requested resource not found.' },
  [-32002]: { name: 'ResourceUnavailable', message: 'Requested resource not available.' },
  [-32003]: { name: 'TransactionRejected', message: 'Transaction creation failed.' },
  [-32004]: { name: 'MethodNotSupported', message: 'Method is not implemented.' },
  [-32005]: { name: 'LimitExceeded', message: 'Request exceeds defined limit.' },
  [-32006]: { name: 'JsonRpcVersionUnsupported', message: 'Version of JSON-RPC protocol is not supported.' },
  4001: { name: 'UserRejectedRequest', message: 'The user rejected the request.' },
  4100: { name: 'Unauthorized', message: 'The requested method and/or account has not been authorized by the user.' },
  4200: { name: 'UnsupportedMethod', message: 'The provider does not support the requested method.' },
  4900: { name: 'ProviderDisconnected', message: 'The provider is disconnected from all chains.' },
  4901: { name: 'ChainDisconnected', message: 'The provider is not connected to the requested chain.' },
  4902: { name: 'SwitchChainError', message: 'Unrecognized chain: add it to the wallet before switching.' },
  5000: { name: 'UserRejected', message: 'The user rejected the request.' },
  5700: { name: 'UnsupportedNonOptionalCapability', message: 'The wallet does not support a required capability.' },
  5710: { name: 'UnsupportedChainId', message: 'The wallet does not support calls on this chain.' },
  5720: { name: 'DuplicateId', message: 'A batch with this id has already been submitted.' },
  5730: { name: 'UnknownBundleId', message: 'No batch with this id is known to the wallet.' },
  5740: { name: 'BundleTooLarge', message: 'The batch has more calls than the wallet can handle.' },
  5750: { name: 'AtomicReadyWalletRejectedUpgrade', message: 'The wallet rejected the upgrade needed for atomic calls.' },
  5760: { name: 'AtomicityNotSupported', message: 'The wallet cannot run these calls atomically.' },
  // Some wallets report the internal error without its sign (SPEC §8 "wallet code 32603").
  32603: { name: 'InternalError', message: 'An internal error was received.' },
} as const satisfies Record<number, { name: string; message: string }>

export type RpcCode = keyof typeof RpcCodes
export type RpcCodeName = (typeof RpcCodes)[RpcCode]['name']

export function isRpcCode(code: unknown): code is RpcCode {
  return typeof code === 'number' && Object.prototype.hasOwnProperty.call(RpcCodes, code)
}

/** Codes that mean "the visitor said no": flows treat them as a cancel, not a failure. */
export const userRejectionCodes: readonly number[] = [4001, 5000]

/** Every code of the table by its name (src/shared/rpcCodes.ts, shared with the secure page). */
export { ProviderRpcCode } from '../shared/rpcCodes'
