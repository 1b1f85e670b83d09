import { Retry } from '../../config/constants'
import { HttpInvalidJsonError, HttpNetworkError, HttpStatusError, HttpTimeoutError, ServiceError } from '../../errors'
import { sendBytes, sendJson, startHttpTestServer, type HttpTestServer } from '../test/httpTestServer'
import { createHttpClient, type HttpClientOptions } from './createHttpClient'
import type { Sleep } from './types'

let server: HttpTestServer
beforeEach(async () => {
  server = await startHttpTestServer()
})
afterEach(async () => {
  jest.useRealTimers()
  await server.close()
})

/** Records the delays the client asks for and returns at once. */
function recordingSleep() {
  const delays: number[] = []
  const sleep: Sleep = async (ms) => {
    delays.push(ms)
  }
  return { delays, sleep }
}

function client(options: Partial<HttpClientOptions> = {}) {
  return createHttpClient({ baseUrl: server.url, ...options })
}

/** Answers `statuses` in turn (with optional headers), then 200 `{ ok: true }`. */
function failThenSucceed(statuses: number[], headers: Record<string, string> = {}) {
  server.handle((_request, response, { count }) => {
    const status = statuses[count - 1]
    if (status === undefined) sendJson(response, 200, { ok: true })
    else sendJson(response, status, { error: status }, headers)
  })
}

describe('requests', () => {
  test('GET returns the parsed JSON body', async () => {
    server.handle((_request, response) => sendJson(response, 200, { chains: ['eip155:1'] }))
    await expect(client().get({ path: 'v1/supported-chains' })).resolves.toEqual({ chains: ['eip155:1'] })
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v1/supported-chains', body: '' })
  })

  test('joins a base URL with a trailing slash and a path with a leading one', async () => {
    server.handle((_request, response) => sendJson(response, 200, {}))
    await createHttpClient({ baseUrl: `${server.url}/api/` }).get({ path: '/v1/x' })
    expect(server.requests[0]!.path).toBe('/api/v1/x')
  })

  test('sends only the query parameters that have a value, arrays joined by commas', async () => {
    server.handle((_request, response) => sendJson(response, 200, {}))
    await client().get({
      path: 'q',
      params: { page: 1, search: '', cursor: undefined, onramp: null, chains: ['eip155:1', 'solana:x'], forceUpdate: false },
    })
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ page: '1', chains: 'eip155:1,solana:x', forceUpdate: 'false' })
  })

  test('always appends the configured clientId, with the client default parameters', async () => {
    server.handle((_request, response) => sendJson(response, 200, {}))
    const http = client({ clientId: 'client-1', params: { projectId: 'p1', st: 'portico' } })
    await http.get({ path: 'a', params: { st: 'override' } })
    await http.post({ path: 'b', body: {} })
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ projectId: 'p1', st: 'override', clientId: 'client-1' })
    expect(server.requests[1]!.query.get('clientId')).toBe('client-1')
  })

  test('sends no clientId when none is configured', async () => {
    server.handle((_request, response) => sendJson(response, 200, {}))
    await client({ clientId: null }).get({ path: 'a' })
    expect(server.requests[0]!.query.has('clientId')).toBe(false)
  })

  test.each(['post', 'put', 'delete'] as const)('%s sends a JSON body and returns the JSON answer', async (method) => {
    server.handle((request, response) => sendJson(response, 200, { echo: request.json }))
    const result = await client()[method]<{ echo: unknown }>({ path: '/thing', body: { a: 1, list: ['x'] } })
    expect(result).toEqual({ echo: { a: 1, list: ['x'] } })
    expect(server.requests[0]).toMatchObject({ method: method.toUpperCase(), path: '/thing' })
    expect(server.requests[0]!.headers['content-type']).toBe('application/json')
  })

  test('sends caller headers', async () => {
    server.handle((_request, response) => sendJson(response, 200, {}))
    await client({ headers: { 'x-sdk': 'portico' } }).get({ path: 'a', headers: { 'x-call': '1' } })
    expect(server.requests[0]!.headers).toMatchObject({ 'x-sdk': 'portico', 'x-call': '1' })
  })

  test('getBlob returns the bytes and type of the answer', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47])
    server.handle((_request, response) => sendBytes(response, 200, png, 'image/png'))
    const blob = await client().getBlob({ path: '/getWalletImage/w1' })
    expect(blob.type).toBe('image/png')
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png)
  })

  test('an empty success body reads as undefined', async () => {
    server.handle((_request, response) => {
      response.writeHead(204)
      response.end()
    })
    await expect(client().post({ path: '/e', body: { event: 'x' } })).resolves.toBeUndefined()
  })

  test('a success body that is not JSON throws an HttpInvalidJsonError', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' })
      response.end('<html>')
    })
    const error = await client()
      .get({ path: 'a' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpInvalidJsonError)
    expect(error).toBeInstanceOf(ServiceError)
    expect(error).toMatchObject({ name: 'HttpInvalidJsonError', code: 'http/invalid-json', url: `${server.url}/a` })
    expect((error as Error).cause).toBeInstanceOf(SyntaxError)
  })
})

