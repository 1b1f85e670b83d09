import type { CaipNetwork } from '../../types/network'

/** An address a sats-connect wallet shared, with its purpose. */
export type BitcoinWalletAddress = { address: string; publicKey: string; purpose: string; addressType?: string | undefined }

/**
 * A sats-connect provider object, as wallets put it on `window`: `request(method, params)`
 * answering a JSON-RPC response object, and optionally `addListener({ eventName, cb })`.
 */
export type SatsProvider = {
  request(method: string, params?: unknown): Promise<unknown>
  addListener?(info: { eventName: string; cb: (event: never) => void }): () => void
}

/**
 * How a connection reaches its wallet: sats-connect's `request` with the provider's path
 * on `window` (a discovered wallet), or the provider object itself (an attached one).
 * Both answer sats-connect's `RpcResult` shape.
 */
export type SatsTransport = {
  request(method: string, params: unknown): Promise<{ status: 'success'; result: unknown } | { status: 'error'; error: { code: number; message: string; data?: unknown } }>
  addListener(eventName: string, cb: (event: never) => void): () => void
}

/** A live connection: how to reach the wallet and the addresses it shared. */
export type BitcoinConnection = { transport: SatsTransport; addresses: readonly BitcoinWalletAddress[] }

/**
 * What one `bip122()` plugin keeps at run time, outside the store (DESIGN.md: live
 * objects stay with the plugin, keyed by the connector ids the store holds).
 */
export type Bip122Runtime = {
  networks: readonly CaipNetwork[]
  connections: Map<string, BitcoinConnection>
  /**
   * Providers handed to the plugin through `connectors.attach` (a WalletConnect session's
   * Bitcoin side), by connector id; found before the window's sats-connect wallets.
   */
  attached: Map<string, SatsProvider>
}

/** Connector ids of sats-connect wallets: the provider's path on `window`, prefixed. */
export const CONNECTOR_ID_PREFIX = 'sats-connect:'

export const connectorIdOf = (providerId: string) => `${CONNECTOR_ID_PREFIX}${providerId}`

export function providerIdOf(connectorId: string): string | undefined {
  return connectorId.startsWith(CONNECTOR_ID_PREFIX) ? connectorId.slice(CONNECTOR_ID_PREFIX.length) : undefined
}
