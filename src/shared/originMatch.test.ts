import fc from 'fast-check'
import { OriginPatternError, compileOriginPatterns, isOriginAllowed, originPatternProblem } from './originMatch'

/**
 * The agreed semantics, one row each: [pattern, origin, allowed]. Both entry points
 * (`isOriginAllowed` on a raw list, `compileOriginPatterns` for a configured one) must
 * answer every row the same way.
 */
const TABLE: readonly (readonly [string, string, boolean])[] = [
  // Exact origins; scheme, host and port all count.
  ['https://shop.example', 'https://shop.example', true],
  ['https://shop.example', 'http://shop.example', false],
  ['https://shop.example', 'https://shop.example:8443', false],
  ['https://shop.example', 'https://app.shop.example', false],
  ['https://shop.example', 'https://shop.example.evil.example', false],
  ['https://shop.example:8443', 'https://shop.example:8443', true],
  ['https://shop.example:8443', 'https://shop.example', false],
  ['http://[::1]:5173', 'http://[::1]:5173', true],
  ['http://127.0.0.1:8080', 'http://127.0.0.1:8080', true],
  ['chrome-extension://abcdef', 'chrome-extension://abcdef', true],
  // Case does not matter.
  ['HTTPS://Shop.Example', 'https://shop.example', true],
  ['https://shop.example', 'HTTPS://SHOP.EXAMPLE', true],
  // The opaque origin null never matches, not even *.
  ['*', 'null', false],
  ['https://*.example.com', 'null', false],
  // * alone: any http(s) origin, nothing else.
  ['*', 'https://anything.example', true],
  ['*', 'http://127.0.0.1:8080', true],
  ['*', 'http://[::1]:5173', true],
  ['*', 'chrome-extension://abcdef', false],
  ['*', 'file://', false],
  ['*', '', false],
  // A leftmost-label wildcard: one or more whole labels, never part of one, never none.
  ['https://*.example.com', 'https://app.example.com', true],
  ['https://*.example.com', 'https://a.b.example.com', true],
  ['https://*.example.com', 'https://example.com', false],
  ['https://*.example.com', 'https://evil-example.com', false],
  ['https://*.example.com', 'https://app.example.com.evil.com', false],
  ['https://*.example.com', 'http://app.example.com', false],
  ['https://*.example.com', 'https://app.example.com:8443', false],
  ['https://*.0.1', 'https://127.0.0.1', false],
  // A port wildcard: any explicit port, not the default one.
  ['http://localhost:*', 'http://localhost:5173', true],
  ['http://localhost:*', 'http://localhost:1', true],
  ['http://localhost:*', 'http://localhost', false],
  ['http://localhost:*', 'https://localhost:5173', false],
  ['http://localhost:*', 'http://localhost.evil.com:3000', false],
  ['https://*.example.com:*', 'https://a.example.com:8443', true],
  // Patterns that break the rules never match (and are refused when configured).
  ['https://*example.com', 'https://evil-example.com', false],
  ['https://*example.com', 'https://example.com', false],
  ['https://pr-*.example.com', 'https://pr-1.example.com', false],
  ['https://*', 'https://example.com', false],
  ['https://*.*.example.com', 'https://a.b.example.com', false],
  ['https://shop.example/', 'https://shop.example', false],
  ['https://shop.example:443', 'https://shop.example', false],
]

