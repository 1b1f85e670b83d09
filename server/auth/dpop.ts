/**
 * Proof of the device key, in the way of DPoP (RFC 9449). The secure page holds a
 * non-extractable ECDSA P-256 key pair (secure/deviceKey.ts) and sends, with every
 * call that opens or uses a session, a compact JWS in the `DPoP` header:
 *
 * - header: typ `dpop+jwt`, alg `ES256`, the public key as `jwk`;
 * - claims: htm (the method), htu (the URL, no query), iat (seconds), jti (random),
 *   and ath (base64url SHA-256 of the access token) when a session token is sent.
 *
 * The server checks the signature with the key in the header, that htm and htu name
 * this request, that iat is within {@link DPOP_WINDOW_MS} of its clock (either way:
 * browsers' clocks drift), that ath is the token's hash, and that no proof with the
 * same key and jti was taken before (server/db/dpopProofs.ts, shared by every
 * instance). A session is bound to its key's RFC 7638 thumbprint when it is opened,
 * and takes a proof made with that key only.
 *
 * htu is compared by host name and path. The scheme and port are not compared: TLS
 * usually ends at a proxy in front of the server, which then sees http on another
 * port. The server must be reached at the root of its host (the path the browser
 * calls is the path the server sees).
 */
import { createHash } from 'node:crypto'
import { EmbeddedJWK, calculateJwkThumbprint, jwtVerify, type JWK, type JWTPayload } from 'jose'
import { DPOP_HEADER } from '../../src/shared/authApi'
import { proofRefused } from './errors'

export { DPOP_HEADER }
/** How far a proof's iat may be from the server's clock, either way. */
export const DPOP_WINDOW_MS = 5 * 60_000
const JTI = /^[A-Za-z0-9_-]{16,128}$/
const MAX_PROOF_LENGTH = 2_048

/** What the request says about itself, for the htm and htu checks. */
export type ProvenRequest = {
  /** The DPoP header, if any. */
  proof: string | string[] | undefined
  method: string
  /** The Host the request was sent to (with the port, as in the Host header). */
  host: string
  /** The path, without the query. */
  path: string
}

export type CheckedProof = { keyThumbprint: string; jti: string; issuedAt: number }

/** base64url(SHA-256(token)): the proof's ath for a session token. */
export function accessTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/**
 * Checks a proof's form, signature and claims (not whether it was seen before: the
 * caller records its jti). `accessToken` is the session token the request carries,
 * whose hash the proof must name; undefined on a login.
 *
 * @example
 * const { keyThumbprint } = await checkDpopProof(request, { accessToken: token, now: Date.now() })
 */
export async function checkDpopProof(request: ProvenRequest, { accessToken, now }: { accessToken: string | undefined; now: number }): Promise<CheckedProof> {
  const proof = request.proof
  if (proof === undefined || proof === '') throw proofRefused('DPOP_REQUIRED', 'Send a proof of this device’s key as the DPoP header; the secure page adds it to every call')
  if (typeof proof !== 'string' || proof.length > MAX_PROOF_LENGTH) throw invalid('send exactly one DPoP header, a compact JWS')
  let payload: JWTPayload
  let jwk: JWK | undefined
  try {
    const verified = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'], currentDate: new Date(now), clockTolerance: DPOP_WINDOW_MS / 1000 })
    payload = verified.payload
    jwk = verified.protectedHeader.jwk
  } catch {
    throw invalid('its signature, type (dpop+jwt), algorithm (ES256) or public key does not check out')
  }
  if (jwk === undefined) throw invalid('its header carries no public key')
  const { htm, htu, iat, jti, ath } = payload as JWTPayload & { htm?: unknown; htu?: unknown; ath?: unknown }
  if (htm !== request.method) throw invalid(`it was made for ${typeof htm === 'string' ? htm.slice(0, 10) : 'no method'}, not ${request.method}`)
  if (!sameTarget(htu, request)) throw invalid('it was made for another URL (htu)')
  if (typeof iat !== 'number' || !Number.isFinite(iat) || Math.abs(iat * 1000 - now) > DPOP_WINDOW_MS) {
    throw invalid(`it is not fresh: iat must be within ${DPOP_WINDOW_MS / 60_000} minutes of the server’s clock`)
  }
  if (typeof jti !== 'string' || !JTI.test(jti)) throw invalid('its jti must be 16 to 128 base64url characters')
  if (accessToken !== undefined && ath !== accessTokenHash(accessToken)) throw invalid('it was made for another session token (ath)')
  return { keyThumbprint: await calculateJwkThumbprint(jwk, 'sha256'), jti, issuedAt: iat * 1000 }
}

function sameTarget(htu: unknown, request: ProvenRequest): boolean {
  if (typeof htu !== 'string') return false
  let url: URL
  try {
    url = new URL(htu)
  } catch {
    return false
  }
  return url.hostname === hostName(request.host) && url.pathname === request.path
}

/** The name in a Host header ('[::1]:8787' → '[::1]'), as URL spells it. */
function hostName(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return undefined
  }
}

const invalid = (why: string) => proofRefused('DPOP_INVALID', `The DPoP proof is not valid: ${why}`)
