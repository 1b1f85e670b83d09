import type { BlockchainApiContext, CallOptions } from './context'
import type { OnrampUrlRequest, OnrampUrlResponse } from './types'

export type GenerateOnrampUrlParameters = CallOptions & OnrampUrlRequest
export type GenerateOnrampUrlReturnType = OnrampUrlResponse

/**
 * A provider checkout URL for buying crypto into the given wallets
 * (POST /v1/generators/onrampurl).
 *
 * @example
 * const { url } = await api.generateOnrampUrl({
 *   destinationWallets: [{ address, blockchains: ['ethereum'] }],
 *   partnerUserId: address,
 *   presetFiatAmount: 50,
 * })
 * window.open(url)
 */
export function generateOnrampUrl(context: BlockchainApiContext, { signal, timeoutMs, ...request }: GenerateOnrampUrlParameters): Promise<GenerateOnrampUrlReturnType> {
  const body: OnrampUrlRequest = request
  return context.http.post<OnrampUrlResponse>({ path: '/v1/generators/onrampurl', body, signal, timeoutMs })
}
