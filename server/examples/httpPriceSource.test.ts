import { type IncomingMessage, type Server, createServer } from 'node:http'
import { type AddressInfo } from 'node:net'
import { type PricedToken } from '../chain/prices'
import httpPriceSourceFromEnv, { createHttpPriceSource } from './httpPriceSource'

/** A local price feed: answers from `table` (key `chainId:address` or symbol), records each request. */
interface Feed {
  url: string
  requests: { body: { currency: string; tokens: PricedToken[] }; authorization: string | undefined }[]
  /** Replaces the next answers (status and raw body). */
  answerWith(status: number, body: string): void
  close(): Promise<void>
}

async function startFeed(table: Record<string, number>): Promise<Feed> {
  const requests: Feed['requests'] = []
  let override: { status: number; body: string } | undefined
  const read = async (request: IncomingMessage) => {
    let text = ''
    for await (const chunk of request) text += String(chunk)
    return JSON.parse(text) as Feed['requests'][number]['body']
  }
  const server: Server = createServer((request, response) => {
    void read(request).then((body) => {
      requests.push({ body, authorization: request.headers.authorization })
      if (override) {
        response.writeHead(override.status, { 'content-type': 'application/json' }).end(override.body)
        return
      }
      const prices = body.tokens.map((token) => table[`${token.chainId}:${token.address ?? ''}`.toLowerCase()] ?? table[token.symbol] ?? null)
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ prices }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/prices`,
    requests,
    answerWith: (status, body) => void (override = { status, body }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const PTT = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const eth: PricedToken = { chainId: 'eip155:1', symbol: 'ETH' }
const ptt: PricedToken = { chainId: 'eip155:1', address: PTT, symbol: 'PTT' }
const unknown: PricedToken = { chainId: 'eip155:1', symbol: 'NOPE' }

describe('the example HTTP price source', () => {
  let feed: Feed
  beforeEach(async () => {
    feed = await startFeed({ ETH: 3012.5, [`eip155:1:${PTT}`]: 1.02 })
  })
  afterEach(() => feed.close())

  it('asks the endpoint once for all tokens and answers unknown where it has no price', async () => {
    const source = httpPriceSourceFromEnv({ PRICE_HTTP_URL: feed.url, PRICE_HTTP_TOKEN: 'secret' })
    expect(source.name).toBe(feed.url)
    expect(await source.prices('usd', [eth, ptt, unknown])).toEqual([3012.5, 1.02, undefined])
    expect(feed.requests).toEqual([
      {
        body: {
          currency: 'usd',
          tokens: [
            { chainId: 'eip155:1', symbol: 'ETH' },
            { chainId: 'eip155:1', address: PTT, symbol: 'PTT' },
            { chainId: 'eip155:1', symbol: 'NOPE' },
          ],
        },
        authorization: 'Bearer secret',
      },
    ])
  })

  it('reuses answers for the cache time, then asks again for what went stale', async () => {
    let clock = 0
    const source = createHttpPriceSource({ url: feed.url, cacheMs: 1000, now: () => clock })
    await source.prices('usd', [eth])
    clock = 999
    expect(await source.prices('usd', [eth, ptt])).toEqual([3012.5, 1.02])
    expect(feed.requests.map((request) => request.body.tokens.map((token) => token.symbol))).toEqual([['ETH'], ['PTT']])
    clock = 1000
    await source.prices('usd', [eth, ptt])
    expect(feed.requests.map((request) => request.body.tokens.map((token) => token.symbol))).toEqual([['ETH'], ['PTT'], ['ETH']])
    // Another currency is another question.
    await source.prices('eur', [eth])
    expect(feed.requests).toHaveLength(4)
  })

  it('rejects when the endpoint fails or answers something else than one price per token', async () => {
    const source = createHttpPriceSource({ url: feed.url, cacheMs: 0 })
    feed.answerWith(503, '{}')
    await expect(source.prices('usd', [eth])).rejects.toThrow(`${feed.url} answered HTTP 503`)
    feed.answerWith(200, '{"prices":[1,2]}')
    await expect(source.prices('usd', [eth])).rejects.toThrow('must answer {"prices": [number or null, …]} with one entry per token (1)')
    feed.answerWith(200, '{"prices":["3000"]}')
    await expect(source.prices('usd', [eth])).rejects.toThrow('one entry per token')
  })

  it('gives up on a slow endpoint after its timeout', async () => {
    const silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const source = httpPriceSourceFromEnv({ PRICE_HTTP_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`, PRICE_HTTP_TIMEOUT_MS: '100' })
      const started = Date.now()
      await expect(source.prices('usd', [eth])).rejects.toThrow()
      expect(Date.now() - started).toBeLessThan(2000)
    } finally {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it.each([
    [{}, "PRICE_HTTP_URL must be the http(s) URL of the price endpoint, not ''"],
    [{ PRICE_HTTP_URL: 'ftp://x' }, "PRICE_HTTP_URL must be the http(s) URL of the price endpoint, not 'ftp://x'"],
    [{ PRICE_HTTP_URL: 'http://x', PRICE_HTTP_CACHE_MS: '1s' }, "PRICE_HTTP_CACHE_MS must be a whole number of milliseconds, not '1s'"],
  ])('refuses the environment %j', (env, message) => {
    expect(() => httpPriceSourceFromEnv(env)).toThrow(message)
  })
})
