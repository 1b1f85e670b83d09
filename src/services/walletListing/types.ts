/**
 * The wire shapes of the wallet-listing API (SPEC §7): the single source of truth for
 * the client and the reference server. Types only; snake_case as on the wire.
 *
 * Every call carries the query parameters of `WalletListingCommonQuery`.
 */
import type { CaipNetworkId } from '../../types/network'

export type WalletListingCommonQuery = {
  projectId: string
  /** SDK type. */
  st: string
  /** SDK version. */
  sv: string
}

/** SPEC §3 Wallet listing. */
export type WalletListing = {
  id: string
  name: string
  /** Id for GET /getWalletImage/{id}; null when the wallet has no image. */
  image_id: string | null
  /** CAIP-2 networks the wallet supports. */
  chains: CaipNetworkId[]
  /** Reverse-DNS id the wallet announces through EIP-6963, when it has one. */
  rdns: string | null
  /** Deep link (universal link or custom scheme) of the mobile app. */
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
}

export type WalletBadgeType = 'none' | 'certified'

/** GET /getWallets query. Lists are sent joined by commas. */
export type GetWalletsQuery = {
  /** 1-based. */
  page?: number | undefined
  /** Wallets per page. */
  entries?: number | undefined
  /** Only these wallet ids. */
  include?: readonly string[] | undefined
  /** Never these wallet ids. */
  exclude?: readonly string[] | undefined
  /** Only wallets supporting one of these CAIP-2 networks. */
  chains?: readonly CaipNetworkId[] | undefined
  /** Case-insensitive match on the wallet name. */
  search?: string | undefined
  badge_type?: WalletBadgeType | undefined
}

export type GetWalletsResponse = {
  data: WalletListing[]
  /** Wallets matching the query across all pages. */
  count: number
}

/** GET /projects/v1/origins */
export type AllowedOriginsResponse = {
  /** Origins (wildcards allowed, e.g. `https://*.example.com`) the project may run on. */
  allowedOrigins: string[]
}

/** GET /getAnalyticsConfig */
export type AnalyticsConfigResponse = {
  isAnalyticsEnabled: boolean
}
