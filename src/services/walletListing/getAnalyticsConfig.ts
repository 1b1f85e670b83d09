import type { CallOptions, WalletListingContext } from './context'
import type { AnalyticsConfigResponse } from './types'

export type GetAnalyticsConfigParameters = CallOptions
export type GetAnalyticsConfigReturnType = AnalyticsConfigResponse

/**
 * Whether the project allows analytics (GET /getAnalyticsConfig → `isAnalyticsEnabled`).
 *
 * @example
 * const { isAnalyticsEnabled } = await listing.getAnalyticsConfig()
 */
export function getAnalyticsConfig(context: WalletListingContext, parameters: GetAnalyticsConfigParameters = {}): Promise<GetAnalyticsConfigReturnType> {
  return context.http.get<AnalyticsConfigResponse>({ path: '/getAnalyticsConfig', ...parameters })
}