describe('status errors and retries', () => {
  test("a 404 throws 'HTTP status code: 404' without retrying", async () => {
    const error = await client()
      .get({ path: '/missing' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error).toMatchObject({ shortMessage: 'HTTP status code: 404', status: 404 })
    expect(server.requests).toHaveLength(1)
  })

  test('a 400 is not retried', async () => {
    failThenSucceed([400])
    const { delays, sleep } = recordingSleep()
    await expect(client({ sleep }).get({ path: 'a' })).rejects.toMatchObject({ status: 400 })
    expect(server.requests).toHaveLength(1)
    expect(delays).toEqual([])
  })

  test('a 503 then a 200 succeeds on the second attempt after the base delay', async () => {
    failThenSucceed([503])
    const { delays, sleep } = recordingSleep()
    await expect(client({ sleep }).get({ path: 'a' })).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
    expect(delays).toEqual([150])
  })

  test('three 503s fail after exactly 3 attempts, backing off 150 then 300 ms', async () => {
    failThenSucceed([503, 503, 503, 503])
    const { delays, sleep } = recordingSleep()
    const error = await client({ sleep })
      .get({ path: 'a' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError).message).toContain('HTTP status code: 503')
    expect(server.requests).toHaveLength(3)
    expect(delays).toEqual([150, 300])
  })

  test.each(Retry.statuses)('status %i is retried', async (status) => {
    failThenSucceed([status])
    const { sleep } = recordingSleep()
    await expect(client({ sleep }).get({ path: 'a' })).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
  })

  test('a 429 with Retry-After in seconds waits that long, then succeeds', async () => {
    failThenSucceed([429], { 'Retry-After': '1' })
    const { delays, sleep } = recordingSleep()
    await expect(client({ sleep }).get({ path: 'a' })).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
    expect(delays).toEqual([1000])
  })

  test('a Retry-After HTTP date waits until that date', async () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    failThenSucceed([503], { 'Retry-After': new Date(now + 2000).toUTCString() })
    const { delays, sleep } = recordingSleep()
    await expect(client({ sleep, now: () => now }).get({ path: 'a' })).resolves.toEqual({ ok: true })
    expect(delays).toEqual([2000])
  })

  test('a Retry-After shorter than the backoff does not shorten the backoff', async () => {
    failThenSucceed([429], { 'Retry-After': '0' })
    const { delays, sleep } = recordingSleep()
    await client({ sleep }).get({ path: 'a' })
    expect(delays).toEqual([150])
  })

  test('a Retry-After beyond the cap fails at once with the status error', async () => {
    failThenSucceed([429], { 'Retry-After': '120' })
    const { delays, sleep } = recordingSleep()
    await expect(client({ sleep }).get({ path: 'a' })).rejects.toMatchObject({ status: 429 })
    expect(server.requests).toHaveLength(1)
    expect(delays).toEqual([])
  })

  test('the cap is configurable', async () => {
    failThenSucceed([429], { 'Retry-After': '120' })
    const { delays, sleep } = recordingSleep()
    const http = client({ sleep, timeoutMs: 200_000, retry: { maxRetryAfterMs: 180_000 } })
    await expect(http.get({ path: 'a' })).resolves.toEqual({ ok: true })
    expect(delays).toEqual([120_000])
  })

  test('a wait that would end past the call deadline fails at once with the status error', async () => {
    failThenSucceed([503], { 'Retry-After': '5' })
    const { delays, sleep } = recordingSleep()
    await expect(client({ sleep, timeoutMs: 1000 }).get({ path: 'a' })).rejects.toMatchObject({ status: 503 })
    expect(delays).toEqual([])
  })

  test('retry: false makes a single attempt', async () => {
    failThenSucceed([503])
    await expect(client().get({ path: 'a', retry: false })).rejects.toMatchObject({ status: 503 })
    expect(server.requests).toHaveLength(1)
  })

  test('a call can override the attempts', async () => {
    failThenSucceed([503, 503, 503, 503])
    const { sleep } = recordingSleep()
    await expect(client({ sleep }).get({ path: 'a', retry: { attempts: 5 } })).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(5)
  })

  test('a dropped connection is retried', async () => {
    server.handle((_request, response, { count, raw }) => {
      if (count === 1) raw.socket.destroy()
      else sendJson(response, 200, { ok: true })
    })
    const { delays, sleep } = recordingSleep()
    await expect(client({ sleep }).get({ path: 'a' })).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
    expect(delays).toEqual([150])
  })

  test('a network failure on every attempt throws an HttpNetworkError after 3 attempts', async () => {
    server.handle((_request, _response, { raw }) => {
      raw.socket.destroy()
    })
    const { sleep } = recordingSleep()
    const error = await client({ sleep })
      .get({ path: 'a' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpNetworkError)
    expect(error).toBeInstanceOf(ServiceError)
    expect(error).toMatchObject({ name: 'HttpNetworkError', code: 'http/network', url: `${server.url}/a` })
    expect(server.requests).toHaveLength(3)
  })

  test('a success body cut off mid-stream throws an HttpNetworkError without retrying', async () => {
    server.handle((_request, response, { raw }) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' })
      response.write('{"chains": [', () => raw.socket.destroy())
    })
    const { sleep, delays } = recordingSleep()
    const error = await client({ sleep })
      .get({ path: 'a' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpNetworkError)
    expect(error).toMatchObject({ code: 'http/network' })
    expect(server.requests).toHaveLength(1)
    expect(delays).toEqual([])
  })

  test('with fake timers, the retry waits on the global timer', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] })
    failThenSucceed([429], { 'Retry-After': '1' })
    const result = client().get({ path: 'a' })
    await server.waitForRequests(1)
    // The call's deadline timer plus the retry wait, once the 429 has been read.
    while (jest.getTimerCount() < 2) await new Promise((resolve) => setImmediate(resolve))
    await jest.advanceTimersByTimeAsync(999)
    expect(server.requests).toHaveLength(1)
    await jest.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
  })
})

