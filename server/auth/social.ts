/**
 * Social login (SPEC §3 social providers; docs/embedded-wallet.md "Social login";
 * docs/security.md "Social and Farcaster logins"). Three steps, three secrets:
 *
 * 1. `start` (secure page → server): a random `state`, `nonce` and attempt token. The
 *    PKCE verifier is an HMAC of the state under a master-key-derived secret, so it is
 *    never stored. The secure page keeps the attempt token; the app gets the provider's
 *    authorization URL and opens it in the popup.
 * 2. `callback` (the provider → server, in the popup): the state finds the attempt; the
 *    code is exchanged with the client secret and the verifier, the ID token checked
 *    (signature, iss, aud, exp, nonce); the identity finds or creates the wallet. The
 *    popup is sent back to the dapp's origin (on the project's allow list) with a result
 *    token in the fragment.
 * 3. `complete` (secure page → server): the attempt token AND the result token, from the
 *    same project and device, once, within 10 minutes, open the session. The dapp sees
 *    the result token but not the attempt token; a page that sees neither cannot finish
 *    someone else's login, and a login link sent to a victim lands its result in the
 *    victim's browser, not the attacker's.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { type Kysely } from 'kysely'
import { createLoginAttemptStore, type LoginAttempt } from '../db/loginAttempts'
import { type DatabaseSchema } from '../db/schema'
import { type ProjectRegistry } from '../projects'
import { AuthError } from './errors'
import { type Keyring } from './masterKey'
import { createOAuthClient, OAuthError, OAUTH_PROVIDERS, type OAuthClient, type OAuthProviderId, type OAuthProviders } from './oauth'
import { type AuthService, type EmbeddedWalletUser, type RequestContext, type SessionGrant } from './service'
import { hashDeviceId } from './sessionToken'

/** How long a started login may take, from the click to `complete`. */
export const LOGIN_ATTEMPT_TTL_MS = 10 * 60_000

/** The fragment keys the popup comes back with (read by the app, passed to the secure page). */
export const SOCIAL_RESULT_PARAM = 'portico_social'
export const SOCIAL_ERROR_PARAM = 'portico_social_error'

export const ATTEMPT_TOKEN_PATTERN = /^pta_[A-Za-z0-9_-]{43}$/
export const RESULT_TOKEN_PATTERN = /^ptr_[A-Za-z0-9_-]{43}$/

export interface SocialLoginOptions {
  db: Kysely<DatabaseSchema>
  projects: ProjectRegistry
  keyring: Keyring
  auth: AuthService
  providers: OAuthProviders
  /** The public URL of GET /auth/v1/social/callback, registered at every provider. */
  callbackUrl: string
  now?: () => number
  logError?: (error: unknown, message: string) => void
}

export type CallbackResult = { redirect: string } | { status: number; page: { title: string; message: string } }

export interface SocialLogin {
  readonly providers: readonly OAuthProviderId[]
  start(input: { projectId: string; provider: string; deviceId: string; returnTo: string }): Promise<{ uri: string; attemptToken: string }>
  callback(query: { state?: string | undefined; code?: string | undefined; error?: string | undefined }): Promise<CallbackResult>
  complete(
    input: { projectId: string; deviceId: string; attemptToken: string; resultToken: string; chainId?: unknown },
    context: RequestContext,
  ): Promise<{ user: EmbeddedWalletUser; session: SessionGrant; provider: string }>
}

