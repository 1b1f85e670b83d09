import { createServer as createNetServer } from 'node:net'
import { createServer } from './app'
import { ANALYTICS_EVENT_MAX_BYTES } from './routes/analytics'
import { http, listen } from './test/http'
import { TEST_PROJECTS } from './test/projects'
import { setupTestServer, startTestServer } from './test/server'
import { type WalletRegistry, shippedWalletRegistry } from './walletRegistry'

const server = setupTestServer()

const post = (body: string, contentType = 'application/json') => http(server.baseUrl, '/e?projectId=shop', { method: 'POST', headers: { 'content-type': contentType }, body })

describe('GET /health', () => {
  it('answers ok without a projectId', async () => {
    const response = await http(server.baseUrl, '/health')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ status: 'ok' })
  })
})

describe('bad requests get a clear 4xx and the server carries on', () => {
  afterEach(async () => {
    expect((await http(server.baseUrl, '/health')).status).toBe(200)
  })

  it('answers 404 JSON for an unknown route', async () => {
    const response = await http(server.baseUrl, '/no/such/route?projectId=shop')
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ error: 'Not Found', message: 'No route GET /no/such/route' })
  })

  it('answers 404 JSON for a known path with the wrong method', async () => {
    const response = await http(server.baseUrl, '/getWallets?projectId=shop', { method: 'DELETE' })
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ error: 'Not Found', message: 'No route DELETE /getWallets' })
  })

  it('answers 400 for a malformed JSON body', async () => {
    const response = await post('{"event": ')
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: 'Bad Request', message: expect.stringContaining('not valid JSON') })
  })

  it('answers 400 for malformed JSON sent as text/plain', async () => {
    const response = await post('not json', 'text/plain')
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: 'Bad Request', message: 'Body is not valid JSON' })
  })

  it('answers 400 for an empty JSON body', async () => {
    const response = await post('')
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: 'Bad Request', message: expect.stringContaining('cannot be empty') })
  })

  it('answers 413 for a body over the limit, without reading it all', async () => {
    const response = await post(JSON.stringify({ padding: 'x'.repeat(ANALYTICS_EVENT_MAX_BYTES) }))
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ error: 'Payload Too Large', message: 'Request body is too large' })
  })

  it('answers 415 for a content type it does not read', async () => {
    const response = await post('<event/>', 'application/xml')
    expect(response.status).toBe(415)
    expect(response.body).toEqual({ error: 'Unsupported Media Type', message: expect.stringContaining('application/xml') })
  })

  it('answers 400 for a body with too many fields', async () => {
    const body = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i]))
    const response = await post(JSON.stringify(body))
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: 'Bad Request', message: 'body must NOT have more than 64 properties' })
  })

  it('answers 400 for a malformed projectId', async () => {
    const response = await http(server.baseUrl, '/getWallets?projectId=a%20b')
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: 'Bad Request', message: 'querystring/projectId must match pattern "^[A-Za-z0-9_-]{1,128}$"' })
  })
})

describe('CORS preflight', () => {
  const preflight = (projectId: string, origin: string) =>
    http(server.baseUrl, `/e?projectId=${projectId}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })

  it('allows an allowed origin to POST JSON', async () => {
    const response = await preflight('shop', 'http://localhost:3000')
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
    expect(response.headers.get('access-control-max-age')).toBe('600')
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('gives a foreign origin no CORS headers', async () => {
    const response = await preflight('shop', 'https://evil.example')
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('server errors', () => {
  it('answer 500 without internals, and the server carries on', async () => {
    const broken: WalletRegistry = {
      ...shippedWalletRegistry(),
      query: () => {
        throw new Error('secret internal detail')
      },
    }
    const brokenServer = await startTestServer({ walletRegistry: broken })
    try {
      const response = await http(brokenServer.baseUrl, '/getWallets?projectId=shop')
      expect(response.status).toBe(500)
      expect(response.body).toEqual({ error: 'Internal Server Error', message: 'The server could not complete the request' })
      expect(response.text).not.toContain('secret')
      expect((await http(brokenServer.baseUrl, '/health')).status).toBe(200)
    } finally {
      await brokenServer.close()
    }
  })

  it('GET /ready answers 503 when the database does not answer', async () => {
    const port = await closedPort()
    const unready = createServer({ database: { postgresUrl: `postgres://nobody@127.0.0.1:${port}/none` }, projects: TEST_PROJECTS, migrate: false })
    try {
      const url = await listen(unready)
      const response = await http(url, '/ready')
      expect(response.status).toBe(503)
      expect(response.body).toEqual({ error: 'Service Unavailable', message: 'The database did not answer' })
      expect((await http(url, '/health')).status).toBe(200)
    } finally {
      await unready.close()
    }
  })

  it('a database that cannot be migrated stops the boot with a clear error', async () => {
    const port = await closedPort()
    const doomed = createServer({ database: { postgresUrl: `postgres://nobody@127.0.0.1:${port}/none` }, projects: TEST_PROJECTS })
    await expect(doomed.ready()).rejects.toThrow(/Database migration failed: .*ECONNREFUSED/)
    await doomed.close()
  })

  it('a bad projects config stops createServer with a clear error', () => {
    expect(() => createServer({ database: { sqliteFile: ':memory:' }, projects: [{ id: 'x', allowedOrigins: ['nope'], analyticsEnabled: true }] })).toThrow(
      "Project 'x': 'nope' is not an origin pattern",
    )
  })
})

/** A port with nothing listening on it. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 1))
    })
  })
}
