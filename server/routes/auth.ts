/**
 * The embedded wallet's HTTP API (/auth/v1), called with fetch by the secure
 * page, which runs on its own origin inside the hidden iframe. Only that origin
 * may call it from a browser: CORS answers it alone, and a request carrying any
 * other Origin is refused before its body is read. Which dapps may embed the
 * secure page is the secure page's check (against GET /projects/v1/origins).
 * Every answer is `Cache-Control: no-store`. docs/self-hosting.md lists the
 * routes; docs/security.md says why they look like this.
 */
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify'
import { AuthError } from '../auth/errors'
import { type CustodyService } from '../auth/custody'
import { type DeviceService } from '../auth/devices'
import { type AuthService, type Authenticated, type RequestContext } from '../auth/service'
import { DEVICE_HEADER } from '../../src/shared/authApi'
import { DEVICE_ID_PATTERN } from '../auth/sessionToken'
import { DPOP_HEADER, type ProvenRequest } from '../auth/dpop'
import { PROJECT_ID_PATTERN } from '../projects'
import { custodyRoutes } from './custody'
import { type TotpService } from '../auth/totp'
import { mfaRoutes } from './mfa'
import { stepUpRoutes } from './stepUp'
import { type StepUpService } from '../auth/stepUp'
import { deviceRoutes } from './devices'

export interface AuthRoutesOptions {
  auth: AuthService
  /** Key shares of self-custody wallets (routes/custody.ts). */
  custody: CustodyService
  /** A fresh second factor on the session (routes/stepUp.ts), asked before key export. */
  stepUp: StepUpService
  /** The authenticator-app second factor (routes/mfa.ts). */
  totp: TotpService
  /** The user's devices and their removal (routes/devices.ts). */
  devices: DeviceService
  /** Exact origins of the secure page (SECURE_ORIGIN). */
  secureOrigins: ReadonlySet<string>
}

export const AUTH_PREFIX = '/auth/v1'

const BODY_LIMIT = 8 * 1024

const authErrorSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    code: { type: 'string' },
    attemptsLeft: { type: 'integer' },
    retryAfter: { type: 'integer' },
    field: { type: 'string' },
  },
} as const
const errors = { '4xx': authErrorSchema, '5xx': authErrorSchema } as const

export const userSchema = {
  type: 'object',
  required: ['email', 'chainId', 'accounts', 'smartAccountDeployed', 'preferredAccountType', 'addresses'],
  properties: {
    email: { type: ['string', 'null'] },
    address: { type: 'string' },
    chainId: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
    accounts: {
      type: 'array',
      items: { type: 'object', required: ['address', 'type'], properties: { address: { type: 'string' }, type: { type: 'string' } } },
    },
    smartAccountDeployed: { type: 'boolean' },
    preferredAccountType: { type: 'string' },
    addresses: { type: 'object', properties: { eip155: { type: 'string' }, solana: { type: 'string' } } },
    userName: { type: 'string' },
  },
} as const

/** What a finished login answers (email/verify, a passkey login): the user and the session. */
export const loginAnswerSchema = {
  type: 'object',
  required: ['user', 'session'],
  properties: {
    user: userSchema,
    session: { type: 'object', required: ['token', 'expiresAt'], properties: { token: { type: 'string' }, expiresAt: { type: 'string' } } },
  },
} as const

const actionSchema = (actions: readonly string[]) => ({ type: 'object', required: ['action'], properties: { action: { type: 'string', enum: actions } } }) as const

const projectId = { type: 'string', pattern: PROJECT_ID_PATTERN } as const
const email = { type: 'string', maxLength: 1024 } as const
const deviceId = { type: 'string', pattern: DEVICE_ID_PATTERN } as const
const deviceIdShape = new RegExp(DEVICE_ID_PATTERN)
const otp = { type: 'string', maxLength: 64 } as const

