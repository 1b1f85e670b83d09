import { KeplrDevWallet, type KeplrDevWalletOptions } from './wallet'

export { KeplrDevWallet, KEPLR_REJECTED, type KeplrDevWalletOptions } from './wallet'

export type InstalledKeplrDevWallet = { wallet: KeplrDevWallet; uninstall(): void }

/**
 * Creates the Keplr-style dev wallet and injects it where Keplr does, `window.keplr`, then
 * fires `keplr_keystorechange` as Keplr does when its key store becomes available.
 *
 * @example
 * const { wallet } = installKeplrDevWallet({ privateKey, chainIds: ['cosmoshub-local'] })
 * cosmosNode.fund(wallet.dev.address(), 10_000_000n)
 */
export function installKeplrDevWallet(options: KeplrDevWalletOptions & { window?: Window | undefined }): InstalledKeplrDevWallet {
  const target = options.window ?? (typeof window === 'undefined' ? undefined : window)
  if (!target) throw new Error('installKeplrDevWallet needs a window')
  const holder = target as Window & { keplr?: unknown }
  if (holder.keplr !== undefined) throw new Error('window.keplr is taken: another Keplr-style wallet is installed')
  const wallet = new KeplrDevWallet(options)
  holder.keplr = wallet
  return {
    wallet,
    uninstall() {
      if (holder.keplr === wallet) delete holder.keplr
    },
  }
}
