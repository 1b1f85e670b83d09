/**
 * Step-up routes (server/auth/stepUp.ts, src/shared/custodyApi.ts STEP_UP_PATHS),
 * registered inside the auth routes (routes/auth.ts) so they share their checks: the
 * secure page's origin only, `Cache-Control: no-store`, and a session used from its own
 * project and device with its proof of the device key.
 *
 * | Route | Body | Answer |
 * |---|---|---|
 * | GET /auth/v1/step-up | | { methods, freshUntil? } |
 * | POST /auth/v1/step-up/email/start | {} | { method: 'email' } |
 * | POST /auth/v1/step-up/email/finish | { otp } | { method, freshUntil } |
 * | POST /auth/v1/step-up/passkey/start | {} | { ceremonyId, options } |
 * | POST /auth/v1/step-up/passkey/finish | { ceremonyId, response } | { method, freshUntil } |
 */
import { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { type StepUpService } from '../auth/stepUp'
import { type Authenticated, type RequestContext } from '../auth/service'
import { STEP_UP_PATHS } from '../../src/shared/custodyApi'
import { PROJECT_ID_PATTERN } from '../projects'

export interface StepUpRoutesOptions {
  stepUp: StepUpService
  authenticated(request: FastifyRequest): Promise<Authenticated>
  context(request: FastifyRequest): RequestContext
  /** The secure origin that asks, whose host is the passkey's relying party. */
  origin(request: FastifyRequest): string
  errors: Record<string, unknown>
}

const BODY_LIMIT = 16 * 1024
const projectQuery = { type: 'object', properties: { projectId: { type: 'string', pattern: PROJECT_ID_PATTERN } } } as const
const method = { type: 'string', enum: ['email', 'passkey', 'totp'] } as const
const proved = { type: 'object', required: ['method', 'freshUntil'], properties: { method, freshUntil: { type: 'string' } } } as const
const credential = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: { id: { type: 'string', maxLength: 1400 }, rawId: { type: 'string', maxLength: 1400 }, type: { type: 'string', const: 'public-key' }, response: { type: 'object' } },
} as const

/**
 * @example
 * await stepUpRoutes(app, { stepUp, authenticated, context, origin, errors })
 */
export async function stepUpRoutes(app: FastifyInstance, { stepUp, authenticated, context, origin, errors }: StepUpRoutesOptions): Promise<void> {
  app.get(
    STEP_UP_PATHS.status,
    {
      schema: {
        querystring: projectQuery,
        response: {
          200: { type: 'object', required: ['methods', 'secondFactor'], properties: { methods: { type: 'array', items: method }, secondFactor: { type: 'boolean' }, freshUntil: { type: 'string' } } },
          ...errors,
        },
      },
    },
    async (request) => stepUp.status(await authenticated(request)),
  )

  app.post(
    STEP_UP_PATHS.emailStart,
    { bodyLimit: BODY_LIMIT, schema: { querystring: projectQuery, response: { 200: { type: 'object', required: ['method'], properties: { method } }, ...errors } } },
    async (request) => stepUp.startEmail(await authenticated(request), context(request)),
  )

  app.post<{ Body: { otp: string } }>(
    STEP_UP_PATHS.emailFinish,
    {
      bodyLimit: BODY_LIMIT,
      schema: { querystring: projectQuery, body: { type: 'object', required: ['otp'], properties: { otp: { type: 'string', maxLength: 64 } } }, response: { 200: proved, ...errors } },
    },
    async (request) => stepUp.finishEmail(await authenticated(request), request.body.otp, context(request)),
  )

  app.post(
    STEP_UP_PATHS.passkeyStart,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: projectQuery,
        response: { 200: { type: 'object', required: ['ceremonyId', 'options'], properties: { ceremonyId: { type: 'string' }, options: { type: 'object', additionalProperties: true } } }, ...errors },
      },
    },
    async (request) => stepUp.startPasskey(await authenticated(request), origin(request)),
  )

  app.post<{ Body: { ceremonyId: string; response: AuthenticationResponseJSON } }>(
    STEP_UP_PATHS.passkeyFinish,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: projectQuery,
        body: { type: 'object', required: ['ceremonyId', 'response'], properties: { ceremonyId: { type: 'string', pattern: '^[A-Za-z0-9_-]{32}$' }, response: credential } },
        response: { 200: proved, ...errors },
      },
    },
    async (request) => stepUp.finishPasskey(await authenticated(request), request.body),
  )

  app.post<{ Body: { code: string } }>(
    STEP_UP_PATHS.totpFinish,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: projectQuery,
        body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: { type: 'string', maxLength: 16 } } },
        response: { 200: proved, ...errors },
      },
    },
    async (request) => stepUp.finishTotp(await authenticated(request), request.body.code, context(request)),
  )
}
