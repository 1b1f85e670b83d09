/**
 * GET /v1/account/{account}/history (SPEC §7, SPEC §3 Transaction history item): one
 * page of an account's activity from the chain index (chain/indexer.ts), newest first.
 * `next` is an opaque cursor (the last item's sort key), so pages never overlap and new
 * blocks never shift later pages. `onramp={provider}` lists only what the provider's
 * funding addresses sent the account.
 */
import { type FastifyPluginAsync } from 'fastify'
import type * as Wire from '../../src/shared/blockchainApi'
import { CAIP2_PATTERN } from '../../src/shared/caip'
import { type ChainClients } from '../chain/clients'
import { ETHER, nativeCurrencyOf } from '../chain/config'
import { toHistoryItem } from '../chain/historyItems'
import { type PricedToken, type PriceSource } from '../chain/prices'
import { errorWithCodeResponses, parseAccountParam, requireChain, tokenIconUrl } from '../chain/requestHelpers'
import { type TokenMetadata, type TokenMetadataStore } from '../chain/tokens'
import { SORT_KEY_PATTERN, createChainIndexStore, type IndexedTransfer } from '../db/chainIndex'
import { type DatabaseSchema } from '../db/schema'
import { HttpError } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectOf, projectQueryProperties } from '../projectGuard'
import { type ProjectRegistry } from '../projects'
import { type Kysely } from 'kysely'

export interface HistoryRoutesOptions {
  projects: ProjectRegistry
  db: Kysely<DatabaseSchema>
  clients: ChainClients
  tokens: TokenMetadataStore
  prices: PriceSource
  /** Onramp provider id → the addresses its purchases are sent from. */
  onrampSenders?: Readonly<Record<string, readonly string[]>>
  /** Items per page. Default 20. */
  pageSize?: number
}

interface HistoryQuery extends ProjectQuery {
  cursor?: string
  onramp?: string
  chainId?: string
  currency: string
}

const historySchema = {
  params: { type: 'object', required: ['account'], properties: { account: { type: 'string', maxLength: 128 } } },
  querystring: {
    type: 'object',
    required: ['projectId'],
    properties: {
      ...projectQueryProperties,
      cursor: { type: 'string', maxLength: 128 },
      onramp: { type: 'string', pattern: '^[a-z0-9-]{1,32}$' },
      chainId: { type: 'string', pattern: CAIP2_PATTERN },
      currency: { type: 'string', pattern: '^[A-Za-z]{3}$', default: 'usd' },
    },
  },
  response: errorWithCodeResponses,
} as const

export const historyRoutes: FastifyPluginAsync<HistoryRoutesOptions> = async (app, options) => {
  const { projects, db, clients, tokens, prices, onrampSenders = {}, pageSize = 20 } = options
  const index = createChainIndexStore(db)
  app.addHook('preValidation', projectGuard(projects))

  app.get<{ Params: { account: string }; Querystring: HistoryQuery; Reply: Wire.TransactionHistoryResponse }>('/v1/account/:account/history', { schema: historySchema }, async (request) => {
    const account = parseAccountParam(request.params.account, 'params/account')
    const chainId = request.query.chainId ?? account.chainId
    if (chainId !== undefined) requireChain(clients, chainId)
    const before = request.query.cursor === undefined ? undefined : decodeCursor(request.query.cursor)
    const onramp = request.query.onramp
    const sentBy = onramp === undefined ? undefined : (onrampSenders[onramp] ?? []).map((address) => address.toLowerCase())
    const address = account.address.toLowerCase()

    const rows = await index.accountTransactions({ address, chainId, sentBy, before, limit: pageSize + 1 })
    const page = rows.slice(0, pageSize)
    const transfers = await index.transfersFor(address, page)
    const byTx = new Map<string, IndexedTransfer[]>()
    for (const transfer of transfers) {
      const key = `${transfer.chainId}:${transfer.hash}`
      byTx.set(key, [...(byTx.get(key) ?? []), transfer])
    }

    // Token metadata and prices for everything on the page, looked up once.
    const tokenMap = new Map<string, TokenMetadata>()
    const perChain = new Map<string, Map<string, 'erc20' | 'erc721'>>()
    for (const transfer of transfers) {
      if (transfer.token === null || transfer.standard === 'native') continue
      const list = perChain.get(transfer.chainId) ?? new Map<string, 'erc20' | 'erc721'>()
      list.set(transfer.token, transfer.standard)
      perChain.set(transfer.chainId, list)
    }
    for (const [chain, list] of perChain) {
      const found = await tokens.getMany(
        chain,
        [...list].map(([token, standard]) => ({ address: token, standard })),
      )
      for (const [token, metadata] of found) tokenMap.set(`${chain}:${token}`, metadata)
    }
    const currency = request.query.currency.toLowerCase()
    const wanted = new Map<string, PricedToken>()
    const nativeCurrency = (id: string) => {
      const chain = clients.chain(id)
      return chain ? nativeCurrencyOf(chain) : ETHER
    }
    for (const transfer of transfers) {
      if (transfer.standard === 'erc721') continue
      const token =
        transfer.token === null ? { symbol: nativeCurrency(transfer.chainId).symbol } : { address: transfer.token, symbol: tokenMap.get(`${transfer.chainId}:${transfer.token}`)?.symbol ?? '' }
      wanted.set(priceKey(transfer.chainId, token), { chainId: transfer.chainId, ...token })
    }
    // One question to the price sources for the whole page.
    const found = await prices.prices(currency, [...wanted.values()])
    const priceMap = new Map([...wanted.keys()].map((key, i) => [key, found[i]]))

    const iconUrl = tokenIconUrl(request, projectOf(request).id)
    const data = page.map((tx) =>
      toHistoryItem(tx, byTx.get(`${tx.chainId}:${tx.hash}`) ?? [], {
        account: address,
        nativeCurrency,
        tokens: tokenMap,
        price: (chain, token) => priceMap.get(priceKey(chain, token)),
        iconUrl,
      }),
    )
    const last = page[page.length - 1]
    return { data, next: rows.length > pageSize && last ? encodeCursor(last.sortKey) : null }
  })
}

function priceKey(chainId: string, token: { address?: string | undefined; symbol: string }): string {
  return `${chainId}:${token.address?.toLowerCase() ?? `native:${token.symbol}`}`
}

function encodeCursor(sortKey: string): string {
  return Buffer.from(sortKey, 'utf8').toString('base64url')
}

function decodeCursor(cursor: string): string {
  const sortKey = Buffer.from(cursor, 'base64url').toString('utf8')
  if (!SORT_KEY_PATTERN.test(sortKey)) throw new HttpError(400, 'Bad Request', "querystring/cursor is not a cursor this server gave out (pass the previous page's `next`)")
  return sortKey
}
