import type { BlockchainApiContext, CallOptions } from './context'
import type { OnrampQuoteRequest, OnrampQuoteResponse } from './types'

export type GetOnrampQuoteParameters = CallOptions & OnrampQuoteRequest
export type GetOnrampQuoteReturnType = OnrampQuoteResponse

/**
 * What a fiat amount buys, with fees (POST /v1/onramp/quote).
 *
 * @example
 * const quote = await api.getOnrampQuote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'base' })
 * show(quote.purchaseAmount.amount)
 */
export function getOnrampQuote(
  context: BlockchainApiContext,
  { purchaseCurrency, paymentCurrency, amount, network, provider, paymentMethod, signal, timeoutMs }: GetOnrampQuoteParameters,
): Promise<GetOnrampQuoteReturnType> {
  const body: OnrampQuoteRequest = { purchaseCurrency, paymentCurrency, amount, network, ...(provider ? { provider } : {}), ...(paymentMethod ? { paymentMethod } : {}) }
  return context.http.post<OnrampQuoteResponse>({ path: '/v1/onramp/quote', body, signal, timeoutMs })
}
