/**
 * SPEC §5 / §6 origin allow lists with `*` wildcards.
 *
 * A pattern is an origin in which `*` stands for any run of characters (including none,
 * dots and colons): `https://*.example.com`, `http://localhost:*`, or `*` alone for any
 * origin. Every other character is literal, so `.` is a dot and `(a+)+` is just text.
 *
 * Matching is a linear scan, not a regular expression built from the pattern, so no
 * pattern, however hostile, can make it backtrack (ReDoS); and nothing in a pattern is
 * ever interpreted as a regex.
 *
 * Origins carry only a scheme, a host and a port, and scheme and host are
 * case-insensitive while ports are digits, so both sides are compared in lower case.
 */

/** Longer than any real origin (a 253-character host plus scheme and port). */
const MAX_ORIGIN_LENGTH = 512

/**
 * A serialised origin: `scheme://host[:port]` with no user info, path, query or
 * fragment. Hosts are a DNS name / IPv4 address or a bracketed IPv6 address. Each part
 * is a single character class with no nested quantifier, so the check is linear.
 */
const ORIGIN_SHAPE = /^[a-z][a-z0-9+.-]*:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9_.~-]+)(?::[0-9]{1,5})?$/

/**
 * Lower-cases `origin` and checks its shape; `undefined` for anything that is not a
 * serialised tuple origin. That includes the opaque origin `null` (sandboxed frames,
 * `file:` and `data:` documents): it names no site, so no allow list can vouch for it.
 */
function normalizeOrigin(origin: unknown): string | undefined {
  if (typeof origin !== 'string' || origin.length > MAX_ORIGIN_LENGTH) return undefined
  const lower = origin.toLowerCase()
  return ORIGIN_SHAPE.test(lower) ? lower : undefined
}

/**
 * Glob match where `*` is the only special character. The first and last segments are
 * anchored at the ends; the middle ones are found left to right, each at its earliest
 * position after the previous one. Earliest is always safe for `*`-only globs, so the
 * scan never backtracks: each segment is searched once.
 */
function matchesWildcard(text: string, pattern: string): boolean {
  const segments = pattern.split('*')
  const head = segments[0] ?? ''
  if (segments.length === 1) return text === head
  const tail = segments[segments.length - 1] ?? ''
  if (text.length < head.length + tail.length || !text.startsWith(head) || !text.endsWith(tail)) return false
  let position = head.length
  const end = text.length - tail.length
  for (let index = 1; index < segments.length - 1; index++) {
    const segment = segments[index] ?? ''
    if (segment === '') continue
    const found = text.indexOf(segment, position)
    if (found === -1 || found + segment.length > end) return false
    position = found + segment.length
  }
  return true
}

/**
 * Whether `origin` (a browser-supplied `event.origin` / `location.origin`) matches one of
 * the allow-list `patterns`. An origin that is not a well-formed `scheme://host[:port]`
 * (including `null`) is never allowed, not even by `*`.
 *
 * @example
 * isOriginAllowed('https://app.example.com', ['https://*.example.com']) // true
 * isOriginAllowed('https://example.com', ['https://*.example.com'])     // false: no subdomain
 * isOriginAllowed('http://localhost:3000', ['http://localhost:*'])      // true
 * isOriginAllowed('https://evil.com', [])                               // false
 */
export function isOriginAllowed(origin: unknown, patterns: readonly string[]): boolean {
  const normalized = normalizeOrigin(origin)
  if (normalized === undefined) return false
  return patterns.some((pattern) => typeof pattern === 'string' && matchesWildcard(normalized, pattern.toLowerCase()))
}
