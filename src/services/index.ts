/**
 * Portico's service clients (DESIGN.md `services/`): typed, retrying HTTP clients for
 * the Blockchain API, the wallet listing and the bundler. Sagas create one of each per
 * Portico instance; nothing here is a module singleton. Design decisions: docs/services.md.
 */

// HTTP
export {
  createHttpClient,
  type CreateHttpClientParameters,
  type CreateHttpClientReturnType,
  type HttpBodyRequestParameters,
  type HttpClient,
  type HttpClientOptions,
  type HttpRequestParameters,
} from './http/createHttpClient'
export type { FetchLike, QueryParams, QueryValue, RetryOptions, Sleep } from './http/types'
export type { SdkServiceClientOptions, ServiceClientOptions } from './http/createServiceHttpClient'

// Blockchain API
export {
  createBlockchainApiClient,
  type BlockchainApiClient,
  type BlockchainApiClientOptions,
  type CreateBlockchainApiClientParameters,
  type CreateBlockchainApiClientReturnType,
} from './blockchainApi/createBlockchainApiClient'
export { defaultSwapNetworks } from './blockchainApi/swapNetworks'
export type { CallOptions } from './blockchainApi/context'
export type * from './blockchainApi/types'
export type { BuildApproveTransactionParameters, BuildApproveTransactionReturnType } from './blockchainApi/buildApproveTransaction'
export type { BuildSwapTransactionParameters, BuildSwapTransactionReturnType } from './blockchainApi/buildSwapTransaction'
export type { GenerateOnrampUrlParameters, GenerateOnrampUrlReturnType } from './blockchainApi/generateOnrampUrl'
export type { GetBalanceParameters, GetBalanceReturnType } from './blockchainApi/getBalance'
export type { GetGasPriceParameters, GetGasPriceReturnType } from './blockchainApi/getGasPrice'
export type { GetIdentityParameters, GetIdentityReturnType } from './blockchainApi/getIdentity'
export type { GetNameSuggestionsParameters, GetNameSuggestionsReturnType } from './blockchainApi/getNameSuggestions'
export type { GetOnrampOptionsParameters, GetOnrampOptionsReturnType } from './blockchainApi/getOnrampOptions'
export type { GetOnrampQuoteParameters, GetOnrampQuoteReturnType } from './blockchainApi/getOnrampQuote'
export type { GetSessionsParameters, GetSessionsReturnType } from './blockchainApi/getSessions'
export type { GetSupportedChainsParameters, GetSupportedChainsReturnType } from './blockchainApi/getSupportedChains'
export type { GetSwapAllowanceParameters, GetSwapAllowanceReturnType } from './blockchainApi/getSwapAllowance'
export type { GetSwapQuoteParameters, GetSwapQuoteReturnType } from './blockchainApi/getSwapQuote'
export type { GetSwapTokensParameters, GetSwapTokensReturnType } from './blockchainApi/getSwapTokens'
export type { GetTokenPriceParameters, GetTokenPriceReturnType } from './blockchainApi/getTokenPrice'
export type { GetTransactionHistoryParameters, GetTransactionHistoryReturnType } from './blockchainApi/getTransactionHistory'
export type { LookupNameParameters, LookupNameReturnType } from './blockchainApi/lookupName'
export type { RegisterNameParameters, RegisterNameReturnType } from './blockchainApi/registerName'
export type { ReverseLookupNameParameters, ReverseLookupNameReturnType } from './blockchainApi/reverseLookupName'
export type { RecordSessionParameters, RecordSessionReturnType } from './blockchainApi/recordSession'
export type { RevokeSessionParameters, RevokeSessionReturnType } from './blockchainApi/revokeSession'
export type { SendAnalyticsEventParameters, SendAnalyticsEventReturnType } from './blockchainApi/sendAnalyticsEvent'

// Wallet listing
export {
  createWalletListingClient,
  type CreateWalletListingClientParameters,
  type CreateWalletListingClientReturnType,
  type WalletListingClient,
  type WalletListingClientOptions,
} from './walletListing/createWalletListingClient'
export { createImageLoader, preloadImage, type ImageLoader, type PreloadImageParameters, type PreloadImageReturnType } from './walletListing/preloadImage'
export type * from './walletListing/types'
export type { GetWalletsParameters, GetWalletsReturnType } from './walletListing/getWallets'
export type { GetRecommendedWalletsParameters, GetRecommendedWalletsReturnType } from './walletListing/getRecommendedWallets'
export type { GetWalletsPageOptions, GetWalletsPageReturnType } from './walletListing/getWalletsPage'
export type { SearchWalletsOptions, SearchWalletsReturnType } from './walletListing/searchWallets'
export type { ImageKind, GetImageUrlParameters, GetImageUrlReturnType } from './walletListing/getImage'
export type { GetAllowedOriginsParameters, GetAllowedOriginsReturnType } from './walletListing/getAllowedOrigins'
export type { GetAnalyticsConfigParameters, GetAnalyticsConfigReturnType } from './walletListing/getAnalyticsConfig'

// Bundler
export { createBundlerClient, type BundlerClient, type BundlerClientOptions, type CreateBundlerClientParameters, type CreateBundlerClientReturnType } from './bundler/createBundlerClient'
export type { GetUserOperationReceiptParameters, GetUserOperationReceiptReturnType, UserOperationReceiptRequest, UserOperationReceiptResponse } from './bundler/getUserOperationReceipt'
