/**
 * What a well-formed EIP-4361 message must also say before the server opens a session
 * on it: that it was signed for one of the project's sites (its domain and URI), on a
 * chain the server serves, and that it is valid now.
 *
 * The domain binding does not depend on the request: a message signed for another site
 * is refused whether or not the request carries an `Origin` header (a script outside a
 * browser sends none). When the header is there, it must also be the domain's.
 */
import { type SiweMessageFields } from './parseSiweMessage'

/** How far ahead of the server's clock an Issued At may be: visitors' clocks drift. */
export const SIWE_CLOCK_SKEW_MS = 5 * 60_000

export type SiweRefusalCode = 'DOMAIN_MISMATCH' | 'DOMAIN_NOT_ALLOWED' | 'URI_NOT_ALLOWED' | 'CHAIN_NOT_SUPPORTED' | 'ISSUED_IN_FUTURE' | 'MESSAGE_EXPIRED' | 'MESSAGE_NOT_YET_VALID'

export interface SiweRefusal {
  code: SiweRefusalCode
  message: string
}

export interface CheckSiweMessageContext {
  /** The server's clock, in milliseconds since the epoch. */
  now: number
  /** The project's allow list (the one `GET /projects/v1/origins` serves). */
  isOriginAllowed(origin: string): boolean
  /** The request's `Origin` header, when there is one. */
  requestOrigin?: string | undefined
  /** Whether the server serves this EIP-155 chain. */
  isChainServed(chainId: number): boolean
  /** Default SIWE_CLOCK_SKEW_MS. */
  clockSkewMs?: number
}

const LOOPBACK_HOST = /^(?:localhost|127(?:\.[0-9]{1,3}){3}|\[::1\])(?::[0-9]*)?$/i

/**
 * The origins the message's `scheme://domain` can stand for. EIP-4361 assumes https
 * when no scheme is given; on a loopback host (development, where the EIP lets wallets
 * only warn) http as well.
 */
function domainOrigins({ scheme, domain }: Pick<SiweMessageFields, 'scheme' | 'domain'>): string[] {
  if (scheme !== undefined) return [`${scheme}://${domain}`.toLowerCase()]
  const https = `https://${domain}`.toLowerCase()
  return LOOPBACK_HOST.test(domain) ? [https, `http://${domain}`.toLowerCase()] : [https]
}

function originOfUri(uri: string): string | undefined {
  try {
    const { origin } = new URL(uri)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/**
 * The first reason to refuse the message, or undefined when it may open a session (its
 * signature and nonce are the route's to check).
 *
 * @example
 * checkSiweMessage(fields, { now: Date.now(), isOriginAllowed: project.isOriginAllowed, requestOrigin: request.headers.origin, isChainServed: (id) => clients.chain(`eip155:${id}`) !== undefined })
 * // undefined, or { code: 'DOMAIN_NOT_ALLOWED', message: "…" }
 */
export function checkSiweMessage(fields: SiweMessageFields, context: CheckSiweMessageContext): SiweRefusal | undefined {
  const { now, isOriginAllowed, requestOrigin, isChainServed, clockSkewMs = SIWE_CLOCK_SKEW_MS } = context
  const candidates = domainOrigins(fields)
  const shownDomain = `${fields.scheme === undefined ? '' : `${fields.scheme}://`}${fields.domain}`
  if (requestOrigin !== undefined && !candidates.includes(requestOrigin.toLowerCase())) {
    return { code: 'DOMAIN_MISMATCH', message: `The message is for '${shownDomain}', but the request comes from '${requestOrigin}'` }
  }
  if (!candidates.some((origin) => isOriginAllowed(origin))) {
    return { code: 'DOMAIN_NOT_ALLOWED', message: `The message's domain '${shownDomain}' is not an allowed origin of the project` }
  }
  const uriOrigin = originOfUri(fields.uri)
  if (uriOrigin === undefined || !isOriginAllowed(uriOrigin)) return { code: 'URI_NOT_ALLOWED', message: `The message's URI '${fields.uri}' is not on an allowed origin of the project` }
  if (!isChainServed(fields.chainId)) return { code: 'CHAIN_NOT_SUPPORTED', message: `Chain ID ${fields.chainId} is not a chain this server serves` }
  if (fields.issuedAt.getTime() > now + clockSkewMs) {
    return { code: 'ISSUED_IN_FUTURE', message: `The message is issued at ${fields.issuedAt.toISOString()}, more than ${clockSkewMs / 60_000} minutes ahead of the server's clock` }
  }
  if (fields.expirationTime !== undefined && fields.expirationTime.getTime() <= now) {
    return { code: 'MESSAGE_EXPIRED', message: `The message expired at ${fields.expirationTime.toISOString()}` }
  }
  if (fields.notBefore !== undefined && fields.notBefore.getTime() > now) {
    return { code: 'MESSAGE_NOT_YET_VALID', message: `The message is not valid before ${fields.notBefore.toISOString()}` }
  }
  return undefined
}
