import type * as Wire from '../../src/services/walletListing/types'
import { http } from '../test/http'
import { setupTestServer } from '../test/server'
import { type AnalyticsConfigResponse, type OriginsResponse } from './projectConfig'
import { type WalletListing, type WalletPage, shippedWalletRegistry } from '../walletRegistry'

// The client's wire types (src/services/walletListing/types.ts) are the
// contract; `npm run typecheck` fails here if the server's answers drift from it.
type Satisfies<A extends B, B> = A
type _WalletsContract = Satisfies<WalletPage, Wire.GetWalletsResponse>
type _OriginsContract = Satisfies<OriginsResponse, Wire.AllowedOriginsResponse>
type _AnalyticsContract = Satisfies<AnalyticsConfigResponse, Wire.AnalyticsConfigResponse>

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'

const server = setupTestServer()

interface WalletsBody {
  data: WalletListing[]
  count: number
}

async function getWallets(query: string, headers: Record<string, string> = {}) {
  const { status, headers: responseHeaders, body } = await http(server.baseUrl, `/getWallets?${query}`, { headers })
  return { status, headers: responseHeaders, body: body as WalletsBody }
}

const total = shippedWalletRegistry().wallets.length

describe('GET /getWallets', () => {
  it('answers the first 40 wallets and the total count by default', async () => {
    const { status, body, headers } = await getWallets('projectId=shop&st=portico&sv=0.1.0')
    expect(status).toBe(200)
    expect(body.count).toBe(total)
    expect(body.data).toHaveLength(Math.min(40, total))
    expect(body.data[0]).toEqual({
      id: 'metamask',
      image_id: 'metamask',
      name: 'MetaMask',
      rdns: 'io.metamask',
      chains: expect.arrayContaining(['eip155:1']),
      mobile_link: 'metamask://',
      desktop_link: null,
      webapp_link: null,
    })
    expect(headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('pages with page (1-based) and entries, without overlap', async () => {
    const first = await getWallets('projectId=shop&page=1&entries=10')
    const second = await getWallets('projectId=shop&page=2&entries=10')
    expect(first.body.data).toHaveLength(10)
    expect(second.body.data).toHaveLength(10)
    expect(second.body.count).toBe(total)
    const firstIds = new Set(first.body.data.map((wallet) => wallet.id))
    expect(second.body.data.some((wallet) => firstIds.has(wallet.id))).toBe(false)
    const beyond = await getWallets('projectId=shop&page=99&entries=10')
    expect(beyond.body).toEqual({ data: [], count: total })
  })

  it("ignores query parameters it does not know, such as the client's clientId", async () => {
    const { status, body } = await getWallets('projectId=shop&entries=1&clientId=c-1')
    expect(status).toBe(200)
    expect(body.data).toHaveLength(1)
  })

  it('caps entries at 100', async () => {
    const { status, body } = await getWallets('projectId=shop&entries=5000')
    expect(status).toBe(200)
    expect(body.data.length).toBe(Math.min(100, total))
  })

  it('searches names without regard to case', async () => {
    const { body } = await getWallets('projectId=shop&search=MASK')
    expect(body.data.map((wallet) => wallet.id)).toEqual(['metamask'])
    expect(body.count).toBe(1)
    const none = await getWallets('projectId=shop&search=no-such-wallet')
    expect(none.body).toEqual({ data: [], count: 0 })
  })

  it('returns included wallets in the order asked', async () => {
    const { body } = await getWallets('projectId=shop&include=phantom,metamask,%20rainbow')
    expect(body.data.map((wallet) => wallet.id)).toEqual(['phantom', 'metamask', 'rainbow'])
    expect(body.count).toBe(3)
  })

  it('drops excluded wallets', async () => {
    const { body } = await getWallets('projectId=shop&exclude=metamask,trust&entries=100')
    expect(body.count).toBe(total - 2)
    expect(body.data.map((wallet) => wallet.id)).not.toEqual(expect.arrayContaining(['metamask']))
    expect(body.data.map((wallet) => wallet.id)).not.toEqual(expect.arrayContaining(['trust']))
  })

  it('keeps wallets that support any of the chains', async () => {
    const { body } = await getWallets(`projectId=shop&entries=100&chains=${encodeURIComponent(`${SOLANA},${BITCOIN}`)}`)
    expect(body.count).toBeGreaterThan(0)
    for (const wallet of body.data) expect(wallet.chains.some((chain) => chain === SOLANA || chain === BITCOIN)).toBe(true)
    const bitcoinOnly = await getWallets(`projectId=shop&entries=100&chains=${BITCOIN}`)
    expect(bitcoinOnly.body.data.map((wallet) => wallet.id)).toEqual(expect.arrayContaining(['xverse', 'leather', 'unisat']))
    expect(bitcoinOnly.body.data.map((wallet) => wallet.id)).not.toContain('metamask')
  })

  it('combines filters and counts after all of them', async () => {
    const { body } = await getWallets(`projectId=shop&chains=${SOLANA}&search=wallet&exclude=trust&entries=1`)
    expect(body.data).toHaveLength(1)
    expect(body.count).toBeGreaterThan(1)
    expect(body.data[0]!.name.toLowerCase()).toContain('wallet')
  })

  it('accepts badge_type; the shipped registry certifies no wallet', async () => {
    expect((await getWallets('projectId=shop&badge_type=certified')).body).toEqual({ data: [], count: 0 })
    expect((await getWallets('projectId=shop&badge_type=none')).body.count).toBe(total)
  })

  it.each([
    ['page=0', 'querystring/page must be >= 1'],
    ['page=two', 'querystring/page must be integer'],
    ['entries=0', 'querystring/entries must be >= 1'],
    ['entries=1.5', 'querystring/entries must be integer'],
    ['badge_type=gold', 'querystring/badge_type must be equal to one of the allowed values'],
    ['chains=ethereum', "querystring/chains: 'ethereum' is not a CAIP-2 chain id such as eip155:1"],
    ['include=Meta%20Mask', "querystring/include: 'Meta Mask' is not a wallet id"],
    [`search=${'x'.repeat(101)}`, 'querystring/search must NOT have more than 100 characters'],
  ])('answers 400 with the reason for %s', async (query, message) => {
    const { status, body } = await getWallets(`projectId=shop&${query}`)
    expect(status).toBe(400)
    expect(body).toEqual({ error: 'Bad Request', message })
  })
})

describe('project checks on every wallet-listing route', () => {
  const routes = [
    '/getWallets',
    '/getWalletImage/metamask',
    '/public/getAssetImage/eip155:1',
    '/public/getCurrencyImage/USD',
    '/public/getTokenImage/ETH',
    '/projects/v1/origins',
    '/getAnalyticsConfig',
  ]

  it.each(routes)('%s answers 400 without projectId', async (route) => {
    const response = await http(server.baseUrl, route)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: 'Bad Request', message: "querystring must have required property 'projectId'" })
  })

  it.each(routes)('%s answers 403 Invalid Project ID for an unknown project', async (route) => {
    const response = await http(server.baseUrl, `${route}?projectId=nobody`)
    expect(response.status).toBe(403)
    expect(response.body).toEqual({ error: 'Invalid Project ID', message: "Project ID 'nobody' is not configured on this server" })
  })

  it('refuses a browser origin the project does not allow', async () => {
    const response = await getWallets('projectId=shop', { origin: 'https://evil.example' })
    expect(response.status).toBe(403)
    expect(response.body).toEqual({ error: 'Origin Not Allowed', message: "Origin 'https://evil.example' is not in the allowed origins of project 'shop'" })
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('serves an allowed browser origin, wildcards included, with CORS headers', async () => {
    for (const origin of ['https://shop.example', 'https://app.shop.example', 'http://localhost:5173']) {
      const response = await getWallets('projectId=shop&entries=1', { origin })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe(origin)
      expect(response.headers.get('vary')).toContain('Origin')
    }
  })

  it('lets the browser read the 403 for an unknown project, so the dapp can show Invalid Project ID', async () => {
    const response = await getWallets('projectId=nobody', { origin: 'https://any.example' })
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBe('https://any.example')
  })
})
