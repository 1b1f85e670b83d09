// The onramp endpoints and the test provider against a real anvil chain, a real SQLite
// file and a real Fastify over HTTP, read by the real Blockchain API client.
import { createServer as createHttpServer, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { type Kysely, Migrator } from 'kysely'
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { Onramp } from '../../src/config/constants'
import { createBlockchainApiClient, type BlockchainApiClient } from '../../src/services/blockchainApi/createBlockchainApiClient'
import { DEV_PRIVATE_KEYS, devAccounts } from '../../dev/chain/devAccounts'
import { startLocalChain, type LocalChain } from '../../dev/chain/localChain'
import { createChainClients } from '../chain/clients'
import { createPriceTable } from '../chain/prices'
import { openDatabase } from '../db/connect'
import { installErrorHandlers } from '../httpErrors'
import { createProjectRegistry } from '../projects'
import { http as request } from '../test/http'
import { TEST_PROJECTS } from '../test/projects'
import { type TempSqliteFile, tempSqliteFile } from '../test/sqlite'
import { readOnrampEnv } from './env'
import { FALLBACK_CURRENCIES, FALLBACK_LIMITS, PROVIDER_FEE_RANGE_PERCENT, type OnrampProviderConfig, fillUrl, parseOnrampProviders } from './providers'
import { type OnrampDatabase, createOnrampPurchaseStore, onrampPurchasesMigration } from './purchases'
import { computeOnrampQuote } from './quote'
import { registerOnrampRoutes } from './routes'
import { TEST_PROVIDER_CSP, isLoopbackUrl, testProviderSender } from './testProvider'

jest.setTimeout(60_000)

const funderKey: Hex = DEV_PRIVATE_KEYS[9]
const buyer = devAccounts[6]!.address
const acme: OnrampProviderConfig = {
  id: 'acme',
  label: 'Acme Pay',
  url: 'https://acme.example/buy?to={address}&net={network}&fiat={amount}&cur={currency}&user={partnerUserId}',
  feePercent: 2,
  limits: { card: { min: 20, max: 5000 } },
  currencies: ['USD'],
}

let chain: LocalChain
let sqlite: TempSqliteFile
let db: Kysely<OnrampDatabase>
let app: FastifyInstance
let baseUrl: string
let api: BlockchainApiClient

async function migratedDatabase(file: string): Promise<Kysely<OnrampDatabase>> {
  const kysely = openDatabase({ sqliteFile: file }) as unknown as Kysely<OnrampDatabase>
  const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => ({ '0004_onramp_purchases': onrampPurchasesMigration('sqlite') }) } })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error
  return kysely
}

async function startApp(rpcUrl: string, options: { providers?: OnrampProviderConfig[] } = {}) {
  const server = Fastify()
  installErrorHandlers(server)
  registerOnrampRoutes(server, {
    projects: createProjectRegistry(TEST_PROJECTS),
    clients: createChainClients([{ chainId: 'eip155:1', rpcUrl }]),
    prices: createPriceTable(),
    providers: options.providers ?? [acme],
    testProvider: { funderKey, purchases: createOnrampPurchaseStore(db) },
  })
  const url = await server.listen({ port: 0, host: '127.0.0.1' })
  return { server, url }
}

beforeAll(async () => {
  chain = await startLocalChain({ chainId: 1 })
  sqlite = tempSqliteFile()
  db = await migratedDatabase(sqlite.file)
  ;({ server: app, url: baseUrl } = await startApp(chain.rpcUrl))
  api = createBlockchainApiClient({ baseUrl, projectId: 'shop', sdkType: 'portico', sdkVersion: 'test', retry: false })
})

afterAll(async () => {
  await app?.close()
  await db?.destroy()
  sqlite?.remove()
  await chain?.stop()
})

const reader = () => createPublicClient({ transport: http(chain.rpcUrl) })
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

