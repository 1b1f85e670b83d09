import { compileOriginPatterns } from '../../src/shared/originMatch'
import { SIWE_CLOCK_SKEW_MS, checkSiweMessage, type CheckSiweMessageContext } from './checkSiweMessage'
import { type SiweMessageFields } from './parseSiweMessage'

const NOW = Date.parse('2030-01-01T00:00:00Z')
const fields = (overrides: Partial<SiweMessageFields> = {}): SiweMessageFields => ({
  domain: 'shop.example',
  address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  uri: 'https://shop.example/login',
  version: '1',
  chainId: 1,
  nonce: 'a1b2c3d4e5',
  issuedAt: new Date(NOW),
  ...overrides,
})
const context = (overrides: Partial<CheckSiweMessageContext> = {}): CheckSiweMessageContext => ({
  now: NOW,
  isOriginAllowed: compileOriginPatterns(['https://shop.example', 'https://*.shop.example', 'http://localhost:*', 'http://127.0.0.1:*']),
  isChainServed: (id) => id === 1 || id === 10,
  ...overrides,
})
const code = (message: Partial<SiweMessageFields>, with_: Partial<CheckSiweMessageContext> = {}) => checkSiweMessage(fields(message), context(with_))?.code

describe('checkSiweMessage: the domain and URI are the project’s', () => {
  it.each([
    ['the project’s domain, no scheme (https assumed)', {}, {}, undefined],
    ['a subdomain the wildcard allows', { domain: 'app.shop.example', uri: 'https://app.shop.example/' }, {}, undefined],
    ['an explicit https scheme', { scheme: 'https' }, {}, undefined],
    ['an explicit http scheme the project does not allow', { scheme: 'http' }, {}, 'DOMAIN_NOT_ALLOWED'],
    ['another site, no Origin header', { domain: 'evil.example' }, {}, 'DOMAIN_NOT_ALLOWED'],
    ['a look-alike site, no Origin header', { domain: 'evil-shop.example' }, {}, 'DOMAIN_NOT_ALLOWED'],
    ['credentials in the domain', { domain: 'evil@shop.example' }, {}, 'DOMAIN_NOT_ALLOWED'],
    ['a loopback domain, no scheme: http is allowed there', { domain: 'localhost:5173', uri: 'http://localhost:5173' }, {}, undefined],
    ['127.0.0.1 likewise', { domain: '127.0.0.1:8080', uri: 'http://127.0.0.1:8080/' }, { requestOrigin: 'http://127.0.0.1:8080' }, undefined],
    ['a loopback domain without the port the allow list needs', { domain: 'localhost', uri: 'http://localhost:5173' }, {}, 'DOMAIN_NOT_ALLOWED'],
    ['the URI on another site', { uri: 'https://evil.example/login' }, {}, 'URI_NOT_ALLOWED'],
    ['a URI with no origin', { uri: 'urn:isbn:0451450523' }, {}, 'URI_NOT_ALLOWED'],
    ['an Origin header that is the domain', {}, { requestOrigin: 'https://shop.example' }, undefined],
    ['an Origin header in upper case', {}, { requestOrigin: 'HTTPS://SHOP.EXAMPLE' }, undefined],
    ['an Origin header of another allowed site', {}, { requestOrigin: 'https://app.shop.example' }, 'DOMAIN_MISMATCH'],
    ['an Origin header with another scheme', {}, { requestOrigin: 'http://shop.example' }, 'DOMAIN_MISMATCH'],
    ['an Origin header of a site the message is not for', {}, { requestOrigin: 'https://evil.example' }, 'DOMAIN_MISMATCH'],
  ] as const)('%s', (_what, message, with_, expected) => {
    expect(code(message, with_)).toBe(expected)
  })
})

describe('checkSiweMessage: chain and times', () => {
  it('refuses a chain the server does not serve', () => {
    expect(code({ chainId: 10 })).toBeUndefined()
    expect(checkSiweMessage(fields({ chainId: 137 }), context())).toEqual({ code: 'CHAIN_NOT_SUPPORTED', message: 'Chain ID 137 is not a chain this server serves' })
  })

  it(`allows an Issued At up to ${SIWE_CLOCK_SKEW_MS / 60_000} minutes ahead, and no more`, () => {
    expect(code({ issuedAt: new Date(NOW + SIWE_CLOCK_SKEW_MS) })).toBeUndefined()
    expect(code({ issuedAt: new Date(NOW + SIWE_CLOCK_SKEW_MS + 1) })).toBe('ISSUED_IN_FUTURE')
    expect(code({ issuedAt: new Date(NOW + 1000) }, { clockSkewMs: 0 })).toBe('ISSUED_IN_FUTURE')
    expect(code({ issuedAt: new Date(NOW - 86_400_000) })).toBeUndefined()
  })

  it('refuses a message at or after its Expiration Time, and before its Not Before', () => {
    expect(code({ expirationTime: new Date(NOW + 1) })).toBeUndefined()
    expect(code({ expirationTime: new Date(NOW) })).toBe('MESSAGE_EXPIRED')
    expect(code({ notBefore: new Date(NOW) })).toBeUndefined()
    expect(code({ notBefore: new Date(NOW + 1) })).toBe('MESSAGE_NOT_YET_VALID')
  })
})