describe('one origin matcher: the agreed semantics', () => {
  it.each(TABLE)('%s admits %j: %s', (pattern, origin, allowed) => {
    expect(isOriginAllowed(origin, [pattern])).toBe(allowed)
    if (originPatternProblem(pattern) === undefined) expect(compileOriginPatterns([pattern])(origin)).toBe(allowed)
  })

  it('an empty list admits nothing; any matching pattern admits', () => {
    expect(isOriginAllowed('http://localhost:3000', [])).toBe(false)
    expect(compileOriginPatterns([])('http://localhost:3000')).toBe(false)
    expect(isOriginAllowed('https://b.example', ['https://a.example', 42 as unknown as string, 'https://b.example'])).toBe(true)
  })

  describe('hostile origins are refused, even by *', () => {
    it.each([
      ['an empty string', ''],
      ['a path', 'https://app.example.com/path'],
      ['a trailing slash', 'https://app.example.com/'],
      ['a query carrying the allowed suffix', 'https://evil.com?.example.com'],
      ['a fragment carrying the allowed suffix', 'https://evil.com#.example.com'],
      ['user info', 'https://user@app.example.com'],
      ['user info hiding the real host', 'https://app.example.com@evil.com'],
      ['a backslash', 'https://evil.com\\.example.com'],
      ['percent-encoding', 'https://evil.com%2F.example.com'],
      ['a fake port carrying the suffix', 'https://evil.com:.example.com'],
      ['a newline', 'https://app.example.com\nhttps://evil.com'],
      ['a trailing space', 'https://app.example.com '],
      ['a NUL byte', 'https://evil.com\u0000.example.com'],
      ['a non-ASCII host (browsers send punycode)', 'https://аpp.example.com'],
      ['a six-digit port', 'https://app.example.com:123456'],
      ['a port with a leading zero', 'https://app.example.com:0443'],
      ['the default port written out', 'https://app.example.com:443'],
      ['an empty label', 'https://app..example.com'],
      ['no scheme', 'app.example.com'],
      ['a very long origin', `https://${'a'.repeat(100_000)}.example.com`],
    ])('%s', (_case, origin) => {
      expect(isOriginAllowed(origin, ['https://*.example.com'])).toBe(false)
      expect(isOriginAllowed(origin, ['*'])).toBe(false)
      expect(compileOriginPatterns(['*', 'https://*.example.com'])(origin)).toBe(false)
    })

    it('non-strings', () => {
      expect(isOriginAllowed(undefined, ['*'])).toBe(false)
      expect(isOriginAllowed({ toString: () => 'https://a.example.com' }, ['*'])).toBe(false)
      expect(isOriginAllowed('https://a.example.com', 'https://a.example.com' as unknown as string[])).toBe(false)
    })
  })

  it('agrees with a reference regex of the whole-label rule on random small inputs', () => {
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const reference = (host: string, suffix: string) => /^[ab]+(\.[ab]+)*$/.test(host) && new RegExp(`^(?:[ab]+\\.)+${escape(suffix)}$`).test(host)
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '.'), minLength: 1, maxLength: 12 }),
        fc.string({ unit: fc.constantFrom('a', 'b', '.'), minLength: 1, maxLength: 6 }),
        (host, suffix) => isOriginAllowed(`https://${host}`, [`https://*.${suffix}`]) === (originPatternProblem(`https://*.${suffix}`) === undefined && reference(host, suffix)),
      ),
      { numRuns: 2000 },
    )
  })

  it('answers fast for long hostile patterns', () => {
    const started = performance.now()
    expect(isOriginAllowed(`https://${'a'.repeat(480)}`, [`https://${'*a'.repeat(5000)}*b`, `https://${'*'.repeat(100_000)}`])).toBe(false)
    expect(performance.now() - started).toBeLessThan(200)
  })
})

describe('allow-list patterns are checked when configured', () => {
  it.each(['*', 'https://shop.example', 'http://localhost:*', 'https://*.example.com', 'https://*.example.com:8443', 'http://[::1]:5173', 'http://127.0.0.1:*', 'chrome-extension://abcdef'])(
    'accepts %s',
    (pattern) => {
      expect(originPatternProblem(pattern)).toBeUndefined()
      expect(() => compileOriginPatterns([pattern])).not.toThrow()
    },
  )

  it.each([
    ['https://*example.com', /whole leftmost DNS label/],
    ['https://pr-*.example.com', /whole leftmost DNS label/],
    ['https://*.*.example.com', /whole leftmost DNS label/],
    ['https://**.example.com', /whole leftmost DNS label/],
    ['https://*', /whole leftmost DNS label/],
    ['https://example.*', /whole leftmost DNS label/],
    ['http://localhost:8*', /whole leftmost DNS label/],
    ['*.example.com', /scheme:\/\/host/],
    ['https://shop.example/', /no path/],
    ['https://shop.example/app', /no path/],
    ['https://user@shop.example', /credentials/],
    ['shop.example', /scheme:\/\/host/],
    ['https://', /not a host/],
    ['https://shop.example:443', /default port :443/],
    ['https://shop.example:99999', /not a port/],
    ['', /non-empty/],
  ])('refuses %j', (pattern, why) => {
    expect(originPatternProblem(pattern)).toMatch(why)
    expect(() => compileOriginPatterns(['https://ok.example', pattern])).toThrow(OriginPatternError)
    expect(() => compileOriginPatterns([pattern])).toThrow(`'${pattern}' is not an origin pattern: `)
  })
})
