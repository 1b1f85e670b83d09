import type { Address } from 'viem'

/**
 * The embedded wallet's smart account is a Safe 1.4.1 with Safe's ERC-4337 module 0.3.0
 * (docs/smart-accounts.md). Safe deployed these contracts through CREATE2 with salt 0, so
 * they are at the same address on every public chain that has them, and
 * `dev/chain/accountAbstraction.ts` places the same bytecode at the same addresses on the
 * local chains (accountFactory.test.ts checks both lists agree).
 */

/** Safe's proxy factory (1.4.1): where every user's Safe comes from. */
export const SMART_ACCOUNT_FACTORY_ADDRESS: Address = '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67'

/** Safe's ERC-4337 module (0.3.0, for EntryPoint v0.7): the Safe's user operations run through it. */
export const SAFE_4337_MODULE_ADDRESS: Address = '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226'

/** Safe's MultiSendCallOnly (1.4.1): a Safe's batch of calls is one delegate call to it. */
export const MULTI_SEND_CALL_ONLY_ADDRESS: Address = '0x9641d764fc13c8B624c04430C7356C1C7C8102e2'
