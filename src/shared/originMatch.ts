/**
 * Origin allow lists with `*` wildcards (SPEC §5 "Origin allow lists support *
 * wildcards"): the one matcher of the server (project CORS, the project guard, SIWX
 * domain binding, social return URLs), the secure page (who may embed it) and the
 * library (`isOriginAllowed`).
 *
 * It lives in `src/shared/` because three layers import it and DESIGN.md lets `server/`
 * and `secure/` share only protocol code with the library: this module is part of that
 * shared protocol (what an allow list means), pure, and imports nothing, so the server,
 * the secure page bundle and the dapp bundle each get the same few lines and no
 * dependency. A lint rule keeps `src/shared/` free of imports from outside it.
 *
 * The rules (docs/security.md, "Origin allow lists"):
 * - A pattern is `*`, or `scheme://host[:port]` with no path, query, fragment or
 *   credentials. A `*` is either the whole pattern, the whole leftmost DNS label of the
 *   host (`https://*.example.com`: one or more labels in its place) or the whole port
 *   (`http://localhost:*`: any explicit port). `https://*example.com` is refused: it
 *   would admit `https://evil-example.com`.
 * - `*` alone admits every http and https origin, and nothing else.
 * - Scheme and port must match; no port in a pattern means the scheme's default port.
 * - An origin must be a serialised origin as browsers send it (`scheme://host[:port]`,
 *   ASCII, no default port); anything else, the opaque origin `null` included, is never
 *   allowed, not even by `*`.
 * - Case does not matter (scheme and host are case-insensitive; ports are digits).
 *
 * Matching compares strings; no regular expression is ever built from a pattern, so no
 * pattern can make it backtrack.
 */

/** Longer than any real origin (a 253-character host plus scheme and port). */
const MAX_ORIGIN_LENGTH = 512

const SCHEME = /^[a-z][a-z0-9+.-]*$/
const DNS_NAME = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/
const IPV4 = /^[0-9]{1,3}(?:\.[0-9]{1,3}){3}$/
const IPV6 = /^\[[0-9a-f:.]+\]$/
const PORT = /^[1-9][0-9]{0,4}$/
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443', ws: '80', wss: '443' }

type Parts = { scheme: string; host: string; port: string | undefined }

