// docs/solana-bitcoin.md: a Bitcoin account as the modal shows it, from a dapp's side.
// Inside this repository the example imports Portico's source; a dapp imports the same
// names from 'portico'.
import { RpcError, type CaipNetwork, type CaipNetworkId, type NamespacePlugin, type Portico, type TransactionHistoryItem } from '../../src'

/**
 * Every transaction of a Bitcoin address, newest first, read page after page through
 * the bip122 plugin's `history` capability (its Esplora API), as the Activity tab reads
 * them.
 */
export async function bitcoinActivity(plugin: NamespacePlugin, address: string, network: CaipNetwork): Promise<TransactionHistoryItem[]> {
  if (!plugin.history) throw new Error(`The ${plugin.namespace} plugin reads no history`)
  const items: TransactionHistoryItem[] = []
  let cursor: string | undefined
  do {
    const page = await plugin.history.getHistory({ address, network, cursor })
    items.push(...page.items)
    cursor = page.next
  } while (cursor)
  return items
}

/**
 * Moves the visitor to a network. One of another namespace than the connected account's
 * needs a wallet of its own first: the modal shows its Connect view, and the switch
 * resolves once the visitor connected one. Resolves false when they closed the modal
 * instead (nothing changed then).
 */
export async function switchOrStay(portico: Portico, caipNetworkId: CaipNetworkId): Promise<boolean> {
  try {
    await portico.switchNetwork(caipNetworkId)
    return true
  } catch (error) {
    if (error instanceof RpcError && error.code === 4001) return false
    throw error
  }
}
