/**
 * POST /v1/fungible/price (SPEC §7): name, symbol, icon and unit price of tokens given
 * as CAIP-10 addresses. The native currency is asked for with the conventional
 * placeholder address 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE, a Bitcoin network's BTC
 * as `bip122:<genesis>:native`. Tokens the server
 * cannot name (unknown chain, not a token) are left out of the answer.
 */
import { type FastifyPluginAsync } from 'fastify'
import type * as Wire from '../../src/shared/blockchainApi'
import { type ChainClients } from '../chain/clients'
import { nativeCurrencyOf } from '../chain/config'
import { type PricedToken, type PriceSource } from '../chain/prices'
import { errorWithCodeResponses, parseAccountParam, tokenIconUrl } from '../chain/requestHelpers'
import { type TokenMetadataStore } from '../chain/tokens'
import { HttpError } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectOf, projectQuerySchema } from '../projectGuard'
import { type ProjectRegistry } from '../projects'

/** Stands for a chain's native currency where an API wants a token address. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** A Bitcoin network's native coin as a CAIP-10 token address: `bip122:<32 hex of the genesis hash>:native`. */
const BITCOIN_NATIVE = /^bip122:([0-9a-f]{32}):native$/

export interface FungiblePriceRoutesOptions {
  projects: ProjectRegistry
  clients: ChainClients
  tokens: TokenMetadataStore
  prices: PriceSource
}

const priceSchema = {
  querystring: projectQuerySchema,
  body: {
    type: 'object',
    required: ['currency', 'addresses'],
    properties: {
      currency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
      addresses: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 128 } },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['fungibles'],
      properties: {
        fungibles: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'symbol', 'iconUrl', 'price'],
            properties: { name: { type: 'string' }, symbol: { type: 'string' }, iconUrl: { type: 'string' }, price: { type: 'number' } },
          },
        },
      },
    },
    ...errorWithCodeResponses,
  },
} as const

export const fungiblePriceRoutes: FastifyPluginAsync<FungiblePriceRoutesOptions> = async (app, { projects, clients, tokens, prices }) => {
  app.addHook('preValidation', projectGuard(projects))

  app.post<{ Querystring: ProjectQuery; Body: Wire.FungiblePriceRequest; Reply: Wire.FungiblePriceResponse }>('/v1/fungible/price', { schema: priceSchema }, async (request) => {
    const currency = request.body.currency.toLowerCase()
    const iconUrl = tokenIconUrl(request, projectOf(request).id)
    const named: { token: { name: string; symbol: string }; priced: PricedToken }[] = []
    for (const [i, caip10] of request.body.addresses.entries()) {
      // A Bitcoin network's native coin (BTC on each): priced by symbol, as the balance routes price SOL.
      const bitcoin = BITCOIN_NATIVE.exec(caip10)
      if (bitcoin) {
        named.push({ token: { name: 'Bitcoin', symbol: 'BTC' }, priced: { chainId: `bip122:${bitcoin[1]!}`, symbol: 'BTC' } })
        continue
      }
      const account = parseAccountParam(caip10, `body/addresses/${i}`)
      if (account.chainId === undefined) throw new HttpError(400, 'Bad Request', `body/addresses/${i} must be a CAIP-10 token address such as eip155:1:0x…`)
      const chain = clients.chain(account.chainId)
      if (chain === undefined) continue
      const token = account.address.toLowerCase() === NATIVE_TOKEN_ADDRESS ? { ...nativeCurrencyOf(chain), address: undefined } : await tokens.get(chain.chainId, account.address)
      if (token === undefined) continue
      named.push({ token, priced: { chainId: chain.chainId, address: token.address, symbol: token.symbol } })
    }
    // Every token in one question to the price sources.
    const found = await prices.prices(
      currency,
      named.map(({ priced }) => priced),
    )
    const fungibles: Wire.FungiblePrice[] = named.map(({ token }, i) => ({ name: token.name, symbol: token.symbol, iconUrl: iconUrl(token.symbol), price: found[i] ?? 0 }))
    return { fungibles }
  })
}
