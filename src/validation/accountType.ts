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
 * Account types by namespace. SPEC §9's default account types name `payment` for bip122:
 * Bitcoin wallets expose a payment and an ordinals address rather than an EOA, so bip122
 * takes `payment` and `ordinal`, never `eoa`. Solana and Polkadot have no smart accounts.
 * A namespace not listed (a third-party plugin's) falls back to the SPEC §5 rule. A Map,
 * not an object, so that a namespace such as `constructor` finds nothing.
 */
export const AccountTypesByNamespace: ReadonlyMap<string, readonly AccountType[]> = /* @__PURE__ */ new Map<string, readonly AccountType[]>([
  ['eip155', ['eoa', 'smartAccount']],
  ['solana', ['eoa']],
  ['polkadot', ['eoa']],
  ['bip122', ['payment', 'ordinal']],
])

/**
 * Whether `value` is an account type: without a namespace, by the SPEC §5 rule (`eoa` or
 * `smartAccount`); with one, by that namespace's list.
 *
 * @example
 * isAccountType('smartAccount')          // true
 * isAccountType('payment')               // false: not an embedded-wallet type
 * isAccountType('payment', 'bip122')     // true (SPEC §9 default for bip122)
 * isAccountType('smartAccount', 'solana') // false
 */
export function isAccountType(value: unknown, namespace?: string): value is AccountType {
  if (typeof value !== 'string') return false
  const allowed: readonly string[] = (namespace === undefined ? undefined : AccountTypesByNamespace.get(namespace)) ?? EmbeddedAccountTypes
  return allowed.includes(value)
}
