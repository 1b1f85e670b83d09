import type { ErrorMessageKey } from './messages'

/**
 * Sentences libraries throw in their own English that can reach a visitor, and the
 * errors-table key Portico says instead (issue 33: "no visitor-facing message is a
 * library's raw English"). A wallet may forward such a sentence too (the dev wallet's
 * viem "The request took too long to respond." when its node hangs), so the match is on
 * the text, wherever it came from; the original stays in the error's `details`.
 */
const libraryText: readonly { pattern: RegExp; key: ErrorMessageKey; param?: string }[] = [
  // viem: HttpRequestError and TimeoutError (a node that is down or hung).
  { pattern: /^HTTP request failed\.?/i, key: 'networkDidNotAnswer' },
  { pattern: /^The request took too long to respond\.?/i, key: 'networkDidNotAnswer' },
  // @walletconnect/core's publisher and @walletconnect/sign-client's request expiry.
  { pattern: /^Failed to publish (custom )?payload/i, key: 'walletConnectionLost' },
  { pattern: /^Request expired\. Please try again\.?/i, key: 'walletDidNotAnswer' },
  // A node's own refusal forwarded as text (the embedded wallet's EOA sends through the chain's RPC).
  { pattern: /^insufficient funds for (gas \* price \+ value|transfer)/i, key: 'nodeInsufficientFunds' },
  // The secure page's words for the bundler's AA21 (secure/smartAccount.ts), translated here.
  { pattern: /^This account has no (\w{1,12}) to pay the network fee$/, key: 'noFundsForNetworkFee', param: 'symbol' },
]

/**
 * The key of a library sentence Portico says in its own words, or undefined.
 *
 * @example
 * libraryMessageKey('HTTP request failed.') // 'networkDidNotAnswer'
 * libraryMessageKey('Failed to publish payload, please try again. id:1 tag:1108') // 'walletConnectionLost'
 */
export function libraryMessageKey(text: string): ErrorMessageKey | undefined {
  return libraryMessage(text)?.key
}

/**
 * A known sentence's key, with the value its pattern captures as the named param.
 *
 * @example
 * libraryMessage('This account has no ETH to pay the network fee') // { key: 'noFundsForNetworkFee', params: { symbol: 'ETH' } }
 */
export function libraryMessage(text: string): { key: ErrorMessageKey; params: Record<string, string> } | undefined {
  const trimmed = text.trim()
  for (const { pattern, key, param } of libraryText) {
    const match = pattern.exec(trimmed)
    if (match) return { key, params: param && match[1] ? { [param]: match[1] } : {} }
  }
  return undefined
}
