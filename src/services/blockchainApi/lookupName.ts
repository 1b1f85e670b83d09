import { Time } from '../../config/constants'
import { cacheKey, segment, type BlockchainApiContext, type CallOptions } from './context'
import { withNameError } from './nameErrors'
import type { NameProfile } from './types'

export type LookupNameParameters = CallOptions & {
  /** Full name, e.g. `alice.portico.id`. */
  name: string
}
export type LookupNameReturnType = NameProfile

/**
 * A registered name and its addresses (GET /v1/profile/account/{name}), cached 5 minutes.
 *
 * @throws ServiceError 'Error resolving name' when the lookup fails; the HTTP error is
 * its `cause` (a 404 there means the name is not registered).
 *
 * @example
 * const profile = await api.lookupName({ name: 'alice.portico.id' })
 * const ethAddress = profile.addresses['60']?.address
 */
export function lookupName(context: BlockchainApiContext, { name, ...call }: LookupNameParameters): Promise<LookupNameReturnType> {
  const path = `/v1/profile/account/${segment(name)}`
  return withNameError('errorResolvingName', call.signal, () => context.cache.getOrLoad(cacheKey(path), Time.identityCacheMs, () => context.http.get<NameProfile>({ path, ...call })))
}
