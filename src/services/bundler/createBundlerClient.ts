import { createServiceHttpClient, type ServiceClientOptions } from '../http/createServiceHttpClient'
import { getUserOperationReceipt, type BundlerContext, type GetUserOperationReceiptParameters, type GetUserOperationReceiptReturnType } from './getUserOperationReceipt'

/**
 * `baseUrl` is the bundler endpoint itself: requests POST to this URL (no path is
 * added). The bundler is not told the SDK type and version.
 */
export type BundlerClientOptions = ServiceClientOptions

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
    http: createServiceHttpClient(options),
  }
  return {
    getUserOperationReceipt: (parameters) => getUserOperationReceipt(context, parameters),
  }
}
