/**
 * The RPC methods the embedded wallet answers (SPEC §5 "Allowed RPC methods"), the
 * types of their params and results, and which of them are "safe" (reads that are not
 * aborted when pending requests are rejected, SPEC §9). Shared by the app side
 * (`src/frame`) and the secure page (`secure/`).
 */

export type Hex = `0x${string}`

/** eth_* calls that only read the chain (or the wallet's own account / chain). */
export const EthReadMethods = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getProof',
  'eth_getLogs',
  'eth_getTransactionCount',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_syncing',
  'eth_protocolVersion',
] as const
export type EthReadMethod = (typeof EthReadMethods)[number]

/** The solana_* signing methods (WalletConnect's Solana RPC). */
export const SolanaSigningMethods = ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction'] as const
export type SolanaSigningMethod = (typeof SolanaSigningMethods)[number]

export const EthSigningMethods = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'] as const
export type EthSigningMethod = (typeof EthSigningMethods)[number]

export const WalletMethods = ['wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities', 'wallet_grantPermissions', 'wallet_revokePermissions', 'wallet_getAssets'] as const
export type WalletMethod = (typeof WalletMethods)[number]

/** SPEC §5 "Allowed RPC methods": everything else is rejected by the secure page. */
export const AllowedRpcMethods = [...EthReadMethods, ...EthSigningMethods, ...SolanaSigningMethods, ...WalletMethods] as const
export type AllowedRpcMethod = (typeof AllowedRpcMethods)[number]

/**
 * SPEC §9 "Safe RPC methods are not aborted when pending requests are rejected":
 * reads, which change nothing and ask the visitor nothing.
 */
export const SafeRpcMethods: readonly AllowedRpcMethod[] = [...EthReadMethods, 'wallet_getCallsStatus', 'wallet_getCapabilities', 'wallet_getAssets']

const allowed = new Set<string>(AllowedRpcMethods)
const safe = new Set<string>(SafeRpcMethods)
const signing = new Set<string>([...EthSigningMethods, ...SolanaSigningMethods, 'wallet_sendCalls'])

/** @example isAllowedRpcMethod('personal_sign') // true; isAllowedRpcMethod('eth_sign') // false */
export function isAllowedRpcMethod(method: unknown): method is AllowedRpcMethod {
  return typeof method === 'string' && allowed.has(method)
}

/** @example isSafeRpcMethod('eth_getBalance') // true; isSafeRpcMethod('personal_sign') // false */
export function isSafeRpcMethod(method: unknown): boolean {
  return typeof method === 'string' && safe.has(method)
}

/** Methods that sign or send with the visitor's key: the secure page asks the visitor first. */
export function isSigningRpcMethod(method: unknown): boolean {
  return typeof method === 'string' && signing.has(method)
}

/** A JSON value as it crosses postMessage after validation. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/** EIP-1474 block tag or number. */
export type BlockTag = Hex | 'latest' | 'earliest' | 'pending' | 'safe' | 'finalized'

export type RpcTransactionRequest = {
  from?: Hex
  to?: Hex | null
  value?: Hex
  data?: Hex
  input?: Hex
  gas?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  nonce?: Hex
  type?: Hex
  chainId?: Hex
  accessList?: { address: Hex; storageKeys: Hex[] }[]
}

/** EIP-5792 `wallet_sendCalls` parameters. */
export type SendCallsParameters = {
  version: string
  id?: string
  from?: Hex
  chainId: Hex
  atomicRequired?: boolean
  calls: { to: Hex; data?: Hex; value?: Hex }[]
  capabilities?: Record<string, JsonValue>
}

/** EIP-5792 `wallet_getCallsStatus` result. */
export type CallsStatus = {
  version: string
  id: string
  chainId: Hex
  /** 100 pending, 200 confirmed, 400 failed off chain, 500 reverted, 600 partially reverted. */
  status: number
  atomic: boolean
  receipts?: { logs: { address: Hex; data: Hex; topics: Hex[] }[]; status: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; transactionHash: Hex }[]
  capabilities?: Record<string, JsonValue>
}

/** ERC-7811 asset. */
export type WalletAsset = { address: Hex | 'native'; balance: Hex; type: 'native' | 'erc20' | 'erc721' | (string & {}); metadata?: Record<string, JsonValue> }

/**
 * Params and result of every allowed method, so `client.rpcRequest('personal_sign', …)`
 * is typed end to end. Reads not listed here answer a JSON value.
 */
export type RpcSchema = {
  eth_accounts: { params: []; result: Hex[] }
  eth_requestAccounts: { params: []; result: Hex[] }
  eth_chainId: { params: []; result: Hex }
  eth_blockNumber: { params: []; result: Hex }
  eth_gasPrice: { params: []; result: Hex }
  eth_maxPriorityFeePerGas: { params: []; result: Hex }
  eth_getBalance: { params: [address: Hex, block?: BlockTag]; result: Hex }
  eth_getTransactionCount: { params: [address: Hex, block?: BlockTag]; result: Hex }
  eth_getCode: { params: [address: Hex, block?: BlockTag]; result: Hex }
  eth_call: { params: [transaction: RpcTransactionRequest, block?: BlockTag]; result: Hex }
  eth_estimateGas: { params: [transaction: RpcTransactionRequest, block?: BlockTag]; result: Hex }
  personal_sign: { params: [message: Hex | string, address: Hex]; result: Hex }
  eth_signTypedData_v4: { params: [address: Hex, typedData: string | { [key: string]: JsonValue }]; result: Hex }
  eth_sendTransaction: { params: [transaction: RpcTransactionRequest]; result: Hex }
  solana_signMessage: { params: { message: string; pubkey: string }; result: { signature: string } }
  solana_signTransaction: { params: { transaction: string }; result: { signature: string; transaction: string } }
  solana_signAllTransactions: { params: { transactions: string[] }; result: { transactions: string[] } }
  solana_signAndSendTransaction: { params: { transaction: string; sendOptions?: { [key: string]: JsonValue } }; result: { signature: string } }
  wallet_sendCalls: { params: [SendCallsParameters]; result: { id: string; capabilities?: Record<string, JsonValue> } }
  wallet_getCallsStatus: { params: [id: string]; result: CallsStatus }
  wallet_getCapabilities: { params: [address: Hex, chainIds?: Hex[]]; result: Record<Hex, Record<string, JsonValue>> }
  wallet_grantPermissions: { params: [{ [key: string]: JsonValue }]; result: { [key: string]: JsonValue } }
  wallet_revokePermissions: { params: [{ [key: string]: JsonValue }]; result: null }
  wallet_getAssets: {
    params: [{ account: Hex; chainFilter?: Hex[]; assetTypeFilter?: string[]; assetFilter?: Record<Hex, { address: Hex | 'native'; type: string }[]> }]
    result: Record<Hex, WalletAsset[]>
  }
} & { [M in Exclude<EthReadMethod, KnownReads>]: { params: JsonValue[]; result: JsonValue } }

type KnownReads =
  | 'eth_accounts'
  | 'eth_requestAccounts'
  | 'eth_chainId'
  | 'eth_blockNumber'
  | 'eth_gasPrice'
  | 'eth_maxPriorityFeePerGas'
  | 'eth_getBalance'
  | 'eth_getTransactionCount'
  | 'eth_getCode'
  | 'eth_call'
  | 'eth_estimateGas'

export type RpcParams<M extends AllowedRpcMethod> = RpcSchema[M]['params']
export type RpcResult<M extends AllowedRpcMethod> = RpcSchema[M]['result']
