import type { BlockchainApiContext, CallOptions } from './context'
import type { OnrampOptionsResponse } from './types'

export type GetOnrampOptionsParameters = CallOptions
export type GetOnrampOptionsReturnType = OnrampOptionsResponse

/**
 * Fiat and crypto currencies the onramp offers, with payment-method limits
 * (GET /v1/onramp/options). When it fails, the UI falls back to SPEC §9's limits.
 *
 * @example
 * const { paymentCurrencies, purchaseCurrencies } = await api.getOnrampOptions()
 */
export function getOnrampOptions(context: BlockchainApiContext, parameters: GetOnrampOptionsParameters = {}): Promise<GetOnrampOptionsReturnType> {
  return context.http.get<OnrampOptionsResponse>({ path: '/v1/onramp/options', ...parameters })
}
