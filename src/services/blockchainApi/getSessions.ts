import { segment, type BlockchainApiContext, type CallOptions } from './context'
import type { SessionsResponse } from './types'

export type GetSessionsParameters = CallOptions & {
  /** The account's CAIP-10 address. */
  id: string
}
export type GetSessionsReturnType = SessionsResponse

/**
 * The smart sessions (permissions) an account has granted (GET /v1/sessions/{id}).
 *
 * @example
 * const { pcis } = await api.getSessions({ id: 'eip155:1:0xd8dA…' })
 * const active = pcis.filter((s) => !s.revokedAt && s.expiry * 1000 > Date.now())
 */
export function getSessions(context: BlockchainApiContext, { id, ...call }: GetSessionsParameters): Promise<GetSessionsReturnType> {
  return context.http.get<SessionsResponse>({ path: `/v1/sessions/${segment(id)}`, ...call })
}
