/**
 * The proof of the device key on its own (no server, no database): what checkDpopProof
 * takes and what it refuses, with the message the secure page passes on.
 */
import { SignJWT, exportJWK, generateKeyPair } from 'jose'
import { createTestDevice, type TestDevice } from '../test/dpop'
import { AuthError } from './errors'
import { DPOP_WINDOW_MS, accessTokenHash, checkDpopProof } from './dpop'

const NOW = Date.parse('2030-01-01T00:00:00Z')
const URL_ME = 'https://api.shop.example/auth/v1/me?projectId=shop'
const request = (proof: string | string[] | undefined, overrides: Partial<{ method: string; host: string; path: string }> = {}) => ({
  proof,
  method: 'GET',
  host: 'api.shop.example',
  path: '/auth/v1/me',
  ...overrides,
})
const TOKEN = `pts_${'a'.repeat(43)}`

async function refusal(run: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AuthError)
  const { code, message, statusCode } = error as AuthError & { statusCode: number }
  expect(statusCode).toBe(401)
  return { code, message }
}
const invalid = (why: string) => ({ code: 'DPOP_INVALID', message: `The DPoP proof is not valid: ${why}` })

describe('checkDpopProof', () => {
  let device: TestDevice
  beforeAll(async () => {
    device = await createTestDevice(() => NOW)
  })
  const prove = (tweaks = {}) => device.prove({ method: 'GET', url: URL_ME, accessToken: TOKEN }, tweaks)
  /** A login's proof: no session token, so no ath. */
  const proveLogin = () => device.prove({ method: 'GET', url: URL_ME })

  it('takes a proof made by the key in its header, for this request and token, and names the key by its RFC 7638 thumbprint', async () => {
    const checked = await checkDpopProof(request(await prove()), { accessToken: TOKEN, now: NOW })
    expect(checked.keyThumbprint).toBe(await device.thumbprint())
    expect(checked.keyThumbprint).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(checked.issuedAt).toBe(NOW)
    expect(checked.jti).toMatch(/^[A-Za-z0-9_-]{16,}$/)
    // A login proof names no token; the host may carry a port the proof's URL does not.
    await expect(checkDpopProof(request(await proveLogin(), { host: 'api.shop.example:8443' }), { accessToken: undefined, now: NOW })).resolves.toMatchObject({ keyThumbprint: checked.keyThumbprint })
  })

  it('refuses a request without a proof, or with two', async () => {
    expect(await refusal(checkDpopProof(request(undefined), { accessToken: TOKEN, now: NOW }))).toEqual({
      code: 'DPOP_REQUIRED',
      message: 'Send a proof of this device’s key as the DPoP header; the secure page adds it to every call',
    })
    const proof = await prove()
    expect(await refusal(checkDpopProof(request([proof, proof]), { accessToken: TOKEN, now: NOW }))).toEqual(invalid('send exactly one DPoP header, a compact JWS'))
  })

  it('refuses a stale proof, or one dated ahead, outside the 5-minute window', async () => {
    expect(DPOP_WINDOW_MS).toBe(5 * 60_000)
    const stale = invalid('it is not fresh: iat must be within 5 minutes of the server’s clock')
    const seconds = NOW / 1000
    expect(await refusal(checkDpopProof(request(await prove({ iat: seconds - 301 })), { accessToken: TOKEN, now: NOW }))).toEqual(stale)
    expect(await refusal(checkDpopProof(request(await prove({ iat: seconds + 301 })), { accessToken: TOKEN, now: NOW }))).toEqual(stale)
    // The same proof, checked 6 minutes later.
    const proof = await prove()
    expect(await refusal(checkDpopProof(request(proof), { accessToken: TOKEN, now: NOW + 6 * 60_000 }))).toEqual(stale)
    await expect(checkDpopProof(request(await prove({ iat: seconds - 299 })), { accessToken: TOKEN, now: NOW })).resolves.toBeDefined()
  })

  it('refuses a proof for another URL, path or method', async () => {
    const proof = await prove()
    expect(await refusal(checkDpopProof(request(proof, { path: '/auth/v1/custody/auth-share' }), { accessToken: TOKEN, now: NOW }))).toEqual(invalid('it was made for another URL (htu)'))
    expect(await refusal(checkDpopProof(request(proof, { host: 'evil.example' }), { accessToken: TOKEN, now: NOW }))).toEqual(invalid('it was made for another URL (htu)'))
    expect(await refusal(checkDpopProof(request(await prove({ htu: 'not a url' })), { accessToken: TOKEN, now: NOW }))).toEqual(invalid('it was made for another URL (htu)'))
    expect(await refusal(checkDpopProof(request(proof, { method: 'POST' }), { accessToken: TOKEN, now: NOW }))).toEqual(invalid('it was made for GET, not POST'))
  })

  it('refuses a proof for another session token (ath)', async () => {
    expect(accessTokenHash(TOKEN)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await refusal(checkDpopProof(request(await prove()), { accessToken: `pts_${'b'.repeat(43)}`, now: NOW }))).toEqual(invalid('it was made for another session token (ath)'))
    expect(await refusal(checkDpopProof(request(await proveLogin()), { accessToken: TOKEN, now: NOW }))).toEqual(invalid('it was made for another session token (ath)'))
  })

  it('refuses a proof signed by another key than the one in its header, an HMAC, a private key in the header, or another typ', async () => {
    const bad = invalid('its signature, type (dpop+jwt), algorithm (ES256) or public key does not check out')
    const claims = { htm: 'GET', htu: 'https://api.shop.example/auth/v1/me', ath: accessTokenHash(TOKEN), jti: 'j'.repeat(20) }
    const mine = await generateKeyPair('ES256', { extractable: true })
    const theirs = await generateKeyPair('ES256')
    const sign = (header: Record<string, unknown>, key: CryptoKey | Uint8Array) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', ...header } as never)
        .setIssuedAt(NOW / 1000)
        .sign(key)
    const check = (proof: string) => refusal(checkDpopProof(request(proof), { accessToken: TOKEN, now: NOW }))
    // Signed by their key, naming mine.
    expect(await check(await sign({ jwk: await exportJWK(mine.publicKey) }, theirs.privateKey))).toEqual(bad)
    expect(await check(await sign({ jwk: await exportJWK(mine.privateKey) }, mine.privateKey))).toEqual(bad)
    expect(await check(await sign({ typ: 'JWT', jwk: await exportJWK(mine.publicKey) }, mine.privateKey))).toEqual(bad)
    expect(
      await check(
        await new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: 'dpop+jwt' })
          .setIssuedAt(NOW / 1000)
          .sign(new Uint8Array(32)),
      ),
    ).toEqual(bad)
    // Signed by mine, naming mine: taken.
    await expect(checkDpopProof(request(await sign({ jwk: await exportJWK(mine.publicKey) }, mine.privateKey)), { accessToken: TOKEN, now: NOW })).resolves.toBeDefined()
  })

  it('refuses a jti that is too short to be random', async () => {
    expect(await refusal(checkDpopProof(request(await prove({ jti: 'abc' })), { accessToken: TOKEN, now: NOW }))).toEqual(invalid('its jti must be 16 to 128 base64url characters'))
  })
})
