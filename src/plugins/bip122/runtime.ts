import type { CaipNetwork } from '../../types/network'

/** An address a sats-connect wallet shared, with its purpose. */
export type BitcoinWalletAddress = { address: string; publicKey: string; purpose: string; addressType?: string | undefined }

/** A live connection: the sats-connect provider path and the addresses it shared. */
export type BitcoinConnection = { providerId: string; addresses: readonly BitcoinWalletAddress[] }

/**
 * What one `bip122()` plugin keeps at run time, outside the store (DESIGN.md: live
 * objects stay with the plugin, keyed by the connector ids the store holds).
 */
export type Bip122Runtime = {
  networks: readonly CaipNetwork[]
  connections: Map<string, BitcoinConnection>
}

/** Connector ids of sats-connect wallets: the provider's path on `window`, prefixed. */
export const CONNECTOR_ID_PREFIX = 'sats-connect:'

export const connectorIdOf = (providerId: string) => `${CONNECTOR_ID_PREFIX}${providerId}`

export function providerIdOf(connectorId: string): string | undefined {
  return connectorId.startsWith(CONNECTOR_ID_PREFIX) ? connectorId.slice(CONNECTOR_ID_PREFIX.length) : undefined
}
