import type { Wallet, WalletAccount } from '@wallet-standard/base'

/** A live connection: the wallet object and the account the dapp uses. */
export type SolanaConnection = { wallet: Wallet; account: WalletAccount }

/**
 * What one `solana()` plugin keeps at run time, outside the store (DESIGN.md: live
 * objects stay with the plugin, keyed by the connector ids the store holds).
 */
export type SolanaRuntime = {
  connections: Map<string, SolanaConnection>
}

/** Connector ids of Wallet Standard wallets: the wallet's name, prefixed. */
export const CONNECTOR_ID_PREFIX = 'wallet-standard:'

export function connectorIdOf(wallet: Pick<Wallet, 'name'>): string {
  return `${CONNECTOR_ID_PREFIX}${wallet.name}`
}
