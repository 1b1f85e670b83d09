import { createHttpClient } from '../http/createHttpClient'
import type { FetchLike, RetryOptions, Sleep } from '../http/types'
import {
  getUserOperationReceipt,
  type BundlerContext,
  type GetUserOperationReceiptParameters,
  type GetUserOperationReceiptReturnType,
} from './getUserOperationReceipt'

export type BundlerClientOptions = {
  /** The bundler endpoint itself: requests POST to this URL (no path is added). */
  baseUrl: string
  /** Sent as `projectId` on every call. */
  projectId: string
  clientId?: string | null | undefined
  fetch?: FetchLike | undefined
  sleep?: Sleep | undefined
  now?: (() => number) | undefined
  timeoutMs?: number | undefined
  retry?: RetryOptions | false | undefined
}

export type BundlerClient = {
  getUserOperationReceipt(parameters: GetUserOperationReceiptParameters): Promise<GetUserOperationReceiptReturnType>
}

export type CreateBundlerClientParameters = BundlerClientOptions
export type CreateBundlerClientReturnType = BundlerClient

/**
 * Creates the bundler client (SPEC §7 Bundler).
 *
 * @example
 * const bundler = createBundlerClient({ baseUrl: 'http://localhost:3000/bundler', projectId })
 * const receipt = await bundler.getUserOperationReceipt({ userOpHash, chainId: 8453, bundler: 'pimlico' })
 */
export function createBundlerClient(options: CreateBundlerClientParameters): CreateBundlerClientReturnType {
  const context: BundlerContext = {
    http: createHttpClient({
      baseUrl: options.baseUrl,
      clientId: options.clientId,
      params: { projectId: options.projectId },
      fetch: options.fetch,
      sleep: options.sleep,
      now: options.now,
      timeoutMs: options.timeoutMs,
      retry: options.retry,
    }),
  }
  return {
    getUserOperationReceipt: (parameters) => getUserOperationReceipt(context, parameters),
  }
}
