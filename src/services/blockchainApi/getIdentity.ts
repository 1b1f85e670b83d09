import { Time } from '../../config/constants'
import { cacheKey, segment, type BlockchainApiContext, type CallOptions } from './context'
import type { IdentityResponse } from './types'

export type GetIdentityParameters = CallOptions & {
  /** The address whose name and avatar to read. */
  address: string
}
export type GetIdentityReturnType = IdentityResponse

/**
 * Name and avatar of an address (GET /v1/identity/{address}), cached 5 minutes
 * (SPEC §9 ENS and identity cache).
 *
 * @example
 * const { name, avatar } = await api.getIdentity({ address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' })
 */
export function getIdentity(context: BlockchainApiContext, { address, ...call }: GetIdentityParameters): Promise<GetIdentityReturnType> {
  const path = `/v1/identity/${segment(address)}`
  return context.cache.getOrLoad(cacheKey(path), Time.identityCacheMs, () => context.http.get<IdentityResponse>({ path, ...call }))
}
