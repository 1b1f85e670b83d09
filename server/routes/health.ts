/**
 * Probes for orchestrators and the dev launcher: GET /health (the process
 * answers) and GET /ready (the database answers too).
 */
import { type FastifyPluginAsync } from 'fastify'
import { type Kysely, sql } from 'kysely'
import { type DatabaseSchema } from '../db/schema'
import { errorBodySchema } from '../httpErrors'

export interface HealthRoutesOptions {
  db: Kysely<DatabaseSchema>
  /** How long /ready waits for the database before answering 503. */
  readyTimeoutMs?: number
}

const statusSchema = { type: 'object', required: ['status'], properties: { status: { type: 'string' } } } as const

export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { db, readyTimeoutMs = 2_000 }) => {
  app.get('/health', { schema: { response: { 200: statusSchema } } }, async () => ({ status: 'ok' }))

  app.get('/ready', { schema: { response: { 200: statusSchema, 503: errorBodySchema } } }, async (request, reply) => {
    try {
      await withTimeout(sql`select 1`.execute(db), readyTimeoutMs)
      return { status: 'ready' }
    } catch (error) {
      // The cause (host names, driver messages) goes to the log, not to callers.
      request.log.warn({ err: error }, 'readiness check failed')
      return reply.code(503).send({ error: 'Service Unavailable', message: 'The database did not answer' })
    }
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
