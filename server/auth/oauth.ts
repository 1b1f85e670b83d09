/**
 * The reference server as an OAuth 2 / OpenID Connect client of the social providers
 * (SPEC §3: google, github, apple, facebook, x, discord): the authorization code flow
 * with PKCE (S256), `state` and, for OpenID Connect providers, `nonce` and a verified ID
 * token. Confidential clients: the client secret never leaves the server.
 *
 * A provider is either an OpenID Connect issuer (endpoints from its discovery document)
 * or plain OAuth 2 with its endpoints spelled out (GitHub, X, Discord and Facebook are
 * not OpenID Connect); `subjectClaim` and `usernameClaim` say where the account id and
 * the username are in the userinfo answer (dotted paths, e.g. `data.username` for X).
 */
import type { JsonWebKey } from 'node:crypto'
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK } from 'jose'

export const OAUTH_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number]

export interface OAuthProviderConfig {
  /** OpenID Connect issuer; its `/.well-known/openid-configuration` gives the endpoints. */
  issuer?: string
  authorizationEndpoint?: string
  tokenEndpoint?: string
  userinfoEndpoint?: string
  jwksUri?: string
  clientId: string
  clientSecret: string
  /** Default: `openid profile email` for OpenID Connect, none otherwise. */
  scopes?: string[]
  /** Where the account id is in the userinfo (or ID token) claims. Default `sub`. */
  subjectClaim?: string
  /** Where the username is, first present wins. Default `preferred_username`, `name`, `email`. */
  usernameClaim?: string | string[]
  /** How the client authenticates at the token endpoint. Default `client_secret_basic`. */
  tokenAuthMethod?: 'client_secret_basic' | 'client_secret_post'
}

export type OAuthProviders = Partial<Record<OAuthProviderId, OAuthProviderConfig>>

/** What a finished login tells the server about the account. */
export interface OAuthIdentity {
  subject: string
  username: string | null
}

export class OAuthError extends Error {
  override name = 'OAuthError'
  constructor(
    message: string,
    /** An OAuth error code (`access_denied`) or one of ours (`invalid_id_token`). */
    readonly code: string,
  ) {
    super(message)
  }
}

type Endpoints = { issuer?: string; authorization: string; token: string; userinfo?: string; jwks?: string }

const TIMEOUT_MS = 10_000

async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' })
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new OAuthError(`${new URL(url).origin} answered ${response.status} without JSON`, 'provider_error')
  }
  if (!response.ok) {
    const error = (body as { error?: unknown; error_description?: unknown }) ?? {}
    throw new OAuthError(
      `${new URL(url).origin} answered ${response.status}: ${String(error.error_description ?? error.error ?? 'error').slice(0, 200)}`,
      typeof error.error === 'string' ? error.error.slice(0, 64) : 'provider_error',
    )
  }
  return body
}

/** Reads a dotted path (`data.username`) out of a JSON object. */
export function claimAt(claims: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), claims)
}

/** The signature algorithms an ID token may use; `none` and HMAC (a client secret as key) are refused. */
const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA']
/** How far the provider's clock may be ahead of or behind ours. */
const CLOCK_TOLERANCE_S = 60

/** jose's refusal as one of ours, in the words the login error shows. */
function idTokenError(error: unknown): OAuthError {
  if (error instanceof OAuthError) return error
  if (error instanceof joseErrors.JWTExpired) return new OAuthError('The ID token has expired', 'invalid_id_token')
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    const which = { iss: 'The ID token comes from another issuer', aud: 'The ID token is for another client' }[error.claim]
    return new OAuthError(which ?? `The ID token's ${error.claim.slice(0, 16)} claim is not valid`, 'invalid_id_token')
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed || error instanceof joseErrors.JOSENotSupported) return new OAuthError('ID token algorithm is not accepted', 'invalid_id_token')
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWKSMultipleMatchingKeys) {
    return new OAuthError('The ID token signature does not verify', 'invalid_id_token')
  }
  return new OAuthError('The ID token is not a JWT', 'invalid_id_token')
}

/**
 * Checks an ID token with jose: its signature against the issuer's keys (RSA, RSA-PSS,
 * ECDSA, EdDSA), its iss, aud and exp, then the nonce and subject (OpenID Connect Core
 * 3.1.3.7).
 *
 * @example
 * const claims = await verifyIdToken(idToken, { keys, issuer, clientId, nonce, now: Date.now() })
 */
export async function verifyIdToken(
  token: string,
  { keys, issuer, clientId, nonce, now }: { keys: readonly JsonWebKey[]; issuer: string; clientId: string; nonce: string; now: number },
): Promise<Record<string, unknown>> {
  let claims: Record<string, unknown>
  try {
    // A key published for encryption only (`use: enc`) never checks a signature.
    const signingKeys = keys.filter((key) => key.use === undefined || key.use === 'sig') as JWK[]
    ;({ payload: claims } = await jwtVerify(token, createLocalJWKSet({ keys: signingKeys }), {
      issuer,
      audience: clientId,
      algorithms: ID_TOKEN_ALGORITHMS,
      currentDate: new Date(now),
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['exp'],
    }))
  } catch (error) {
    throw idTokenError(error)
  }
  if (claims.nonce !== nonce) throw new OAuthError('The ID token nonce does not match this login', 'invalid_id_token')
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new OAuthError('The ID token has no subject', 'invalid_id_token')
  return claims
}

