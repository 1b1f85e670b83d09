/**
 * What the embedded EOA never signs for a dapp, because the signature could authorise
 * the smart account that EOA owns (issue 25). The smart account is a Safe 1.4.1 with
 * Safe's ERC-4337 module (secure/smartAccount.ts), and a Safe accepts its owner's
 * signature:
 *
 * 1. as EIP-712 typed data: `SafeOp` (a user operation) in the domain of the 4337 module,
 *    `SafeTx` (`execTransaction`, which anyone may submit) and `SafeMessage` (ERC-1271)
 *    in the domain of the Safe itself. Typed data whose verifying contract is the smart
 *    account or the module is refused, whatever its chain id (the Safe and the module
 *    have the same address on every chain).
 * 2. in Safe's "eth_sign" form: EIP-191 `personal_sign` of the 32-byte hash of any of
 *    those. Any personal_sign of a 32-byte message has that form, text or not, so every
 *    32-byte message is refused.
 *
 * These are refused before any prompt, with 4100 and a message in words (docs/security.md).
 */
import { hexToBytes, type Hex } from 'viem'
import { ReplyError } from './replyError'
import { ProviderRpcCode } from '../src/shared/rpcCodes'

/**
 * Safe's ERC-4337 module 0.3.0, the verifying contract of every Safe's `SafeOp`: at this
 * address on every chain (server/accountAbstraction/accountFactory.ts has the same).
 */
export const SAFE_4337_MODULE_ADDRESS = '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226'

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
 * Throws for typed data the owner key must not sign: typed data for the Safe itself
 * (`SafeTx`, `SafeMessage`) or for Safe's 4337 module (`SafeOp`).
 */
export function refuseOwnerTypedData(typedData: Record<string, unknown>, smartAccount: string | undefined): void {
  const domain = typeof typedData.domain === 'object' && typedData.domain !== null ? (typedData.domain as Record<string, unknown>) : {}
  if (same(domain.verifyingContract, smartAccount)) throw refusal(smartAccount, 'its signature of typed data for the smart account itself')
  if (same(domain.verifyingContract, SAFE_4337_MODULE_ADDRESS)) {
    throw refusal(smartAccount, `its signature of typed data for ${String(domain.verifyingContract)}, the module that runs the smart account's user operations,`)
  }
}
