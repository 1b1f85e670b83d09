/**
 * Which errors mean "the database is out of reach" (503 + Retry-After) and which do
 * not (500): real errors from real connections to a port where nothing listens.
 */
import { createServer } from 'node:net'
import { sql } from 'kysely'
import { isDatabaseUnavailable, openDatabase } from './connect'

/** A port on 127.0.0.1 that was free a moment ago, so nothing answers there. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('isDatabaseUnavailable', () => {
  it('is true for a query to a PostgreSQL that does not answer', async () => {
    const db = openDatabase({ postgresUrl: `postgres://portico@127.0.0.1:${await closedPort()}/portico` })
    try {
      const error = await errorOf(sql`select 1`.execute(db))
      expect(error).toMatchObject({ code: 'ECONNREFUSED' })
      expect(isDatabaseUnavailable(error)).toBe(true)
    } finally {
      await db.destroy()
    }
  })

  it('is false for another service refusing a connection (a fetch whose cause is ECONNREFUSED)', async () => {
    const error = await errorOf(fetch(`http://127.0.0.1:${await closedPort()}/`))
    expect((error as Error & { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED')
    expect(isDatabaseUnavailable(error)).toBe(false)
  })

  it('is false for a query the database refuses as wrong', async () => {
    const db = openDatabase({ sqliteFile: ':memory:' })
    try {
      const error = await errorOf(sql`select * from no_such_table`.execute(db))
      expect(error).toMatchObject({ message: expect.stringContaining('no such table') })
      expect(isDatabaseUnavailable(error)).toBe(false)
    } finally {
      await db.destroy()
    }
  })
})
