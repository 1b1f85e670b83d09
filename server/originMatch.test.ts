import fc from 'fast-check'
import { compileOriginPatterns, isOriginPattern } from './originMatch'

describe('compileOriginPatterns', () => {
  it('admits an exact origin and nothing else', () => {
    const allowed = compileOriginPatterns(['https://shop.example'])
    expect(allowed('https://shop.example')).toBe(true)
    expect(allowed('http://shop.example')).toBe(false)
    expect(allowed('https://shop.example:8443')).toBe(false)
    expect(allowed('https://evil.example')).toBe(false)
  })

  it('lets * stand for any port', () => {
    const allowed = compileOriginPatterns(['http://localhost:*'])
    fc.assert(fc.property(fc.integer({ min: 1, max: 65_535 }), (port) => {
      // Port 80 is the default and is never written in an origin.
      return port === 80 || allowed(`http://localhost:${port}`)
    }))
    expect(allowed('http://localhost')).toBe(false)
    expect(allowed('http://localhost.evil.com:3000')).toBe(false)
  })

  it('lets * stand for subdomains at any depth, but not for another site', () => {
    const allowed = compileOriginPatterns(['https://*.example.com'])
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/)
    fc.assert(fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), (labels) => {
      const host = labels.join('.')
      return allowed(`https://${host}.example.com`) && !allowed(`https://${host}.example.com.evil.org`) && !allowed(`https://${host}example.com`)
    }))
    expect(allowed('https://example.com')).toBe(false)
  })

  it('never admits something that is not a serialised origin', () => {
    const allowed = compileOriginPatterns(['https://*.example.com'])
    expect(allowed('https://a.example.com/path')).toBe(false)
    expect(allowed('https://user@a.example.com')).toBe(false)
    expect(allowed('https://evil.org?.example.com')).toBe(false)
    expect(allowed('null')).toBe(false)
    expect(allowed('')).toBe(false)
  })

  it('ignores case, as origins do', () => {
    expect(compileOriginPatterns(['https://Shop.Example'])('https://shop.example')).toBe(true)
  })

  it('admits every origin, even the opaque null origin, for the lone pattern *', () => {
    const allowed = compileOriginPatterns(['*'])
    expect(allowed('https://anything.example')).toBe(true)
    expect(allowed('null')).toBe(true)
  })

  it('admits nothing with an empty list', () => {
    expect(compileOriginPatterns([])('http://localhost:3000')).toBe(false)
  })

  it('rejects malformed patterns with a message naming them', () => {
    expect(() => compileOriginPatterns(['https://shop.example/'])).toThrow("'https://shop.example/' is not an origin pattern")
    expect(() => compileOriginPatterns(['shop.example'])).toThrow(/not an origin pattern/)
  })
})

describe('isOriginPattern', () => {
  it.each(['*', 'https://a.example', 'http://localhost:*', 'https://*.example.com', 'chrome-extension://abcdef'])('accepts %s', (pattern) => {
    expect(isOriginPattern(pattern)).toBe(true)
  })
  it.each(['', 'localhost', 'https://a.example/path', 'https://a.example?x', 'https://'])('rejects %j', (pattern) => {
    expect(isOriginPattern(pattern)).toBe(false)
  })
})
