import { createSelector } from '@reduxjs/toolkit'
import { ConnectorOrder, Limits, type ConnectorGroup } from '../../config/constants'
import type { ConnectorInfo } from '../../types/connector'
import type { WalletListing } from '../../types/walletListing'
import type { PorticoState } from '../rootReducer'

/** One row of the Connect view's wallet list. */
export type WalletItem = {
  /** Connector id for discovered wallets, listing id for listed ones. */
  id: string
  name: string
  group: ConnectorGroup
  /** Set when the wallet can be connected right away (a discovered connector). */
  connector?: { id: string; namespace: string; type: ConnectorInfo['type'] } | undefined
  rdns?: string | undefined
  imageUrl?: string | undefined
  imageId?: string | undefined
  listingId?: string | undefined
}

/**
 * Flattens wallet groups in SPEC §9 connector order (walletConnect, recent, injected,
 * featured, custom, external, recommended). A wallet shows once, in its first group:
 * the same id or rdns later is dropped (a recent MetaMask is not listed again as
 * injected), but a later entry's connector fills in what the earlier one lacks.
 */
export function orderWallets(groups: Partial<Record<ConnectorGroup, readonly WalletItem[]>>, order: readonly ConnectorGroup[] = ConnectorOrder): WalletItem[] {
  const out: WalletItem[] = []
  for (const group of order) {
    for (const item of groups[group] ?? []) {
      const existing = out.find((o) => o.id === item.id || (o.rdns && item.rdns && o.rdns === item.rdns))
      if (!existing) out.push({ ...item, group })
      else if (!existing.connector && item.connector) existing.connector = item.connector
    }
  }
  return out
}

function fromConnector(c: ConnectorInfo, group: ConnectorGroup): WalletItem {
  return {
    id: c.id,
    name: c.name,
    group,
    connector: { id: c.id, namespace: c.chain, type: c.type },
    rdns: c.info?.rdns,
    imageUrl: c.imageUrl,
    imageId: c.imageId,
    listingId: c.explorerId,
  }
}

function fromListing(w: WalletListing, group: ConnectorGroup): WalletItem {
  return { id: w.id, name: w.name, group, rdns: w.rdns ?? undefined, imageId: w.image_id ?? undefined, listingId: w.id }
}

/** The Connect view's wallet list, ordered, with recommended wallets capped at 4. */
export const selectOrderedWallets = createSelector(
  [(s: PorticoState) => s.connectors.byNamespace, (s: PorticoState) => s.connectors.recent, (s: PorticoState) => s.wallets.featured, (s: PorticoState) => s.wallets.recommended],
  (byNamespace, recent, featured, recommended): WalletItem[] => {
    const connectors = Object.values(byNamespace).flat()
    const ofType = (...types: ConnectorInfo['type'][]) => connectors.filter((c) => types.includes(c.type))
    return orderWallets({
      walletConnect: ofType('WALLET_CONNECT').map((c) => fromConnector(c, 'walletConnect')),
      recent: recent.map((r) => ({ id: r.id, name: r.name, group: 'recent', rdns: r.rdns, imageUrl: r.imageUrl })),
      injected: ofType('ANNOUNCED', 'INJECTED').map((c) => fromConnector(c, 'injected')),
      featured: featured.map((w) => fromListing(w, 'featured')),
      external: ofType('EXTERNAL', 'MULTI_CHAIN').map((c) => fromConnector(c, 'external')),
      recommended: recommended.slice(0, Limits.recommendedWallets).map((w) => fromListing(w, 'recommended')),
    })
  },
)
