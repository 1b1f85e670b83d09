import type { CallOptions, WalletListingContext } from './context'
import type { AllowedOriginsResponse } from './types'

export type GetAllowedOriginsParameters = CallOptions
export type GetAllowedOriginsReturnType = string[]

/**
 * The origins the project may run on (GET /projects/v1/origins → `allowedOrigins`).
 * Used to raise 'Invalid App Configuration' when the page's origin is not listed.
 *
 * @example
 * const origins = await listing.getAllowedOrigins()
 */
export async function getAllowedOrigins(context: WalletListingContext, parameters: GetAllowedOriginsParameters = {}): Promise<GetAllowedOriginsReturnType> {
  const { allowedOrigins } = await context.http.get<AllowedOriginsResponse>({ path: '/projects/v1/origins', ...parameters })
  return allowedOrigins
}