describe('timeouts and aborts', () => {
  test('a response slower than the timeout throws HttpTimeoutError and is not retried', async () => {
    server.handle(() => undefined) // never answers
    const error = await client()
      .get({ path: 'slow', timeoutMs: 100 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpTimeoutError)
    expect((error as HttpTimeoutError).shortMessage).toBe('The request took longer than 100 ms.')
    expect(server.requests).toHaveLength(1)
  })

  test('the client-wide timeout applies when the call sets none', async () => {
    server.handle(() => undefined)
    await expect(client({ timeoutMs: 50 }).getBlob({ path: 'slow' })).rejects.toBeInstanceOf(HttpTimeoutError)
  })

  test('the default timeout is 10 s', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] })
    server.handle(() => undefined)
    const result = client()
      .get({ path: 'slow' })
      .catch((e: unknown) => e)
    await server.waitForRequests(1)
    await jest.advanceTimersByTimeAsync(9_999)
    let settled = false
    void result.then(() => (settled = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBe(false)
    await jest.advanceTimersByTimeAsync(1)
    expect(await result).toBeInstanceOf(HttpTimeoutError)
  })

  test('a caller abort in flight rejects as an abort without retrying', async () => {
    server.handle(() => undefined)
    const controller = new AbortController()
    const result = client().get({ path: 'a', signal: controller.signal })
    await server.waitForRequests(1)
    controller.abort()
    await expect(result).rejects.toMatchObject({ name: 'AbortError' })
    expect(server.requests).toHaveLength(1)
  })

  test('a caller abort cancels a pending retry wait', async () => {
    const controller = new AbortController()
    server.handle((_request, response) => {
      sendJson(response, 503, {}, { 'Retry-After': '5' })
      setTimeout(() => controller.abort(new Error('visitor closed the modal')), 20)
    })
    await expect(client().get({ path: 'a', signal: controller.signal })).rejects.toThrow('visitor closed the modal')
    expect(server.requests).toHaveLength(1)
  })

  test('an already-aborted signal rejects without a request', async () => {
    await expect(client().get({ path: 'a', signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' })
    expect(server.requests).toHaveLength(0)
  })
})

describe('configuration', () => {
  test('a base URL that is not a URL is a ConfigError at creation', () => {
    expect(() => createHttpClient({ baseUrl: 'not a url' })).toThrow(expect.objectContaining({ name: 'ConfigError', code: 'config/invalid-url' }))
  })
})