export interface OAuthClient {
  readonly provider: OAuthProviderId
  /** The provider's authorization URL for this login. */
  authorizationUrl(input: { state: string; nonce: string; codeChallenge: string; redirectUri: string }): Promise<string>
  /** Exchanges the code (with the PKCE verifier) and reads who logged in. */
  finish(input: { code: string; codeVerifier: string; nonce: string; redirectUri: string; now: number }): Promise<OAuthIdentity>
}

/**
 * @example
 * const google = createOAuthClient('google', { issuer: 'https://accounts.google.com', clientId, clientSecret })
 * const url = await google.authorizationUrl({ state, nonce, codeChallenge, redirectUri })
 */
export function createOAuthClient(provider: OAuthProviderId, config: OAuthProviderConfig): OAuthClient {
  let endpoints: Promise<Endpoints> | undefined
  const discover = (): Promise<Endpoints> =>
    (endpoints ??= (async () => {
      if (config.issuer === undefined) {
        if (!config.authorizationEndpoint || !config.tokenEndpoint) throw new OAuthError(`${provider}: set issuer, or authorizationEndpoint and tokenEndpoint`, 'misconfigured')
        return {
          authorization: config.authorizationEndpoint,
          token: config.tokenEndpoint,
          ...(config.userinfoEndpoint ? { userinfo: config.userinfoEndpoint } : {}),
          ...(config.jwksUri ? { jwks: config.jwksUri } : {}),
        }
      }
      const issuer = config.issuer.replace(/\/+$/, '')
      const document = (await fetchJson(`${issuer}/.well-known/openid-configuration`)) as Record<string, unknown>
      if (document.issuer !== config.issuer && document.issuer !== issuer) throw new OAuthError(`${provider}: the discovery document names another issuer`, 'misconfigured')
      const pick = (own: string | undefined, key: string) => own ?? (typeof document[key] === 'string' ? (document[key] as string) : undefined)
      const authorization = pick(config.authorizationEndpoint, 'authorization_endpoint')
      const token = pick(config.tokenEndpoint, 'token_endpoint')
      if (!authorization || !token) throw new OAuthError(`${provider}: the discovery document has no authorization or token endpoint`, 'misconfigured')
      const userinfo = pick(config.userinfoEndpoint, 'userinfo_endpoint')
      const jwks = pick(config.jwksUri, 'jwks_uri')
      return { issuer: document.issuer as string, authorization, token, ...(userinfo ? { userinfo } : {}), ...(jwks ? { jwks } : {}) }
    })().catch((error: unknown) => {
      // A provider that was down at first use is asked again next time.
      endpoints = undefined
      throw error instanceof OAuthError ? error : new OAuthError(`${provider} could not be reached: ${(error as Error).message}`, 'provider_unavailable')
    }))

  const isOidc = config.issuer !== undefined
  const scopes = config.scopes ?? (isOidc ? ['openid', 'profile', 'email'] : [])
  const usernameClaims = Array.isArray(config.usernameClaim) ? config.usernameClaim : config.usernameClaim ? [config.usernameClaim] : ['preferred_username', 'name', 'email']

  return {
    provider,
    async authorizationUrl({ state, nonce, codeChallenge, redirectUri }) {
      const url = new URL((await discover()).authorization)
      url.searchParams.set('response_type', 'code')
      url.searchParams.set('client_id', config.clientId)
      url.searchParams.set('redirect_uri', redirectUri)
      if (scopes.length > 0) url.searchParams.set('scope', scopes.join(' '))
      url.searchParams.set('state', state)
      if (isOidc) url.searchParams.set('nonce', nonce)
      url.searchParams.set('code_challenge', codeChallenge)
      url.searchParams.set('code_challenge_method', 'S256')
      return url.href
    },
    async finish({ code, codeVerifier, nonce, redirectUri, now }) {
      const found = await discover()
      const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier })
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }
      if ((config.tokenAuthMethod ?? 'client_secret_basic') === 'client_secret_basic') {
        const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+')
        headers.authorization = `Basic ${Buffer.from(`${encode(config.clientId)}:${encode(config.clientSecret)}`).toString('base64')}`
      } else {
        body.set('client_id', config.clientId)
        body.set('client_secret', config.clientSecret)
      }
      const tokens = (await fetchJson(found.token, { method: 'POST', headers, body })) as { access_token?: unknown; id_token?: unknown }
      let claims: Record<string, unknown> = {}
      if (isOidc) {
        if (typeof tokens.id_token !== 'string') throw new OAuthError(`${provider} sent no ID token`, 'invalid_id_token')
        if (!found.jwks || !found.issuer) throw new OAuthError(`${provider}: no jwks_uri to check the ID token`, 'misconfigured')
        const { keys } = (await fetchJson(found.jwks)) as { keys?: JsonWebKey[] }
        claims = await verifyIdToken(tokens.id_token, { keys: keys ?? [], issuer: found.issuer, clientId: config.clientId, nonce, now })
      }
      if (found.userinfo && typeof tokens.access_token === 'string') {
        const info = (await fetchJson(found.userinfo, { headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' } })) as Record<string, unknown>
        // OpenID Connect Core 5.3.2: userinfo about another subject is not this login's.
        if (isOidc && info.sub !== claims.sub) throw new OAuthError('The userinfo answer is about another account', 'invalid_userinfo')
        claims = { ...claims, ...info }
      }
      const subject = claimAt(claims, config.subjectClaim ?? 'sub')
      if ((typeof subject !== 'string' && typeof subject !== 'number') || String(subject) === '') throw new OAuthError(`${provider} did not say who logged in`, 'invalid_userinfo')
      const username = usernameClaims.map((path) => claimAt(claims, path)).find((value): value is string => typeof value === 'string' && value.trim() !== '')
      return { subject: String(subject).slice(0, 255), username: username === undefined ? null : cleanUsername(username) }
    },
  }
}

