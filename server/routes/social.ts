/**
 * Social login routes (server/auth/social.ts): `start` and `complete` are called by the
 * secure page, like the rest of /auth/v1 (secure origin only, no-store JSON); the
 * `callback` is where the provider sends the visitor's popup back, and answers with a
 * redirect to the dapp's origin (or a small HTML page when there is nowhere to go).
 */
import { type FastifyPluginAsync } from 'fastify'
import { AuthError } from '../auth/errors'
import { type AuthService } from '../auth/service'
import { DEVICE_ID_PATTERN } from '../auth/sessionToken'
import { type SocialLogin } from '../auth/social'
import { PROJECT_ID_PATTERN } from '../projects'
import { AUTH_PREFIX, loginContext, userSchema } from './auth'

export interface SocialRoutesOptions {
  /** Checks the device key a completed login proves (the session is bound to it). */
  auth: AuthService
  social: SocialLogin
  secureOrigins: ReadonlySet<string>
}

const BODY_LIMIT = 8 * 1024
const projectId = { type: 'string', pattern: PROJECT_ID_PATTERN } as const
const deviceId = { type: 'string', pattern: DEVICE_ID_PATTERN } as const
const tokenField = { type: 'string', maxLength: 64 } as const

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The page the popup shows when the callback cannot send it back to the dapp. */
export function callbackPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:15px system-ui,sans-serif;max-width:360px;margin:40px auto;padding:0 16px}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`
}

export const socialRoutes: FastifyPluginAsync<SocialRoutesOptions> = async (app, { auth, social, secureOrigins }) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (request.routeOptions.url === `${AUTH_PREFIX}/social/callback`) return
    const origin = request.headers.origin
    if (origin !== undefined && !secureOrigins.has(origin)) {
      throw new AuthError(403, 'Origin Not Allowed', 'ORIGIN_NOT_ALLOWED', `Origin '${origin}' may not call the embedded-wallet API; only the secure page may`)
    }
  })

  app.post<{ Body: { projectId: string; provider: string; deviceId: string; returnTo: string } }>(
    `${AUTH_PREFIX}/social/start`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        body: {
          type: 'object',
          required: ['projectId', 'provider', 'deviceId', 'returnTo'],
          properties: { projectId, provider: { type: 'string', maxLength: 32 }, deviceId, returnTo: { type: 'string', maxLength: 512 } },
        },
        response: { 200: { type: 'object', required: ['uri', 'attemptToken'], properties: { uri: { type: 'string' }, attemptToken: { type: 'string' } } } },
      },
    },
    async (request) => social.start(request.body),
  )

  app.get<{ Querystring: { state?: string; code?: string; error?: string } }>(
    `${AUTH_PREFIX}/social/callback`,
    { schema: { querystring: { type: 'object', properties: { state: { type: 'string', maxLength: 256 }, code: { type: 'string', maxLength: 2048 }, error: { type: 'string', maxLength: 256 } } } } },
    async (request, reply) => {
      const result = await social.callback(request.query)
      // The result token travels in the fragment: it never reaches a server's logs or a Referer.
      reply.header('referrer-policy', 'no-referrer')
      if ('redirect' in result) return reply.redirect(result.redirect, 303)
      return reply
        .code(result.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(callbackPage(result.page.title, result.page.message))
    },
  )

  app.post<{ Body: { projectId: string; deviceId: string; attemptToken: string; resultToken: string; chainId?: unknown } }>(
    `${AUTH_PREFIX}/social/complete`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        body: {
          type: 'object',
          required: ['projectId', 'deviceId', 'attemptToken', 'resultToken'],
          properties: { projectId, deviceId, attemptToken: tokenField, resultToken: tokenField, chainId: {} },
        },
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
    async (request) => social.complete(request.body, await loginContext(auth, request)),
  )
}
