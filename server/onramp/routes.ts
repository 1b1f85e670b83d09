/**
 * The onramp endpoints of the Blockchain API (SPEC §7): options (currencies and payment
 * method limits), quote, the providers with their fees, and the checkout URL
 * (/v1/generators/onrampurl). Providers are configuration (providers.ts); the test
 * provider (testProvider.ts) is served by this server and delivers on the local chains.
 */
import { randomUUID } from 'node:crypto'
import { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import { type Hex, getAddress, isAddress } from 'viem'
import type * as Wire from '../../src/shared/blockchainApi'
import { type ChainClients } from '../chain/clients'
import { type PriceSource } from '../chain/prices'
import { errorWithCodeResponses } from '../chain/requestHelpers'
import { HttpError } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectOf, projectQueryProperties } from '../projectGuard'
import { type ProjectRegistry } from '../projects'
import { type OnrampCatalog, createOnrampCatalog } from './catalog'
import { FALLBACK_CURRENCIES, FALLBACK_LIMITS, type OnrampProviderConfig, type PaymentMethod, TEST_PROVIDER, TEST_PROVIDER_ID, WIRE_PAYMENT_METHOD, currenciesOf, fillUrl, limitsOf } from './providers'
import { type OnrampPurchaseStore } from './purchases'
import { isLoopbackUrl, serverOrigin, testProviderRoutes } from './testProvider'

export interface TestProviderOptions {
  /**
   * Pays the purchases: a development key of the local chains (e.g. the tenth anvil
   * account). Its address is the provider's sender for `history?onramp=test`.
   */
  funderKey: Hex
  /** Where purchases are recorded: createOnrampPurchaseStore(db) (the onramp_purchases table). */
  purchases: OnrampPurchaseStore
}

export interface OnrampRoutesOptions {
  projects: ProjectRegistry
  /** The chains whose native currency is sold (blockchainApi.ts shares the clients). */
  clients: ChainClients
  /** Fiat prices of the native currencies. */
  prices: PriceSource
  /** Third-party providers (ONRAMP_PROVIDERS). */
  providers?: readonly OnrampProviderConfig[]
  /**
   * The test provider: listed first and served at /onramp/test-provider when given.
   * Delivers only on chains whose RPC URL is on this machine and whose node is a
   * development node (anvil, Hardhat, Ganache); see docs/self-hosting.md.
   */
  testProvider?: TestProviderOptions
  /** Clock in epoch ms, for tests. */
  now?: () => number
}

const moneySchema = { type: 'object', required: ['amount', 'currency'], properties: { amount: { type: 'string' }, currency: { type: 'string' } } } as const
const providerField = { type: 'string', pattern: '^[a-z0-9-]{1,32}$' } as const

const schemas = {
  options: {
    querystring: { type: 'object', required: ['projectId'], properties: projectQueryProperties },
    response: {
      200: {
        type: 'object',
        required: ['paymentCurrencies', 'purchaseCurrencies'],
        properties: {
          paymentCurrencies: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'payment_method_limits'],
              properties: {
                id: { type: 'string' },
                payment_method_limits: {
                  type: 'array',
                  items: { type: 'object', required: ['id', 'min', 'max'], properties: { id: { type: 'string' }, min: { type: 'number' }, max: { type: 'number' } } },
                },
              },
            },
          },
          purchaseCurrencies: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'name', 'symbol', 'networks'],
              properties: {
                id: { type: 'string' },
                name: { type: 'string' },
                symbol: { type: 'string' },
                networks: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['name', 'display_name', 'chain_id', 'contract_address'],
                    properties: { name: { type: 'string' }, display_name: { type: 'string' }, chain_id: { type: 'string' }, contract_address: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
      ...errorWithCodeResponses,
    },
  },
  providers: {
    querystring: { type: 'object', required: ['projectId'], properties: projectQueryProperties },
    response: {
      200: {
        type: 'object',
        required: ['providers'],
        properties: {
          providers: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'label', 'feeRange', 'paymentMethods'],
              properties: {
                name: { type: 'string' },
                label: { type: 'string' },
                feeRange: { type: 'object', required: ['min', 'max'], properties: { min: { type: 'number' }, max: { type: 'number' } } },
                paymentMethods: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
      ...errorWithCodeResponses,
    },
  },
  quote: {
    querystring: { type: 'object', required: ['projectId'], properties: projectQueryProperties },
    body: {
      type: 'object',
      required: ['purchaseCurrency', 'paymentCurrency', 'amount', 'network'],
      properties: {
        purchaseCurrency: { type: 'string', maxLength: 16 },
        paymentCurrency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
        amount: { type: 'string', pattern: '^[0-9]{1,9}(\\.[0-9]{1,2})?$' },
        network: { type: 'string', maxLength: 64 },
        provider: providerField,
        paymentMethod: { type: 'string', enum: ['card', 'bank'] },
      },
    },
    response: {
      200: {
        type: 'object',
        required: ['quoteId', 'paymentTotal', 'paymentSubtotal', 'purchaseAmount', 'providerFee', 'networkFee'],
        properties: { quoteId: { type: 'string' }, paymentTotal: moneySchema, paymentSubtotal: moneySchema, purchaseAmount: moneySchema, providerFee: moneySchema, networkFee: moneySchema },
      },
      ...errorWithCodeResponses,
    },
  },
  url: {
    querystring: { type: 'object', required: ['projectId'], properties: projectQueryProperties },
    body: {
      type: 'object',
      required: ['destinationWallets', 'partnerUserId'],
      properties: {
        destinationWallets: {
          type: 'array',
          minItems: 1,
          maxItems: 10,
          items: {
            type: 'object',
            required: ['address', 'blockchains'],
            properties: {
              address: { type: 'string', maxLength: 128 },
              blockchains: { type: 'array', minItems: 1, maxItems: 20, items: { type: 'string', maxLength: 64 } },
              assets: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 16 } },
            },
          },
        },
        defaultNetwork: { type: 'string', maxLength: 64 },
        partnerUserId: { type: 'string', maxLength: 128 },
        defaultExperience: { type: 'string', enum: ['buy', 'send'] },
        presetCryptoAmount: { type: 'number', exclusiveMinimum: 0 },
        presetFiatAmount: { type: 'number', exclusiveMinimum: 0 },
        presetFiatCurrency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
        provider: providerField,
      },
    },
    response: { 200: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } }, ...errorWithCodeResponses },
  },
} as const

