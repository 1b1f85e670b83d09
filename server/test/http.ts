/**
 * Route tests run the server on a real socket (port 0) and call it with fetch,
 * as a dapp would: CORS headers, body limits and parsers are the real ones.
 * (Fastify's inject() cannot load under Jest here: light-my-request needs the
 * ESM-only `cookie` package.)
 */
import { type FastifyInstance } from 'fastify'

export interface HttpResult {
  status: number
  headers: Headers
  /** Parsed JSON for JSON answers, text otherwise ('' when there is no body). */
  body: unknown
  text: string
}

/** Listens on a free port of 127.0.0.1 and returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' })
}

/**
 * @example
 * const { status, body } = await http(baseUrl, '/getWallets?projectId=shop')
 */
export async function http(baseUrl: string, path: string, init: RequestInit = {}): Promise<HttpResult> {
  const response = await fetch(`${baseUrl}${path}`, init)
  const text = await response.text()
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false
  return { status: response.status, headers: response.headers, body: isJson && text !== '' ? (JSON.parse(text) as unknown) : text, text }
}
