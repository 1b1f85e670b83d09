/**
 * JSON-RPC (EIP-1474), provider (EIP-1193), chain-switch (EIP-3326) and wallet capability
 * (EIP-5792) codes by name (`ProviderRpcCode.UserRejectedRequest` is 4001), so code compares
 * and throws with names, never raw numbers. Shared by the library (src/errors/rpcCodes.ts
 * gives each its readable message; a test keeps the two in step) and the secure page, which
 * answers the app with them. The unsigned internal error some wallets send (32603) is
 * `InternalErrorUnsigned`.
 */
export const ProviderRpcCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  InvalidInput: -32000,
  ResourceNotFound: -32001,
  ResourceUnavailable: -32002,
  TransactionRejected: -32003,
  MethodNotSupported: -32004,
  LimitExceeded: -32005,
  JsonRpcVersionUnsupported: -32006,
  UserRejectedRequest: 4001,
  Unauthorized: 4100,
  UnsupportedMethod: 4200,
  ProviderDisconnected: 4900,
  ChainDisconnected: 4901,
  SwitchChainError: 4902,
  UserRejected: 5000,
  UnsupportedNonOptionalCapability: 5700,
  UnsupportedChainId: 5710,
  DuplicateId: 5720,
  UnknownBundleId: 5730,
  BundleTooLarge: 5740,
  AtomicReadyWalletRejectedUpgrade: 5750,
  AtomicityNotSupported: 5760,
  InternalErrorUnsigned: 32603,
} as const
