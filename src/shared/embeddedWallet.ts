/**
 * What the secure page (`secure/`) and the library agree on about the embedded wallet,
 * besides the frame protocol's messages: its default chain, its account types (SPEC §3,
 * §5, §9) and the SPEC §8 sentences the page itself writes. The library's tables
 * (`config/constants.ts`, `validation/accountType.ts`, `errors/messages.ts`) take these
 * values from here, so the two sides cannot drift apart.
 */

/** The default CAIP-2 network when none is given (also the iframe's default chainId). */
export const DEFAULT_CHAIN_ID = 'eip155:1'

/** SPEC §5: an embedded-wallet account is externally-owned (`eoa`) or a smart account. */
export const EmbeddedAccountTypes = ['eoa', 'smartAccount'] as const
export type EmbeddedAccountType = (typeof EmbeddedAccountTypes)[number]

/** SPEC §9's default account type of the embedded wallet's (eip155) accounts. */
export const DEFAULT_EMBEDDED_ACCOUNT_TYPE = 'smartAccount' satisfies EmbeddedAccountType

/**
 * @example
 * isEmbeddedAccountType('smartAccount') // true
 * isEmbeddedAccountType('payment')      // false
 */
export function isEmbeddedAccountType(value: unknown): value is EmbeddedAccountType {
  return typeof value === 'string' && (EmbeddedAccountTypes as readonly string[]).includes(value)
}

/** SPEC §8 sentences the secure page throws or replies with (`ErrorMessages` has the same keys). */
export const EmbeddedWalletMessages = {
  parentNotSet: 'W3mFrame: parent is not set',
  noRpcUrlForChainId: 'No RPC url provided for chainId',
} as const
