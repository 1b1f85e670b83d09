import { HttpStatusError } from '../../errors'
import type { FetchLike, Sleep } from '../http/types'
import { sendBytes, sendJson, startHttpTestServer, type HttpTestServer, type RecordedRequest } from '../test/httpTestServer'
import { createWalletListingClient, type WalletListingClient, type WalletListingClientOptions } from './createWalletListingClient'
import type { GetWalletsResponse, WalletListing } from './types'

const rainbow: WalletListing = {
  id: 'rainbow-id',
  name: 'Rainbow',
  image_id: 'rainbow-image',
  chains: ['eip155:1', 'eip155:10'],
  rdns: 'me.rainbow',
  mobile_link: 'rainbow://',
  desktop_link: null,
  webapp_link: null,
}
const listing: GetWalletsResponse = { data: [rainbow], count: 1 }
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
const common = { projectId: 'project-1', st: 'portico', sv: 'react-0.1.0' }

let server: HttpTestServer
beforeEach(async () => {
  server = await startHttpTestServer((request, response) => {
    if (request.path === '/getWallets') return sendJson(response, 200, listing)
    if (request.path === '/projects/v1/origins') return sendJson(response, 200, { allowedOrigins: ['https://*.example.com'] })
    if (request.path === '/getAnalyticsConfig') return sendJson(response, 200, { isAnalyticsEnabled: true })
    if (/^\/(public\/)?get\w+Image\//.test(request.path)) return sendBytes(response, 200, png, 'image/png')
    sendJson(response, 404, {})
  })
})
afterEach(async () => {
  jest.useRealTimers()
  await server.close()
})

/** The search minimum is tested on its own; elsewhere it should not slow the suite. */
const instantSleep: Sleep = async () => undefined

function client(options: Partial<WalletListingClientOptions> = {}): WalletListingClient {
  return createWalletListingClient({
    baseUrl: server.url,
    projectId: 'project-1',
    sdkType: 'portico',
    sdkVersion: 'react-0.1.0',
    sleep: instantSleep,
    ...options,
  })
}
const last = (): RecordedRequest => server.requests.at(-1)!
const query = (request: RecordedRequest) => Object.fromEntries(request.query)

describe('getWallets and its helpers', () => {
  test('getWallets sends every listing parameter with projectId, st and sv, and returns data and count', async () => {
    const result = await client().getWallets({
      page: 2,
      entries: 10,
      include: ['a', 'b'],
      exclude: ['c'],
      chains: ['eip155:1', 'eip155:10'],
      search: 'rain',
      badge_type: 'certified',
    })
    expect(result).toEqual(listing)
    expect(last().path).toBe('/getWallets')
    expect(query(last())).toEqual({
      ...common,
      page: '2',
      entries: '10',
      include: 'a,b',
      exclude: 'c',
      chains: 'eip155:1,eip155:10',
      search: 'rain',
      badge_type: 'certified',
    })
  })

  test('getWallets leaves out the parameters not given', async () => {
    await client().getWallets({ page: 1, include: [], search: '' })
    expect(query(last())).toEqual({ ...common, page: '1' })
  })

  test('getRecommendedWallets asks for page 1 of 4', async () => {
    await client().getRecommendedWallets({ include: ['featured'], exclude: ['recent'] })
    expect(query(last())).toEqual({ ...common, page: '1', entries: '4', include: 'featured', exclude: 'recent' })
  })

  test('getWalletsPage asks for 40 wallets per page', async () => {
    await client().getWalletsPage(3, { chains: ['eip155:1'] })
    expect(query(last())).toEqual({ ...common, page: '3', entries: '40', chains: 'eip155:1' })
  })

  test('searchWallets asks for page 1 of 100 matching the query', async () => {
    await expect(client().searchWallets('rain', { badge_type: 'none' })).resolves.toEqual(listing)
    expect(query(last())).toEqual({ ...common, page: '1', entries: '100', search: 'rain', badge_type: 'none' })
  })

  test('the configured clientId rides along', async () => {
    await client({ clientId: 'c-1' }).getWallets()
    expect(query(last())).toEqual({ ...common, clientId: 'c-1' })
  })
})

describe('searchWallets minimum duration', () => {
  /** Real fetch, recording when each response has arrived. */
  function observedFetch() {
    let arrived = 0
    const fetch: FetchLike = async (input, init) => {
      const response = await globalThis.fetch(input, init)
      arrived++
      return response
    }
    return { fetch, arrived: () => arrived }
  }
  const yieldToIo = () => new Promise((resolve) => setImmediate(resolve))

  test('a fast answer is held until 300 ms after the call', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] })
    const observed = observedFetch()
    const started = Date.now()
    let settledAt: number | undefined
    const result = client({ fetch: observed.fetch, sleep: undefined })
      .searchWallets('rain')
      .then((value) => {
        settledAt = Date.now()
        return value
      })
    while (observed.arrived() === 0) await yieldToIo()
    for (let i = 0; i < 10; i++) await yieldToIo()
    expect(settledAt).toBeUndefined()
    await jest.advanceTimersByTimeAsync(299)
    expect(settledAt).toBeUndefined()
    await jest.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toEqual(listing)
    expect(settledAt! - started).toBe(300)
  })

  test('a failure is held for the same 300 ms', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] })
    server.handle((_request, response) => sendJson(response, 400, {}))
    const observed = observedFetch()
    let settled = false
    const result = client({ fetch: observed.fetch, sleep: undefined })
      .searchWallets('rain')
      .catch((error: unknown) => {
        settled = true
        return error
      })
    while (observed.arrived() === 0) await yieldToIo()
    for (let i = 0; i < 10; i++) await yieldToIo()
    await jest.advanceTimersByTimeAsync(299)
    expect(settled).toBe(false)
    await jest.advanceTimersByTimeAsync(1)
    expect(await result).toBeInstanceOf(HttpStatusError)
  })

  test('the wait asked for is 300 ms', async () => {
    const delays: number[] = []
    await client({ sleep: async (ms) => void delays.push(ms) }).searchWallets('rain')
    expect(delays).toEqual([300])
  })

  test('a caller abort rejects at once, without waiting out the minimum', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] })
    server.handle(() => undefined)
    const controller = new AbortController()
    const result = client({ sleep: undefined }).searchWallets('rain', { signal: controller.signal })
    await server.waitForRequests(1)
    controller.abort()
    await expect(result).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('images', () => {
  test.each([
    ['getWalletImage', '/getWalletImage/w-1'],
    ['getAssetImage', '/public/getAssetImage/w-1'],
    ['getCurrencyImage', '/public/getCurrencyImage/w-1'],
    ['getTokenImage', '/public/getTokenImage/w-1'],
  ] as const)('%s returns the image as a Blob from %s', async (method, path) => {
    const blob = await client()[method]('w-1')
    expect(blob).toBeInstanceOf(Blob)
    expect(blob.type).toBe('image/png')
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png)
    expect(last().path).toBe(path)
    expect(query(last())).toEqual(common)
  })

  test('an image id is encoded as one path segment', async () => {
    await client().getWalletImage('a/b c')
    expect(last().path).toBe('/getWalletImage/a%2Fb%20c')
  })

  test('getImageUrl gives the URL a call would use', () => {
    const url = new URL(client({ clientId: 'c-1' }).getImageUrl({ kind: 'token', id: 'usdc' }))
    expect(url.pathname).toBe('/public/getTokenImage/usdc')
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...common, clientId: 'c-1' })
  })
})

