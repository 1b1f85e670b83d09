/**
 * GET /dev/mailbox shows one-time codes, so it is served only on the machine itself: a
 * server bound to loopback, to a loopback caller. On a 0.0.0.0 bind, or to a client a
 * trusted proxy says is elsewhere, it does not exist. Nor under a Host that is not a
 * loopback name: a site the developer visits could rebind its own name to 127.0.0.1
 * (DNS rebinding) and read the codes from the developer's browser.
 */
import { request as httpRequest } from 'node:http'
import { type FastifyInstance } from 'fastify'
import { createServer } from '../app'
import { createMailbox } from '../auth/mailer'
import { createKeyring, generateMasterKey } from '../auth/masterKey'
import { http } from '../test/http'
import { TEST_PROJECTS } from '../test/projects'
import { type TempSqliteFile, tempSqliteFile } from '../test/sqlite'

const started: Array<{ app: FastifyInstance; sqlite: TempSqliteFile }> = []
afterEach(async () => {
  for (const { app, sqlite } of started.splice(0)) {
    await app.close()
    sqlite.remove()
  }
})

async function serve(host: string, trustProxy: false | string[] = false): Promise<string> {
  const sqlite = tempSqliteFile()
  const mailbox = createMailbox()
  const app = createServer({ database: { sqliteFile: sqlite.file }, projects: TEST_PROJECTS, trustProxy, auth: { keyring: createKeyring(generateMasterKey()), mailer: mailbox, devMailbox: mailbox } })
  started.push({ app, sqlite })
  await app.listen({ port: 0, host })
  const address = app.server.address()
  if (typeof address !== 'object' || address === null) throw new Error('not listening')
  return `http://127.0.0.1:${address.port}`
}

describe('GET /dev/mailbox', () => {
  it('is served on a loopback bind to a loopback caller', async () => {
    const baseUrl = await serve('127.0.0.1')
    expect((await http(baseUrl, '/dev/mailbox')).status).toBe(200)
  })

  it('does not exist on a non-loopback bind, even for a caller on the machine', async () => {
    const baseUrl = await serve('0.0.0.0')
    for (const path of ['/dev/mailbox', '/dev/mailbox/latest?to=a@example.com']) {
      const response = await http(baseUrl, path)
      expect(response.status).toBe(404)
      expect(response.body).toEqual({ error: 'Not Found', message: `No route GET ${path.split('?')[0]}` })
    }
  })

  it('does not exist for a client a trusted proxy names as elsewhere', async () => {
    const baseUrl = await serve('127.0.0.1', ['127.0.0.1'])
    expect((await http(baseUrl, '/dev/mailbox', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404)
    expect((await http(baseUrl, '/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(200)
  })
})

/** GET with the Host header as given (fetch does not let a test set it). */
function getWithHost(baseUrl: string, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${path}`, { headers: { host } }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('error', reject)
    request.end()
  })
}

describe('GET /dev/mailbox under a rebound name', () => {
  it.each(['rebind.attacker.example', 'rebind.attacker.example:8787', '127.0.0.1.nip.io', 'localhost.attacker.example', '10.0.0.5'])('does not exist under Host %s', async (host) => {
    const baseUrl = await serve('127.0.0.1')
    expect(await getWithHost(baseUrl, '/dev/mailbox', host)).toBe(404)
    expect(await getWithHost(baseUrl, '/dev/mailbox/latest?to=a@example.com', host)).toBe(404)
  })

  it.each(['localhost', 'localhost:8787', '127.0.0.1:8787', '127.0.0.2', '[::1]:8787', 'LocalHost', 'portico.localhost:8787'])('is served under the loopback name %s', async (host) => {
    const baseUrl = await serve('127.0.0.1')
    expect(await getWithHost(baseUrl, '/dev/mailbox', host)).toBe(200)
  })
})

describe('createServer', () => {
  it('refuses trustProxy: true, which would let every client pick its own address', () => {
    expect(() => createServer({ database: { sqliteFile: ':memory:' }, projects: TEST_PROJECTS, trustProxy: true as never })).toThrow(/trustProxy: true would believe X-Forwarded-For from anyone/)
  })
})
