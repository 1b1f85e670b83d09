import type { ConnectorInfo } from '../../types/connector'
import type { PluginContext } from '../types'
import { INJECTED_CONNECTOR_ID, type ConnectorEntry, type Eip1193Provider, type Eip155Runtime, type Eip6963ProviderDetail } from './runtime'

/** Name of the legacy `window.ethereum` connector: we cannot know which wallet injected it. */
export const INJECTED_CONNECTOR_NAME = 'Browser Wallet'

/**
 * Finds EVM browser wallets and reports the full list on every change:
 *
 * - EIP-6963: listens for `eip6963:announceProvider`, then dispatches
 *   `eip6963:requestProvider` so wallets that loaded first announce again. Each wallet
 *   becomes an `ANNOUNCED` connector whose id is its `rdns`; a second announcement with
 *   an rdns already seen is ignored (first wins, so a connected wallet's provider never
 *   changes under it, and a later page script cannot take over a known rdns).
 * - Legacy: `window.ethereum` becomes the `INJECTED` connector (`injected`) unless it is
 *   the same object as an announced provider, in which case only the announced one is
 *   listed. A wallet that injects late fires `ethereum#initialized`, which we listen for.
 *
 * Live providers go into the plugin's runtime registry under the connector id; `emit`
 * receives plain `ConnectorInfo` only. Returns the function that stops listening.
 */
export function discoverEip155Connectors(runtime: Eip155Runtime, context: PluginContext, emit: (connectors: readonly ConnectorInfo[]) => void): () => void {
  const win = context.window
  if (!win) {
    emit([])
    return () => {}
  }
  const announced = new Map<string, ConnectorEntry>()
  let injected: ConnectorEntry | undefined
  // Wallets answer the request synchronously; report once after the first round.
  let settling = true
  let last: string | undefined

  const publish = () => {
    if (settling) return
    const providers = new Set<unknown>([...announced.values()].map((entry) => entry.provider))
    const entries = [...announced.values()]
    if (injected && !providers.has(injected.provider)) entries.push(injected)
    for (const entry of entries) runtime.connectors.set(entry.info.id, entry)
    const list = entries.map((entry) => entry.info)
    const key = JSON.stringify(list)
    if (key === last) return
    last = key
    emit(list)
  }

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail
    if (!isProviderDetail(detail) || announced.has(detail.info.rdns)) return
    announced.set(detail.info.rdns, { info: toConnectorInfo(detail), provider: detail.provider })
    publish()
  }

  const checkInjected = () => {
    const ethereum = (win as { ethereum?: unknown }).ethereum
    if (!isEip1193Provider(ethereum) || injected?.provider === ethereum) return
    injected = {
      info: { id: INJECTED_CONNECTOR_ID, name: INJECTED_CONNECTOR_NAME, type: 'INJECTED', chain: 'eip155' },
      provider: ethereum,
    }
    publish()
  }

  win.addEventListener('eip6963:announceProvider', onAnnounce)
  win.addEventListener('ethereum#initialized', checkInjected)
  // Use the window's own Event class: a DOM only accepts its own events.
  const EventClass = (win as { Event?: typeof Event }).Event ?? Event
  win.dispatchEvent(new EventClass('eip6963:requestProvider'))
  checkInjected()
  settling = false
  publish()

  return () => {
    win.removeEventListener('eip6963:announceProvider', onAnnounce)
    win.removeEventListener('ethereum#initialized', checkInjected)
  }
}

/** Checks an announcement's shape: the event is the page's, anyone may fire it. */
export function isProviderDetail(detail: unknown): detail is Eip6963ProviderDetail {
  if (typeof detail !== 'object' || detail === null) return false
  const { info, provider } = detail as Partial<Eip6963ProviderDetail>
  return typeof info === 'object' && info !== null && typeof info.uuid === 'string' && nonEmpty(info.name) && nonEmpty(info.rdns) && isEip1193Provider(provider)
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}

/**
 * The connector the store sees for an announced wallet. EIP-6963 requires the icon to be
 * a data URI; anything else (an http URL would let a wallet track the page) is dropped.
 */
function toConnectorInfo({ info }: Eip6963ProviderDetail): ConnectorInfo {
  const icon = typeof info.icon === 'string' && /^data:image\//i.test(info.icon) ? info.icon : undefined
  return { id: info.rdns, name: info.name.trim(), type: 'ANNOUNCED', chain: 'eip155', imageUrl: icon, info: { rdns: info.rdns } }
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== ''
}
