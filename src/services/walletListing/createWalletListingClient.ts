import { Time } from '../../config/constants'
import { createServiceHttpClient, type SdkServiceClientOptions } from '../http/createServiceHttpClient'
import { sleep as defaultSleep } from '../http/sleep'
import type { CallOptions, WalletListingContext } from './context'
import { getAllowedOrigins, type GetAllowedOriginsParameters, type GetAllowedOriginsReturnType } from './getAllowedOrigins'
import { getAnalyticsConfig, type GetAnalyticsConfigParameters, type GetAnalyticsConfigReturnType } from './getAnalyticsConfig'
import { getImage, getImageUrl, type GetImageUrlParameters, type GetImageUrlReturnType } from './getImage'
import { getRecommendedWallets, type GetRecommendedWalletsParameters, type GetRecommendedWalletsReturnType } from './getRecommendedWallets'
import { getWallets, type GetWalletsParameters, type GetWalletsReturnType } from './getWallets'
import { getWalletsPage, type GetWalletsPageOptions, type GetWalletsPageReturnType } from './getWalletsPage'
import { createImageLoader, preloadImage, type ImageLoader, type PreloadImageReturnType } from './preloadImage'
import { searchWallets, type SearchWalletsOptions, type SearchWalletsReturnType } from './searchWallets'

/** `baseUrl` is the root of the wallet-listing API; `sleep` also waits out the search minimum. */
export type WalletListingClientOptions = SdkServiceClientOptions & {
  /** Default 2 s (SPEC §9). */
  imagePreloadTimeoutMs?: number | undefined
  /** How `preloadImage` loads; default an `Image` element, or `fetch` outside the DOM. */
  loadImage?: ImageLoader | undefined
}

/** A typed client for the wallet-listing API of SPEC §7. */
export type WalletListingClient = {
  getWallets(parameters?: GetWalletsParameters): Promise<GetWalletsReturnType>
  /** Page 1 of 4 wallets. */
  getRecommendedWallets(parameters?: GetRecommendedWalletsParameters): Promise<GetRecommendedWalletsReturnType>
  /** Page `page` (1-based) of 40 wallets. */
  getWalletsPage(page: number, options?: GetWalletsPageOptions): Promise<GetWalletsPageReturnType>
  /** Up to 100 wallets matching `query`; settles no sooner than 300 ms after the call. */
  searchWallets(query: string, options?: SearchWalletsOptions): Promise<SearchWalletsReturnType>
  getWalletImage(id: string, options?: CallOptions): Promise<Blob>
  getAssetImage(id: string, options?: CallOptions): Promise<Blob>
  getCurrencyImage(id: string, options?: CallOptions): Promise<Blob>
  getTokenImage(id: string, options?: CallOptions): Promise<Blob>
  getImageUrl(parameters: GetImageUrlParameters): GetImageUrlReturnType
  /** Resolves false after the preload timeout (2 s); never rejects. */
  preloadImage(url: string): Promise<PreloadImageReturnType>
  getAllowedOrigins(parameters?: GetAllowedOriginsParameters): Promise<GetAllowedOriginsReturnType>
  getAnalyticsConfig(parameters?: GetAnalyticsConfigParameters): Promise<GetAnalyticsConfigReturnType>
}

export type CreateWalletListingClientParameters = WalletListingClientOptions
export type CreateWalletListingClientReturnType = WalletListingClient

/**
 * Creates the wallet-listing client.
 *
 * @example
 * const listing = createWalletListingClient({ baseUrl: 'http://localhost:3000/listing', projectId, sdkType: 'portico', sdkVersion: 'react-0.1.0' })
 * const { data: recommended } = await listing.getRecommendedWallets({ chains: ['eip155:1'] })
 * const { data: found } = await listing.searchWallets('rain')
 */
export function createWalletListingClient(options: CreateWalletListingClientParameters): CreateWalletListingClientReturnType {
  const sleep = options.sleep ?? defaultSleep
  const context: WalletListingContext = {
    http: createServiceHttpClient({ ...options, sleep }, { sdkType: options.sdkType, sdkVersion: options.sdkVersion }),
    sleep,
    imagePreloadTimeoutMs: options.imagePreloadTimeoutMs ?? Time.imagePreloadTimeoutMs,
    loadImage: options.loadImage ?? createImageLoader(options.fetch),
  }
  return {
    getWallets: (parameters) => getWallets(context, parameters),
    getRecommendedWallets: (parameters) => getRecommendedWallets(context, parameters),
    getWalletsPage: (page, pageOptions) => getWalletsPage(context, page, pageOptions),
    searchWallets: (query, searchOptions) => searchWallets(context, query, searchOptions),
    getWalletImage: (id, call) => getImage(context, { ...call, kind: 'wallet', id }),
    getAssetImage: (id, call) => getImage(context, { ...call, kind: 'asset', id }),
    getCurrencyImage: (id, call) => getImage(context, { ...call, kind: 'currency', id }),
    getTokenImage: (id, call) => getImage(context, { ...call, kind: 'token', id }),
    getImageUrl: (parameters) => getImageUrl(context, parameters),
    preloadImage: (url) => preloadImage({ url, timeoutMs: context.imagePreloadTimeoutMs, load: context.loadImage }),
    getAllowedOrigins: (parameters) => getAllowedOrigins(context, parameters),
    getAnalyticsConfig: (parameters) => getAnalyticsConfig(context, parameters),
  }
}
