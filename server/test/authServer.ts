/**
 * The reference server with the embedded-wallet auth service on, as the auth
 * tests run it: a database of its own, a fresh master key, an in-memory
 * mailbox, a clock the test moves, and a second database connection for
 * reading what actually reached the tables.
 */
import { type FastifyInstance } from 'fastify'
import { type Kysely } from 'kysely'
import { type AuthServerOptions, type CreateServerOptions, createServer } from '../app'
import { type Mailbox, createMailbox } from '../auth/mailer'
import { type Keyring, createKeyring, generateMasterKey } from '../auth/masterKey'
import { type DatabaseConfig, openDatabase } from '../db/connect'
import { type DatabaseSchema } from '../db/schema'
import { type HttpResult, http, listen } from './http'
import { TEST_PROJECTS } from './projects'
import { type TestDevice, createTestDevice, withProof } from './dpop'

export const SECURE_ORIGIN = 'https://secure.portico.test'

export interface AuthTestServer {
  app: FastifyInstance
  baseUrl: string
  mailbox: Mailbox
  keyring: Keyring
  /** The server's clock, in epoch ms. */
  clock: { now: number; advance(ms: number): void }
  /** A separate connection to the same database. */
  db: Kysely<DatabaseSchema>
  /** Where the database is, for a second server instance on it. */
  dbConfig: DatabaseConfig
  /**
   * The device key post() and get() prove with (DPoP), as the secure page does on every
   * call: a header `dpop` of the test's own replaces the proof, and `dpop: ''` sends none.
   */
  device: TestDevice
  /** POSTs JSON from the secure origin (headers may add or override). */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<HttpResult>
  get(path: string, headers?: Record<string, string>): Promise<HttpResult>
  /** The code in the newest message to `to`. */
  latestCode(to: string): string
  close(): Promise<void>
}

export interface AuthTestServerOptions extends Partial<Omit<AuthServerOptions, 'now'>> {
  database: DatabaseConfig
  /** Starting time. Default 2030-01-01T00:00:00Z. */
  startAt?: number
  trustProxy?: false | string[]
  /** Chains for the Blockchain API and the bundler (docs/smart-accounts.md). */
  blockchain?: CreateServerOptions['blockchain']
  bundlers?: CreateServerOptions['bundlers']
  routeLimits?: CreateServerOptions['routeLimits']
  /** The paymaster of the ERC-7677 routes (docs/self-hosting.md, "Gas sponsorship"). */
  paymaster?: CreateServerOptions['paymaster']
  /** Default TEST_PROJECTS. */
  projects?: CreateServerOptions['projects']
  /** The client's device key; default a new one. Pass another server's to call both as one browser. */
  device?: TestDevice
}

export async function startAuthTestServer(options: AuthTestServerOptions): Promise<AuthTestServer> {
  const clock = {
    now: options.startAt ?? Date.parse('2030-01-01T00:00:00.000Z'),
    advance(ms: number) {
      this.now += ms
    },
  }
  const mailbox = createMailbox({ now: () => clock.now })
  const keyring = options.keyring ?? createKeyring(generateMasterKey())
  const { database, startAt: _startAt, trustProxy, blockchain, bundlers, routeLimits, paymaster, projects, device: givenDevice, ...auth } = options
  const app = createServer({
    database,
    projects: projects ?? TEST_PROJECTS,
    ...(paymaster !== undefined ? { paymaster } : {}),
    ...(trustProxy !== undefined ? { trustProxy } : {}),
    ...(blockchain !== undefined ? { blockchain } : {}),
    ...(bundlers !== undefined ? { bundlers } : {}),
    ...(routeLimits !== undefined ? { routeLimits } : {}),
    now: () => clock.now,
    auth: { mailer: mailbox, devMailbox: mailbox, secureOrigins: [SECURE_ORIGIN], ...auth, keyring, now: () => clock.now },
  })
  const baseUrl = await listen(app)
  const db = openDatabase(database)
  const json = { 'content-type': 'application/json', origin: SECURE_ORIGIN }
  const device = givenDevice ?? (await createTestDevice(() => clock.now))
  return {
    app,
    baseUrl,
    mailbox,
    keyring,
    clock,
    db,
    dbConfig: database,
    device,
    post: async (path, body, headers = {}) =>
      http(baseUrl, path, {
        method: 'POST',
        headers: await withProof(device, 'POST', `${baseUrl}${path}`, { ...json, ...headers }),
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    get: async (path, headers = {}) => http(baseUrl, path, { headers: await withProof(device, 'GET', `${baseUrl}${path}`, { origin: SECURE_ORIGIN, ...headers }) }),
    latestCode(to) {
      const message = mailbox.latest(to)
      if (message === undefined) throw new Error(`no mail to ${to}`)
      return message.meta.code
    },
    async close() {
      await app.close()
      await db.destroy()
    },
  }
}
