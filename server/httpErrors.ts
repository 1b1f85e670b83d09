/**
 * One error shape for every 4xx and 5xx: `{ error, message }`, where `error` is
 * a short title (the HTTP reason, or a SPEC name such as 'Invalid Project ID')
 * and `message` says what was wrong in words a dapp developer can act on.
 */
import { STATUS_CODES } from 'node:http'
import { type FastifyError, type FastifyInstance } from 'fastify'
import { isDatabaseUnavailable } from './db/connect'

/** Seconds a client is told to wait (Retry-After) while the database is out of reach. */
export const DATABASE_RETRY_AFTER_S = 5

export interface ErrorBody {
  error: string
  message: string
}

export const errorBodySchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' } },
} as const

/** Response schemas for the error statuses every project route can return. */
export const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const

/**
 * Throw from a handler or hook; the error handler turns it into its status and
 * `{ error, message }`.
 *
 * @example
 * throw new HttpError(404, 'Not Found', "No wallet image with id 'x'")
 */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly statusCode: number,
    readonly title: string,
    message: string,
    /**
     * Extra fields for the error body, for callers that act on them (e.g. a
     * machine-readable `code`, `attemptsLeft`). The route's response schema
     * must list them, or serialisation drops them.
     */
    readonly details: Readonly<Record<string, string | number | boolean>> = {},
    /** Response headers, e.g. `Retry-After`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
  }
}

/**
 * Installs the error and not-found handlers on the root instance, so every
 * route group inherits them. Client mistakes (validation, malformed or oversize
 * bodies, unknown routes) answer 4xx with the reason; anything else is logged
 * and answers a 500 that reveals no internals, or a 503 with Retry-After when the
 * database is out of reach (isDatabaseUnavailable). No error escapes to crash the
 * process: Fastify catches throws and rejections in handlers and hooks.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.details, error: error.title, message: error.message } satisfies ErrorBody)
    }
    const statusCode = error.statusCode ?? 500
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's own text for this one is just the status; say what to send.
      const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? `Content-Type '${request.headers['content-type'] ?? ''}' is not accepted; send application/json` : error.message
      return reply.code(statusCode).send({ error: STATUS_CODES[statusCode] ?? 'Bad Request', message } satisfies ErrorBody)
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or out of reach: the request may be sent again
      // shortly (SPEC §8: clients retry 503 and honour Retry-After). Not the server's bug.
      request.log.warn({ err: error }, 'database unavailable')
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ error: 'Service Unavailable', message: 'The database is not answering; try again in a few seconds' } satisfies ErrorBody)
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(statusCode >= 500 && statusCode < 600 ? statusCode : 500).send({ error: 'Internal Server Error', message: 'The server could not complete the request' } satisfies ErrorBody)
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url
    return reply.code(404).send({ error: 'Not Found', message: `No route ${request.method} ${path}` } satisfies ErrorBody)
  })
}
