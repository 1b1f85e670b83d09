import { englishText, type ErrorMessageRef, type MessageParams } from './record'
import type { ErrorMessageKey } from './messages'
import { libraryMessage } from './libraryText'
import type { PorticoErrorCode } from './codes'

export type PorticoErrorParameters = {
  /** Longer explanation, appended to the message on its own line. */
  details?: string | undefined
  /** Machine-readable code: a JSON-RPC / wallet code of `RpcCodes` or a Portico string code. */
  code?: PorticoErrorCode | undefined
  /** The code as a wallet, a server or an HTTP service gave it, when Portico's `code` is not that code. */
  remoteCode?: number | string | undefined
  cause?: unknown
  /** Extra lines shown under the short message (hints, offending values). */
  metaMessages?: readonly string[] | undefined
}

export type PorticoErrorType = PorticoError & { name: 'PorticoError' }

/**
 * The one base class of every error Portico raises. `shortMessage` is the sentence a
 * visitor may see (SPEC §8 wording); `message` adds details and meta lines for the
 * developer; `walk()` searches the cause chain, so callers can find, say, the wallet's
 * own RPC error under a Portico wrapper. Made from a key of the errors table
 * (`{ key, params }`), it also carries that key and those params, which the store keeps
 * instead of English (`toRecord`); made from text, the key is `untranslated`, except for
 * a library's own sentence that Portico says in its own words (`libraryText.ts`).
 *
 * @example
 * try { await portico.switchNetwork('eip155:10') }
 * catch (e) { if (e instanceof PorticoError) toast(e.shortMessage) }
 * new PorticoError({ key: 'tryAgainAfter', params: { seconds: 30 } }).shortMessage // 'Please try again after 30 seconds'
 */
export class PorticoError extends Error {
  override name = 'PorticoError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly code: PorticoErrorCode | undefined
  /**
   * The code as the other side gave it (a wallet's number, a server's string, an HTTP
   * status), when it is not one of Portico's codes or says more than it; else undefined.
   */
  readonly remoteCode: number | string | undefined
  readonly metaMessages: readonly string[] | undefined
  /** The errors-table key of `shortMessage`, which the UI translates. */
  readonly messageKey: ErrorMessageKey
  /** The values of the key's placeholders. */
  readonly messageParams: MessageParams

  constructor(message: string | ErrorMessageRef, parameters: PorticoErrorParameters = {}) {
    // A library's own sentence (viem's "HTTP request failed.", WalletConnect's "Failed to
    // publish payload…") is said in Portico's words, by key; the original stays in details.
    const known = typeof message === 'string' ? libraryMessage(message) : undefined
    const ref: { key: ErrorMessageKey; params: MessageParams } =
      typeof message !== 'string' ? { key: message.key, params: message.params ?? {} } : known ? known : { key: 'untranslated', params: { message } }
    const shortMessage = typeof message === 'string' && !known ? message : englishText({ key: `errors.${ref.key}`, params: ref.params })
    const details =
      parameters.details ??
      (known ? (message as string) : undefined) ??
      (parameters.cause instanceof PorticoError ? parameters.cause.details : parameters.cause instanceof Error ? parameters.cause.message : undefined)
    const lines = [shortMessage]
    if (parameters.metaMessages?.length) lines.push('', ...parameters.metaMessages)
    if (details && details !== shortMessage) lines.push('', `Details: ${details}`)
    super(lines.join('\n'), parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = details
    this.code = parameters.code
    this.remoteCode = parameters.remoteCode
    this.metaMessages = parameters.metaMessages
    this.messageKey = ref.key
    this.messageParams = ref.params
  }

  /**
   * Walks the cause chain and returns the first error for which `predicate` holds,
   * or the innermost error when no predicate is given.
   */
  walk(predicate?: (error: unknown) => boolean): unknown {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk starts at this error
    let current: unknown = this
    const seen = new Set<unknown>()
    while (current && !seen.has(current)) {
      seen.add(current)
      if (predicate?.(current)) return current
      const next: unknown = (current as { cause?: unknown }).cause
      if (next === undefined || next === null) return predicate ? null : current
      current = next
    }
    return predicate ? null : current
  }
}
