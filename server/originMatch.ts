/**
 * Origin allow lists with `*` wildcards (SPEC §5 "Origin allow lists support *
 * wildcards"). A pattern is an origin (`scheme://host[:port]`, no path) in which
 * each `*` stands for one or more characters other than `/`, so
 * `https://*.example.com` admits `https://app.example.com` and
 * `https://a.b.example.com` and `http://localhost:*` admits any port. The lone
 * pattern `*` admits every origin. Matching ignores case, as origins do.
 */

/** What a configured pattern must look like: an origin, wildcards allowed, or `*`. */
export const ORIGIN_PATTERN_PATTERN = '^(\\*|[a-zA-Z][a-zA-Z0-9+.-]*://[^/\\s?#]+)$'

const patternShape = new RegExp(ORIGIN_PATTERN_PATTERN)

/**
 * @example
 * isOriginPattern('https://*.example.com') // true
 * isOriginPattern('https://example.com/app') // false: origins have no path
 */
export function isOriginPattern(pattern: string): boolean {
  return patternShape.test(pattern)
}

/**
 * Compiles patterns once into a predicate. Throws on a malformed pattern so a
 * config typo fails at start, not as a puzzling CORS error in a browser.
 *
 * @example
 * const allowed = compileOriginPatterns(['http://localhost:*'])
 * allowed('http://localhost:5173') // true
 * allowed('http://localhost.evil.com') // false
 */
export function compileOriginPatterns(patterns: readonly string[]): (origin: string) => boolean {
  const regexes: RegExp[] = []
  let any = false
  for (const pattern of patterns) {
    if (!isOriginPattern(pattern)) throw new Error(`'${pattern}' is not an origin pattern (expected scheme://host[:port], '*' wildcards allowed, no path)`)
    if (pattern === '*') any = true
    else regexes.push(new RegExp(`^${pattern.split('*').map(escapeRegExp).join('[^/]+')}$`, 'i'))
  }
  return (origin) => isSerialisedOrigin(origin) && (any || regexes.some((regex) => regex.test(origin)))
}

/**
 * Only a well-formed origin can match, so `https://a.example.com.evil.com` or an
 * origin smuggling a path or credentials never reaches the wildcards. The
 * opaque origin `null` (sandboxed frames, file URLs) matches only `*`.
 */
function isSerialisedOrigin(origin: string): boolean {
  if (origin === 'null') return true
  try {
    return new URL(origin).origin === origin.toLowerCase()
  } catch {
    return false
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
