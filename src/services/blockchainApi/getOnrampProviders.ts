import type { BlockchainApiContext, CallOptions } from './context'
import type { OnrampProvidersResponse } from './types'

export type GetOnrampProvidersParameters = CallOptions
export type GetOnrampProvidersReturnType = OnrampProvidersResponse

/**
 * The onramp providers with their fee ranges and payment methods
 * (GET /v1/onramp/providers). Not in SPEC §7: the reference server's addition; a hosted
 * API without it answers 404 and the onramp saga falls back to one provider chosen by
 * the URL generator, with SPEC §9's fee range.
 *
 * @example
 * const { providers } = await api.getOnrampProviders()
 * providers[0] // { name: 'test', label: 'Portico Test Provider', feeRange: { min: 0.01, max: 0.01 }, paymentMethods: ['card', 'bank'] }
 */
export function getOnrampProviders(context: BlockchainApiContext, parameters: GetOnrampProvidersParameters = {}): Promise<GetOnrampProvidersReturnType> {
  return context.http.get<OnrampProvidersResponse>({ path: '/v1/onramp/providers', ...parameters })
}
