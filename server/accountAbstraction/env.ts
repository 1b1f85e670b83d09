/**
 * Where the server's bundler routes send user operations (docs/self-hosting.md,
 * "Bundler"): an ERC-4337 bundler the operator runs or buys, per chain. Read apart from
 * env.ts so each area owns its variables:
 *
 * - BUNDLER_URL    one bundler URL for every configured EVM chain; `{chainId}` in it is
 *                  replaced by the chain's number (providers serve each chain at its own
 *                  path, e.g. https://bundler.example/v2/{chainId}/rpc?apikey=…).
 * - BUNDLER_URLS   {"eip155:1":"http://127.0.0.1:4337/rpc", …}: one URL per chain; wins
 *                  over BUNDLER_URL for the chains it names.
 *
 * A URL may carry the provider's API key, so no message here or in the routes echoes one.
 */
import { readJsonObject } from '../blockchainEnv'
import { isEip155ChainId, parseEip155ChainId } from '../chain/config'
import { InvalidEnvironmentError } from '../env'

export interface BundlerEnv {
  /** BUNDLER_URL, with `{chainId}` still in it. */
  url?: string
  /** BUNDLER_URLS by CAIP-2 chain id. */
  urls: Readonly<Record<string, string>>
}

/**
 * @example
 * readBundlerEnv({ BUNDLER_URLS: '{"eip155:1":"http://127.0.0.1:4337/rpc"}' }) // { urls: { 'eip155:1': 'http://127.0.0.1:4337/rpc' } }
 */
export function readBundlerEnv(env: Readonly<Record<string, string | undefined>>): BundlerEnv {
  if (env.BUNDLER_KEY?.trim()) {
    // The home-made development bundler is gone; a key left set would silently turn nothing on.
    throw new InvalidEnvironmentError('BUNDLER_KEY is no longer read: run an ERC-4337 bundler (Alto) and set BUNDLER_URL or BUNDLER_URLS (docs/self-hosting.md, "Bundler")')
  }
  const urls: Record<string, string> = {}
  for (const [chainId, url] of Object.entries(readJsonObject(env, 'BUNDLER_URLS', '{"eip155:1":"http://127.0.0.1:4337/rpc"}') ?? {})) {
    if (!isEip155ChainId(chainId)) throw new InvalidEnvironmentError(`BUNDLER_URLS: '${chainId}' is not an EVM CAIP-2 chain id such as eip155:1`)
    if (typeof url !== 'string' || !isHttpUrl(url)) throw new InvalidEnvironmentError(`BUNDLER_URLS: the bundler URL of ${chainId} must be an http:// or https:// URL`)
    urls[chainId] = url
  }
  const url = env.BUNDLER_URL?.trim() || undefined
  if (url !== undefined && !isHttpUrl(url.replaceAll('{chainId}', '1'))) throw new InvalidEnvironmentError('BUNDLER_URL must be an http:// or https:// URL')
  return { ...(url !== undefined ? { url } : {}), urls }
}

/**
 * The bundler URL of a CAIP-2 chain, or undefined when none is configured for it.
 *
 * @example
 * bundlerUrlOf({ url: 'https://b.example/{chainId}/rpc', urls: {} }, 'eip155:10') // 'https://b.example/10/rpc'
 */
export function bundlerUrlOf(env: BundlerEnv, chainId: string): string | undefined {
  const listed = env.urls[chainId]
  if (listed !== undefined) return listed
  const id = parseEip155ChainId(chainId)
  return env.url === undefined || id === undefined ? undefined : env.url.replaceAll('{chainId}', String(id))
}

/** Whether any bundler is configured. */
export function hasBundler(env: BundlerEnv): boolean {
  return env.url !== undefined || Object.keys(env.urls).length > 0
}

/** The scheme and host of a bundler URL, safe to show: never its path or query, where API keys live. */
export function bundlerOrigin(url: string): string {
  const { protocol, host } = new URL(url)
  return `${protocol}//${host}`
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}
