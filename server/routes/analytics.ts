/**
 * POST /e (SPEC §7, Blockchain API "analytics"): the analytics sink. When the
 * project has analytics enabled the event is validated and stored (202); when
 * disabled it is dropped unread (204), so a client with a stale config costs
 * nothing. The body is one event (an object) or a batch (a JSON array of 1 to
 * ANALYTICS_BATCH_MAX_EVENTS events, stored together or not at all, as the modal sends
 * them: docs/services.md); every event at most ANALYTICS_EVENT_MAX_BYTES. The route's
 * rate limits are in routeLimits.ts and count a batch as one request. Events are kept for `retentionMs`
 * (ANALYTICS_RETENTION_DAYS), then deleted by a sweep that runs at most once a
 * minute, on the next event.
 */
import { type FastifyPluginAsync } from 'fastify'
import { type AnalyticsEventStore } from '../db/analyticsEvents'
import { type JsonObject, type JsonValue } from '../db/schema'
import { HttpError, errorResponses } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectOf, projectQuerySchema } from '../projectGuard'
import { type ProjectRegistry } from '../projects'

export interface AnalyticsRoutesOptions {
  projects: ProjectRegistry
  events: AnalyticsEventStore
  /** How long an event is kept. Default DEFAULT_ANALYTICS_RETENTION_MS. */
  retentionMs?: number
  now?: () => number
}

/** An analytics event is a few hundred bytes; 8 KiB leaves room and bounds abuse. */
export const ANALYTICS_EVENT_MAX_BYTES = 8 * 1024
/** Events in one batch: what the modal queues at most (src/analytics/createAnalytics.ts). */
export const ANALYTICS_BATCH_MAX_EVENTS = 100
/** A full batch of ordinary events fits; a batch of 8 KiB events does not, and is refused unread. */
export const ANALYTICS_BATCH_MAX_BYTES = 128 * 1024
/** Events are kept 30 days unless ANALYTICS_RETENTION_DAYS says otherwise. */
export const DEFAULT_ANALYTICS_RETENTION_MS = 30 * 24 * 3_600_000
const SWEEP_EVERY_MS = 60_000
/** Deeper nesting is no real event, and very deep JSON strains jsonb. */
export const ANALYTICS_EVENT_MAX_DEPTH = 16

const postEventSchema = {
  querystring: projectQuerySchema,
  // One event, or a batch of them.
  body: { type: ['object', 'array'], maxProperties: 64, minItems: 1, maxItems: ANALYTICS_BATCH_MAX_EVENTS, items: { type: 'object', maxProperties: 64 } },
  response: errorResponses,
} as const

export const analyticsRoutes: FastifyPluginAsync<AnalyticsRoutesOptions> = async (app, { projects, events, retentionMs = DEFAULT_ANALYTICS_RETENTION_MS, now = Date.now }) => {
  app.addHook('preValidation', projectGuard(projects))
  let lastSweep = 0

  // navigator.sendBeacon can only send text/plain without a CORS preflight, so
  // accept JSON under that type too (this parser is local to this route group).
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(new HttpError(400, 'Bad Request', 'Body is not valid JSON'), undefined)
    }
  })

  app.post<{ Querystring: ProjectQuery; Body: JsonObject | JsonObject[] }>(
    '/e',
    {
      bodyLimit: ANALYTICS_BATCH_MAX_BYTES,
      schema: postEventSchema,
      preValidation: async (request, reply) => {
        if (!projectOf(request).analyticsEnabled) return reply.code(204).send()
        // Before the schema, whose type coercion would wrap a lone string into a batch of one.
        if (typeof request.body !== 'object' || request.body === null) throw new HttpError(400, 'Bad Request', 'body must be object')
      },
    },
    async (request, reply) => {
      const batch = Array.isArray(request.body) ? request.body : undefined
      const received = batch ?? [request.body as JsonObject]
      // One event alone keeps the limit Fastify enforced before the batch size was allowed.
      const declared = Number(request.headers['content-length'])
      if (batch === undefined && declared > ANALYTICS_EVENT_MAX_BYTES) throw new HttpError(413, 'Payload Too Large', 'Request body is too large')
      if (batch?.some((event) => Buffer.byteLength(JSON.stringify(event)) > ANALYTICS_EVENT_MAX_BYTES)) {
        throw new HttpError(413, 'Payload Too Large', 'An analytics event is too large')
      }
      for (const event of received) {
        const problem = eventProblem(event)
        if (problem !== undefined) throw new HttpError(400, 'Bad Request', `body ${problem}`)
      }
      const at = now()
      if (at - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = at
        await events.deleteOlderThan(new Date(at - retentionMs))
      }
      const common = { projectId: projectOf(request).id, sdkType: request.query.st ?? null, sdkVersion: request.query.sv ?? null, receivedAt: new Date(at) }
      await events.addMany(received.map((event) => ({ ...common, event })))
      return reply.code(202).send()
    },
  )
}

/**
 * What JSON Schema cannot say cheaply: nesting depth (NUL characters and lone
 * surrogates, which PostgreSQL cannot store, are refused for every route by
 * storableText.ts before this runs).
 */
function eventProblem(value: JsonValue, depth = 1): string | undefined {
  if (depth > ANALYTICS_EVENT_MAX_DEPTH) return `is nested deeper than ${ANALYTICS_EVENT_MAX_DEPTH} levels`
  if (typeof value !== 'object' || value === null) return undefined
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    const problem = eventProblem(child, depth + 1)
    if (problem !== undefined) return problem
  }
  return undefined
}
