import { segment, type BlockchainApiContext, type CallOptions } from './context'
import type { RecordSessionRequest, SmartSession } from './types'

export type RecordSessionParameters = CallOptions &
  RecordSessionRequest & {
    /** The account's CAIP-10 address. */
    id: string
  }
export type RecordSessionReturnType = SmartSession

/**
 * Records a smart session the account granted (POST /v1/sessions/{id}, the reference
 * server's addition to SPEC §7), proved by the account's signature of
 * `smartSessionGrantMessage`. Not retried: a repeat after a lost answer would be refused
 * as already recorded.
 *
 * @example
 * const pci = keccak256(context)
 * const signature = await wallet.signMessage({ message: smartSessionGrantMessage({ account, projectId, pci, expiry }) })
 * await api.recordSession({ id: account, context, expiry, permissions, signature })
 */
export function recordSession(
  context: BlockchainApiContext,
  { id, context: permissionsContext, expiry, permissions, signature, dapp, signal, timeoutMs }: RecordSessionParameters,
): Promise<RecordSessionReturnType> {
  const body: RecordSessionRequest = { context: permissionsContext, expiry, permissions, signature, ...(dapp ? { dapp } : {}) }
  return context.http.post<SmartSession>({ path: `/v1/sessions/${segment(id)}`, body, signal, timeoutMs, retry: false })
}
