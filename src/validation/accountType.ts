import type { AccountType } from '../config/constants'
import { EmbeddedAccountTypes } from '../shared/embeddedWallet'

/**
 * SPEC §3 / §5: an account type is externally-owned (`eoa`) or a smart account
 * (`smartAccount`). That is the rule for the embedded wallet's accounts and the
 * preferred-account payload; the secure page shares it (src/shared/embeddedWallet.ts).
 */
export { EmbeddedAccountTypes }
export type { EmbeddedAccountType } from '../shared/embeddedWallet'

/**
 * Whether `value` is an account type: without a list, by the SPEC §5 rule (`eoa` or
 * `smartAccount`); with one, by that list (a namespace plugin's `accountTypes`, from the
 * registry: a Bitcoin plugin's wallets expose `payment` and `ordinal` addresses, not an EOA).
 *
 * @example
 * isAccountType('smartAccount')                     // true
 * isAccountType('payment')                          // false: not an embedded-wallet type
 * isAccountType('payment', ['payment', 'ordinal'])  // true
 * isAccountType('smartAccount', ['eoa'])            // false
 */
export function isAccountType(value: unknown, allowed: readonly string[] = EmbeddedAccountTypes): value is AccountType {
  return typeof value === 'string' && allowed.includes(value)
}
