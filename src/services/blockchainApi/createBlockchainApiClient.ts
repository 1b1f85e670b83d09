import type { CaipNetworkId } from '../../types/network'
import { createTtlCache } from '../cache/createTtlCache'
import { createServiceHttpClient, type SdkServiceClientOptions } from '../http/createServiceHttpClient'
import { buildApproveTransaction, type BuildApproveTransactionParameters, type BuildApproveTransactionReturnType } from './buildApproveTransaction'
import { buildSwapTransaction, type BuildSwapTransactionParameters, type BuildSwapTransactionReturnType } from './buildSwapTransaction'
import type { BlockchainApiContext } from './context'
import { generateOnrampUrl, type GenerateOnrampUrlParameters, type GenerateOnrampUrlReturnType } from './generateOnrampUrl'
import { getBalance, type GetBalanceParameters, type GetBalanceReturnType } from './getBalance'
import { getGasPrice, type GetGasPriceParameters, type GetGasPriceReturnType } from './getGasPrice'
import { getIdentity, type GetIdentityParameters, type GetIdentityReturnType } from './getIdentity'
import { getNameSuggestions, type GetNameSuggestionsParameters, type GetNameSuggestionsReturnType } from './getNameSuggestions'
import { getOnrampOptions, type GetOnrampOptionsParameters, type GetOnrampOptionsReturnType } from './getOnrampOptions'
import { getOnrampProviders, type GetOnrampProvidersParameters, type GetOnrampProvidersReturnType } from './getOnrampProviders'
import { getOnrampQuote, type GetOnrampQuoteParameters, type GetOnrampQuoteReturnType } from './getOnrampQuote'
import { getSessions, type GetSessionsParameters, type GetSessionsReturnType } from './getSessions'
import { getSupportedChains, type GetSupportedChainsParameters, type GetSupportedChainsReturnType } from './getSupportedChains'
import { getSwapAllowance, type GetSwapAllowanceParameters, type GetSwapAllowanceReturnType } from './getSwapAllowance'
import { getSwapQuote, type GetSwapQuoteParameters, type GetSwapQuoteReturnType } from './getSwapQuote'
import { getSwapTokens, type GetSwapTokensParameters, type GetSwapTokensReturnType } from './getSwapTokens'
import { getTokenPrice, type GetTokenPriceParameters, type GetTokenPriceReturnType } from './getTokenPrice'
import { getTransactionHistory, type GetTransactionHistoryParameters, type GetTransactionHistoryReturnType } from './getTransactionHistory'
import { lookupName, type LookupNameParameters, type LookupNameReturnType } from './lookupName'
import { registerName, type RegisterNameParameters, type RegisterNameReturnType } from './registerName'
import { reverseLookupName, type ReverseLookupNameParameters, type ReverseLookupNameReturnType } from './reverseLookupName'
import { recordSession, type RecordSessionParameters, type RecordSessionReturnType } from './recordSession'
import { revokeSession, type RevokeSessionParameters, type RevokeSessionReturnType } from './revokeSession'
import { sendAnalyticsEvent, type SendAnalyticsEventParameters, type SendAnalyticsEventReturnType } from './sendAnalyticsEvent'
import { defaultSwapNetworks } from './swapNetworks'

/**
 * `baseUrl` is the root of the Blockchain API, e.g. `http://localhost:3000/api` or a
 * hosted URL; `now` also clocks the caches.
 */
export type BlockchainApiClientOptions = SdkServiceClientOptions & {
  /** Networks on which swaps and gas prices are offered; default SPEC §9's swap list. */
  swapNetworks?: readonly CaipNetworkId[] | undefined
}