describe('preloadImage', () => {
  test('resolves true when the image loads', async () => {
    const listingClient = client()
    await expect(listingClient.preloadImage(listingClient.getImageUrl({ kind: 'wallet', id: 'x' }))).resolves.toBe(true)
  })

  test('resolves false when the image fails', async () => {
    await expect(client().preloadImage(`${server.url}/missing.png`)).resolves.toBe(false)
  })

  test('resolves false when the server is unreachable', async () => {
    const closed = await startHttpTestServer()
    await closed.close()
    await expect(client().preloadImage(`${closed.url}/a.png`)).resolves.toBe(false)
  })

  test('resolves false at the timeout and cancels the load', async () => {
    server.handle(() => undefined)
    let aborted = false
    const load = async (url: string, signal: AbortSignal) => {
      signal.addEventListener('abort', () => (aborted = true))
      await globalThis.fetch(url, { signal })
      return true
    }
    await expect(client({ imagePreloadTimeoutMs: 50, loadImage: load }).preloadImage(`${server.url}/slow.png`)).resolves.toBe(false)
    expect(aborted).toBe(true)
  })

  test('the default timeout is 2 s', async () => {
    jest.useFakeTimers()
    let settled: boolean | undefined
    const never = () => new Promise<boolean>(() => undefined)
    void client({ loadImage: never })
      .preloadImage('https://images.example/a.png')
      .then((value) => (settled = value))
    await jest.advanceTimersByTimeAsync(1999)
    expect(settled).toBeUndefined()
    await jest.advanceTimersByTimeAsync(1)
    expect(settled).toBe(false)
  })

  test('a loader that throws resolves false', async () => {
    const throwing = () => {
      throw new Error('no DOM')
    }
    await expect(client({ loadImage: throwing }).preloadImage('x')).resolves.toBe(false)
  })
})

describe('project', () => {
  test('getAllowedOrigins returns allowedOrigins', async () => {
    await expect(client().getAllowedOrigins()).resolves.toEqual(['https://*.example.com'])
    expect(last().path).toBe('/projects/v1/origins')
    expect(query(last())).toEqual(common)
  })

  test('getAnalyticsConfig returns isAnalyticsEnabled', async () => {
    await expect(client().getAnalyticsConfig()).resolves.toEqual({ isAnalyticsEnabled: true })
    expect(last().path).toBe('/getAnalyticsConfig')
    expect(query(last())).toEqual(common)
  })
})
