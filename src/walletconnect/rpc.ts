import { Time } from '../config/constants'
import { PorticoError, RpcError } from '../errors'
import { ProviderRpcCode } from '../errors/rpcCodes'

let nextId = 1

/**
 * One JSON-RPC call over HTTP (a chain's RPC, a bundler). A JSON-RPC error becomes an
 * `RpcError` with the node's code and message; a non-2xx answer without one becomes an
 * internal error (-32603). A node that does not answer within the SPEC's 10 s RPC timeout
 * fails with "The network did not answer. Try again." (code 'network/rpc-timeout').
 *
 * @example
 * await jsonRpcOverHttp('http://127.0.0.1:8545', 'eth_blockNumber', [], fetch) // '0x1b4'
 */
export async function jsonRpcOverHttp<T>(url: string, method: string, params: unknown, fetchImpl: typeof fetch): Promise<T> {
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), Time.rpcTimeoutMs)
  let response: Response
  let body: { result?: T; error?: { code: number; message: string; data?: unknown } } | undefined
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
      signal: abort.signal,
    })
    body = (await response.json().catch((error: unknown) => (abort.signal.aborted ? Promise.reject(error) : undefined))) as typeof body
  } catch (error) {
    if (abort.signal.aborted) throw new PorticoError({ key: 'networkDidNotAnswer' }, { code: 'network/rpc-timeout', details: `${method} at ${url}`, cause: error })
    throw error
  } finally {
    clearTimeout(timer)
  }
  if (body?.error) throw new RpcError(body.error.code, { message: body.error.message, data: body.error.data })
  if (!response.ok || !body || !('result' in body)) throw new RpcError(ProviderRpcCode.InternalError, { details: `${method} answered HTTP ${response.status}` })
  return body.result as T
}
