import type { QueryParams, QueryValue } from './types'

export type CreateUrlParameters = {
  /** Service root, possibly with a path prefix: `https://api.example.com/v2/`. */
  baseUrl: string
  /** Path below the root; a leading slash is optional (`v1/x` and `/v1/x` are the same). */
  path: string
  params?: QueryParams | undefined
}

export type CreateUrlReturnType = string

/**
 * Joins a base URL and a path with exactly one slash between them, and appends the
 * query parameters that have a value (SPEC §7: undefined, null and '' are left out;
 * arrays are joined by commas). Parameters already in `path` are kept. In a page, a
 * relative base URL (`/api`) resolves against the page's location (a self-hosted
 * service on the dapp's own origin); elsewhere the base URL must be absolute.
 *
 * @example
 * createUrl({ baseUrl: 'https://api.example.com/', path: '/v1/convert/tokens', params: { chainId: 'eip155:1', cursor: undefined } })
 * // 'https://api.example.com/v1/convert/tokens?chainId=eip155%3A1'
 */
export function createUrl({ baseUrl, path, params }: CreateUrlParameters): CreateUrlReturnType {
  const url = new URL(joinPath(baseUrl, path), typeof location === 'undefined' ? undefined : location.href)
  if (params) {
    for (const [key, value] of Object.entries(params)) {
      const text = queryText(value)
      if (text !== undefined) url.searchParams.set(key, text)
    }
  }
  return url.toString()
}

function joinPath(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, '')
  const tail = path.replace(/^\/+/, '')
  return tail ? `${base}/${tail}` : base
}

function queryText(value: QueryValue): string | undefined {
  if (value === undefined || value === null) return undefined
  const text = isList(value) ? value.map(String).join(',') : String(value)
  return text === '' ? undefined : text
}

function isList(value: QueryValue): value is readonly (string | number | boolean)[] {
  return Array.isArray(value)
}
