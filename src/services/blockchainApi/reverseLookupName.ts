import { Time } from '../../config/constants'
import { cacheKey, segment, type BlockchainApiContext, type CallOptions } from './context'
import { withNameError } from './nameErrors'
import type { ReverseNameResponse } from './types'

export type ReverseLookupNameParameters = CallOptions & {
  address: string
}
export type ReverseLookupNameReturnType = ReverseNameResponse

/**
 * The names that point at an address (GET /v1/profile/reverse/{address}), cached 5
 * minutes.
 *
 * @throws ServiceError 'Error resolving name' when the lookup fails (HTTP error as `cause`).
 *
 * @example
 * const [primary] = await api.reverseLookupName({ address })
 * const label = primary?.name ?? shortAddress
 */
export function reverseLookupName(context: BlockchainApiContext, { address, ...call }: ReverseLookupNameParameters): Promise<ReverseLookupNameReturnType> {
  const path = `/v1/profile/reverse/${segment(address)}`
  return withNameError('errorResolvingName', call.signal, () => context.cache.getOrLoad(cacheKey(path), Time.identityCacheMs, () => context.http.get<ReverseNameResponse>({ path, ...call })))
}
