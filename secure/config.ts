/**
 * The secure page's own configuration, served from ITS origin as `config.js`
 * (`globalThis.PORTICO_SECURE_CONFIG = {…}`), written by `buildSecurePage` or by the
 * server that serves the page. Never read from the page's URL: a parent that could
 * choose the API would choose the allow list too.
 */
export type SecureConfig = {
  /** Base URL of the Portico server (auth API and /projects/v1/origins). */
  apiUrl: string
  /** JSON-RPC endpoint per CAIP-2 network, for reads and sends. */
  rpcUrls: Record<string, string>
  /** Ask the visitor before each signature (default true). */
  requireApproval: boolean
}

export class SecureConfigError extends Error {
  override name = 'SecureConfigError'
}

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

function httpUrl(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new SecureConfigError(`${what} must be a URL`)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new SecureConfigError(`${what} must be an absolute URL, not '${value.slice(0, 80)}'`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SecureConfigError(`${what} must be http(s)`)
  return value.replace(/\/+$/, '')
}

/**
 * @example
 * readSecureConfig({ apiUrl: 'http://127.0.0.1:8787', rpcUrls: { 'eip155:1': 'http://127.0.0.1:8545' } })
 * // { apiUrl: 'http://127.0.0.1:8787', rpcUrls: { 'eip155:1': 'http://127.0.0.1:8545' }, requireApproval: true }
 */
export function readSecureConfig(value: unknown): SecureConfig {
  if (typeof value !== 'object' || value === null) throw new SecureConfigError('PORTICO_SECURE_CONFIG is missing: serve config.js beside index.html')
  const { apiUrl, rpcUrls = {}, requireApproval = true } = value as Record<string, unknown>
  if (typeof rpcUrls !== 'object' || rpcUrls === null || Array.isArray(rpcUrls)) throw new SecureConfigError('rpcUrls must map CAIP-2 ids to URLs')
  const rpc: Record<string, string> = {}
  for (const [chainId, url] of Object.entries(rpcUrls)) {
    if (!CAIP2.test(chainId)) throw new SecureConfigError(`rpcUrls key '${chainId.slice(0, 40)}' is not a CAIP-2 id`)
    rpc[chainId] = httpUrl(url, `rpcUrls['${chainId}']`)
  }
  if (typeof requireApproval !== 'boolean') throw new SecureConfigError('requireApproval must be true or false')
  return { apiUrl: httpUrl(apiUrl, 'apiUrl'), rpcUrls: rpc, requireApproval }
}

/**
 * The Content-Security-Policy the page needs: its own scripts and styles only, no eval,
 * network access to the API and the RPC nodes only. `frameAncestors` can only be sent
 * as a header (not in the page's meta tag): a server that knows the project's allowed
 * origins should send it.
 */
export function securePageCsp(config: Pick<SecureConfig, 'apiUrl' | 'rpcUrls'>, { frameAncestors }: { frameAncestors?: readonly string[] } = {}): string {
  const origins = new Set([new URL(config.apiUrl).origin, ...Object.values(config.rpcUrls).map((url) => new URL(url).origin)])
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${[...origins].join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    ...(frameAncestors === undefined ? [] : [`frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`]),
  ].join('; ')
}
