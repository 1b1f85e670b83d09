/**
 * What the embedded EOA never signs for a dapp, because the signature could authorise
 * the smart account that EOA owns (issue 25). The smart account (solady's ERC4337,
 * dev/chain/contracts/PorticoSmartAccount.sol) accepts the owner's signature:
 *
 * 1. of a user operation: EIP-191 `personal_sign` of the 32-byte user-operation hash.
 *    Any personal_sign of a 32-byte message has that form, text or not, so every
 *    32-byte message is refused (a hash of another chain's operation as well: the
 *    account has the same address wherever the factory is).
 * 2. for ERC-1271 `isValidSignature`: EIP-712 typed data in the account's own domain
 *    (its name, or its address as verifying contract: the ERC-7739 `PersonalSign`
 *    workflow), an ERC-7739 `TypedDataSign` wrapper, or typed data of a caller the
 *    account trusts without that wrapper (the EntryPoint, solady's MulticallerWithSigner).
 *
 * These are refused before any prompt, with 4100 and a message in words. The account's
 * off-chain check (solady's "RPC" workflow, gas price 0) takes the owner's signature of
 * any hash: that can pass an off-chain sign-in as the smart account, never move funds
 * (docs/security.md).
 */
import { hexToBytes, type Hex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { ReplyError } from './replyError'
import { ProviderRpcCode } from '../src/shared/rpcCodes'

/** The EIP-712 domain name of PorticoSmartAccount (`_domainNameAndVersion`). */
export const SMART_ACCOUNT_DOMAIN_NAME = 'PorticoSmartAccount'
/** The ERC-1271 callers solady's ERC4337 trusts to include the account in their hash. */
export const TRUSTED_SIGNATURE_CALLERS: readonly string[] = [entryPoint07Address, '0x000000000000D9ECebf3C23529de49815Dac1c4c']

const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/

const accountName = (smartAccount: string | undefined) => (smartAccount === undefined ? 'your smart account' : `smart account ${smartAccount}`)

const refusal = (smartAccount: string | undefined, what: string) =>
  new ReplyError(
    `Refused: this key is the owner key of ${accountName(smartAccount)}, and ${what} could authorise a transaction from that account. Use the smart account to sign it.`,
    ProviderRpcCode.Unauthorized,
  )

/** personal_sign's bytes: 0x-hex is the bytes, anything else its UTF-8 text (as the frame signs it). */
function messageLength(message: string): number {
  return HEX_BYTES.test(message) ? hexToBytes(message as Hex).length : new TextEncoder().encode(message).length
}

/**
 * Throws for a personal_sign the owner key must not make: any 32-byte message.
 *
 * @example
 * refuseOwnerMessage(userOpHash, smart) // throws ReplyError 4100
 */
export function refuseOwnerMessage(message: string, smartAccount: string | undefined): void {
  if (messageLength(message) === 32) throw refusal(smartAccount, 'its signature of a 32-byte message (such as a user-operation hash)')
}

const same = (a: unknown, b: string | undefined) => typeof a === 'string' && b !== undefined && a.toLowerCase() === b.toLowerCase()

/**
 * Throws for typed data the owner key must not sign: the account's domain, ERC-7739
 * wrappers, and the callers the account trusts.
 */
export function refuseOwnerTypedData(typedData: Record<string, unknown>, smartAccount: string | undefined): void {
  const domain = typeof typedData.domain === 'object' && typedData.domain !== null ? (typedData.domain as Record<string, unknown>) : {}
  if (typedData.primaryType === 'TypedDataSign') throw refusal(smartAccount, 'its signature of an ERC-7739 TypedDataSign message')
  if (domain.name === SMART_ACCOUNT_DOMAIN_NAME || same(domain.verifyingContract, smartAccount)) throw refusal(smartAccount, 'its signature of typed data for the smart account itself')
  if (TRUSTED_SIGNATURE_CALLERS.some((caller) => same(domain.verifyingContract, caller))) {
    throw refusal(smartAccount, `its signature of typed data for ${String(domain.verifyingContract)}, a contract the smart account trusts with the owner's signatures,`)
  }
}
