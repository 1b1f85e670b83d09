import { segment, type BlockchainApiContext, type CallOptions } from './context'
import type { RevokeSessionRequest, RevokeSessionResponse } from './types'

export type RevokeSessionParameters = CallOptions &
  RevokeSessionRequest & {
    /** The account's CAIP-10 address. */
    id: string
  }
export type RevokeSessionReturnType = RevokeSessionResponse

/**
 * Revokes one smart session, proved by the account's signature over its `pci`
 * (POST /v1/sessions/{id}/revoke).
 *
 * @example
 * const signature = await wallet.signMessage({ message: pci })
 * await api.revokeSession({ id: caipAddress, pci, signature })
 */
export function revokeSession(context: BlockchainApiContext, { id, pci, signature, signal, timeoutMs }: RevokeSessionParameters): Promise<RevokeSessionReturnType> {
  const body: RevokeSessionRequest = { pci, signature }
  return context.http.post<RevokeSessionResponse>({ path: `/v1/sessions/${segment(id)}/revoke`, body, signal, timeoutMs })
}
