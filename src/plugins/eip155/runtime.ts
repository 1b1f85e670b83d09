import type { ConnectorInfo } from '../../types/connector'

/** The EIP-1193 provider surface Portico uses. Wallets add more; we need no more. */
export type Eip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object | undefined }): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown
  off?(event: string, listener: (...args: unknown[]) => void): unknown
}

/** EIP-6963 `EIP6963ProviderInfo`. */
export type Eip6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

/** EIP-6963 `EIP6963ProviderDetail`, the detail of an `eip6963:announceProvider` event. */
export type Eip6963ProviderDetail = { info: Eip6963ProviderInfo; provider: Eip1193Provider }

export type ConnectorEntry = { info: ConnectorInfo; provider: Eip1193Provider }

/**
 * What one `eip155()` plugin keeps at run time: the live providers, keyed by the
 * connector id the store holds, and the RPC clients it made. Made fresh per plugin, so
 * two Portico instances (or two tests) never share a wallet.
 */
export type Eip155Runtime = {
  readonly connectors: Map<string, ConnectorEntry>
  /** Public RPC clients by their URL list; values are viem clients (loaded lazily). */
  readonly clients: Map<string, unknown>
}

/** Cheap: two empty maps. Called by the plugin factory. */
export function createEip155Runtime(): Eip155Runtime {
  return { connectors: new Map(), clients: new Map() }
}

/** The id of the legacy `window.ethereum` connector. */
export const INJECTED_CONNECTOR_ID = 'injected'