/** Printable, one line, at most 64 characters (what the modal's login cache accepts). */
export function cleanUsername(value: string): string {
  return value
    .replace(/[^\x20-\x7e\u00a0-\uffff]/g, '')
    .trim()
    .slice(0, 64)
}

/**
 * Reads SOCIAL_PROVIDERS: a JSON object of provider → config.
 *
 * @example
 * parseOAuthProviders('{"google":{"issuer":"https://accounts.google.com","clientId":"…","clientSecret":"…"}}')
 */
export function parseOAuthProviders(text: string): OAuthProviders {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new Error('SOCIAL_PROVIDERS must be a JSON object of provider → { issuer | authorizationEndpoint + tokenEndpoint, clientId, clientSecret }')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('SOCIAL_PROVIDERS must be a JSON object')
  const providers: OAuthProviders = {}
  for (const [name, raw] of Object.entries(value)) {
    if (!(OAUTH_PROVIDERS as readonly string[]).includes(name)) throw new Error(`SOCIAL_PROVIDERS: '${name.slice(0, 20)}' is not one of ${OAUTH_PROVIDERS.join(', ')}`)
    const config = raw as Record<string, unknown>
    const str = (key: string, required = false) => {
      const item = config?.[key]
      if (item === undefined && !required) return undefined
      if (typeof item !== 'string' || item === '') throw new Error(`SOCIAL_PROVIDERS.${name}.${key} must be a non-empty string`)
      return item
    }
    const url = (key: string) => {
      const item = str(key)
      if (item !== undefined && !/^https:\/\/|^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/.test(item)) {
        throw new Error(`SOCIAL_PROVIDERS.${name}.${key} must be an https:// URL (http:// only for localhost)`)
      }
      return item
    }
    const issuer = url('issuer')
    const authorizationEndpoint = url('authorizationEndpoint')
    const tokenEndpoint = url('tokenEndpoint')
    if (issuer === undefined && (authorizationEndpoint === undefined || tokenEndpoint === undefined)) {
      throw new Error(`SOCIAL_PROVIDERS.${name} needs issuer, or authorizationEndpoint and tokenEndpoint`)
    }
    const scopes = config.scopes
    if (scopes !== undefined && (!Array.isArray(scopes) || !scopes.every((s) => typeof s === 'string'))) throw new Error(`SOCIAL_PROVIDERS.${name}.scopes must be a list of strings`)
    const usernameClaim = config.usernameClaim
    if (usernameClaim !== undefined && typeof usernameClaim !== 'string' && !(Array.isArray(usernameClaim) && usernameClaim.every((s) => typeof s === 'string'))) {
      throw new Error(`SOCIAL_PROVIDERS.${name}.usernameClaim must be a string or a list of strings`)
    }
    const method = str('tokenAuthMethod')
    if (method !== undefined && method !== 'client_secret_basic' && method !== 'client_secret_post') {
      throw new Error(`SOCIAL_PROVIDERS.${name}.tokenAuthMethod must be client_secret_basic or client_secret_post`)
    }
    const userinfoEndpoint = url('userinfoEndpoint')
    const jwksUri = url('jwksUri')
    const subjectClaim = str('subjectClaim')
    providers[name as OAuthProviderId] = {
      clientId: str('clientId', true)!,
      clientSecret: str('clientSecret', true)!,
      ...(issuer ? { issuer } : {}),
      ...(authorizationEndpoint ? { authorizationEndpoint } : {}),
      ...(tokenEndpoint ? { tokenEndpoint } : {}),
      ...(userinfoEndpoint ? { userinfoEndpoint } : {}),
      ...(jwksUri ? { jwksUri } : {}),
      ...(scopes ? { scopes: scopes as string[] } : {}),
      ...(subjectClaim ? { subjectClaim } : {}),
      ...(usernameClaim !== undefined ? { usernameClaim: usernameClaim as string | string[] } : {}),
      ...(method ? { tokenAuthMethod: method } : {}),
    }
  }
  return providers
}
