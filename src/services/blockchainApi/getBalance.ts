import { Time } from '../../config/constants'
import { cacheKey, segment, type BlockchainApiContext, type CallOptions } from './context'
import type { BalanceQuery, BalanceResponse } from './types'

export type GetBalanceParameters = CallOptions &
  BalanceQuery & {
    address: string
  }
export type GetBalanceReturnType = BalanceResponse

/**
 * Token balances of an address (GET /v1/account/{address}/balance), cached 30 s per
 * address, network and currency (SPEC §9 balance and portfolio cache). `forceUpdate`
 * skips the cache (here and on the server) and stores the fresh answer.
 *
 * @example
 * const { balances } = await api.getBalance({ address, chainId: 'eip155:1' })
 * // after a send, show the new balance at once:
 * await api.getBalance({ address, chainId: 'eip155:1', forceUpdate: true })
 */
export function getBalance(context: BlockchainApiContext, { address, currency = 'usd', chainId, forceUpdate, ...call }: GetBalanceParameters): Promise<GetBalanceReturnType> {
  const path = `/v1/account/${segment(address)}/balance`
  const params = { currency, chainId }
  return context.cache.getOrLoad(
    cacheKey(path, params),
    Time.balanceCacheMs,
    () => context.http.get<BalanceResponse>({ path, params: { ...params, forceUpdate: forceUpdate || undefined }, ...call }),
    { force: forceUpdate },
  )
}
