/**
 * The reference server as the route tests run it: TEST_PROJECTS, a SQLite file of
 * its own in a temp dir, a real socket on 127.0.0.1. Closing it deletes the file,
 * so no two servers ever share a database.
 */
import { type FastifyInstance } from 'fastify'
import { type CreateServerOptions, createServer } from '../app'
import { listen } from './http'
import { TEST_PROJECTS } from './projects'
import { tempSqliteFile } from './sqlite'

/** What a test may change; the database is always a fresh SQLite file. Default projects: TEST_PROJECTS. */
export type TestServerOptions = Partial<Omit<CreateServerOptions, 'database'>>

export interface TestServer {
  app: FastifyInstance
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string
  /** Closes the server, then deletes its database file. */
  close(): Promise<void>
}

/**
 * Starts one server for one test; the caller closes it.
 *
 * @example
 * const server = await startTestServer({ walletRegistry: broken })
 * try { await http(server.baseUrl, '/health') } finally { await server.close() }
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const sqlite = tempSqliteFile()
  const app = createServer({ projects: TEST_PROJECTS, ...options, database: { sqliteFile: sqlite.file } })
  const close = async () => {
    try {
      await app.close()
    } finally {
      sqlite.remove()
    }
  }
  try {
    return { app, baseUrl: await listen(app), close }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * One server for the whole test file (or `describe` block): started in `beforeAll`,
 * closed in `afterAll`. Read its fields inside tests and hooks; before `beforeAll`
 * has run there is no server yet, and reading one throws.
 *
 * @example
 * const server = setupTestServer()
 * it('answers ok', async () => expect((await http(server.baseUrl, '/health')).status).toBe(200))
 */
export function setupTestServer(options: TestServerOptions = {}): Readonly<Pick<TestServer, 'app' | 'baseUrl'>> {
  let server: TestServer | undefined
  beforeAll(async () => {
    server = await startTestServer(options)
  })
  afterAll(async () => {
    await server?.close()
    server = undefined
  })
  const started = (): TestServer => {
    if (server === undefined) throw new Error('The test server is not running: read it inside a test or a hook, after beforeAll.')
    return server
  }
  return {
    get app() {
      return started().app
    },
    get baseUrl() {
      return started().baseUrl
    },
  }
}
