/**
 * A test client's device key, as the secure page holds one (secure/deviceKey.ts): an
 * ES256 key pair whose proofs (DPoP, server/auth/dpop.ts) the test server checks. Tests
 * that play a thief make a second device, or send no proof.
 */
import { createHash, randomBytes } from 'node:crypto'
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose'

export type ProofClaims = { method: string; url: string; accessToken?: string | undefined }
/** Changes a test makes to an honest proof, to see the server refuse it. */
export type ProofTweaks = { iat?: number; jti?: string; htu?: string; htm?: string; ath?: string }

export interface TestDevice {
  prove(claims: ProofClaims, tweaks?: ProofTweaks): Promise<string>
  /** The RFC 7638 thumbprint a session opened with this device is bound to. */
  thumbprint(): Promise<string>
}

/**
 * @example
 * const device = await createTestDevice(() => server.clock.now)
 * headers.dpop = await device.prove({ method: 'GET', url: `${baseUrl}/auth/v1/me`, accessToken: token })
 */
export async function createTestDevice(now: () => number): Promise<TestDevice> {
  const { privateKey, publicKey } = await generateKeyPair('ES256')
  const jwk = await exportJWK(publicKey)
  return {
    async prove({ method, url, accessToken }, tweaks = {}) {
      const target = new URL(url)
      const claims: Record<string, string> = { htm: tweaks.htm ?? method, htu: tweaks.htu ?? `${target.origin}${target.pathname}` }
      const ath = tweaks.ath ?? (accessToken === undefined ? undefined : createHash('sha256').update(accessToken).digest('base64url'))
      if (ath !== undefined) claims.ath = ath
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
        .setIssuedAt(tweaks.iat ?? Math.floor(now() / 1000))
        .setJti(tweaks.jti ?? randomBytes(18).toString('base64url'))
        .sign(privateKey)
    },
    thumbprint: () => calculateJwkThumbprint(jwk, 'sha256'),
  }
}

/** The token in `Authorization: Bearer …`, if any. */
export function bearerOf(headers: Record<string, string>): string | undefined {
  const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1]
  return value === undefined ? undefined : /^Bearer\s+(\S+)/i.exec(value)?.[1]
}

/**
 * The headers with the device's proof for this request added, unless the test set its
 * own `dpop` header; `dpop: ''` sends none.
 */
export async function withProof(device: TestDevice, method: string, url: string, headers: Record<string, string>): Promise<Record<string, string>> {
  if ('dpop' in headers) {
    const { dpop, ...rest } = headers
    return dpop === '' ? rest : headers
  }
  return { ...headers, dpop: await device.prove({ method, url, accessToken: bearerOf(headers) }) }
}
