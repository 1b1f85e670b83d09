import type { Wallet, WalletAccount } from '@wallet-standard/base'

/** A live connection: the wallet object and the account the dapp uses. */
export type SolanaConnection = { wallet: Wallet; account: WalletAccount }

/**
 * What one `solana()` plugin keeps at run time, outside the store (DESIGN.md: live
 * objects stay with the plugin, keyed by the connector ids the store holds).
 */
export type SolanaRuntime = {
  connections: Map<string, SolanaConnection>
  /**
   * Wallets handed to the plugin through `connectors.attach` (the embedded wallet's
   * Solana side), by connector id; found before the Wallet Standard registry's.
   */
  attached: Map<string, Wallet>
}

/** Connector ids of Wallet Standard wallets: the wallet's name, prefixed. */
export const CONNECTOR_ID_PREFIX = 'wallet-standard:'

export function connectorIdOf(wallet: Pick<Wallet, 'name'>): string {
  return `${CONNECTOR_ID_PREFIX}${wallet.name}`
}
