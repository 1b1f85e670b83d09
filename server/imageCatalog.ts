/**
 * Every image the server can answer, rendered once at start: wallet icons (by the
 * registry's image_id), asset images (networks by CAIP-2 id, chain namespaces,
 * connector kinds), fiat currency images (ISO 4217 code) and token images
 * (symbol). The ids come from data, never from requests, so unknown ids are a
 * 404 rather than an icon for anything anyone asks for.
 */
import { createHash } from 'node:crypto'
import Ajv, { type JSONSchemaType } from 'ajv'
import shippedImages from './data/images.json'
import { initialsOf, monogramSvg } from './icons'
import { type WalletRecord } from './walletRegistry'

export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

export interface ImageBlob {
  body: string | Buffer
  /** image/svg+xml for the drawn monograms; a wallet's own file may be PNG, WebP or JPEG. */
  contentType: string
  /** Strong validator, quoted as HTTP wants it. */
  etag: string
}

export interface ImageCatalog {
  get(kind: ImageKind, id: string): ImageBlob | undefined
  ids(kind: ImageKind): string[]
}

interface ImageEntry {
  id: string
  name: string
  /** Overrides the drawn characters, e.g. '$' for USD. */
  label?: string
}

interface ImageData {
  assets: ImageEntry[]
  currencies: ImageEntry[]
  tokens: ImageEntry[]
}

const entries: JSONSchemaType<ImageEntry[]> = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name'],
    properties: {
      id: { type: 'string', pattern: '^[-a-zA-Z0-9:_]{1,80}$' },
      name: { type: 'string', minLength: 1, maxLength: 64 },
      label: { type: 'string', minLength: 1, maxLength: 5, nullable: true },
    },
  },
}

const imageDataSchema: JSONSchemaType<ImageData> = {
  type: 'object',
  additionalProperties: false,
  required: ['assets', 'currencies', 'tokens'],
  properties: { assets: entries, currencies: entries, tokens: entries },
}

const validateImageData = new Ajv({ allErrors: true }).compile(imageDataSchema)

/**
 * Currency codes and token symbols are matched without regard to case
 * ('usdc' and 'USDC' are one token); wallet and asset ids are exact, because
 * CAIP-2 references (Solana genesis hashes) are case-sensitive.
 */
const caseInsensitive: Record<ImageKind, boolean> = { wallet: false, asset: false, currency: true, token: true }

/**
 * @example
 * const images = createImageCatalog(registry.wallets)
 * images.get('wallet', 'metamask')?.body
 */
export function createImageCatalog(wallets: readonly WalletRecord[], data: unknown = shippedImages): ImageCatalog {
  if (!validateImageData(data)) {
    const problems = (validateImageData.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`)
    throw new Error(`Image catalogue data is invalid:\n- ${problems.join('\n- ')}`)
  }
  const byKind: Record<ImageKind, Map<string, ImageBlob>> = {
    wallet: new Map(),
    asset: new Map(),
    currency: new Map(),
    token: new Map(),
  }
  const add = (kind: ImageKind, id: string, label: string, title: string, file?: { body: Buffer; contentType: string }) => {
    const key = caseInsensitive[kind] ? id.toLowerCase() : id
    if (byKind[kind].has(key)) return
    const body = file?.body ?? monogramSvg({ seed: id, label, title })
    byKind[kind].set(key, { body, contentType: file?.contentType ?? 'image/svg+xml', etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` })
  }
  // A wallet's own image file when its registry has one, else its monogram.
  for (const wallet of wallets) add('wallet', wallet.image_id, initialsOf(wallet.name), wallet.name, wallet.image)
  for (const asset of data.assets) add('asset', asset.id, asset.label ?? initialsOf(asset.name), asset.name)
  for (const currency of data.currencies) add('currency', currency.id, currency.label ?? currency.id, currency.name)
  for (const token of data.tokens) add('token', token.id, token.label ?? token.id, token.name)

  return {
    get: (kind, id) => byKind[kind].get(caseInsensitive[kind] ? id.toLowerCase() : id),
    ids: (kind) => [...byKind[kind].keys()],
  }
}
