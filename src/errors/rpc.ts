import { PorticoError, type PorticoErrorParameters } from './base'
import type { ErrorMessageRef } from './record'
import { RpcCodes, isRpcCode, userRejectionCodes, type RpcCode, type RpcCodeName } from './rpcCodes'

/** A JSON-RPC or wallet (EIP-1193) error, carrying its numeric code and name. */
export class RpcError extends PorticoError {
  override name = 'RpcError'
  declare readonly code: RpcCode | 'rpc/unknown'
  /** The number the wallet or node answered with, listed in `RpcCodes` or not. */
  declare readonly remoteCode: number
  readonly rpcName: RpcCodeName | 'UnknownRpcError'
  /** Data the wallet attached to the error, kept as-is. */
  readonly data: unknown

  constructor(code: number, parameters: PorticoErrorParameters & { message?: string | ErrorMessageRef | undefined; data?: unknown } = {}) {
    const known = isRpcCode(code) ? RpcCodes[code] : undefined
    // A wallet's refusal has its own key, so the modal can say it in the visitor's
    // language; the other codes' sentences are for developers and pass through as text.
    const text = parameters.message ?? (userRejectionCodes.includes(code) ? { key: 'userRejectedRequest' as const } : (known?.message ?? { key: 'unknownRpcError' as const }))
    super(text, { ...parameters, code: isRpcCode(code) ? code : 'rpc/unknown', remoteCode: code })
    this.rpcName = known?.name ?? 'UnknownRpcError'
    this.data = parameters.data
  }

  get isUserRejection(): boolean {
    return userRejectionCodes.includes(this.remoteCode)
  }
}

/**
 * Turns whatever a wallet threw (an EIP-1193 `{ code, message, data }` object, a viem
 * error, a string) into an `RpcError` when it carries a code, else a plain
 * `PorticoError`, keeping the original as `cause`.
 */
export function toRpcError(error: unknown): PorticoError {
  if (error instanceof PorticoError) return error
  const candidate = findCode(error)
  if (candidate !== undefined) {
    const message = messageOf(error)
    return new RpcError(candidate, {
      cause: error,
      data: (error as { data?: unknown }).data,
      details: message,
    })
  }
  return new PorticoError(messageOf(error) ?? { key: 'unknownError' }, { cause: error })
}

function findCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error
  if (error && typeof error === 'object') {
    const short = (error as { shortMessage?: unknown }).shortMessage
    if (typeof short === 'string') return short
    const message = (error as { message?: unknown }).message
    if (typeof message === 'string') return message
  }
  return undefined
}
