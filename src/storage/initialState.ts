import type { PorticoConfig } from '../config/types'
import type { PorticoInitialState } from '../store/hydrate'
import { readCookie } from './cookieStorage'
import { migrate, STORAGE_KEY } from './createStorage'

/**
 * Reads Portico's cookie (written by `cookieStorage`) from a request's `Cookie` header
 * into the initial state of the first render: given to `createPortico(config,
 * { initialState })` or `<PorticoProvider initialState>`, it makes the server and the
 * browser both render the remembered connection as `reconnecting`. Undefined when the visitor has none, or
 * when it does not parse (another version, or someone else's cookie of that name).
 * Connections of namespaces the config has no plugin for are left out.
 *
 * @example
 * // app/layout.tsx (a server component)
 * import { headers } from 'next/headers'
 * import { cookieToInitialState } from 'portico'
 * const initialState = cookieToInitialState(config, (await headers()).get('cookie'))
 */
export function cookieToInitialState(config: Pick<PorticoConfig, 'plugins'>, cookie: string | null | undefined): PorticoInitialState | undefined {
  const raw = cookie ? readCookie(cookie, STORAGE_KEY) : null
  if (!raw) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return undefined
  }
  const state = migrate(parsed)
  // Without plugins the config gets the default one (eip155), as createPortico does.
  const namespaces = new Set(config.plugins ? config.plugins.map((p) => p.namespace) : ['eip155'])
  const connections = Object.fromEntries(Object.entries(state.connections).filter(([namespace]) => namespaces.has(namespace)))
  if (state.recentWallets.length === 0 && Object.keys(connections).length === 0) return undefined
  return { recentWallets: state.recentWallets, connections }
}