interface LoginBody {
  projectId: string
  email: string
  deviceId: string
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { auth, custody, stepUp, totp, devices, secureOrigins }) => {
  // Generic HTTP clients often send `Content-Type: application/json` with no body
  // on calls that need none (logout, is-connected): read that as no body. Anything
  // else goes to Fastify's own parser, prototype-poisoning checks included.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined)
    parseJson(request, body as string, done)
  })

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const origin = request.headers.origin
    // No Origin: not a browser (or a same-origin GET), and anything that is not a
    // browser can forge headers anyway. A browser elsewhere is refused outright.
    if (origin !== undefined && !secureOrigins.has(origin)) {
      throw new AuthError(403, 'Origin Not Allowed', 'ORIGIN_NOT_ALLOWED', `Origin '${origin}' may not call the embedded-wallet API; only the secure page may`)
    }
  })

  const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip, userAgent: request.headers['user-agent'] })
  const authenticated = (request: FastifyRequest) => authenticatedRequest(auth, request)
  // What matters (issue 32): with a second factor enrolled, a fresh proof of it first.
  const withSecondFactor = async (request: FastifyRequest) => {
    const session = await authenticated(request)
    await stepUp.requireSecondFactor(session)
    return session
  }
  const withExportStepUp = async (request: FastifyRequest) => {
    const session = await authenticated(request)
    await stepUp.requireExportStepUp(session)
    return session
  }

  app.post<{ Body: LoginBody }>(
    `${AUTH_PREFIX}/email/start`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        body: { type: 'object', required: ['projectId', 'email', 'deviceId'], properties: { projectId, email, deviceId } },
        response: { 200: actionSchema(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']), ...errors },
      },
    },
    async (request) => {
      const { projectId, email, deviceId } = request.body
      const sessionToken = bearerToken(request)
      return auth.startEmailLogin({ projectId, email, deviceId, ...(sessionToken ? { sessionToken } : {}) }, context(request))
    },
  )

  app.post<{ Body: LoginBody & { otp: string } }>(
    `${AUTH_PREFIX}/device/verify`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        body: { type: 'object', required: ['projectId', 'email', 'deviceId', 'otp'], properties: { projectId, email, deviceId, otp } },
        response: { 200: actionSchema(['VERIFY_OTP']), ...errors },
      },
    },
    async (request) => auth.verifyDevice(request.body, context(request)),
  )

  app.post<{ Body: LoginBody & { otp: string; chainId?: unknown } }>(
    `${AUTH_PREFIX}/email/verify`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        body: { type: 'object', required: ['projectId', 'email', 'deviceId', 'otp'], properties: { projectId, email, deviceId, otp, chainId: {} } },
        response: { 200: loginAnswerSchema, ...errors },
      },
    },
    async (request) => auth.verifyEmailLogin(request.body, await loginContext(auth, request)),
  )

  app.get<{ Querystring: { chainId?: string; projectId?: string } }>(
    `${AUTH_PREFIX}/me`,
    {
      schema: {
        querystring: { type: 'object', properties: { chainId: { type: 'string', maxLength: 64 }, projectId } },
        response: { 200: { type: 'object', required: ['user'], properties: { user: userSchema } }, ...errors },
      },
    },
    async (request) => ({ user: await auth.getUser(await authenticated(request), request.query.chainId) }),
  )

  app.post(`${AUTH_PREFIX}/logout`, { bodyLimit: BODY_LIMIT, schema: { response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, ...errors } } }, async (request) => {
    const token = bearerToken(request)
    if (token === undefined) throw new AuthError(401, 'Unauthorized', 'UNAUTHORIZED', 'Send the session as Authorization: Bearer <token>')
    // Signing out is idempotent: an unknown or ended session is signed out already.
    await auth.logout(token)
    return { success: true }
  })

  app.post(
    `${AUTH_PREFIX}/is-connected`,
    { bodyLimit: BODY_LIMIT, schema: { response: { 200: { type: 'object', required: ['isConnected'], properties: { isConnected: { type: 'boolean' } } }, ...errors } } },
    async (request) => {
      // SPEC §3 "Is-connected: optional token, returns isConnected": in the body, or as the bearer.
      const body: unknown = request.body
      if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
        throw new AuthError(400, 'Bad Request', 'INVALID_PAYLOAD', 'body must be an object such as { "token": "…" }, or empty')
      }
      const token = (body as { token?: unknown } | null | undefined)?.token
      if (token !== undefined && typeof token !== 'string') throw new AuthError(400, 'Bad Request', 'INVALID_PAYLOAD', 'body/token must be a string')
      return { isConnected: await auth.isConnected(token ?? bearerToken(request)) }
    },
  )

  app.post<{ Body: { newEmail: string }; Querystring: { projectId?: string } }>(
    `${AUTH_PREFIX}/email/update`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: { type: 'object', properties: { projectId } },
        body: { type: 'object', required: ['newEmail'], properties: { newEmail: email } },
        response: { 200: actionSchema(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']), ...errors },
      },
    },
    async (request) => auth.startEmailUpdate(await withSecondFactor(request), request.body.newEmail, context(request)),
  )

  app.post<{ Body: { otp: string }; Querystring: { projectId?: string } }>(
    `${AUTH_PREFIX}/email/update/primary`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: { type: 'object', properties: { projectId } },
        body: { type: 'object', required: ['otp'], properties: { otp } },
        response: { 200: actionSchema(['VERIFY_SECONDARY_OTP']), ...errors },
      },
    },
    async (request) => auth.verifyPrimaryEmail(await authenticated(request), request.body.otp, context(request)),
  )

  app.post<{ Body: { otp: string }; Querystring: { projectId?: string } }>(
    `${AUTH_PREFIX}/email/update/secondary`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: { type: 'object', properties: { projectId } },
        body: { type: 'object', required: ['otp'], properties: { otp } },
        response: { 200: { type: 'object', required: ['newEmail'], properties: { newEmail: { type: 'string' } } }, ...errors },
      },
    },
    async (request) => auth.verifySecondaryEmail(await authenticated(request), request.body.otp, context(request)),
  )

  await custodyRoutes(app, { custody, authenticated, withSecondFactor, withExportStepUp, errors })
  await mfaRoutes(app, { totp, stepUp, authenticated, context, errors })
  const [firstOrigin] = secureOrigins
  await stepUpRoutes(app, { stepUp, authenticated, context, origin: (request) => request.headers.origin ?? firstOrigin ?? '', errors })
  await deviceRoutes(app, { devices, authenticated, withSecondFactor, errors })
}

