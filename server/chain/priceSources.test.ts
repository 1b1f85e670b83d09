import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { http } from '../test/http'
import { startTestServer } from '../test/server'
import { NATIVE_TOKEN_ADDRESS } from '../routes/fungiblePrice'
import { type PricedToken, type PriceSource, createPriceTable, priceOf } from './prices'
import { PriceSourceConfigError, createPriceSourceChain, loadPriceSources } from './priceSources'

const eth: PricedToken = { chainId: 'eip155:1', symbol: 'ETH' }
const op: PricedToken = { chainId: 'eip155:10', symbol: 'ETH' }
const dai: PricedToken = { chainId: 'eip155:1', address: '0x6b175474e89094c44da98b954eedeac495271d0f', symbol: 'DAI' }

/** A source that knows what `known` says and records what it was asked. */
function recordingSource(name: string, known: (token: PricedToken) => number | undefined) {
  const asked: string[][] = []
  const source: PriceSource = {
    name,
    prices: async (_currency, tokens) => {
      asked.push(tokens.map((token) => `${token.chainId}/${token.symbol}`))
      return tokens.map(known)
    },
  }
  return { source, asked }
}

describe('createPriceSourceChain', () => {
  it('answers each token from the first source that knows it, asking later sources only for the rest', async () => {
    const first = recordingSource('first', (token) => (token.chainId === 'eip155:10' ? 2999 : undefined))
    const second = recordingSource('second', (token) => (token.symbol === 'ETH' ? 3000 : undefined))
    const third = recordingSource('third', () => 1)
    const prices = createPriceSourceChain([first.source, second.source, third.source])
    expect(await prices.prices('usd', [eth, op, dai])).toEqual([3000, 2999, 1])
    expect([first.asked, second.asked, third.asked]).toEqual([[['eip155:1/ETH', 'eip155:10/ETH', 'eip155:1/DAI']], [['eip155:1/ETH', 'eip155:1/DAI']], [['eip155:1/DAI']]])
    expect(prices.name).toBe('first > second > third')
  })

  it('treats a failing source, and a price that is no price, as not knowing, and reports the failure', async () => {
    const failures: string[] = []
    const down: PriceSource = { name: 'down', prices: () => Promise.reject(new Error('feed is down')) }
    const odd = recordingSource('odd', (token) => (token.symbol === 'ETH' ? Number.NaN : -1))
    const prices = createPriceSourceChain([down, odd.source, createPriceTable({ ETH: { usd: 2500 } })], {
      onError: (source, error) => failures.push(`${source.name}: ${(error as Error).message}`),
    })
    expect(await prices.prices('usd', [eth, dai])).toEqual([2500, undefined])
    expect(failures).toEqual(['down: feed is down'])
    expect(await priceOf(prices, op, 'eur')).toBeUndefined()
  })
})

