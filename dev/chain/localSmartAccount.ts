// For tests and scripts, not the stack (which does not need permissionless): the
// embedded wallet's smart account as viem's SmartAccount, on the chains where
// dev/chain/accountAbstraction.ts placed Safe's contracts.
import type { LocalAccount, PublicClient } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { toSafeSmartAccount } from 'permissionless/accounts'

/**
 * The embedded wallet's smart account for `owner` as the secure page makes it
 * (secure/smartAccount.ts): a Safe 1.4.1 with the ERC-4337 module, `owner` its one owner,
 * at the address the same owner's Safe has on every public chain.
 *
 * @example
 * const account = await localSmartAccount(client, privateKeyToAccount(key))
 * await bundler.sendUserOperation({ account, calls: [{ to, value: 1n }] })
 */
export function localSmartAccount(client: PublicClient, owner: LocalAccount) {
  return toSafeSmartAccount({ client, owners: [owner], version: '1.4.1', entryPoint: { address: entryPoint07Address, version: '0.7' } })
}
