import { BitcoinDevWallet, type BitcoinDevWalletOptions } from './wallet'

export { BitcoinDevWallet, SatsConnectErrorCodes } from './wallet'
export type { BitcoinDevWalletOptions, BitcoinDevWalletRequest, BitcoinNetworkType } from './wallet'
export { verifyBitcoinMessage, signBip322, signEcdsa, bip322MessageHash, magicHash } from './message'

/** The provider path the dev wallet uses, sats-connect style (`window.<path>`). */
export const DEV_BITCOIN_PROVIDER_ID = 'PorticoDevProviders.BitcoinProvider'

const ICON = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/><path d="M11 8h7a4 4 0 0 1 1.5 7.7A4.5 4.5 0 0 1 18 24h-7zm3 3v4h3.5a2 2 0 0 0 0-4zm0 7v3h4a1.5 1.5 0 0 0 0-3z" fill="#fff"/></svg>',
)}`

type ProviderEntry = { id: string; name: string; icon: string; webUrl?: string }
type BitcoinWindow = Record<string, unknown> & { btc_providers?: ProviderEntry[]; BitcoinProvider?: unknown }

export type InstallBitcoinDevWalletOptions = BitcoinDevWalletOptions & {
  /** The page's window (or a stand-in object); `globalThis.window` by default. */
  window?: object | undefined
  name?: string | undefined
  icon?: string | undefined
  /** Also install at `window.BitcoinProvider` when that is free (default true). */
  asDefault?: boolean | undefined
}

export type InstalledBitcoinDevWallet = { wallet: BitcoinDevWallet; providerId: string; uninstall(): void }

/**
 * Creates the dev Bitcoin wallet and injects it the way sats-connect wallets do: the
 * provider at `window.PorticoDevProviders.BitcoinProvider`, an entry in
 * `window.btc_providers`, and `window.BitcoinProvider` when free.
 *
 * @example
 * const esplora = await startEsplora()
 * const { wallet } = installBitcoinDevWallet({ esploraUrl: esplora.url })
 * esplora.fund(wallet.dev.addresses().payment, 1_000_000)
 */
export function installBitcoinDevWallet(options: InstallBitcoinDevWalletOptions): InstalledBitcoinDevWallet {
  const target = (options.window ?? (typeof window === 'undefined' ? undefined : window)) as BitcoinWindow | undefined
  if (!target) throw new Error('installBitcoinDevWallet needs a window (or an object standing in for one)')
  const wallet = new BitcoinDevWallet(options)
  const [namespace, key] = DEV_BITCOIN_PROVIDER_ID.split('.') as [string, string]
  const holder = (target[namespace] ??= {}) as Record<string, unknown>
  holder[key] = wallet
  const entry: ProviderEntry = { id: DEV_BITCOIN_PROVIDER_ID, name: options.name ?? 'Portico Dev Bitcoin Wallet', icon: options.icon ?? ICON }
  target.btc_providers = [...(target.btc_providers ?? []), entry]
  const asDefault = (options.asDefault ?? true) && target.BitcoinProvider === undefined
  if (asDefault) target.BitcoinProvider = wallet
  return {
    wallet,
    providerId: DEV_BITCOIN_PROVIDER_ID,
    uninstall() {
      delete holder[key]
      target.btc_providers = (target.btc_providers ?? []).filter((candidate) => candidate !== entry)
      if (asDefault && target.BitcoinProvider === wallet) delete target.BitcoinProvider
    },
  }
}
