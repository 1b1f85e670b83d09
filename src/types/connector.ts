import type { CaipNetworkId } from './network'

/** SPEC §3 Connector types. */
export type ConnectorType = 'INJECTED' | 'ANNOUNCED' | 'EXTERNAL' | 'MULTI_CHAIN' | 'WALLET_CONNECT' | 'AUTH'

/**
 * A connector as the store sees it: identity and display data only. The live provider
 * object (SPEC §3 `provider`) stays in the plugin's runtime registry under `id`.
 */
export type ConnectorInfo = {
  id: string
  name: string
  type: ConnectorType
  /** Namespace this connector serves. */
  chain: string
  /** Networks the connector can use (CAIP-2), when it says. */
  chains?: CaipNetworkId[] | undefined
  imageUrl?: string | undefined
  imageId?: string | undefined
  info?: { rdns?: string | undefined } | undefined
  /** Wallet-listing id, when the connector is a listed wallet. */
  explorerId?: string | undefined
}