/** The wire bodies plus this server's optional `provider` (default: the first provider) and quote `paymentMethod`. */
type QuoteBody = Wire.OnrampQuoteRequest & { provider?: string; paymentMethod?: PaymentMethod }
type UrlBody = Wire.OnrampUrlRequest & { provider?: string; presetFiatCurrency?: string }

/**
 * The onramp route group as a Fastify plugin.
 *
 * @example
 * app.register(onrampRoutes, { projects, clients, prices, testProvider: { funderKey, purchases: createOnrampPurchaseStore(db) } })
 */
export const onrampRoutes: FastifyPluginAsync<OnrampRoutesOptions> = async (app, options) => {
  const { projects, clients, prices, now = Date.now } = options
  const localChains = clients.chains.filter((chain) => isLoopbackUrl(chain.rpcUrl))
  if (options.testProvider !== undefined && localChains.length === 0) {
    throw new Error('The onramp test provider delivers on local chains only, and no chain has a loopback RPC URL (127.0.0.1, localhost, ::1)')
  }
  const providers: OnrampProviderConfig[] = [...(options.testProvider ? [TEST_PROVIDER] : []), ...(options.providers ?? [])]
  const catalog = createOnrampCatalog({ clients, prices, chainsOf: (provider) => (provider.id === TEST_PROVIDER_ID ? localChains : clients.chains) })
  const purchases = options.testProvider?.purchases

  if (options.testProvider !== undefined && purchases !== undefined) {
    app.register(testProviderRoutes, { funderKey: options.testProvider.funderKey, purchases, catalog, provider: TEST_PROVIDER, now })
  }
  app.register(onrampApiRoutes, { projects, providers, catalog, purchases, now })
}

