import { readSecureConfig, securePageCsp } from './config'
import { configScript } from './build'

describe('readSecureConfig', () => {
  it('reads the API and RPC URLs, approval on by default', () => {
    expect(readSecureConfig({ apiUrl: 'http://127.0.0.1:8787/', rpcUrls: { 'eip155:1': 'http://127.0.0.1:8545' } })).toEqual({
      apiUrl: 'http://127.0.0.1:8787',
      rpcUrls: { 'eip155:1': 'http://127.0.0.1:8545' },
      requireApproval: true,
    })
  })

  it.each([
    [undefined, /missing/],
    [{ apiUrl: 'javascript:alert(1)' }, /http\(s\)/],
    [{ apiUrl: 'relative/path' }, /absolute URL/],
    [{ apiUrl: 'https://api.example', rpcUrls: { mainnet: 'https://rpc.example' } }, /CAIP-2/],
    [{ apiUrl: 'https://api.example', rpcUrls: { 'eip155:1': 'ftp://rpc.example' } }, /http\(s\)/],
    [{ apiUrl: 'https://api.example', requireApproval: 'no' }, /true or false/],
  ])('refuses %j', (value, message) => {
    expect(() => readSecureConfig(value)).toThrow(message)
  })
})

describe('securePageCsp', () => {
  it('allows own scripts only and connects to the API and RPC origins only', () => {
    const csp = securePageCsp({ apiUrl: 'https://api.example/base', rpcUrls: { 'eip155:1': 'https://rpc.example/v1/key', 'eip155:10': 'https://rpc.example/v2' } })
    expect(csp).toBe("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src https://api.example https://rpc.example; base-uri 'none'; form-action 'none'")
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline/)
  })

  it('adds frame-ancestors when the server knows them', () => {
    expect(securePageCsp({ apiUrl: 'https://api.example', rpcUrls: {} }, { frameAncestors: ['https://shop.example', 'https://*.shop.example'] })).toMatch(
      /frame-ancestors https:\/\/shop.example https:\/\/\*.shop.example$/,
    )
  })

  it('config.js cannot close its script tag', () => {
    expect(configScript({ apiUrl: 'https://api.example/</script>', rpcUrls: {}, requireApproval: true })).not.toContain('</script>')
  })
})
