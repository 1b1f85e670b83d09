/**
 * The OAuth client's pure parts: reading SOCIAL_PROVIDERS (and the server's SOCIAL_* and
 * FARCASTER_* variables), and checking ID tokens (signature, iss, aud, exp, nonce).
 * The whole flow against a real provider is in routes/social.test.ts.
 */
import { generateKeyPairSync, sign } from 'node:crypto'
import { readServerEnv } from '../env'
import { OAuthError, claimAt, parseOAuthProviders, verifyIdToken } from './oauth'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }
const NOW = Date.parse('2030-01-01T00:00:00Z')

function idToken(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'RS256', kid: 'k1' }): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const data = `${part(header)}.${part(claims)}`
  return `${data}.${sign('sha256', Buffer.from(data), privateKey).toString('base64url')}`
}
const good = { iss: 'https://id.example', aud: 'client-1', sub: 'u1', nonce: 'n1', exp: NOW / 1000 + 600 }
const check = (token: string) => verifyIdToken(token, { keys: [jwk], issuer: 'https://id.example', clientId: 'client-1', nonce: 'n1', now: NOW })

describe('verifyIdToken (OpenID Connect Core 3.1.3.7)', () => {
  it('accepts a token signed by the issuer’s key for this client and nonce', async () => {
    await expect(check(idToken(good))).resolves.toMatchObject({ sub: 'u1' })
  })
  it('allows a minute of clock skew either way', async () => {
    await expect(check(idToken({ ...good, exp: NOW / 1000 - 30 }))).resolves.toMatchObject({ sub: 'u1' })
  })
  it.each([
    ['another issuer', { ...good, iss: 'https://evil.example' }, 'another issuer'],
    ['another client', { ...good, aud: 'client-2' }, 'another client'],
    ['an expired token', { ...good, exp: NOW / 1000 - 3600 }, 'expired'],
    ['another login’s nonce', { ...good, nonce: 'n2' }, 'nonce'],
    ['no subject', { ...good, sub: '' }, 'no subject'],
    ['no expiry', { iss: good.iss, aud: good.aud, sub: good.sub, nonce: good.nonce }, 'not valid'],
  ])('refuses %s', async (_what, claims, message) => {
    await expect(check(idToken(claims))).rejects.toThrow(message)
  })
  it('refuses a forged signature, an unknown key, a key for encryption, the none algorithm and HMAC', async () => {
    const token = idToken(good)
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${Buffer.from('x'.repeat(256)).toString('base64url')}`
    await expect(check(forged)).rejects.toThrow(OAuthError)
    await expect(check(forged)).rejects.toThrow('signature')
    await expect(check(idToken(good, { alg: 'RS256', kid: 'other' }))).rejects.toThrow('signature')
    await expect(verifyIdToken(idToken(good), { keys: [{ ...jwk, use: 'enc' }], issuer: good.iss, clientId: good.aud, nonce: 'n1', now: NOW })).rejects.toThrow('signature')
    await expect(check(idToken(good, { alg: 'none' }))).rejects.toThrow('not accepted')
    await expect(check(idToken(good, { alg: 'HS256', kid: 'k1' }))).rejects.toThrow('not accepted')
    await expect(check('not.a.jwt')).rejects.toThrow('not a JWT')
  })
})

describe('SOCIAL_PROVIDERS', () => {
  it('reads OpenID Connect issuers and plain OAuth 2 endpoints with claim paths', () => {
    const providers = parseOAuthProviders(
      JSON.stringify({
        google: { issuer: 'https://accounts.google.com', clientId: 'g', clientSecret: 's' },
        x: {
          authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
          tokenEndpoint: 'https://api.x.com/2/oauth2/token',
          userinfoEndpoint: 'https://api.x.com/2/users/me',
          clientId: 'x',
          clientSecret: 's',
          scopes: ['users.read'],
          subjectClaim: 'data.id',
          usernameClaim: 'data.username',
        },
      }),
    )
    expect(providers.google).toEqual({ issuer: 'https://accounts.google.com', clientId: 'g', clientSecret: 's' })
    expect(providers.x?.subjectClaim).toBe('data.id')
    expect(claimAt({ data: { username: 'ada' } }, 'data.username')).toBe('ada')
  })
  it.each([
    ['{"myspace":{"issuer":"https://m.example","clientId":"a","clientSecret":"b"}}', 'not one of'],
    ['{"google":{"clientId":"a","clientSecret":"b"}}', 'needs issuer'],
    ['{"google":{"issuer":"http://id.example","clientId":"a","clientSecret":"b"}}', 'https://'],
    ['{"google":{"issuer":"https://id.example","clientId":"a"}}', 'clientSecret'],
    ['[1]', 'JSON object'],
  ])('refuses %s', (text, message) => {
    expect(() => parseOAuthProviders(text)).toThrow(message)
  })
  it('the server env: callback URL from HOST and PORT unless set; Farcaster needs a custody source', () => {
    const social = '{"github":{"issuer":"http://127.0.0.1:9000","clientId":"a","clientSecret":"b"}}'
    expect(readServerEnv({ SOCIAL_PROVIDERS: social, PORT: '9001' }).auth.social?.callbackUrl).toBe('http://127.0.0.1:9001/auth/v1/social/callback')
    expect(readServerEnv({ SOCIAL_PROVIDERS: social, SOCIAL_CALLBACK_URL: 'https://api.example/auth/v1/social/callback' }).auth.social?.callbackUrl).toBe('https://api.example/auth/v1/social/callback')
    expect(() => readServerEnv({ SOCIAL_PROVIDERS: social, SOCIAL_CALLBACK_URL: 'https://api.example/other' })).toThrow('SOCIAL_CALLBACK_URL')
    expect(readServerEnv({}).auth.social).toBeUndefined()
    expect(() => readServerEnv({ FARCASTER_RELAY_URL: 'https://relay.farcaster.xyz' })).toThrow('FARCASTER_CUSTODY_RPC_URL')
    const farcaster = readServerEnv({ FARCASTER_RELAY_URL: 'http://127.0.0.1:7000', FARCASTER_DEV_CUSTODY: '{"1001":"0x0000000000000000000000000000000000000001"}' }).auth.farcaster
    expect(farcaster).toMatchObject({ domain: '127.0.0.1:8788', siweUri: 'http://127.0.0.1:8788', devCustody: { 1001: '0x0000000000000000000000000000000000000001' } })
    expect(() =>
      readServerEnv({
        NODE_ENV: 'production',
        PORTICO_MASTER_KEY: Buffer.alloc(32, 1).toString('base64'),
        SMTP_URL: 'smtp://mail.example',
        FARCASTER_RELAY_URL: 'https://r.example',
        FARCASTER_DEV_CUSTODY: '{}',
      }),
    ).toThrow('production')
  })
})
