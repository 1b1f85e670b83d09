import type { Hex } from 'viem'
import type { RpcUserOperationReceipt } from 'viem/account-abstraction'
import { HttpStatusError, RpcError, ServiceError } from '../../errors'
import type { HttpClient } from '../http/createHttpClient'

/** The JSON-RPC request the bundler endpoint receives. */
export type UserOperationReceiptRequest = {
  jsonrpc: '2.0'
  id: number
  method: 'eth_getUserOperationReceipt'
  params: [userOpHash: Hex]
}

/** The bundler's JSON-RPC answer; `result` is null while the operation is not yet mined. */
export type UserOperationReceiptResponse =
  | { jsonrpc: '2.0'; id: number; result: RpcUserOperationReceipt | null; error?: undefined }
  | { jsonrpc: '2.0'; id: number; result?: undefined; error: { code: number; message: string; data?: unknown } }

export type BundlerContext = {
  /** Carries `projectId` on every call. */
  http: HttpClient
}

export type GetUserOperationReceiptParameters = {
  userOpHash: Hex
  /** Chain id of the operation, e.g. `8453` or `eip155:8453`, as the bundler expects it. */
  chainId: number | string
  /** Bundler name, e.g. `pimlico`. */
  bundler: string
  signal?: AbortSignal | undefined
  timeoutMs?: number | undefined
}
export type GetUserOperationReceiptReturnType = RpcUserOperationReceipt | null

/**
 * Reads a user operation's receipt from the bundler: POST with the JSON-RPC
 * `eth_getUserOperationReceipt` request as body, query `projectId`, `chainId` and
 * `bundler`. Null while the operation is pending; poll again later.
 *
 * @throws ServiceError 'Failed to fetch user operation receipt - {status}' on a
 * non-OK status (after the usual retries; the HTTP error is its `cause`).
 * @throws RpcError when the bundler answers with a JSON-RPC error.
 *
 * @example
 * const receipt = await bundler.getUserOperationReceipt({ userOpHash, chainId: 8453, bundler: 'pimlico' })
 * if (receipt?.success) showDone(receipt.receipt.transactionHash)
 */
export async function getUserOperationReceipt(
  context: BundlerContext,
  { userOpHash, chainId, bundler, signal, timeoutMs }: GetUserOperationReceiptParameters,
): Promise<GetUserOperationReceiptReturnType> {
  const body: UserOperationReceiptRequest = { jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [userOpHash] }
  let response: UserOperationReceiptResponse
  try {
    response = await context.http.post<UserOperationReceiptResponse>({ path: '', params: { chainId, bundler }, body, signal, timeoutMs })
  } catch (error) {
    if (error instanceof HttpStatusError) {
      throw new ServiceError({ key: 'userOperationReceipt', params: { status: error.status } }, { code: 'bundler/receipt', cause: error })
    }
    throw error
  }
  if (response?.error) throw new RpcError(response.error.code, { message: response.error.message, data: response.error.data })
  return response?.result ?? null
}