const token = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`

/**
 * @example
 * const social = createSocialLogin({ db, projects, keyring, auth, providers, callbackUrl: 'https://api.example/auth/v1/social/callback' })
 * const { uri, attemptToken } = await social.start({ projectId: 'shop', provider: 'google', deviceId, returnTo: 'https://shop.example' })
 */
export function createSocialLogin(options: SocialLoginOptions): SocialLogin {
  const { db, projects, keyring, auth, callbackUrl } = options
  const now = options.now ?? Date.now
  const logError = options.logError ?? (() => {})
  const attempts = createLoginAttemptStore(db)
  const clients = new Map<OAuthProviderId, OAuthClient>()
  for (const name of OAUTH_PROVIDERS) {
    const config = options.providers[name]
    if (config) clients.set(name, createOAuthClient(name, config))
  }
  const keyed = (purpose: string, value: string) => createHmac('sha256', keyring.derive(purpose)).update(value).digest('base64url')
  const stateHash = (state: string) => keyed('social-state/1', state)
  const attemptHash = (value: string) => keyed('login-attempt/1', value)
  const resultHash = (value: string) => keyed('login-result/1', value)
  const codeVerifier = (state: string) => keyed('pkce-verifier/1', state)

  const returnUrl = (attempt: LoginAttempt, fragment: Record<string, string>) => `${attempt.returnTo}/#${new URLSearchParams(fragment).toString()}`

  return {
    providers: [...clients.keys()],

    async start({ projectId, provider, deviceId, returnTo }) {
      const project = projects.get(projectId)
      if (project === undefined) throw new AuthError(403, 'Invalid Project ID', 'INVALID_PROJECT', `Project ID '${projectId}' is not configured on this server`)
      const client = clients.get(provider as OAuthProviderId)
      if (client === undefined) {
        throw new AuthError(404, 'Not Found', 'SOCIAL_PROVIDER_UNAVAILABLE', `Login with '${provider.slice(0, 20)}' is not available on this server`)
      }
      let origin: string
      try {
        origin = new URL(returnTo).origin
      } catch {
        origin = ''
      }
      // The popup comes back to the dapp that asked: only an origin the project allows.
      if (origin !== returnTo || !project.isOriginAllowed(origin)) {
        throw new AuthError(400, 'Bad Request', 'LOGIN_RETURN_NOT_ALLOWED', 'returnTo must be an origin on the project allow list')
      }
      const state = randomBytes(32).toString('base64url')
      const nonce = randomBytes(16).toString('base64url')
      const attemptToken = token('pta_')
      const at = now()
      const uri = await client
        .authorizationUrl({ state, nonce, codeChallenge: createHash('sha256').update(codeVerifier(state)).digest('base64url'), redirectUri: callbackUrl })
        .catch((error: unknown) => {
          logError(error, `social login: ${provider} is unavailable`)
          throw new AuthError(502, 'Bad Gateway', 'SOCIAL_PROVIDER_UNAVAILABLE', `Login with ${provider} is unavailable right now; try again later`)
        })
      await attempts.insert({
        kind: 'social',
        provider,
        stateHash: stateHash(state),
        attemptHash: attemptHash(attemptToken),
        projectId,
        deviceHash: hashDeviceId(deviceId),
        returnTo: origin,
        nonce,
        channelToken: null,
        now: at,
        expiresAt: at + LOGIN_ATTEMPT_TTL_MS,
      })
      return { uri, attemptToken }
    },

    async callback({ state, code, error }) {
      const page = (status: number, message: string): CallbackResult => ({ status, page: { title: 'Login failed', message } })
      if (typeof state !== 'string' || state.length < 20 || state.length > 200) return page(400, 'This login link is incomplete. Close this window and try again.')
      const attempt = await attempts.findByStateHash(stateHash(state))
      if (attempt === undefined || attempt.kind !== 'social') return page(400, 'This login is not known here. Close this window and try again.')
      const at = now()
      if (attempt.status !== 'pending' || at >= attempt.expiresAt.getTime()) return page(400, 'This login has already ended. Close this window and try again.')
      const fail = async (reason: string) => {
        await attempts.fail(attempt.id, reason, now())
        return { redirect: returnUrl(attempt, { [SOCIAL_ERROR_PARAM]: reason }) }
      }
      if (typeof error === 'string' && error !== '') return fail(/^[a-z_]{1,64}$/.test(error) ? error : 'provider_error')
      if (typeof code !== 'string' || code === '' || code.length > 2048) return fail('invalid_request')
      const client = clients.get(attempt.provider as OAuthProviderId)
      if (client === undefined) return fail('provider_unavailable')
      try {
        const identity = await client.finish({ code, codeVerifier: codeVerifier(state), nonce: attempt.nonce, redirectUri: callbackUrl, now: at })
        const user = await auth.userForIdentity({ provider: attempt.provider, ...identity })
        const resultToken = token('ptr_')
        if (!(await attempts.complete(attempt.id, { userId: user.id, username: identity.username, resultHash: resultHash(resultToken) }, now()))) {
          return page(409, 'This login has already ended. Close this window and try again.')
        }
        return { redirect: returnUrl(attempt, { [SOCIAL_RESULT_PARAM]: resultToken }) }
      } catch (cause) {
        logError(cause, `social login with ${attempt.provider} failed`)
        return fail(cause instanceof OAuthError ? cause.code.replace(/[^a-z_]/g, '').slice(0, 64) || 'provider_error' : 'server_error')
      }
    },

    async complete({ projectId, deviceId, attemptToken, resultToken, chainId }, context) {
      const notFound = () => new AuthError(400, 'Bad Request', 'LOGIN_NOT_FOUND', 'No such login here; start again')
      if (!ATTEMPT_TOKEN_PATTERN.test(attemptToken) || !RESULT_TOKEN_PATTERN.test(resultToken)) throw notFound()
      const attempt = await attempts.findByAttemptHash(attemptHash(attemptToken))
      if (attempt === undefined || attempt.kind !== 'social' || attempt.projectId !== projectId || attempt.deviceHash !== hashDeviceId(deviceId)) throw notFound()
      if (attempt.status === 'failed') {
        throw new AuthError(
          400,
          'Bad Request',
          'LOGIN_FAILED',
          attempt.error === 'access_denied' ? 'The login was cancelled' : `The login with ${attempt.provider} failed (${attempt.error ?? 'error'})`,
        )
      }
      if (now() >= attempt.expiresAt.getTime()) throw new AuthError(400, 'Bad Request', 'LOGIN_EXPIRED', 'The login took too long; start again')
      if (attempt.status === 'pending') throw new AuthError(409, 'Conflict', 'LOGIN_PENDING', 'The login is not finished yet')
      if (attempt.status !== 'completed' || attempt.resultHash !== resultHash(resultToken) || attempt.userId === null) throw notFound()
      if (!(await attempts.use(attempt.id, now()))) throw notFound()
      const signedIn = await auth.openSession(attempt.userId, { projectId, deviceHash: attempt.deviceHash }, chainId, context)
      return { ...signedIn, provider: attempt.provider }
    },
  }
}
