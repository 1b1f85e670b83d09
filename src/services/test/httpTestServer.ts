/**
 * A real HTTP server on 127.0.0.1, port 0, for the service tests (DESIGN.md: services
 * are tested against a real local server, not fetch mocks). Test-only: nothing in the
 * library imports this file.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RecordedRequest = {
  method: string
  /** The path without the query string. */
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: string
  /** The body parsed as JSON; undefined when empty or not JSON. */
  json: unknown
}

export type TestHandler = (request: RecordedRequest, response: ServerResponse, context: { /** 1 for the first request the server saw. */ count: number; raw: IncomingMessage }) => void | Promise<void>

export type HttpTestServer = {
  /** `http://127.0.0.1:{port}` */
  url: string
  /** Every request received, in order. */
  requests: RecordedRequest[]
  /** Replaces the handler (the default answers 404). */
  handle(handler: TestHandler): void
  /** Resolves when the server has received `count` requests in all. */
  waitForRequests(count: number): Promise<void>
  /** Closes the server and drops open connections (including deliberately hung ones). */
  close(): Promise<void>
}

/**
 * @example
 * const server = await startHttpTestServer((req, res) => sendJson(res, 200, { ok: true }))
 * await fetch(`${server.url}/x`)
 * expect(server.requests[0]!.path).toBe('/x')
 * await server.close()
 */
export async function startHttpTestServer(handler?: TestHandler): Promise<HttpTestServer> {
  let current: TestHandler = handler ?? ((_request, response) => sendJson(response, 404, { error: 'not found' }))
  const requests: RecordedRequest[] = []
  const waiters: { count: number; resolve: () => void }[] = []

  const server = createServer((raw, response) => {
    const chunks: Buffer[] = []
    raw.on('data', (chunk: Buffer) => chunks.push(chunk))
    raw.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const url = new URL(raw.url ?? '/', 'http://127.0.0.1')
      const request: RecordedRequest = {
        method: raw.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: raw.headers,
        body,
        json: parseJson(body),
      }
      requests.push(request)
      for (const waiter of waiters.filter((w) => w.count <= requests.length)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
      Promise.resolve(current(request, response, { count: requests.length, raw })).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { error: String(error) })
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next
    },
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve()
      return new Promise((resolve) => waiters.push({ count, resolve }))
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

export function sendBytes(response: ServerResponse, status: number, bytes: Uint8Array, contentType: string): void {
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(bytes.byteLength) })
  response.end(bytes)
}

function parseJson(body: string): unknown {
  if (body === '') return undefined
  try {
    return JSON.parse(body) as unknown
  } catch {
    return undefined
  }
}
