/**
 * The wallet registry behind `GET /getWallets` (SPEC §3 "Wallet listing", §7).
 *
 * Why in memory and not in the database: the registry is curated reference data
 * that ships with a release (server/data/wallets.json), a few dozen rows that
 * change only when the code is deployed. Keeping it in memory makes every filter
 * a microsecond scan, keeps it reviewable in git, and needs no sync step between
 * the file and a table. Data that users or operators write at runtime (analytics,
 * later accounts) is what goes in the database.
 */
import Ajv from 'ajv'
import { CAIP2_PATTERN, type CaipNetworkId } from '../src/shared/caip'
import shippedWallets from './data/wallets.json'

/** One entry of the listing, exactly the fields of SPEC §3 "Wallet listing". */
export interface WalletListing {
  id: string
  image_id: string
  chains: CaipNetworkId[]
  rdns: string | null
  name: string
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
}

/**
 * `certified` marks wallets the operator has reviewed. The shipped registry
 * certifies none: there is no certification programme behind it, and claiming
 * one would mislead. Operators curating their own file may set it.
 */
export type BadgeType = 'none' | 'certified'

/** A wallet's own image file, served at GET /getWalletImage/{image_id} instead of a monogram. */
export interface WalletImageFile {
  body: Buffer
  /** image/svg+xml, image/png, image/webp or image/jpeg. */
  contentType: string
}

/** A registry record: the listing plus server-only curation fields. */
export interface WalletRecord extends WalletListing {
  badge_type?: BadgeType
  /** Set by the registry from its `images` (never from the data file itself). */
  image?: WalletImageFile
}

export interface WalletQuery {
  /** 1-based. */
  page: number
  entries: number
  /** Only these ids, returned in this order (featured wallets keep their order). */
  include?: readonly string[]
  exclude?: readonly string[]
  /** CAIP-2 ids; a wallet matches when it supports any of them. */
  chains?: readonly string[]
  /** Case-insensitive substring of the name. */
  search?: string
  badgeType?: BadgeType
}

export interface WalletPage {
  data: WalletListing[]
  /** Total after filters, before paging. */
  count: number
}

export interface WalletRegistry {
  readonly wallets: readonly WalletRecord[]
  get(id: string): WalletRecord | undefined
  query(query: WalletQuery): WalletPage
}

/** SPEC §9 "Paged wallets: 40 per page". */
export const DEFAULT_ENTRIES = 40
/** SPEC §9 "Search: 100 entries": the most one page may hold. */
export const MAX_ENTRIES = 100

/** Wallet ids are slugs, so they are safe in URLs and comma-separated lists. */
export const WALLET_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$'
const DEEP_LINK_PATTERN = '^[a-zA-Z][a-zA-Z0-9+.-]*:(//)?[^\\s]*$'
const WEB_LINK_PATTERN = '^https://[^\\s]+$'

const nullableLink = (pattern: string) => ({ type: ['string', 'null'], pattern, maxLength: 2048 }) as const

const walletsSchema = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name', 'rdns', 'chains', 'mobile_link', 'desktop_link', 'webapp_link', 'image_id'],
    properties: {
      id: { type: 'string', pattern: WALLET_ID_PATTERN },
      name: { type: 'string', minLength: 1, maxLength: 64 },
      rdns: { type: ['string', 'null'], pattern: '^[a-z0-9-]+(\\.[a-z0-9-]+)+$' },
      chains: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: CAIP2_PATTERN } },
      mobile_link: nullableLink(DEEP_LINK_PATTERN),
      desktop_link: nullableLink(DEEP_LINK_PATTERN),
      webapp_link: nullableLink(WEB_LINK_PATTERN),
      image_id: { type: 'string', pattern: WALLET_ID_PATTERN },
      badge_type: { type: 'string', enum: ['none', 'certified'] },
    },
  },
} as const

// Typed by hand: ajv's JSONSchemaType rejects a required field whose value may
// be null (rdns, the links), so the schema and WalletRecord are kept in step here.
const validateWallets = new Ajv({ allErrors: true }).compile<WalletRecord[]>(walletsSchema)

export class InvalidWalletRegistryError extends Error {
  override name = 'InvalidWalletRegistryError'
}

/**
 * Validates registry data (the parsed wallets.json, or records mapped from an Explorer
 * listing by walletExplorerListing.ts) and indexes it; `images` are the wallets' own
 * image files by image_id. Throws
 * {@link InvalidWalletRegistryError} naming every problem, so a bad edit to the
 * data file stops the server at start instead of serving half a list.
 *
 * @example
 * const registry = createWalletRegistry(JSON.parse(text))
 * registry.query({ page: 1, entries: 40, search: 'mask' })
 */
export function createWalletRegistry(data: unknown, options: { images?: ReadonlyMap<string, WalletImageFile> } = {}): WalletRegistry {
  if (!validateWallets(data)) {
    const problems = (validateWallets.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`)
    throw new InvalidWalletRegistryError(`Wallet registry data is invalid:\n- ${problems.join('\n- ')}`)
  }
  const byId = new Map<string, WalletRecord>()
  for (const wallet of data) {
    if (byId.has(wallet.id)) throw new InvalidWalletRegistryError(`Wallet registry data is invalid: duplicate id '${wallet.id}'`)
    const image = options.images?.get(wallet.image_id)
    if (image !== undefined) wallet.image = image
    byId.set(wallet.id, wallet)
  }
  const wallets: readonly WalletRecord[] = data

  return {
    wallets,
    get: (id) => byId.get(id),
    query(query) {
      const matching = filterWallets(wallets, byId, query)
      const entries = Math.min(Math.max(1, query.entries), MAX_ENTRIES)
      const start = (Math.max(1, query.page) - 1) * entries
      return { data: matching.slice(start, start + entries).map(toListing), count: matching.length }
    },
  }
}

function filterWallets(wallets: readonly WalletRecord[], byId: ReadonlyMap<string, WalletRecord>, query: WalletQuery): WalletRecord[] {
  const candidates = query.include && query.include.length > 0 ? unique(query.include).flatMap((id) => byId.get(id) ?? []) : wallets
  const excluded = new Set(query.exclude ?? [])
  const chains = new Set(query.chains ?? [])
  const needle = query.search?.trim().toLocaleLowerCase() ?? ''
  return candidates.filter(
    (wallet) =>
      !excluded.has(wallet.id) &&
      (chains.size === 0 || wallet.chains.some((chain) => chains.has(chain))) &&
      (needle === '' || wallet.name.toLocaleLowerCase().includes(needle)) &&
      (query.badgeType === undefined || (wallet.badge_type ?? 'none') === query.badgeType),
  )
}

/** Copies only the listing fields, so curation fields never reach clients. */
function toListing(wallet: WalletRecord): WalletListing {
  const { id, image_id, chains, rdns, name, mobile_link, desktop_link, webapp_link } = wallet
  return { id, image_id, chains: [...chains], rdns, name, mobile_link, desktop_link, webapp_link }
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)]
}

/** The registry shipped in server/data/wallets.json, validated. */
export function shippedWalletRegistry(): WalletRegistry {
  return createWalletRegistry(shippedWallets)
}
