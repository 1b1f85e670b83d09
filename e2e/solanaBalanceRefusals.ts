import type { Page } from 'playwright-core'

const SOLANA_BALANCE = /\/v1\/account\/[1-9A-HJ-NP-Za-km-z]{32,44}\/balance(?:\?|$)/
const BAD_REQUEST_LINE = /^console: Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/

/**
 * The reference server's Blockchain API serves EVM chains only: for a Solana account (the
 * embedded user's, issue 9) its balance route answers 400 and the balance saga reads the
 * Solana RPC instead (docs/embedded-wallet.md "Solana"). Chromium logs each refusal as a
 * console error. This records those refusals so a test can drop exactly one console line
 * per refusal from the page's errors and still see every other failure.
 *
 * @example
 * const solanaBalance = watchSolanaBalanceRefusals(page)
 * expect(solanaBalance.without(errors)).toEqual([])
 */
export function watchSolanaBalanceRefusals(page: Page): { refusals: string[]; without(errors: readonly string[]): string[] } {
  const refusals: string[] = []
  page.on('response', (response) => {
    if (response.status() === 400 && SOLANA_BALANCE.test(response.url())) refusals.push(response.url())
  })
  return {
    refusals,
    without(errors) {
      let left = refusals.length
      return errors.filter((error) => {
        if (left > 0 && BAD_REQUEST_LINE.test(error)) {
          left--
          return false
        }
        return true
      })
    },
  }
}
