import { RpcError } from '../errors'

let nextId = 1

/**
 * One JSON-RPC call over HTTP (a chain's RPC, a bundler). A JSON-RPC error becomes an
 * `RpcError` with the node's code and message; a non-2xx answer without one becomes an
 * internal error (-32603).
 *
 * @example
 * await jsonRpcOverHttp('http://127.0.0.1:8545', 'eth_blockNumber', [], fetch) // '0x1b4'
 */
export async function jsonRpcOverHttp<T>(url: string, method: string, params: unknown, fetchImpl: typeof fetch): Promise<T> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
  })
  const body = (await response.json().catch(() => undefined)) as { result?: T; error?: { code: number; message: string; data?: unknown } } | undefined
  if (body?.error) throw new RpcError(body.error.code, { message: body.error.message, data: body.error.data })
  if (!response.ok || !body || !('result' in body)) throw new RpcError(-32603, { details: `${method} answered HTTP ${response.status}` })
  return body.result as T
}