/** Splits `scheme://authority` (lower case); undefined when there is a path, query, fragment or credentials. */
function split(text: string): Parts | undefined {
  const separator = text.indexOf('://')
  if (separator < 1) return undefined
  const scheme = text.slice(0, separator)
  const authority = text.slice(separator + 3)
  if (!SCHEME.test(scheme) || /[/?#@\\\s%]/.test(authority)) return undefined
  // An IPv6 host is bracketed and holds colons: the port is what follows the bracket.
  const portAt = authority.startsWith('[') ? authority.indexOf(':', authority.indexOf(']')) : authority.lastIndexOf(':')
  if (portAt === -1) return { scheme, host: authority, port: undefined }
  return { scheme, host: authority.slice(0, portAt), port: authority.slice(portAt + 1) }
}

function isHost(host: string): boolean {
  return DNS_NAME.test(host) || IPV4.test(host) || IPV6.test(host)
}

function isCanonicalPort(scheme: string, port: string | undefined): boolean {
  return port === undefined || (PORT.test(port) && Number(port) <= 65_535 && DEFAULT_PORTS[scheme] !== port)
}

/** A browser-serialised origin, lower-cased; undefined for `null` and anything else. */
function parseOrigin(origin: unknown): Parts | undefined {
  if (typeof origin !== 'string' || origin.length > MAX_ORIGIN_LENGTH) return undefined
  const parts = split(origin.toLowerCase())
  if (parts === undefined || !isHost(parts.host) || !isCanonicalPort(parts.scheme, parts.port)) return undefined
  return parts
}

/** A compiled pattern: `any`, or the parts, with a host suffix for a leftmost-label wildcard. */
type Pattern = { any: true } | { any: false; scheme: string; host: string; wildcardHost: boolean; port: string | undefined }

const WILDCARD_RULE = "a '*' must be the whole leftmost DNS label (https://*.example.com), the whole port (http://localhost:*) or the whole pattern '*'"

function compile(pattern: unknown): Pattern | string {
  if (typeof pattern !== 'string' || pattern === '') return 'it must be a non-empty string'
  if (pattern.length > MAX_ORIGIN_LENGTH) return `it is longer than ${MAX_ORIGIN_LENGTH} characters`
  if (pattern === '*') return { any: true }
  const parts = split(pattern.toLowerCase())
  if (parts === undefined) return 'expected scheme://host[:port], with no path, query, fragment or credentials'
  const wildcardHost = parts.host.startsWith('*.')
  const host = wildcardHost ? parts.host.slice(2) : parts.host
  if (host.includes('*') || (parts.port !== undefined && parts.port !== '*' && parts.port.includes('*'))) return WILDCARD_RULE
  if (wildcardHost ? !DNS_NAME.test(host) : !isHost(host)) return `'${parts.host}' is not a host name or address`
  if (parts.port !== '*' && !isCanonicalPort(parts.scheme, parts.port)) {
    return DEFAULT_PORTS[parts.scheme] === parts.port ? `leave out the default port :${parts.port}` : `'${parts.port}' is not a port (1 to 65535, no leading zero)`
  }
  return { any: false, scheme: parts.scheme, host, wildcardHost, port: parts.port }
}

function matches(origin: Parts, pattern: Pattern): boolean {
  if (pattern.any) return origin.scheme === 'http' || origin.scheme === 'https'
  if (origin.scheme !== pattern.scheme) return false
  if (pattern.port === '*' ? origin.port === undefined : origin.port !== pattern.port) return false
  if (!pattern.wildcardHost) return origin.host === pattern.host
  // One or more whole labels in place of the '*': the origin ends with '.' + the rest.
  return DNS_NAME.test(origin.host) && !IPV4.test(origin.host) && origin.host.endsWith(`.${pattern.host}`)
}

/** A pattern an allow list refuses at configuration time. */
export class OriginPatternError extends Error {
  override name = 'OriginPatternError'
}

/**
 * Why `pattern` is not an allow-list pattern, or undefined when it is one.
 *
 * @example
 * originPatternProblem('https://*.example.com') // undefined
 * originPatternProblem('https://*example.com')  // "a '*' must be the whole leftmost DNS label …"
 */
export function originPatternProblem(pattern: unknown): string | undefined {
  const compiled = compile(pattern)
  return typeof compiled === 'string' ? compiled : undefined
}

/**
 * Compiles an allow list once into a predicate. Throws `OriginPatternError` on a pattern
 * that breaks the rules, so a configuration mistake fails at start, not as a puzzling
 * refusal in a browser.
 *
 * @example
 * const allowed = compileOriginPatterns(['http://localhost:*', 'https://*.example.com'])
 * allowed('http://localhost:5173')     // true
 * allowed('https://evil-example.com')  // false
 * compileOriginPatterns(['https://*example.com']) // throws OriginPatternError
 */
export function compileOriginPatterns(patterns: readonly string[]): (origin: unknown) => boolean {
  const compiled = patterns.map((pattern) => {
    const result = compile(pattern)
    if (typeof result === 'string') throw new OriginPatternError(`'${String(pattern).slice(0, 100)}' is not an origin pattern: ${result}`)
    return result
  })
  return (origin) => {
    const parts = parseOrigin(origin)
    return parts !== undefined && compiled.some((pattern) => matches(parts, pattern))
  }
}

/**
 * Whether `origin` (a browser-supplied `event.origin`, `Origin` header or
 * `location.origin`) is on the allow list `patterns`. A pattern that breaks the rules
 * never matches (it is refused when the list is configured; here it is skipped).
 *
 * @example
 * isOriginAllowed('https://app.example.com', ['https://*.example.com']) // true
 * isOriginAllowed('https://example.com', ['https://*.example.com'])     // false: no subdomain
 * isOriginAllowed('http://localhost:3000', ['http://localhost:*'])      // true
 * isOriginAllowed('null', ['*'])                                        // false
 */
export function isOriginAllowed(origin: unknown, patterns: readonly string[]): boolean {
  const parts = parseOrigin(origin)
  if (parts === undefined || !Array.isArray(patterns)) return false
  return patterns.some((pattern) => {
    const compiled = compile(pattern)
    return typeof compiled !== 'string' && matches(parts, compiled)
  })
}
