/**
 * A wallet registry from a file (WALLET_REGISTRY_FILE, docs/self-hosting.md): either
 * this server's own format (an array like server/data/wallets.json) or a listing in the
 * public WalletConnect Explorer format, the answer of its API v3 `/v3/wallets`:
 * `{ listings: { [id]: { id, name, image_id, image_url, chains, rdns, mobile, desktop,
 * app, injected, … } }, count, total }`. Explorer entries are checked with ajv (every
 * problem named by its listing id and wallet name) and mapped to registry records.
 *
 * Images: the server never fetches the `image_url`s of a listing (no outbound calls at
 * run time, and no image host learns who opens the modal). An image file beside the
 * listing, `images/<image_id>.<svg|png|webp|jpg>`, is served at
 * GET /getWalletImage/{image_id}; a wallet without one gets its monogram.
 * fetchWalletImages.ts downloads the files once from the listing's `image_url`s.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import Ajv from 'ajv'
import { CAIP2_PATTERN } from '../src/shared/caip'
import { type BadgeType, InvalidWalletRegistryError, WALLET_ID_PATTERN, type WalletImageFile, type WalletRecord, type WalletRegistry, createWalletRegistry } from './walletRegistry'

/** Links as the Explorer gives them: null or '' when absent. */
type ExplorerLink = string | null | undefined

/** One Explorer listing entry: the fields this server reads (the others are allowed and ignored). */
export interface ExplorerListingEntry {
  id: string
  name: string
  image_id: string | null
  image_url?: { sm?: ExplorerLink; md?: ExplorerLink; lg?: ExplorerLink } | null
  chains: string[]
  rdns?: string | null
  app_type?: string
  mobile?: { native?: ExplorerLink; universal?: ExplorerLink } | null
  desktop?: { native?: ExplorerLink; universal?: ExplorerLink } | null
  app?: { browser?: ExplorerLink } | null
  badge_type?: BadgeType
}

export interface ExplorerListing {
  listings: Record<string, ExplorerListingEntry>
}

const DEEP_LINK = '^$|^[a-zA-Z][a-zA-Z0-9+.-]*:(//)?[^\\s]*$'
const WEB_LINK = '^$|^https://[^\\s]+$'
/** Image URLs are only fetched by the operator's fetchWalletImages.ts, never given to browsers: http is allowed (a local mirror). */
const IMAGE_LINK = '^$|^https?://[^\\s]+$'
const link = (pattern: string) => ({ type: ['string', 'null'], pattern, maxLength: 2048 }) as const
const links = (pattern: string) => ({ type: ['object', 'null'], properties: { native: link(DEEP_LINK), universal: link(pattern) } }) as const

const explorerSchema = {
  type: 'object',
  required: ['listings'],
  properties: {
    listings: {
      type: 'object',
      minProperties: 1,
      additionalProperties: {
        type: 'object',
        required: ['id', 'name', 'image_id', 'chains'],
        properties: {
          id: { type: 'string', pattern: WALLET_ID_PATTERN },
          name: { type: 'string', minLength: 1, maxLength: 64 },
          image_id: { type: ['string', 'null'], pattern: WALLET_ID_PATTERN },
          image_url: { type: ['object', 'null'], properties: { sm: link(IMAGE_LINK), md: link(IMAGE_LINK), lg: link(IMAGE_LINK) } },
          chains: { type: 'array', items: { type: 'string', pattern: CAIP2_PATTERN } },
          rdns: { type: ['string', 'null'], pattern: '^$|^[a-zA-Z0-9-]+(\\.[a-zA-Z0-9-]+)+$' },
          app_type: { type: 'string' },
          mobile: links(WEB_LINK),
          desktop: links(WEB_LINK),
          app: { type: ['object', 'null'], properties: { browser: link(WEB_LINK) } },
          badge_type: { type: 'string', enum: ['none', 'certified'] },
        },
      },
    },
  },
} as const

const validateExplorer = new Ajv({ allErrors: true }).compile<ExplorerListing>(explorerSchema)

/** An entry left out of the registry, and why (logged at start). */
export interface SkippedListing {
  id: string
  name: string
  reason: string
}

/** What a listing holds: its records, and the entries that cannot be listed. */
export interface ExplorerRecords {
  records: WalletRecord[]
  skipped: SkippedListing[]
}

/** Explorer `app_type`s that are wallets; dapps (in `/v3/all`) are left out. */
const WALLET_APP_TYPES = new Set(['wallet', 'hybrid'])

/**
 * Checks an Explorer listing and maps it to registry records, in the file's order.
 * Throws {@link InvalidWalletRegistryError} naming each bad entry by its id and name.
 *
 * @example
 * const { records } = explorerRecords(JSON.parse(readFileSync('listings.json', 'utf8')))
 * createWalletRegistry(records)
 */
export function explorerRecords(data: unknown): ExplorerRecords {
  if (!validateExplorer(data)) {
    const problems = (validateExplorer.errors ?? []).slice(0, 20).map((error) => describeProblem(data, error.instancePath, error.message ?? 'is invalid'))
    const more = (validateExplorer.errors?.length ?? 0) - problems.length
    throw new InvalidWalletRegistryError(`Wallet listing (Explorer format) is invalid:\n- ${problems.join('\n- ')}${more > 0 ? `\n- … and ${more} more` : ''}`)
  }
  const records: WalletRecord[] = []
  const skipped: SkippedListing[] = []
  for (const [key, entry] of Object.entries(data.listings)) {
    if (entry.id !== key) throw new InvalidWalletRegistryError(`Wallet listing (Explorer format) is invalid:\n- listings["${key}"] (${entry.name}): /id is '${entry.id}', not its key`)
    const chains = [...new Set(entry.chains)]
    if (entry.app_type !== undefined && !WALLET_APP_TYPES.has(entry.app_type)) {
      skipped.push({ id: entry.id, name: entry.name, reason: `app_type '${entry.app_type}' is not a wallet` })
    } else if (chains.length === 0) {
      skipped.push({ id: entry.id, name: entry.name, reason: 'it lists no chains' })
    } else {
      records.push({
        id: entry.id,
        name: entry.name,
        image_id: entry.image_id || entry.id,
        chains: chains as WalletRecord['chains'],
        rdns: entry.rdns ? entry.rdns.toLowerCase() : null,
        mobile_link: entry.mobile?.native || entry.mobile?.universal || null,
        desktop_link: entry.desktop?.native || entry.desktop?.universal || null,
        webapp_link: entry.app?.browser || null,
        ...(entry.badge_type ? { badge_type: entry.badge_type } : {}),
      })
    }
  }
  return { records, skipped }
}

