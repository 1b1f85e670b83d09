/**
 * GET /getWallets (SPEC §7 "Wallet-listing API"): the wallet list behind the
 * AllWallets view, paged, searchable and filtered by chain.
 */
import { type FastifyPluginAsync } from 'fastify'
import { isCaipNetworkId } from '../../src/shared/caip'
import { HttpError, errorResponses } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectQueryProperties } from '../projectGuard'
import { type ProjectRegistry } from '../projects'
import { type BadgeType, DEFAULT_ENTRIES, WALLET_ID_PATTERN, type WalletPage, type WalletRegistry } from '../walletRegistry'

export interface WalletListingRoutesOptions {
  projects: ProjectRegistry
  wallets: WalletRegistry
}

interface GetWalletsQuery extends ProjectQuery {
  page: number
  entries: number
  /** Comma-separated wallet ids. */
  include?: string
  exclude?: string
  /** Comma-separated CAIP-2 chain ids. */
  chains?: string
  search?: string
  badge_type?: BadgeType
}

const nullableString = { type: ['string', 'null'] } as const

const walletListingSchema = {
  type: 'object',
  required: ['id', 'image_id', 'chains', 'rdns', 'name', 'mobile_link', 'desktop_link', 'webapp_link'],
  properties: {
    id: { type: 'string' },
    image_id: { type: 'string' },
    chains: { type: 'array', items: { type: 'string' } },
    rdns: nullableString,
    name: { type: 'string' },
    mobile_link: nullableString,
    desktop_link: nullableString,
    webapp_link: nullableString,
  },
} as const

const getWalletsSchema = {
  querystring: {
    type: 'object',
    required: ['projectId'],
    properties: {
      ...projectQueryProperties,
      page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
      // Larger values are accepted and capped at MAX_ENTRIES, like most paged APIs.
      entries: { type: 'integer', minimum: 1, default: DEFAULT_ENTRIES },
      include: { type: 'string', maxLength: 4096 },
      exclude: { type: 'string', maxLength: 4096 },
      chains: { type: 'string', maxLength: 4096 },
      search: { type: 'string', maxLength: 100 },
      badge_type: { type: 'string', enum: ['none', 'certified'] },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['data', 'count'],
      properties: { data: { type: 'array', items: walletListingSchema }, count: { type: 'integer' } },
    },
    ...errorResponses,
  },
} as const

const walletId = new RegExp(WALLET_ID_PATTERN)

export const walletListingRoutes: FastifyPluginAsync<WalletListingRoutesOptions> = async (app, { projects, wallets }) => {
  app.addHook('preValidation', projectGuard(projects))

  app.get<{ Querystring: GetWalletsQuery; Reply: WalletPage }>('/getWallets', { schema: getWalletsSchema }, async (request, reply) => {
    const { page, entries, include, exclude, chains, search, badge_type } = request.query
    const result = wallets.query({
      page,
      entries,
      include: parseList('include', include, walletId, 'a wallet id'),
      exclude: parseList('exclude', exclude, walletId, 'a wallet id'),
      chains: parseList('chains', chains, { test: isCaipNetworkId }, 'a CAIP-2 chain id such as eip155:1'),
      search,
      badgeType: badge_type,
    })
    // The registry changes only on deploy; a short shared cache spares the
    // server the burst of identical first-page requests when many modals open.
    return reply.header('Cache-Control', 'public, max-age=300').send(result)
  })
}

/** Splits a comma-separated parameter, ignoring blanks; names the first bad item. */
function parseList(name: string, value: string | undefined, item: { test(value: string): boolean }, expected: string): string[] | undefined {
  if (value === undefined) return undefined
  const items = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  const bad = items.find((part) => !item.test(part))
  if (bad !== undefined) throw new HttpError(400, 'Bad Request', `querystring/${name}: '${bad}' is not ${expected}`)
  return items
}
