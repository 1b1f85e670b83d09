import type { BlockchainApiContext, CallOptions } from './context'
import type { SupportedChainsResponse } from './types'

export type GetSupportedChainsParameters = CallOptions
export type GetSupportedChainsReturnType = SupportedChainsResponse

/**
 * The networks the Blockchain API serves (GET v1/supported-chains).
 *
 * @example
 * const { http } = await api.getSupportedChains()
 * const hasRpc = http.includes('eip155:10')
 */
export function getSupportedChains(context: BlockchainApiContext, parameters: GetSupportedChainsParameters = {}): Promise<GetSupportedChainsReturnType> {
  return context.http.get<SupportedChainsResponse>({ path: 'v1/supported-chains', ...parameters })
}