/** The session, used from the project (?projectId=) and device (the device header) it was opened for, with its proof of the device key. */
export function authenticatedRequest(auth: AuthService, request: FastifyRequest): Promise<Authenticated> {
  const query = request.query as { projectId?: unknown } | undefined
  const projectId = typeof query?.projectId === 'string' && query.projectId !== '' ? query.projectId : undefined
  const header = request.headers[DEVICE_HEADER]
  const deviceId = typeof header === 'string' && deviceIdShape.test(header) ? header : undefined
  return auth.authenticate(bearerToken(request), { projectId, deviceId, proof: provenRequest(request) })
}

/** What a request says about itself for its proof of the device key (server/auth/dpop.ts). */
export function provenRequest(request: FastifyRequest): ProvenRequest {
  return { proof: request.headers[DPOP_HEADER], method: request.method, host: request.host, path: request.url.split('?')[0]! }
}

/**
 * The context of a call that opens a session: the device key it proved (refused
 * without a valid, fresh proof) is the key the session is bound to.
 */
export async function loginContext(auth: AuthService, request: FastifyRequest): Promise<RequestContext> {
  const deviceKey = await auth.proveDeviceKey(provenRequest(request))
  return { ip: request.ip, userAgent: request.headers['user-agent'], deviceKey }
}

/** `Authorization: Bearer <token>`, or undefined. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header === undefined) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1]
}
