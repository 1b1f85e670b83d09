import { defaultWindow, registerWallet } from './register'
import { createSolanaDevWallet, type SolanaDevWallet, type SolanaDevWalletOptions } from './wallet'

export { createSolanaDevWallet, SolanaDevWallet, UserRejectedError } from './wallet'
export type { SolanaChain, SolanaDevWalletOptions, SolanaDevWalletRequest } from './wallet'
export { registerWallet } from './register'

export type InstalledSolanaDevWallet = {
  wallet: SolanaDevWallet
  /** Unregisters the wallet from the page's Wallet Standard apps. */
  uninstall(): void
}

/**
 * Creates the dev Solana wallet and registers it on the page (Wallet Standard), so
 * Portico's `solana()` plugin — and any other Wallet Standard app — discovers it.
 *
 * @example
 * const rpc = await startSolanaRpc()
 * const { wallet, uninstall } = await installSolanaDevWallet({ rpcUrl: rpc.url })
 * rpc.airdrop(wallet.dev.addresses()[0], 5_000_000_000n)
 */
export async function installSolanaDevWallet(options: SolanaDevWalletOptions & { window?: EventTarget | undefined }): Promise<InstalledSolanaDevWallet> {
  const target = options.window ?? defaultWindow()
  if (!target) throw new Error('installSolanaDevWallet needs a window (or an EventTarget standing in for one)')
  const wallet = await createSolanaDevWallet(options)
  return { wallet, uninstall: registerWallet(target, wallet) }
}
