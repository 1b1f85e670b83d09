/**
 * Passkey routes (server/auth/passkeys.ts), called by the secure page like the rest of
 * /auth/v1 (secure origins only, no-store JSON):
 *
 * | Route | Body | Answer |
 * |---|---|---|
 * | POST /auth/v1/passkey/signup/start | { projectId, deviceId } | { ceremonyId, options } |
 * | POST /auth/v1/passkey/signup/finish | { projectId, deviceId, ceremonyId, response, chainId? } | { user, session } |
 * | POST /auth/v1/passkey/login/start | { projectId, deviceId } | { ceremonyId, options } |
 * | POST /auth/v1/passkey/login/finish | { projectId, deviceId, ceremonyId, response, chainId? } | { user, session } |
 * | POST /auth/v1/passkey/add/start?projectId= (Bearer) | {} | { ceremonyId, options } |
 * | POST /auth/v1/passkey/add/finish?projectId= (Bearer) | { ceremonyId, response } | { credentialId } |
 *
 * `options` go to `navigator.credentials.create/get` as they are (JSON form);
 * `response` is the credential in JSON form (`@simplewebauthn/browser` gives both).
 */
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { AuthError } from '../auth/errors'
import { type PasskeyLogin } from '../auth/passkeys'
import { type AuthService } from '../auth/service'
import { DEVICE_ID_PATTERN } from '../auth/sessionToken'
import { PROJECT_ID_PATTERN } from '../projects'
import { AUTH_PREFIX, authenticatedRequest, loginAnswerSchema, loginContext } from './auth'

export interface PasskeyRoutesOptions {
  passkeys: PasskeyLogin
  auth: AuthService
  /** Exact origins of the secure page; the first is the relying party of a caller that names none. */
  secureOrigins: ReadonlySet<string>
}

const BODY_LIMIT = 16 * 1024
const projectId = { type: 'string', pattern: PROJECT_ID_PATTERN } as const
const deviceId = { type: 'string', pattern: DEVICE_ID_PATTERN } as const
const ceremonyId = { type: 'string', pattern: '^[A-Za-z0-9_-]{32}$' } as const
/** The credential's JSON form; its inside is checked by the WebAuthn library. */
const credential = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: { id: { type: 'string', maxLength: 1400 }, rawId: { type: 'string', maxLength: 1400 }, type: { type: 'string', const: 'public-key' }, response: { type: 'object' } },
} as const
const place = { type: 'object', required: ['projectId', 'deviceId'], properties: { projectId, deviceId } } as const
const optionsAnswer = {
  200: { type: 'object', required: ['ceremonyId', 'options'], properties: { ceremonyId: { type: 'string' }, options: { type: 'object', additionalProperties: true } } },
} as const
const loginAnswer = { 200: loginAnswerSchema } as const
const finishBody = {
  type: 'object',
  required: ['projectId', 'deviceId', 'ceremonyId', 'response'],
  properties: { projectId, deviceId, ceremonyId, response: credential, chainId: {} },
} as const

type Place = { projectId: string; deviceId: string }
type Finish<R> = Place & { ceremonyId: string; response: R; chainId?: unknown }

export const passkeyRoutes: FastifyPluginAsync<PasskeyRoutesOptions> = async (app, { passkeys, auth, secureOrigins }) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const origin = request.headers.origin
    if (origin !== undefined && !secureOrigins.has(origin)) {
      throw new AuthError(403, 'Origin Not Allowed', 'ORIGIN_NOT_ALLOWED', `Origin '${origin}' may not call the embedded-wallet API; only the secure page may`)
    }
  })
  const [firstOrigin] = secureOrigins
  /** The secure origin that asks (checked above), whose host is the relying party. */
  const originOf = (request: FastifyRequest) => request.headers.origin ?? firstOrigin ?? ''

  app.post<{ Body: Place }>(`${AUTH_PREFIX}/passkey/signup/start`, { bodyLimit: BODY_LIMIT, schema: { body: place, response: optionsAnswer } }, async (request) =>
    passkeys.startSignUp({ ...request.body, origin: originOf(request) }),
  )
  app.post<{ Body: Finish<RegistrationResponseJSON> }>(`${AUTH_PREFIX}/passkey/signup/finish`, { bodyLimit: BODY_LIMIT, schema: { body: finishBody, response: loginAnswer } }, async (request) =>
    passkeys.finishSignUp(request.body, await loginContext(auth, request)),
  )
  app.post<{ Body: Place }>(`${AUTH_PREFIX}/passkey/login/start`, { bodyLimit: BODY_LIMIT, schema: { body: place, response: optionsAnswer } }, async (request) =>
    passkeys.startLogin({ ...request.body, origin: originOf(request) }),
  )
  app.post<{ Body: Finish<AuthenticationResponseJSON> }>(`${AUTH_PREFIX}/passkey/login/finish`, { bodyLimit: BODY_LIMIT, schema: { body: finishBody, response: loginAnswer } }, async (request) =>
    passkeys.finishLogin(request.body, await loginContext(auth, request)),
  )
  app.post(`${AUTH_PREFIX}/passkey/add/start`, { bodyLimit: BODY_LIMIT, schema: { querystring: { type: 'object', properties: { projectId } }, response: optionsAnswer } }, async (request) =>
    passkeys.startAdd(await authenticatedRequest(auth, request), originOf(request)),
  )
  app.post<{ Body: { ceremonyId: string; response: RegistrationResponseJSON } }>(
    `${AUTH_PREFIX}/passkey/add/finish`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: { type: 'object', properties: { projectId } },
        body: { type: 'object', required: ['ceremonyId', 'response'], properties: { ceremonyId, response: credential } },
        response: { 200: { type: 'object', required: ['credentialId'], properties: { credentialId: { type: 'string' } } } },
      },
    },
    async (request) => passkeys.finishAdd(await authenticatedRequest(auth, request), request.body),
  )
}
