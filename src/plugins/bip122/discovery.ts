// Finding sats-connect Bitcoin wallets: those listed in `window.btc_providers` (each
// entry names the provider's path on `window`), Xverse's
// `window.XverseProviders.BitcoinProvider` and the default `window.BitcoinProvider`.
// Reads `window` only; no wallet is called.
import type { ConnectorInfo } from '../../types/connector'
import type { PluginContext } from '../types'
import { connectorIdOf } from './runtime'

type ProviderEntry = { id?: unknown; name?: unknown; icon?: unknown }

/** The object at a sats-connect provider path (`Foo.BarProvider` → `window.Foo.BarProvider`). */
export function providerAt(win: object, providerId: string): unknown {
  return providerId.split('.').reduce<unknown>((holder, part) => (holder && typeof holder === 'object' ? (holder as Record<string, unknown>)[part] : undefined), win)
}

const isProvider = (value: unknown): value is { request: unknown } => Boolean(value) && typeof value === 'object' && typeof (value as { request?: unknown }).request === 'function'

/** Well-known provider paths and the name shown when no `btc_providers` entry names them. */
const KnownProviders = [
  { id: 'XverseProviders.BitcoinProvider', name: 'Xverse' },
  { id: 'BitcoinProvider', name: 'Bitcoin Wallet' },
] as const

/**
 * The sats-connect wallets on the page, each provider object once (a wallet installed
 * at two paths is listed under its `btc_providers` entry).
 */
export function findBitcoinWallets(win: object): ConnectorInfo[] {
  const seen = new Set<unknown>()
  const found: ConnectorInfo[] = []
  const add = (providerId: string, name: string, icon: unknown) => {
    const provider = providerAt(win, providerId)
    if (!isProvider(provider) || seen.has(provider)) return
    seen.add(provider)
    found.push({ id: connectorIdOf(providerId), name, type: 'INJECTED', chain: 'bip122', ...(typeof icon === 'string' && icon ? { imageUrl: icon } : {}) })
  }
  const entries: unknown = (win as { btc_providers?: unknown }).btc_providers
  if (Array.isArray(entries)) {
    for (const entry of entries as ProviderEntry[]) {
      if (entry && typeof entry.id === 'string' && typeof entry.name === 'string') add(entry.id, entry.name, entry.icon)
    }
  }
  for (const known of KnownProviders) add(known.id, known.name, undefined)
  return found
}

/**
 * Emits the wallets now, and again once the page has loaded (extensions may inject
 * late). Without a window there are none.
 */
export function watchBitcoinWallets(context: PluginContext, emit: (connectors: readonly ConnectorInfo[]) => void): () => void {
  const win = context.window
  if (!win) {
    emit([])
    return () => {}
  }
  let last = ''
  const report = () => {
    const list = findBitcoinWallets(win)
    const key = JSON.stringify(list)
    if (key !== last) {
      last = key
      emit(list)
    }
  }
  report()
  const loading = typeof win.document === 'object' && win.document?.readyState !== 'complete' && typeof win.addEventListener === 'function'
  if (loading) win.addEventListener('load', report, { once: true })
  return () => {
    if (loading) win.removeEventListener('load', report)
  }
}
