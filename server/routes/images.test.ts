import { http } from '../test/http'
import { setupTestServer } from '../test/server'
import { shippedWalletRegistry } from '../walletRegistry'

const server = setupTestServer()

describe('image routes', () => {
  it('serves an SVG for every wallet in the registry, by image_id', async () => {
    for (const wallet of shippedWalletRegistry().wallets) {
      const response = await http(server.baseUrl, `/getWalletImage/${wallet.image_id}?projectId=shop`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
      expect(response.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/)
      expect(response.text).toContain(`<title>${wallet.name.replaceAll('&', '&amp;')}</title>`)
    }
  })

  it.each([
    ['/public/getAssetImage/eip155:1', 'Ethereum'],
    ['/public/getAssetImage/eip155%3A8453', 'Base'],
    ['/public/getAssetImage/solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana'],
    ['/public/getAssetImage/bip122:000000000019d6689c085ae165831e93', 'Bitcoin'],
    ['/public/getAssetImage/walletconnect', 'WalletConnect'],
    ['/public/getCurrencyImage/USD', 'US Dollar'],
    ['/public/getCurrencyImage/eur', 'Euro'],
    ['/public/getTokenImage/USDC', 'USD Coin'],
    ['/public/getTokenImage/eth', 'Ether'],
  ])('serves %s', async (path, title) => {
    const response = await http(server.baseUrl, `${path}?projectId=shop&st=portico&sv=0.1.0`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.text).toContain(`<title>${title}</title>`)
  })

  it('answers the same bytes every time, with cache headers and an ETag', async () => {
    const first = await http(server.baseUrl, '/getWalletImage/phantom?projectId=shop')
    const second = await http(server.baseUrl, '/getWalletImage/phantom?projectId=shop')
    expect(second.text).toBe(first.text)
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/)
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('content-security-policy')).toContain("default-src 'none'")
  })

  it('answers 304 Not Modified when the ETag still matches', async () => {
    const first = await http(server.baseUrl, '/getWalletImage/phantom?projectId=shop')
    const again = await http(server.baseUrl, '/getWalletImage/phantom?projectId=shop', { headers: { 'if-none-match': first.headers.get('etag')! } })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
  })

  it('draws different wallets differently', async () => {
    const a = await http(server.baseUrl, '/getWalletImage/metamask?projectId=shop')
    const b = await http(server.baseUrl, '/getWalletImage/rainbow?projectId=shop')
    expect(a.text).not.toBe(b.text)
  })

  it.each([
    ['/getWalletImage/no-such-wallet', "No wallet image with id 'no-such-wallet'"],
    ['/public/getAssetImage/eip155:424242', "No asset image with id 'eip155:424242'"],
    ['/public/getCurrencyImage/XYZ', "No currency image with id 'XYZ'"],
    ['/public/getTokenImage/NOPE', "No token image with id 'NOPE'"],
  ])('answers 404 JSON for unknown %s', async (path, message) => {
    const response = await http(server.baseUrl, `${path}?projectId=shop`)
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ error: 'Not Found', message })
  })

  it('answers HEAD without a body', async () => {
    const response = await http(server.baseUrl, '/getWalletImage/metamask?projectId=shop', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.text).toBe('')
  })
})
