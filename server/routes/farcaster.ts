/**
 * Farcaster login routes (server/auth/farcaster.ts), called by the secure page like the
 * rest of /auth/v1: secure origin only, no-store JSON. `complete` waits up to ~20 s for
 * the visitor's approval and answers 409 LOGIN_PENDING when it has not come yet (the
 * secure page asks again).
 */
import { type FastifyPluginAsync } from 'fastify'
import { AuthError } from '../auth/errors'
import { type FarcasterLogin } from '../auth/farcaster'
import { type AuthService } from '../auth/service'
import { DEVICE_ID_PATTERN } from '../auth/sessionToken'
import { PROJECT_ID_PATTERN } from '../projects'
import { AUTH_PREFIX, loginContext, userSchema } from './auth'

export interface FarcasterRoutesOptions {
  /** Checks the device key a completed login proves (the session is bound to it). */
  auth: AuthService
  farcaster: FarcasterLogin
  secureOrigins: ReadonlySet<string>
}

const BODY_LIMIT = 8 * 1024
const projectId = { type: 'string', pattern: PROJECT_ID_PATTERN } as const
const deviceId = { type: 'string', pattern: DEVICE_ID_PATTERN } as const

export const farcasterRoutes: FastifyPluginAsync<FarcasterRoutesOptions> = async (app, { auth, farcaster, secureOrigins }) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const origin = request.headers.origin
    if (origin !== undefined && !secureOrigins.has(origin)) {
      throw new AuthError(403, 'Origin Not Allowed', 'ORIGIN_NOT_ALLOWED', `Origin '${origin}' may not call the embedded-wallet API; only the secure page may`)
    }
  })

  app.post<{ Body: { projectId: string; deviceId: string } }>(
    `${AUTH_PREFIX}/farcaster/start`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        body: { type: 'object', required: ['projectId', 'deviceId'], properties: { projectId, deviceId } },
        response: { 200: { type: 'object', required: ['url', 'attemptToken'], properties: { url: { type: 'string' }, attemptToken: { type: 'string' } } } },
      },
    },
    async (request) => farcaster.start(request.body),
  )

  app.post<{ Body: { projectId: string; deviceId: string; attemptToken: string; chainId?: unknown } }>(
    `${AUTH_PREFIX}/farcaster/complete`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        body: { type: 'object', required: ['projectId', 'deviceId', 'attemptToken'], properties: { projectId, deviceId, attemptToken: { type: 'string', maxLength: 64 }, chainId: {} } },
        response: {
          200: {
            type: 'object',
            required: ['user', 'session', 'provider'],
            properties: {
              user: userSchema,
              provider: { type: 'string' },
              session: { type: 'object', required: ['token', 'expiresAt'], properties: { token: { type: 'string' }, expiresAt: { type: 'string' } } },
            },
          },
        },
      },
    },
    async (request) => farcaster.complete(request.body, await loginContext(auth, request)),
  )
}