describe('loadPriceSources (PRICE_SOURCES)', () => {
  let dir: string
  let feed: Server
  let feedUrl: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portico-prices-'))
    feed = createServer((request, response) => {
      let text = ''
      request.on('data', (chunk) => (text += String(chunk)))
      request.on('end', () => {
        const { tokens } = JSON.parse(text) as { tokens: PricedToken[] }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ prices: tokens.map((token) => (token.chainId === 'eip155:10' ? 2999 : null)) }))
      })
    })
    await new Promise<void>((done) => feed.listen(0, '127.0.0.1', done))
    feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/prices`
  })
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true })
    // The last test closed the feed already; close() then reports that, which is fine here.
    feed.closeAllConnections()
    await new Promise((done) => feed.close(() => done(undefined)))
  })

  it('is the price table alone when unset, PRICE_TABLE when given', async () => {
    const [table] = await loadPriceSources({}, { table: undefined })
    expect(await table!.prices('usd', [eth])).toEqual([3000])
    const sources = await loadPriceSources({ PRICE_SOURCES: ' table ' }, { table: { ETH: { usd: 1234 } } })
    expect(sources.map((source) => source.name)).toEqual(['table'])
    expect(await sources[0]!.prices('usd', [eth])).toEqual([1234])
  })

  it('loads a module by its path, relative to the working directory, and asks the sources in the order listed', async () => {
    const example = resolve(__dirname, '../examples/httpPriceSource.ts')
    const sources = await loadPriceSources({ PRICE_SOURCES: `${example},table`, PRICE_HTTP_URL: feedUrl }, { table: undefined })
    expect(sources.map((source) => source.name)).toEqual([feedUrl, 'table'])
    expect(await createPriceSourceChain(sources).prices('usd', [eth, op])).toEqual([3000, 2999])

    const relative = await loadPriceSources({ PRICE_SOURCES: 'examples/httpPriceSource.ts', PRICE_HTTP_URL: feedUrl }, { table: undefined, cwd: resolve(__dirname, '..') })
    expect(relative.map((source) => source.name)).toEqual([feedUrl])
  })

  it('refuses an empty entry, a module that does not load, and one that is no price source, naming the entry', async () => {
    writeFileSync(join(dir, 'noDefault.js'), 'exports.other = 1\n')
    writeFileSync(join(dir, 'notASource.js'), 'module.exports = () => ({ name: "x" })\n')
    const load = (list: string) => loadPriceSources({ PRICE_SOURCES: list }, { table: undefined, cwd: dir })
    await expect(load('table,,x.js')).rejects.toThrow("PRICE_SOURCES must be a comma-separated list of 'table' and module paths, not 'table,,x.js'")
    await expect(load('missing.js')).rejects.toThrow(`PRICE_SOURCES: cannot load 'missing.js' (${join(dir, 'missing.js')})`)
    await expect(load('noDefault.js')).rejects.toThrow("PRICE_SOURCES: 'noDefault.js' must export a default function (env) => PriceSource")
    await expect(load('notASource.js')).rejects.toThrow(new PriceSourceConfigError("PRICE_SOURCES: the default export of 'notASource.js' must return { name: string, prices(currency, tokens) }"))
  })

  it('takes a CommonJS module compiled from `export default`', async () => {
    writeFileSync(
      join(dir, 'compiled.js'),
      '"use strict"\nObject.defineProperty(exports, "__esModule", { value: true })\nexports.default = (env) => ({ name: env.NAME, prices: async (currency, tokens) => tokens.map(() => 7) })\n',
    )
    const [source] = await loadPriceSources({ PRICE_SOURCES: 'compiled.js', NAME: 'compiled' }, { table: undefined, cwd: dir })
    expect(source!.name).toBe('compiled')
    expect(await source!.prices('usd', [eth])).toEqual([7])
  })

  it('prices POST /v1/fungible/price from the configured sources in order, and from the next one while a source is down', async () => {
    const lines: string[] = []
    const example = resolve(__dirname, '../examples/httpPriceSource.ts')
    const sources = await loadPriceSources({ PRICE_SOURCES: `${example},table`, PRICE_HTTP_URL: feedUrl, PRICE_HTTP_CACHE_MS: '0' }, { table: undefined })
    // The native currency is named without reading the chain: these RPC URLs are never called.
    const chains = [
      { chainId: 'eip155:1' as const, rpcUrl: 'http://127.0.0.1:9' },
      { chainId: 'eip155:10' as const, rpcUrl: 'http://127.0.0.1:9' },
    ]
    const server = await startTestServer({ blockchain: { chains, indexer: false, prices: sources }, logger: { level: 'warn', stream: { write: (line) => void lines.push(line) } } })
    const ask = async () => {
      const result = await http(server.baseUrl, '/v1/fungible/price?projectId=shop', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ currency: 'usd', addresses: [`eip155:1:${NATIVE_TOKEN_ADDRESS}`, `eip155:10:${NATIVE_TOKEN_ADDRESS}`] }),
      })
      return (result.body as { fungibles: { price: number }[] }).fungibles.map((fungible) => fungible.price)
    }
    try {
      expect(await ask()).toEqual([3000, 2999])
      feed.closeAllConnections()
      await new Promise((done) => feed.close(done))
      expect(await ask()).toEqual([3000, 3000])
      expect(lines.join('')).toContain(`prices: source ${feedUrl} failed; asking the next one`)
    } finally {
      await server.close()
    }
  })
})
