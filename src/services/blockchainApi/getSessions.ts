import { segment, type BlockchainApiContext, type CallOptions } from './context'
import type { SessionsResponse } from './types'

export type GetSessionsParameters = CallOptions & {
  /** The account's CAIP-10 address. */
  id: string
  /** The `next` of the previous page; the first page without it. */
  cursor?: string | undefined
  /** Sessions per page (the server's default 50, at most 100). */
  limit?: number | undefined
}
export type GetSessionsReturnType = SessionsResponse

/**
 * One page of the smart sessions (permissions) an account has granted, newest first
 * (GET /v1/sessions/{id}); `next`, when present, asks for the following page.
 *
 * @example
 * const { pcis, next } = await api.getSessions({ id: 'eip155:1:0xd8dA…' })
 * const more = next ? await api.getSessions({ id: 'eip155:1:0xd8dA…', cursor: next }) : undefined
 */
export function getSessions(context: BlockchainApiContext, { id, cursor, limit, ...call }: GetSessionsParameters): Promise<GetSessionsReturnType> {
  return context.http.get<SessionsResponse>({ path: `/v1/sessions/${segment(id)}`, params: { cursor, limit }, ...call })
}
