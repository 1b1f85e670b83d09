import fc from 'fast-check'

import { isOriginAllowed } from './origin'

// SPEC §5: "Origin allow lists support * wildcards." SPEC §6: an origin not listed is refused.
describe('isOriginAllowed', () => {
  it('matches an exact origin', () => {
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true)
    expect(isOriginAllowed('https://app.example.com', ['https://other.example.com'])).toBe(false)
  })

  it('refuses everything with an empty list', () => {
    expect(isOriginAllowed('https://app.example.com', [])).toBe(false)
  })

  it('matches subdomains with https://*.example.com, at any depth, but not the bare domain', () => {
    const list = ['https://*.example.com']
    expect(isOriginAllowed('https://app.example.com', list)).toBe(true)
    expect(isOriginAllowed('https://a.b.example.com', list)).toBe(true)
    expect(isOriginAllowed('https://example.com', list)).toBe(false)
  })

  it.each([
    ['a look-alike suffix', 'https://evilexample.com'],
    ['the pattern as a prefix of another domain', 'https://app.example.com.evil.com'],
    ['another scheme', 'http://app.example.com'],
    ['a port the pattern does not have', 'https://app.example.com:8443'],
  ])('keeps the rest of https://*.example.com literal: refuses %s', (_case, origin) => {
    expect(isOriginAllowed(origin, ['https://*.example.com'])).toBe(false)
  })

  it('matches any port with http://localhost:*, and not a missing port', () => {
    const list = ['http://localhost:*']
    expect(isOriginAllowed('http://localhost:3000', list)).toBe(true)
    expect(isOriginAllowed('http://localhost:1', list)).toBe(true)
    expect(isOriginAllowed('http://localhost', list)).toBe(false)
    expect(isOriginAllowed('http://localhost.evil.com:3000', list)).toBe(false)
  })

  it('allows every well-formed origin with *', () => {
    expect(isOriginAllowed('https://anything.example', ['*'])).toBe(true)
    expect(isOriginAllowed('http://127.0.0.1:8080', ['*'])).toBe(true)
    expect(isOriginAllowed('http://[::1]:5173', ['*'])).toBe(true)
  })

  it('is case-insensitive (origins are scheme and host, both case-insensitive)', () => {
    expect(isOriginAllowed('HTTPS://App.Example.COM', ['https://*.example.com'])).toBe(true)
    expect(isOriginAllowed('https://app.example.com', ['HTTPS://*.EXAMPLE.COM'])).toBe(true)
  })

  it('treats . and other regex metacharacters literally', () => {
    expect(isOriginAllowed('https://exampleXcom', ['https://example.com'])).toBe(false)
    expect(isOriginAllowed('https://aaaa.com', ['https://a+.com'])).toBe(false)
    expect(isOriginAllowed('https://a.com', ['https://[a-z].com'])).toBe(false)
    expect(() => isOriginAllowed('https://a.com', ['(', '[', '\\', '(a+)+$', '?', '{1,2}'])).not.toThrow()
  })

  it('supports several and repeated wildcards', () => {
    expect(isOriginAllowed('https://a.staging.example.com', ['https://*.*.example.com'])).toBe(true)
    expect(isOriginAllowed('https://a.example.com', ['https://*.*.example.com'])).toBe(false)
    expect(isOriginAllowed('https://app.example.com', ['https://**.example.com'])).toBe(true)
    expect(isOriginAllowed('https://pr-12.preview.example.com', ['https://pr-*.preview.example.com'])).toBe(true)
  })

  it('does not let the head and tail of a pattern overlap', () => {
    expect(isOriginAllowed('https://x.com', ['https://x.com*.com'])).toBe(false)
    expect(isOriginAllowed('https://x.com.com', ['https://x.com*.com'])).toBe(true)
  })

  it('matches when any pattern matches, and skips non-string entries', () => {
    const list = ['https://a.example', 42 as unknown as string, 'https://b.example']
    expect(isOriginAllowed('https://b.example', list)).toBe(true)
  })

  describe('hostile origins are refused, even by *', () => {
    it.each([
      ['the opaque origin null', 'null'],
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
      ['no scheme', 'app.example.com'],
      ['a very long origin', `https://${'a'.repeat(100_000)}.example.com`],
    ])('%s', (_case, origin) => {
      expect(isOriginAllowed(origin, ['https://*.example.com'])).toBe(false)
      expect(isOriginAllowed(origin, ['*'])).toBe(false)
    })

    it('non-strings', () => {
      expect(isOriginAllowed(undefined, ['*'])).toBe(false)
      expect(isOriginAllowed({ toString: () => 'https://a.example.com' }, ['*'])).toBe(false)
    })
  })

  // A matcher built as a regex (`.*` per star) backtracks exponentially on these; the
  // linear scan answers at once, well inside Jest's timeout.
  it('answers fast for patterns that would make a regex backtrack', () => {
    const origin = `https://${'a'.repeat(480)}`
    const manyStars = `https://${'*a'.repeat(5000)}*b`
    expect(isOriginAllowed(origin, [manyStars])).toBe(false)
    expect(isOriginAllowed(origin, [`https://${'*'.repeat(100_000)}`])).toBe(true)
    expect(isOriginAllowed(`${origin}b`, [manyStars.replace('*a'.repeat(5000), '*a'.repeat(100))])).toBe(true)
  })

  it('agrees with a reference wildcard regex on random small inputs', () => {
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const reference = (host: string, pattern: string) => new RegExp(`^${pattern.split('*').map(escape).join('.*')}$`).test(host)
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '.'), minLength: 1, maxLength: 12 }),
        fc.string({ unit: fc.constantFrom('a', 'b', '.', '*'), maxLength: 8 }),
        (host, pattern) => isOriginAllowed(`https://${host}`, [`https://${pattern}`]) === reference(host, pattern),
      ),
      { numRuns: 2000 },
    )
  })
})