describe('configuration', () => {
  it('keeps SPEC §9 fallback limits, currencies and fee range as the client does', () => {
    expect(FALLBACK_LIMITS).toEqual(Onramp.fallbackLimits)
    expect(FALLBACK_CURRENCIES).toEqual(Onramp.fallbackCurrencies)
    expect(PROVIDER_FEE_RANGE_PERCENT.min / 100).toBe(Onramp.feeRange.min)
    expect(PROVIDER_FEE_RANGE_PERCENT.max / 100).toBe(Onramp.feeRange.max)
  })

  it('reads ONRAMP_PROVIDERS and says what is wrong', () => {
    expect(parseOnrampProviders(JSON.stringify([acme]))).toEqual({ providers: [acme] })
    expect(parseOnrampProviders('{}')).toEqual({ problem: 'must be a JSON array of providers' })
    expect(parseOnrampProviders(JSON.stringify([{ ...acme, url: 'http://pay.example/x' }]))).toEqual({ problem: expect.stringContaining('url must be an https:// URL') })
    expect(parseOnrampProviders(JSON.stringify([{ ...acme, id: 'test' }]))).toEqual({ problem: expect.stringContaining('built-in test provider') })
    expect(parseOnrampProviders(JSON.stringify([{ ...acme, feePercent: 12 }]))).toEqual({ problem: expect.stringContaining('feePercent') })
    expect(parseOnrampProviders(JSON.stringify([{ ...acme, limits: { cash: { min: 1, max: 2 } } }]))).toEqual({ problem: expect.stringContaining("'cash' is not a payment method") })
    expect(parseOnrampProviders(JSON.stringify([acme, acme]))).toEqual({ problem: expect.stringContaining('used twice') })
  })

  it('reads ONRAMP_PROVIDERS and ONRAMP_TEST_PROVIDER_KEY, never echoing the key', () => {
    expect(readOnrampEnv({})).toEqual({ providers: [], testProviderKey: undefined })
    expect(readOnrampEnv({ ONRAMP_PROVIDERS: JSON.stringify([acme]), ONRAMP_TEST_PROVIDER_KEY: funderKey })).toEqual({ providers: [acme], testProviderKey: funderKey })
    expect(() => readOnrampEnv({ ONRAMP_PROVIDERS: '[1]' })).toThrow('ONRAMP_PROVIDERS provider 0: must be an object')
    let message = ''
    try {
      readOnrampEnv({ ONRAMP_TEST_PROVIDER_KEY: `${funderKey}00` })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toBe('ONRAMP_TEST_PROVIDER_KEY must be a private key: 0x and 64 hex characters')
  })

  it('fills URL templates with encoded values', () => {
    expect(fillUrl('https://p.example/?a={address}&x={missing}&n={amount}', { address: 'a b&c', amount: '5' })).toBe('https://p.example/?a=a%20b%26c&x=&n=5')
    expect([isLoopbackUrl('http://127.0.0.1:8545'), isLoopbackUrl('http://localhost:1'), isLoopbackUrl('http://[::1]:1'), isLoopbackUrl('http://10.0.0.1:8545'), isLoopbackUrl('nope')]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
  })

  it('rounds the quote to cents and the purchase down to 8 decimals', () => {
    expect(computeOnrampQuote({ amount: 100, feePercent: 1, price: 3000, networkFeeWei: 42_000_000_000_000n, decimals: 18 })).toEqual({
      paymentTotal: '100.00',
      providerFee: '1.00',
      networkFee: '0.13',
      paymentSubtotal: '98.87',
      purchaseAmount: '0.03295666',
      purchaseUnits: parseEther('0.03295666'),
    })
  })

  it('refuses the test provider when no chain is on this machine', async () => {
    const server = Fastify()
    registerOnrampRoutes(server, {
      projects: createProjectRegistry(TEST_PROJECTS),
      clients: createChainClients([{ chainId: 'eip155:1', rpcUrl: 'https://rpc.example' }]),
      prices: createPriceTable(),
      testProvider: { funderKey, purchases: createOnrampPurchaseStore(db) },
    })
    await expect(server.ready()).rejects.toThrow('local chains only')
    await server.close()
  })
})

describe('GET /v1/onramp/options and /providers', () => {
  it('lists the currencies with each payment method’s widest limits, and the chains’ native currency', async () => {
    const options = await api.getOnrampOptions()
    expect(options.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: 10, max: 7500 },
          { id: 'ach_bank_account', min: 10, max: 25_000 },
        ],
      },
      {
        id: 'EUR',
        payment_method_limits: [
          { id: 'card', min: 10, max: 7500 },
          { id: 'ach_bank_account', min: 10, max: 25_000 },
        ],
      },
    ])
    expect(options.purchaseCurrencies).toEqual([{ id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' }] }])
  })

  it('lists the providers with their fees, the test provider first', async () => {
    const { body } = await request(baseUrl, '/v1/onramp/providers?projectId=shop')
    expect(body).toEqual({
      providers: [
        { name: 'test', label: 'Portico Test Provider', feeRange: { min: 0.01, max: 0.01 }, paymentMethods: ['card', 'bank'] },
        { name: 'acme', label: 'Acme Pay', feeRange: { min: 0.02, max: 0.02 }, paymentMethods: ['card'] },
      ],
    })
  })
})

describe('POST /v1/onramp/quote', () => {
  it('takes the provider fee and the network fee off the amount at the configured price', async () => {
    const gasPrice = await reader().getGasPrice()
    const quote = await api.getOnrampQuote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'ethereum' })
    const expected = computeOnrampQuote({ amount: 100, feePercent: 1, price: 3000, networkFeeWei: gasPrice * 21_000n, decimals: 18 })
    expect(quote).toEqual({
      quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      paymentTotal: { amount: '100.00', currency: 'USD' },
      paymentSubtotal: { amount: expected.paymentSubtotal, currency: 'USD' },
      purchaseAmount: { amount: expected.purchaseAmount, currency: 'ETH' },
      providerFee: { amount: '1.00', currency: 'USD' },
      networkFee: { amount: expected.networkFee, currency: 'USD' },
    })
    const euro = await api.getOnrampQuote({ purchaseCurrency: 'ETH', paymentCurrency: 'EUR', amount: '100', network: 'eip155:1' })
    expect(Number(euro.purchaseAmount.amount)).toBeGreaterThan(Number(quote.purchaseAmount.amount))
  })

  it('refuses amounts outside the limits, other currencies, assets and networks', async () => {
    const quote = (body: Record<string, unknown>) =>
      request(baseUrl, '/v1/onramp/quote?projectId=shop', json({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'ethereum', ...body }))
    expect((await quote({ amount: '9.99' })).body).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', message: 'The amount must be from 10 to 25000 USD' })
    expect((await quote({ amount: '8000', paymentMethod: 'card' })).body).toMatchObject({ message: 'The amount must be from 10 to 7500 USD' })
    expect((await quote({ amount: '25000', paymentMethod: 'bank' })).status).toBe(200)
    expect((await quote({ paymentCurrency: 'GBP' })).body).toMatchObject({ code: 'CURRENCY_NOT_SUPPORTED' })
    expect((await quote({ purchaseCurrency: 'USDC' })).body).toMatchObject({ code: 'ASSET_NOT_SUPPORTED' })
    expect((await quote({ network: 'base' })).body).toMatchObject({ error: 'Chain is not supported' })
    expect((await quote({ provider: 'acme', amount: '10' })).body).toMatchObject({ message: 'The amount must be from 20 to 5000 USD' })
    expect((await quote({ provider: 'nobody' })).body).toMatchObject({ code: 'UNKNOWN_ONRAMP_PROVIDER' })
    expect((await quote({ amount: '1e3' })).status).toBe(400)
  })
})

