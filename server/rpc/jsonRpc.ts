/**
 * JSON-RPC 2.0 messages as the wallet RPC service reads and answers them, and the
 * forwarding of checked calls to a chain's node. The node sees its own ids (0…n-1), so
 * a client's ids (any JSON value it likes, even repeated) can never collide or be
 * mismatched; each answer goes back under the id the client sent.
 */

export type JsonRpcId = string | number | null

export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

export type JsonRpcAnswer = { jsonrpc: '2.0'; id: JsonRpcId; result: unknown } | { jsonrpc: '2.0'; id: JsonRpcId; error: JsonRpcErrorObject }

/** A call the service will forward. */
export interface JsonRpcCall {
  method: string
  params?: unknown
}

/** SPEC §8 JSON-RPC codes the service answers with. */
export const RpcCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  resourceUnavailable: -32002,
  limitExceeded: -32005,
} as const

/** @example errorAnswer(1, RpcCode.methodNotFound, "Method 'x' is not available") */
export function errorAnswer(id: JsonRpcId, code: number, message: string): JsonRpcAnswer {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

/** The node could not be asked, or did not answer in time, or answered something that is not JSON-RPC. */
export class UpstreamError extends Error {
  override name = 'UpstreamError'
  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'invalid-answer',
    message: string,
  ) {
    super(message)
  }
}

export interface ForwardOptions {
  timeoutMs: number
  fetch?: typeof fetch
}

/**
 * Sends `calls` to the node in one HTTP request (a batch when there are several) and
 * returns one answer per call, in the same order: a result, the node's error, or an
 * internal error for a call the node left unanswered. Throws {@link UpstreamError}
 * when the request as a whole fails.
 *
 * @example
 * const [answer] = await forwardCalls('http://127.0.0.1:8545', [{ method: 'eth_blockNumber' }], { timeoutMs: 10_000 })
 */
export async function forwardCalls(rpcUrl: string, calls: readonly JsonRpcCall[], options: ForwardOptions): Promise<Array<{ result: unknown } | { error: JsonRpcErrorObject }>> {
  const messages = calls.map((call, index) => ({ jsonrpc: '2.0', id: index, method: call.method, ...(call.params === undefined ? {} : { params: call.params }) }))
  let response: Response
  try {
    response = await (options.fetch ?? fetch)(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(messages.length === 1 ? messages[0] : messages),
      signal: AbortSignal.timeout(options.timeoutMs),
    })
  } catch (error) {
    throw asUpstreamError(error, options.timeoutMs)
  }
  let body: unknown
  try {
    body = await response.json()
  } catch (error) {
    if (isTimeout(error)) throw asUpstreamError(error, options.timeoutMs)
    throw new UpstreamError('invalid-answer', `the node answered HTTP ${response.status} without JSON`)
  }
  const answers = Array.isArray(body) ? body : [body]
  const byId = new Map<number, { result: unknown } | { error: JsonRpcErrorObject }>()
  for (const answer of answers) {
    if (typeof answer !== 'object' || answer === null || typeof (answer as { id?: unknown }).id !== 'number') continue
    const { id, error, result } = answer as { id: number; error?: unknown; result?: unknown }
    if (isErrorObject(error)) byId.set(id, { error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } })
    else if ('result' in (answer as object)) byId.set(id, { result })
  }
  if (byId.size === 0 && !response.ok) throw new UpstreamError('invalid-answer', `the node answered HTTP ${response.status}`)
  return calls.map((_, index) => byId.get(index) ?? { error: { code: RpcCode.internalError, message: 'The node left this call unanswered' } })
}

function isErrorObject(value: unknown): value is JsonRpcErrorObject {
  return typeof value === 'object' && value !== null && typeof (value as JsonRpcErrorObject).code === 'number' && typeof (value as JsonRpcErrorObject).message === 'string'
}

/** By name: fetch rejects with a DOMException, which is not an Error of every realm (jest's). */
function isTimeout(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined
  return name === 'TimeoutError' || name === 'AbortError'
}

function asUpstreamError(error: unknown, timeoutMs: number): UpstreamError {
  if (isTimeout(error)) return new UpstreamError('timeout', `the node did not answer within ${timeoutMs / 1000} s`)
  return new UpstreamError('unreachable', `the node could not be reached (${error instanceof Error ? error.message : String(error)})`)
}
