/**
 * The server's paymaster (ERC-7677, docs/self-hosting.md "Gas sponsorship"): a
 * VerifyingPaymaster (eth-infinitism's v0.7 sample, or any contract that checks the same
 * signature over the same hash) and the sponsor key it trusts. Both or neither:
 *
 * - PAYMASTER_ADDRESS     the paymaster contract, the same address on every chain served
 *                         (a CREATE2 deployment, as the local stack does).
 * - PAYMASTER_SIGNER_KEY  the sponsor key, 0x + 64 hex: the paymaster's `verifyingSigner`.
 *                         It signs only the paymaster's hash of a user operation, never a
 *                         user's key or a transaction; what it signs costs the paymaster's
 *                         EntryPoint deposit, so keep it as secret as the master key.
 *
 * Production mode refuses the development sponsor key (productionChecks.ts).
 */
import { isAddress, isHex, type Address, type Hex, type LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { InvalidEnvironmentError } from '../env'

/**
 * The address of the development sponsor key (dev/chain/paymaster.ts, DEV_SPONSOR_KEY),
 * derived from a public string: anyone can sign with it. paymasterEnv.test.ts checks that
 * it is the key the stack uses.
 */
export const DEV_SPONSOR_ADDRESS: Address = '0x406F1FaDe57f631158F7497084100009BDF60be6'

export interface PaymasterEnv {
  address: Address
  signer: LocalAccount
}

/**
 * @example
 * readPaymasterEnv({ PAYMASTER_ADDRESS: '0x…', PAYMASTER_SIGNER_KEY: '0x…' }) // { address, signer }
 * readPaymasterEnv({}) // undefined: no sponsorship
 */
export function readPaymasterEnv(env: Readonly<Record<string, string | undefined>>): PaymasterEnv | undefined {
  const address = env.PAYMASTER_ADDRESS?.trim() || undefined
  const key = env.PAYMASTER_SIGNER_KEY?.trim() || undefined
  if (address === undefined && key === undefined) return undefined
  if (address === undefined || key === undefined) {
    throw new InvalidEnvironmentError('PAYMASTER_ADDRESS and PAYMASTER_SIGNER_KEY are set together: the paymaster contract and the sponsor key it trusts')
  }
  if (!isAddress(address, { strict: false })) throw new InvalidEnvironmentError('PAYMASTER_ADDRESS must be a 0x-prefixed 20-byte address')
  if (!isHex(key) || key.length !== 66) throw new InvalidEnvironmentError('PAYMASTER_SIGNER_KEY must be 0x followed by 64 hex digits')
  return { address, signer: privateKeyToAccount(key as Hex) }
}
