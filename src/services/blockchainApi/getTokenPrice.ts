import type { BlockchainApiContext, CallOptions } from './context'
import type { FungiblePriceRequest, FungiblePriceResponse } from './types'

export type GetTokenPriceParameters = CallOptions &
  Omit<FungiblePriceRequest, 'currency'> & {
    /** Default `usd`. */
    currency?: string | undefined
  }
export type GetTokenPriceReturnType = FungiblePriceResponse

/**
 * Fiat prices of tokens (POST /v1/fungible/price).
 *
 * @example
 * const { fungibles } = await api.getTokenPrice({ addresses: ['eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'] })
 */
export function getTokenPrice(context: BlockchainApiContext, { currency = 'usd', addresses, signal, timeoutMs }: GetTokenPriceParameters): Promise<GetTokenPriceReturnType> {
  const body: FungiblePriceRequest = { currency, addresses }
  return context.http.post<FungiblePriceResponse>({ path: '/v1/fungible/price', body, signal, timeoutMs })
}
