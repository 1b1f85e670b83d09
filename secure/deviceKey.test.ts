/**
 * The secure page's device key and its proofs under Node's WebCrypto. IndexedDB (where
 * the page keeps the key) is tested in Chromium: e2e/embedded.test.ts.
 */
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify } from 'jose'
import { createHash } from 'node:crypto'
import { createDeviceProver, generateDeviceKey, loadDeviceKey } from './deviceKey'

const NOW = Date.parse('2030-01-01T00:00:00Z')

describe('device key (DPoP)', () => {
  it('makes a P-256 key pair whose private key cannot be exported', async () => {
    const { privateKey, publicKey } = await generateDeviceKey()
    expect(privateKey.extractable).toBe(false)
    expect(privateKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' })
    await expect(crypto.subtle.exportKey('pkcs8', privateKey)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', privateKey)).rejects.toThrow()
    expect(publicKey.type).toBe('public')
  })

  it('signs a dpop+jwt over htm, htu (no query), iat, jti and the token’s hash, with the public key in its header', async () => {
    const keys = await generateDeviceKey()
    const prove = createDeviceProver({ keys: async () => keys, now: () => NOW + 999 })
    const token = 'pts_session'
    const proof = await prove({ method: 'POST', url: 'https://api.example/auth/v1/custody/auth-share?projectId=shop#x', accessToken: token })
    const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'], currentDate: new Date(NOW) })
    expect(protectedHeader).toEqual({ alg: 'ES256', typ: 'dpop+jwt', jwk: { kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) } })
    expect(payload).toEqual({
      htm: 'POST',
      htu: 'https://api.example/auth/v1/custody/auth-share',
      iat: NOW / 1000,
      jti: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      ath: createHash('sha256').update(token).digest('base64url'),
    })
    // The header's key is the device's.
    const exported = await crypto.subtle.exportKey('jwk', keys.publicKey)
    expect(await calculateJwkThumbprint(protectedHeader.jwk!)).toBe(await calculateJwkThumbprint(exported))
  })

  it('gives every proof its own jti, names no token on a login, and loads the key once', async () => {
    let loads = 0
    const keys = await generateDeviceKey()
    const prove = createDeviceProver({ keys: async () => (loads++, keys), now: () => NOW })
    const first = await prove({ method: 'POST', url: 'https://api.example/auth/v1/email/verify' })
    const second = await prove({ method: 'POST', url: 'https://api.example/auth/v1/email/verify' })
    const claims = (proof: string) => JSON.parse(Buffer.from(proof.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>
    expect(claims(first).jti).not.toBe(claims(second).jti)
    expect(claims(first)).not.toHaveProperty('ath')
    expect(decodeProtectedHeader(first).jwk).toEqual(decodeProtectedHeader(second).jwk)
    expect(loads).toBe(1)
  })

  it('keeps the key in memory when IndexedDB is missing or refuses', async () => {
    expect((await loadDeviceKey(undefined)).privateKey.extractable).toBe(false)
    const refusing = {
      open: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    } as unknown as IDBFactory
    expect((await loadDeviceKey(refusing)).privateKey.extractable).toBe(false)
  })
})
