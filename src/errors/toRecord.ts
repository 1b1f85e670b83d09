import type { PorticoError } from './base'
import { toRpcError } from './rpc'
import { englishText, type ErrorMessageRef, type ErrorRecord, type NestedMessageRecord } from './record'

export type { ErrorRecord }

/**
 * The one place an error becomes what the store holds: a plain, serialisable record
 * `{ code, key, params }` (see `record.ts`). A `PorticoError` gives its own code and
 * message key; anything else a wallet or a library threw is first read by `toRpcError`,
 * so a wallet's `{ code: 4001, message }` keeps its 4001. An embedded-wallet error
 * reports the wallet's or server's code (`remoteCode`, e.g. 4001 or 'EMAIL_COOLDOWN')
 * rather than the frame's transport code, since that is what the dapp acts on.
 *
 * `as` names the sentence when a flow shows its own SPEC sentence for any failure
 * ('Error registering name') yet the dapp should still see the cause's code.
 *
 * @example
 * toRecord({ code: 4001, message: 'User rejected the request.' })
 * // { code: 4001, key: 'errors.userRejectedRequest', params: {} }
 * toRecord(httpError404, { key: 'errorRegisteringName' })
 * // { code: 404, key: 'errors.errorRegisteringName', params: {} }
 */
export function toRecord(error: unknown, as?: ErrorMessageRef): ErrorRecord {
  const portico = toRpcError(error)
  const remote = portico.remoteCode
  // A wrapper without a code of its own (say, a wallet error around the wallet's 4001)
  // reports the first code under it.
  const code = isCode(remote) ? remote : (portico.code ?? codeUnder(portico))
  if (as) return { code, key: `errors.${as.key}`, params: as.params ?? {} }
  return { code, key: `errors.${portico.messageKey}`, params: portico.messageParams }
}

/**
 * An error as the reason inside another record's params (`{reason}`): its code and key,
 * translated on its own. A record in its own params (a third level, which Portico never
 * makes) is given as its English sentence, since params nest one level deep.
 *
 * @example
 * toRecord(error, { key: 'accountDidNotConnect', params: { namespace, reason: toReason(error) } })
 */
export function toReason(error: unknown): NestedMessageRecord {
  const { code, key, params } = toRecord(error)
  const flat: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(params)) flat[name] = typeof value === 'object' ? englishText(value) : value
  return { code, key, params: flat }
}

const isCode = (value: unknown): value is number | string => typeof value === 'number' || typeof value === 'string'

/** The first code under `error`, as the other side gave it (`remoteCode`) when known. */
function codeUnder(error: Error): number | string | null {
  const codeOf = (e: unknown): number | string | undefined => {
    const { code, remoteCode } = (e ?? {}) as { code?: unknown; remoteCode?: unknown }
    return isCode(remoteCode) ? remoteCode : isCode(code) ? code : undefined
  }
  const found = (error as PorticoError).walk((e) => e !== error && codeOf(e) !== undefined)
  return codeOf(found) ?? null
}