/** `/listings/<id>/mobile/native must match …` → `listings["<id>"] (Name): /mobile/native must match …`. */
function describeProblem(data: unknown, path: string, message: string): string {
  const match = /^\/listings\/([^/]+)(.*)$/.exec(path)
  if (!match) return `${path || '/'} ${message}`
  const id = match[1]!.replace(/~1/g, '/').replace(/~0/g, '~')
  const entry = (data as { listings: Record<string, unknown> }).listings[id]
  const name = typeof entry === 'object' && entry !== null && typeof (entry as { name?: unknown }).name === 'string' ? ` (${(entry as { name: string }).name})` : ''
  return `listings["${id}"]${name}: ${match[2] || '/'} ${message}`
}

/** Image files served for wallets, by extension. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = { svg: 'image/svg+xml', png: 'image/png', webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg' }
/** Larger files are refused: a wallet icon is drawn at 60 px at most. */
export const MAX_WALLET_IMAGE_BYTES = 512 * 1024

/** The folder of a listing file's images: `images/` beside it. */
export function walletImagesDir(listingFile: string): string {
  return join(dirname(listingFile), 'images')
}

/**
 * The image file of each image id that has one in `dir` (`<image_id>.<ext>`). A file
 * whose bytes are not of the type its extension says, or too large, is an error.
 */
export function readWalletImages(dir: string, imageIds: readonly string[]): Map<string, WalletImageFile> {
  const images = new Map<string, WalletImageFile>()
  if (!existsSync(dir)) return images
  for (const imageId of new Set(imageIds)) {
    for (const [extension, contentType] of Object.entries(IMAGE_TYPES)) {
      const file = join(dir, `${imageId}.${extension}`)
      if (!existsSync(file)) continue
      if (statSync(file).size > MAX_WALLET_IMAGE_BYTES) throw new InvalidWalletRegistryError(`Wallet image ${file} is larger than ${MAX_WALLET_IMAGE_BYTES} bytes`)
      const body = readFileSync(file)
      if (!looksLike(contentType, body)) throw new InvalidWalletRegistryError(`Wallet image ${file} is not a ${contentType} file`)
      images.set(imageId, { body, contentType })
      break
    }
  }
  return images
}

/** The file's first bytes match its type, so a misnamed file is never served under the wrong type. */
export function looksLike(contentType: string, body: Buffer): boolean {
  switch (contentType) {
    case 'image/png':
      return body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    case 'image/jpeg':
      return body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff
    case 'image/webp':
      return body.subarray(0, 4).toString('latin1') === 'RIFF' && body.subarray(8, 12).toString('latin1') === 'WEBP'
    default:
      return /<svg[\s>]/.test(body.subarray(0, 4096).toString('utf8'))
  }
}

export interface LoadedWalletRegistry {
  registry: WalletRegistry
  format: 'explorer' | 'portico'
  skipped: SkippedListing[]
  /** How many wallets have an image file, and how many are drawn as monograms. */
  images: { files: number; monograms: number }
}

/**
 * Reads a registry file in either format, with the image files beside it.
 *
 * @example
 * const { registry, skipped } = loadWalletRegistryFile('/etc/portico/wallets/listings.json')
 * createServer({ …, walletRegistry: registry })
 */
export function loadWalletRegistryFile(file: string): LoadedWalletRegistry {
  let data: unknown
  try {
    data = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new InvalidWalletRegistryError(`Wallet registry file ${file} cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  const explorer = !Array.isArray(data)
  const { records, skipped } = explorer ? explorerRecords(data) : { records: data as WalletRecord[], skipped: [] }
  const imageIds = Array.isArray(records) ? records.flatMap((record) => (typeof record?.image_id === 'string' ? [record.image_id] : [])) : []
  const imageFiles = readWalletImages(walletImagesDir(file), imageIds)
  const registry = createWalletRegistry(records, { images: imageFiles })
  const files = registry.wallets.filter((wallet) => wallet.image !== undefined).length
  return { registry, format: explorer ? 'explorer' : 'portico', skipped, images: { files, monograms: registry.wallets.length - files } }
}

/**
 * The start-up lines about a loaded registry: what was read, and each entry left out.
 *
 * @example
 * describeLoadedRegistry('listings.json', loaded) // ['Portico wallet registry: 312 wallets from listings.json (Explorer format; 300 image files, 12 monograms)']
 */
export function describeLoadedRegistry(file: string, loaded: LoadedWalletRegistry): string[] {
  const { registry, format, skipped, images } = loaded
  return [
    `Portico wallet registry: ${registry.wallets.length} wallets from ${file} (${format === 'explorer' ? 'Explorer' : 'Portico'} format; ${images.files} image files, ${images.monograms} monograms)`,
    ...skipped.map((entry) => `Portico wallet registry: left out ${entry.name} (${entry.id}): ${entry.reason}`),
  ]
}
