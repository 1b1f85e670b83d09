/**
 * Second-factor routes (src/shared/mfaApi.ts, server/auth/totp.ts), registered inside the
 * auth routes (routes/auth.ts) so they share its checks: only the secure page's origin,
 * `Cache-Control: no-store`, and a session used from its own project and device with its
 * proof of the device key. Rate-limited per client in ROUTE_POLICIES (server/routeLimits.ts);
 * wrong codes also count toward the wrong-code limit.
 */
import { type FastifyInstance, type FastifyRequest } from 'fastify'
import { type Authenticated, type RequestContext } from '../auth/service'
import { type TotpService } from '../auth/totp'
import { type StepUpService } from '../auth/stepUp'
import { MFA_PATHS } from '../../src/shared/mfaApi'
import { PROJECT_ID_PATTERN } from '../projects'

export interface MfaRoutesOptions {
  totp: TotpService
  stepUp: Pick<StepUpService, 'mfa' | 'enrolPasskey' | 'removePasskey'>
  /** The session behind the request (routes/auth.ts), or a 401. */
  authenticated(request: FastifyRequest): Promise<Authenticated>
  context(request: FastifyRequest): RequestContext
  /** The `{ '4xx', '5xx' }` error responses of the auth routes. */
  errors: Record<string, unknown>
}

const BODY_LIMIT = 1024
const projectQuery = { type: 'object', properties: { projectId: { type: 'string', pattern: PROJECT_ID_PATTERN } } } as const
const codeBody = { type: 'object', required: ['code'], additionalProperties: false, properties: { code: { type: 'string', maxLength: 16 } } } as const
const status = (values: readonly string[]) => ({ type: 'object', required: ['totp'], properties: { totp: { type: 'string', enum: values } } }) as const
const passkeyStatus = (value: string) => ({ type: 'object', required: ['passkey'], properties: { passkey: { type: 'string', const: value } } }) as const
const mfaStatus = {
  type: 'object',
  required: ['totp', 'passkey', 'passkeys'],
  properties: { totp: { type: 'string', enum: ['none', 'pending', 'enrolled'] }, passkey: { type: 'string', enum: ['none', 'enrolled'] }, passkeys: { type: 'integer' } },
} as const

/**
 * @example
 * await mfaRoutes(app, { totp, stepUp, authenticated, context, errors })
 */
export async function mfaRoutes(app: FastifyInstance, { totp, stepUp, authenticated, context, errors }: MfaRoutesOptions): Promise<void> {
  app.get(MFA_PATHS.status, { schema: { querystring: projectQuery, response: { 200: mfaStatus, ...errors } } }, async (request) => stepUp.mfa((await authenticated(request)).user.id))

  app.post(MFA_PATHS.passkeyEnrol, { bodyLimit: BODY_LIMIT, schema: { querystring: projectQuery, response: { 200: passkeyStatus('enrolled'), ...errors } } }, async (request) =>
    stepUp.enrolPasskey(await authenticated(request)),
  )

  app.post(MFA_PATHS.passkeyRemove, { bodyLimit: BODY_LIMIT, schema: { querystring: projectQuery, response: { 200: passkeyStatus('none'), ...errors } } }, async (request) =>
    stepUp.removePasskey(await authenticated(request)),
  )

  app.post(
    MFA_PATHS.totpEnrol,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: projectQuery,
        response: { 200: { type: 'object', required: ['secret', 'uri'], properties: { secret: { type: 'string' }, uri: { type: 'string' } } }, ...errors },
      },
    },
    async (request) => totp.startEnrolment(await authenticated(request)),
  )

  app.post<{ Body: { code: string } }>(
    MFA_PATHS.totpConfirm,
    { bodyLimit: BODY_LIMIT, schema: { querystring: projectQuery, body: codeBody, response: { 200: status(['enrolled']), ...errors } } },
    async (request) => totp.confirmEnrolment(await authenticated(request), request.body.code, context(request)),
  )

  app.post<{ Body: { code: string } }>(
    MFA_PATHS.totpRemove,
    { bodyLimit: BODY_LIMIT, schema: { querystring: projectQuery, body: codeBody, response: { 200: status(['none']), ...errors } } },
    async (request) => totp.remove(await authenticated(request), request.body.code, context(request)),
  )
}
