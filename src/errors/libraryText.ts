import type { ErrorMessageKey } from './messages'

/**
 * Sentences libraries throw in their own English that can reach a visitor, and the
 * errors-table key Portico says instead (issue 33: "no visitor-facing message is a
 * library's raw English"). A wallet may forward such a sentence too (the dev wallet's
 * viem "The request took too long to respond." when its node hangs), so the match is on
 * the text, wherever it came from; the original stays in the error's `details`.
 */
const libraryText: readonly { pattern: RegExp; key: ErrorMessageKey }[] = [
  // viem: HttpRequestError and TimeoutError (a node that is down or hung).
  { pattern: /^HTTP request failed\.?/i, key: 'networkDidNotAnswer' },
  { pattern: /^The request took too long to respond\.?/i, key: 'networkDidNotAnswer' },
  // @walletconnect/core's publisher and @walletconnect/sign-client's request expiry.
  { pattern: /^Failed to publish (custom )?payload/i, key: 'walletConnectionLost' },
  { pattern: /^Request expired\. Please try again\.?/i, key: 'walletDidNotAnswer' },
]

/**
 * The key of a library sentence Portico says in its own words, or undefined.
 *
 * @example
 * libraryMessageKey('HTTP request failed.') // 'networkDidNotAnswer'
 * libraryMessageKey('Failed to publish payload, please try again. id:1 tag:1108') // 'walletConnectionLost'
 */
export function libraryMessageKey(text: string): ErrorMessageKey | undefined {
  return libraryText.find(({ pattern }) => pattern.test(text.trim()))?.key
}