/** The project-guarded /v1 routes, in their own scope so the guard does not reach the test provider's page. */
const onrampApiRoutes: FastifyPluginAsync<{
  projects: ProjectRegistry
  providers: readonly OnrampProviderConfig[]
  catalog: OnrampCatalog
  purchases: OnrampPurchaseStore | undefined
  now: () => number
}> = async (app, { projects, providers, catalog, purchases, now }) => {
  app.addHook('preValidation', projectGuard(projects))

  const providerOf = (id: string | undefined): OnrampProviderConfig => {
    if (providers.length === 0) throw new HttpError(400, 'Bad Request', 'No onramp provider is configured on this server (ONRAMP_PROVIDERS, ONRAMP_TEST_PROVIDER_KEY)', { code: 'NO_ONRAMP_PROVIDER' })
    const provider = id === undefined ? providers[0] : providers.find((p) => p.id === id)
    if (provider === undefined) throw new HttpError(400, 'Bad Request', `No onramp provider '${id}' (configured: ${providers.map((p) => p.id).join(', ')})`, { code: 'UNKNOWN_ONRAMP_PROVIDER' })
    return provider
  }

  app.get<{ Querystring: ProjectQuery; Reply: Wire.OnrampOptionsResponse }>('/v1/onramp/options', { schema: schemas.options }, async () => {
    // Without providers the client still gets SPEC §9's fallback, as it would show anyway.
    const offered = providers.length > 0 ? providers : [{ ...TEST_PROVIDER, limits: FALLBACK_LIMITS, currencies: FALLBACK_CURRENCIES }]
    const currencies = [...new Set(offered.flatMap((p) => currenciesOf(p)))]
    const paymentCurrencies = currencies.map((id): Wire.OnrampPaymentCurrency => {
      const spans = new Map<PaymentMethod, { min: number; max: number }>()
      for (const provider of offered.filter((p) => currenciesOf(p).includes(id))) {
        for (const [method, limits] of Object.entries(limitsOf(provider)) as [PaymentMethod, { min: number; max: number }][]) {
          const span = spans.get(method)
          spans.set(method, span ? { min: Math.min(span.min, limits.min), max: Math.max(span.max, limits.max) } : { ...limits })
        }
      }
      return { id, payment_method_limits: [...spans].map(([method, span]) => ({ id: WIRE_PAYMENT_METHOD[method], ...span })) }
    })
    const bySymbol = new Map<string, Wire.OnrampPurchaseCurrency>()
    for (const provider of providers) {
      for (const network of catalog.networks(provider)) {
        const entry = bySymbol.get(network.native.symbol) ?? { id: network.native.symbol, name: network.native.name, symbol: network.native.symbol, networks: [] }
        const chainId = network.chainId.slice('eip155:'.length)
        // The native currency has no contract: empty, as Coinbase's options spell it.
        if (!entry.networks.some((n) => n.chain_id === chainId)) entry.networks.push({ name: network.name, display_name: network.displayName, chain_id: chainId, contract_address: '' })
        bySymbol.set(network.native.symbol, entry)
      }
    }
    return { paymentCurrencies, purchaseCurrencies: [...bySymbol.values()] }
  })

  app.get<{ Querystring: ProjectQuery }>('/v1/onramp/providers', { schema: schemas.providers }, async () => ({
    providers: providers.map((p) => ({
      name: p.id,
      label: p.label,
      feeRange: { min: p.feePercent / 100, max: p.feePercent / 100 },
      paymentMethods: Object.keys(limitsOf(p)),
    })),
  }))

  app.post<{ Querystring: ProjectQuery; Body: QuoteBody; Reply: Wire.OnrampQuoteResponse }>('/v1/onramp/quote', { schema: schemas.quote }, async (request) => {
    const { purchaseCurrency, paymentCurrency, amount, network, paymentMethod } = request.body
    const provider = providerOf(request.body.provider)
    const quote = await catalog.quote({ provider, network: catalog.network(provider, network), asset: purchaseCurrency, currency: paymentCurrency, amount: Number(amount), method: paymentMethod })
    const fiat = paymentCurrency.toUpperCase()
    return {
      quoteId: randomUUID(),
      paymentTotal: { amount: quote.paymentTotal, currency: fiat },
      paymentSubtotal: { amount: quote.paymentSubtotal, currency: fiat },
      purchaseAmount: { amount: quote.purchaseAmount, currency: purchaseCurrency.toUpperCase() },
      providerFee: { amount: quote.providerFee, currency: fiat },
      networkFee: { amount: quote.networkFee, currency: fiat },
    }
  })

  app.post<{ Querystring: ProjectQuery; Body: UrlBody; Reply: Wire.OnrampUrlResponse }>('/v1/generators/onrampurl', { schema: schemas.url }, async (request) => {
    const body = request.body
    const provider = providerOf(body.provider)
    const wallet = body.destinationWallets[0]!
    if (!isAddress(wallet.address, { strict: false })) {
      throw new HttpError(400, 'Bad Request', `destinationWallets/0/address must be an EVM address (0x and 40 hex characters), not '${wallet.address.slice(0, 100)}'`)
    }
    const address = getAddress(wallet.address)
    const network = catalog.network(provider, body.defaultNetwork ?? wallet.blockchains[0]!)
    const asset = wallet.assets?.[0]?.toUpperCase() ?? network.native.symbol
    if (asset !== network.native.symbol.toUpperCase()) {
      throw new HttpError(400, 'Bad Request', `${provider.label} sells ${network.native.symbol} on ${network.name}, not '${asset.slice(0, 16)}'`, { code: 'ASSET_NOT_SUPPORTED' })
    }
    const currency = (body.presetFiatCurrency ?? currenciesOf(provider)[0]!).toUpperCase()
    const values: Record<string, string | undefined> = {
      address,
      network: network.name,
      chainId: network.chainId,
      asset,
      amount: body.presetFiatAmount?.toString(),
      cryptoAmount: body.presetCryptoAmount?.toString(),
      currency,
      partnerUserId: body.partnerUserId,
    }
    if (provider.id === TEST_PROVIDER_ID && purchases !== undefined) {
      const purchase = await purchases.create({
        provider: provider.id,
        projectId: projectOf(request).id,
        address,
        chainId: network.chainId,
        asset,
        fiatAmount: body.presetFiatAmount?.toString() ?? null,
        fiatCurrency: currency,
        now: now(),
      })
      values.session = purchase.id
    }
    const url = fillUrl(provider.url, values)
    return { url: url.startsWith('/') ? `${serverOrigin(request)}${url}` : url }
  })
}

/**
 * Registers the onramp routes on `app` (see {@link onrampRoutes}).
 *
 * @example
 * registerOnrampRoutes(app, { projects, clients, prices, testProvider: { funderKey: DEV_KEY, purchases: createOnrampPurchaseStore(db) } })
 */
export function registerOnrampRoutes(app: FastifyInstance, options: OnrampRoutesOptions): void {
  app.register(onrampRoutes, options)
}
