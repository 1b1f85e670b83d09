import type { AccountState } from '../store/slices/account'
import { TransactionDisplay } from '../config/constants'

const threeDecimals = new Map<string, Intl.NumberFormat>()

/**
 * The native balance as the buttons show it ('0.512 ETH'), or undefined before it is
 * read: SPEC §9's 3 decimals, rounded half away from zero, as `formatAmount` writes them.
 * `Intl.NumberFormat` does that rounding (its default `halfExpand`) and, since ES2023,
 * formats the decimal string exactly; it is already in every browser, where
 * `formatAmount` would add its string arithmetic to the ConnectButton's first load
 * (`ConnectButton.Custom` hands this to the dapp). Written as `locale` writes numbers,
 * grouping included ('1.234,513 ETH' in German), exactly as the modal shows the same
 * balance (`formatAmount(balance, 3, locale)`).
 *
 * @example
 * accountDisplayBalance({ balance: '0.51254', balanceSymbol: 'ETH' }) // '0.513 ETH'
 * accountDisplayBalance({ balance: '9899.98812', balanceSymbol: 'ETH' }) // '9,899.988 ETH'
 */
export function accountDisplayBalance(account: Pick<AccountState, 'balance' | 'balanceSymbol'>, locale = 'en-US'): string | undefined {
  if (account.balance === undefined) return undefined
  const digits = TransactionDisplay.fungibleDecimals
  let formatter = threeDecimals.get(locale)
  if (!formatter) threeDecimals.set(locale, (formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })))
  return `${formatter.format(account.balance as Intl.StringNumericLiteral)} ${account.balanceSymbol ?? ''}`.trim()
}