describe('POST /v1/generators/onrampurl', () => {
  it('fills a third-party provider’s template', async () => {
    const { url } = await api.generateOnrampUrl({
      destinationWallets: [{ address: buyer.toLowerCase(), blockchains: ['ethereum'] }],
      partnerUserId: 'user 1',
      presetFiatAmount: 50,
      ...({ provider: 'acme' } as object),
    })
    expect(url).toBe(`https://acme.example/buy?to=${buyer}&net=ethereum&fiat=50&cur=USD&user=user%201`)
  })

  it('refuses non-EVM addresses and networks the provider does not sell on', async () => {
    const make = (wallet: Record<string, unknown>) => request(baseUrl, '/v1/generators/onrampurl?projectId=shop', json({ destinationWallets: [wallet], partnerUserId: 'u' }))
    expect((await make({ address: 'bc1qxyz', blockchains: ['ethereum'] })).status).toBe(400)
    expect((await make({ address: buyer, blockchains: ['solana'] })).body).toMatchObject({ error: 'Chain is not supported' })
    expect((await make({ address: buyer, blockchains: ['ethereum'], assets: ['USDC'] })).body).toMatchObject({ code: 'ASSET_NOT_SUPPORTED' })
  })
})

describe('the test provider', () => {
  async function checkout(presetFiatAmount = 100) {
    const { url } = await api.generateOnrampUrl({ destinationWallets: [{ address: buyer, blockchains: ['ethereum'] }], partnerUserId: buyer, presetFiatAmount })
    const session = new URL(url).searchParams.get('session')!
    return { url, session }
  }
  const purchase = (body: Record<string, unknown>, origin = baseUrl) =>
    request(baseUrl, '/onramp/test-provider/purchase', json({ amount: '100', currency: 'USD', paymentMethod: 'card', ...body }, { origin }))

  it('opens a checkout page on this server under a strict CSP, with no inline script', async () => {
    const { url } = await checkout(75)
    expect(url).toMatch(new RegExp(`^${baseUrl}/onramp/test-provider\\?session=[0-9a-f-]{36}$`))
    const pageResponse = await request(url, '')
    expect(pageResponse.status).toBe(200)
    expect(pageResponse.headers.get('content-security-policy')).toBe(TEST_PROVIDER_CSP)
    expect(pageResponse.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(pageResponse.text).toContain(buyer)
    expect(pageResponse.text).toContain('value="75"')
    expect(pageResponse.text).toMatch(/<script src="\/onramp\/test-provider\.js" defer><\/script>/)
    expect(pageResponse.text.match(/<script/g)).toHaveLength(1)
    expect(pageResponse.text).not.toMatch(/ on[a-z]+=|style=/)
    const script = await request(baseUrl, '/onramp/test-provider.js')
    expect(script).toMatchObject({ status: 200 })
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.text).toContain("fetch('/onramp/test-provider/purchase'")
    expect((await request(baseUrl, '/onramp/test-provider.css')).headers.get('content-type')).toBe('text/css; charset=utf-8')
  })

  it('completes a purchase by sending the quoted ETH from the funder, once, and records it', async () => {
    const { session, url } = await checkout()
    const quote = await api.getOnrampQuote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'ethereum' })
    const before = await reader().getBalance({ address: buyer })

    const bought = await purchase({ session })
    expect(bought).toMatchObject({ status: 200, body: { status: 'completed', purchaseAmount: quote.purchaseAmount.amount, symbol: 'ETH', address: buyer, chainId: 'eip155:1' } })
    const txHash = (bought.body as { txHash: Hex }).txHash
    const tx = await reader().getTransaction({ hash: txHash })
    expect(tx.from).toBe(testProviderSender(funderKey).toLowerCase())
    expect(tx.to).toBe(buyer.toLowerCase())
    expect(await reader().getBalance({ address: buyer })).toBe(before + parseEther(quote.purchaseAmount.amount))

    const [record] = await createOnrampPurchaseStore(db).listByAddress(buyer, { provider: 'test' })
    expect(record).toMatchObject({
      id: session,
      status: 'completed',
      txHash,
      fiatAmount: '100.00',
      fiatCurrency: 'USD',
      cryptoAmount: parseEther(quote.purchaseAmount.amount).toString(),
      chainId: 'eip155:1',
      projectId: 'shop',
    })

    // Paid once: a second Buy, or the page again, finds nothing to pay.
    expect((await purchase({ session })).body).toMatchObject({ code: 'PURCHASE_ALREADY_MADE' })
    expect((await request(url, '')).status).toBe(404)
    expect(await reader().getBalance({ address: buyer })).toBe(before + parseEther(quote.purchaseAmount.amount))
  })

  it('takes purchases from its own page only, as JSON, for known sessions within the limits', async () => {
    const { session } = await checkout()
    expect((await purchase({ session }, 'https://evil.example')).status).toBe(403)
    const text = await request(baseUrl, '/onramp/test-provider/purchase', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: baseUrl },
      body: JSON.stringify({ session, amount: '100', currency: 'USD', paymentMethod: 'card' }),
    })
    expect(text.status).toBe(400)
    expect((await purchase({ session: '00000000-0000-4000-8000-000000000000' })).body).toMatchObject({ code: 'PURCHASE_NOT_FOUND' })
    expect((await purchase({ session, amount: '8000' })).body).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' })
    expect((await purchase({ session, amount: '8000', paymentMethod: 'bank' })).status).toBe(200)
  })

  it('sends nothing when the node is not a development node', async () => {
    // A loopback "node" that forwards to anvil but calls itself Geth.
    const proxy: Server = createHttpServer((req, res) => {
      let text = ''
      req.on('data', (chunk: Buffer) => (text += chunk.toString()))
      req.on('end', () => {
        const body = JSON.parse(text) as { id: number; method: string }
        if (body.method === 'web3_clientVersion') {
          res.setHeader('content-type', 'application/json')
          res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: 'Geth/v1.14.0-stable/linux-amd64/go1.22' }))
          return
        }
        void fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
          .then((r) => r.text())
          .then((answer) => res.setHeader('content-type', 'application/json').end(answer))
      })
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const proxied = await startApp(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)
    try {
      const client = createBlockchainApiClient({ baseUrl: proxied.url, projectId: 'shop', sdkType: 'portico', sdkVersion: 'test', retry: false })
      const { url } = await client.generateOnrampUrl({ destinationWallets: [{ address: buyer, blockchains: ['ethereum'] }], partnerUserId: buyer })
      const before = await reader().getBalance({ address: buyer })
      const answer = await request(proxied.url, '/onramp/test-provider/purchase', json({ session: new URL(url).searchParams.get('session'), amount: '100', currency: 'USD', paymentMethod: 'card' }))
      expect(answer).toMatchObject({ status: 403, body: { code: 'NOT_A_DEV_CHAIN' } })
      expect(await reader().getBalance({ address: buyer })).toBe(before)
    } finally {
      await proxied.server.close()
      await new Promise((resolve) => proxy.close(resolve))
    }
  })
})
