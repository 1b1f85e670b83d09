/**
 * What the onramp sells and for how much: the native currency of each configured chain
 * (by the providers' network names), priced by the price source, with the provider's
 * fee and the chain's current network fee. Shared by the API routes and the test
 * provider's checkout.
 */
import { type PublicClient } from 'viem'
import { type ChainClients } from '../chain/clients'
import { type ChainConfig, type Eip155ChainId, type NativeCurrency, nativeCurrencyOf } from '../chain/config'
import { type PriceSource, priceOf } from '../chain/prices'
import { HttpError } from '../httpErrors'
import { type Limits, type OnrampProviderConfig, type PaymentMethod, currenciesOf, limitsOf, networkName } from './providers'
import { type OnrampQuoteMath, TRANSFER_GAS, computeOnrampQuote } from './quote'

export interface OnrampNetwork {
  chainId: Eip155ChainId
  /** The provider's spelling, e.g. `ethereum`. */
  name: string
  displayName: string
  native: NativeCurrency
  config: ChainConfig
  client: PublicClient
}

export interface OnrampCatalog {
  networks(provider: OnrampProviderConfig): OnrampNetwork[]
  /** The network a request names (provider spelling or CAIP-2), or 400 'Chain is not supported'. */
  network(provider: OnrampProviderConfig, nameOrChainId: string): OnrampNetwork
  /** Checks currency, amount and asset; 400 with the reason when one is off. */
  quote(request: { provider: OnrampProviderConfig; network: OnrampNetwork; asset: string; currency: string; amount: number; method?: PaymentMethod | undefined }): Promise<OnrampQuoteMath>
}

/**
 * @example
 * const catalog = createOnrampCatalog({ clients, prices, networksOf: (p) => clients.chains })
 * const quote = await catalog.quote({ provider, network: catalog.network(provider, 'ethereum'), asset: 'ETH', currency: 'USD', amount: 100 })
 */
export function createOnrampCatalog(options: {
  clients: ChainClients
  prices: PriceSource
  /** Which of the configured chains a provider serves. */
  chainsOf: (provider: OnrampProviderConfig) => readonly ChainConfig[]
}): OnrampCatalog {
  const { clients, prices, chainsOf } = options
  const networks = (provider: OnrampProviderConfig): OnrampNetwork[] =>
    chainsOf(provider).map((config) => ({ chainId: config.chainId, ...networkName(config.chainId), native: nativeCurrencyOf(config), config, client: clients.client(config.chainId)! }))

  return {
    networks,
    network(provider, nameOrChainId) {
      const wanted = nameOrChainId.toLowerCase()
      const found = networks(provider).find((n) => n.name === wanted || n.chainId === wanted)
      if (found === undefined) {
        const offered =
          networks(provider)
            .map((n) => n.name)
            .join(', ') || 'none'
        throw new HttpError(400, 'Chain is not supported', `${provider.label} sells on no network '${nameOrChainId.slice(0, 64)}' here (offered: ${offered})`, { code: 'UNSUPPORTED_CHAIN' })
      }
      return found
    },
    async quote({ provider, network, asset, currency, amount, method }) {
      const fiat = currency.toUpperCase()
      if (!currenciesOf(provider).includes(fiat)) {
        throw new HttpError(400, 'Bad Request', `${provider.label} takes ${currenciesOf(provider).join(' or ')}, not '${currency.slice(0, 8)}'`, { code: 'CURRENCY_NOT_SUPPORTED' })
      }
      if (asset.toUpperCase() !== network.native.symbol.toUpperCase()) {
        throw new HttpError(400, 'Bad Request', `${provider.label} sells ${network.native.symbol} on ${network.name}, not '${asset.slice(0, 16)}'`, { code: 'ASSET_NOT_SUPPORTED' })
      }
      const limits = amountLimits(provider, method)
      if (!(amount >= limits.min && amount <= limits.max)) {
        throw new HttpError(400, 'Bad Request', `The amount must be from ${limits.min} to ${limits.max} ${fiat}`, { code: 'AMOUNT_OUT_OF_RANGE' })
      }
      const price = await priceOf(prices, { chainId: network.chainId, symbol: network.native.symbol }, fiat.toLowerCase())
      if (price === undefined || price <= 0) {
        throw new HttpError(400, 'Bad Request', `No ${fiat} price for ${network.native.symbol} is known to the price sources (PRICE_SOURCES, PRICE_TABLE)`, { code: 'PRICE_UNAVAILABLE' })
      }
      let gasPrice: bigint
      try {
        gasPrice = await network.client.getGasPrice()
      } catch {
        throw new HttpError(502, 'Bad Gateway', `The RPC node of ${network.chainId} did not answer`, { code: 'CHAIN_UNAVAILABLE' })
      }
      return computeOnrampQuote({ amount, feePercent: provider.feePercent, price, networkFeeWei: gasPrice * TRANSFER_GAS, decimals: network.native.decimals })
    },
  }
}

/** The limits of one payment method, or the widest span over the provider's methods when none is named. */
export function amountLimits(provider: OnrampProviderConfig, method?: PaymentMethod): Limits {
  const all = limitsOf(provider)
  if (method !== undefined) {
    const limits = all[method]
    if (limits === undefined) throw new HttpError(400, 'Bad Request', `${provider.label} takes no ${method} payments`, { code: 'PAYMENT_METHOD_NOT_SUPPORTED' })
    return limits
  }
  const spans = Object.values(all)
  return { min: Math.min(...spans.map((l) => l.min)), max: Math.max(...spans.map((l) => l.max)) }
}
