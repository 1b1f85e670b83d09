import type { BlockchainApiContext, CallOptions } from './context'
import { assertGasPriceNetwork } from './swapNetworks'
import type { GasPriceQuery, GasPriceResponse } from './types'

export type GetGasPriceParameters = CallOptions & GasPriceQuery
export type GetGasPriceReturnType = GasPriceResponse

/**
 * Gas prices for a swap (GET /v1/convert/gas-price).
 *
 * @throws NetworkNotSupportedForGasPriceError 'Network not supported for Gas Price'
 * when `chainId` is not a swap network; no request is made.
 *
 * @example
 * const { standard } = await api.getGasPrice({ chainId: 'eip155:1' })
 */
export async function getGasPrice(context: BlockchainApiContext, { chainId, ...call }: GetGasPriceParameters): Promise<GetGasPriceReturnType> {
  assertGasPriceNetwork(context, chainId)
  return context.http.get<GasPriceResponse>({ path: '/v1/convert/gas-price', params: { chainId }, ...call })
}