/** A typed client for every Blockchain API endpoint of SPEC §7. */
export type BlockchainApiClient = {
  getSupportedChains(parameters?: GetSupportedChainsParameters): Promise<GetSupportedChainsReturnType>
  getIdentity(parameters: GetIdentityParameters): Promise<GetIdentityReturnType>
  getTransactionHistory(parameters: GetTransactionHistoryParameters): Promise<GetTransactionHistoryReturnType>
  getBalance(parameters: GetBalanceParameters): Promise<GetBalanceReturnType>
  getSwapQuote(parameters: GetSwapQuoteParameters): Promise<GetSwapQuoteReturnType>
  getSwapTokens(parameters: GetSwapTokensParameters): Promise<GetSwapTokensReturnType>
  getSwapAllowance(parameters: GetSwapAllowanceParameters): Promise<GetSwapAllowanceReturnType>
  getGasPrice(parameters: GetGasPriceParameters): Promise<GetGasPriceReturnType>
  buildApproveTransaction(parameters: BuildApproveTransactionParameters): Promise<BuildApproveTransactionReturnType>
  buildSwapTransaction(parameters: BuildSwapTransactionParameters): Promise<BuildSwapTransactionReturnType>
  getTokenPrice(parameters: GetTokenPriceParameters): Promise<GetTokenPriceReturnType>
  lookupName(parameters: LookupNameParameters): Promise<LookupNameReturnType>
  reverseLookupName(parameters: ReverseLookupNameParameters): Promise<ReverseLookupNameReturnType>
  getNameSuggestions(parameters: GetNameSuggestionsParameters): Promise<GetNameSuggestionsReturnType>
  registerName(parameters: RegisterNameParameters): Promise<RegisterNameReturnType>
  generateOnrampUrl(parameters: GenerateOnrampUrlParameters): Promise<GenerateOnrampUrlReturnType>
  getOnrampOptions(parameters?: GetOnrampOptionsParameters): Promise<GetOnrampOptionsReturnType>
  getOnrampProviders(parameters?: GetOnrampProvidersParameters): Promise<GetOnrampProvidersReturnType>
  getOnrampQuote(parameters: GetOnrampQuoteParameters): Promise<GetOnrampQuoteReturnType>
  getSessions(parameters: GetSessionsParameters): Promise<GetSessionsReturnType>
  recordSession(parameters: RecordSessionParameters): Promise<RecordSessionReturnType>
  revokeSession(parameters: RevokeSessionParameters): Promise<RevokeSessionReturnType>
  sendAnalyticsEvent(parameters: SendAnalyticsEventParameters): Promise<SendAnalyticsEventReturnType>
  /** Forgets cached balances, identities and names (on disconnect or account change). */
  clearCache(): void
}

export type CreateBlockchainApiClientParameters = BlockchainApiClientOptions
export type CreateBlockchainApiClientReturnType = BlockchainApiClient

/**
 * Creates the Blockchain API client. Each client has its own caches (balance 30 s,
 * identity and names 5 min), so two Portico instances never share answers.
 *
 * @example
 * const api = createBlockchainApiClient({ baseUrl: 'http://localhost:3000/api', projectId, sdkType: 'portico', sdkVersion: 'react-0.1.0' })
 * const { balances } = await api.getBalance({ address, chainId: 'eip155:1' })
 */
export function createBlockchainApiClient(options: CreateBlockchainApiClientParameters): CreateBlockchainApiClientReturnType {
  const context: BlockchainApiContext = {
    http: createServiceHttpClient(options, { sdkType: options.sdkType, sdkVersion: options.sdkVersion }),
    cache: createTtlCache({ now: options.now }),
    swapNetworks: new Set(options.swapNetworks ?? defaultSwapNetworks),
  }
  return {
    getSupportedChains: (parameters) => getSupportedChains(context, parameters),
    getIdentity: (parameters) => getIdentity(context, parameters),
    getTransactionHistory: (parameters) => getTransactionHistory(context, parameters),
    getBalance: (parameters) => getBalance(context, parameters),
    getSwapQuote: (parameters) => getSwapQuote(context, parameters),
    getSwapTokens: (parameters) => getSwapTokens(context, parameters),
    getSwapAllowance: (parameters) => getSwapAllowance(context, parameters),
    getGasPrice: (parameters) => getGasPrice(context, parameters),
    buildApproveTransaction: (parameters) => buildApproveTransaction(context, parameters),
    buildSwapTransaction: (parameters) => buildSwapTransaction(context, parameters),
    getTokenPrice: (parameters) => getTokenPrice(context, parameters),
    lookupName: (parameters) => lookupName(context, parameters),
    reverseLookupName: (parameters) => reverseLookupName(context, parameters),
    getNameSuggestions: (parameters) => getNameSuggestions(context, parameters),
    registerName: (parameters) => registerName(context, parameters),
    generateOnrampUrl: (parameters) => generateOnrampUrl(context, parameters),
    getOnrampOptions: (parameters) => getOnrampOptions(context, parameters),
    getOnrampProviders: (parameters) => getOnrampProviders(context, parameters),
    getOnrampQuote: (parameters) => getOnrampQuote(context, parameters),
    getSessions: (parameters) => getSessions(context, parameters),
    recordSession: (parameters) => recordSession(context, parameters),
    revokeSession: (parameters) => revokeSession(context, parameters),
    sendAnalyticsEvent: (parameters) => sendAnalyticsEvent(context, parameters),
    clearCache: () => context.cache.clear(),
  }
}
