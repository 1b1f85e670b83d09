/**
 * `portico/testing`: the development wallets of the local kit (`portico-dev`) for any
 * page, in development and in the dapp's own browser tests (docs/testing-your-dapp.md).
 * EVM (EIP-6963 and `window.ethereum`), Solana (Wallet Standard) and Bitcoin
 * (sats-connect providers), signing with the public development keys. Never import this
 * entry from production code: the keys are public and the wallets approve every request.
 * The main entries (`portico`, `portico/react`, ...) hold none of it (dev/buildLib.test.ts).
 */
import { DEV_PRIVATE_KEYS } from '../dev/chain/devAccounts'
import { installDevWallet } from '../dev/wallets/injected/install'
import { DEV_BITCOIN_ORDINALS_KEY_HEX, DEV_BITCOIN_PAYMENT_KEY_HEX, DEV_SOLANA_SEED_HEX, fromHex } from '../dev/wallets/devKeys'

/** The private keys of anvil's public development accounts; the EVM dev wallet signs with the first. */
export const DEV_ACCOUNT_KEYS: readonly `0x${string}`[] = DEV_PRIVATE_KEYS

/** The names the wallets show in Portico's wallet list. */
export const DEV_WALLET_NAMES = { evm: 'Portico Dev Wallet', solana: 'Portico Dev Solana Wallet', bitcoin: 'Portico Dev Bitcoin Wallet' } as const

export type DevWalletsOptions = {
  /** EVM chains: chain id → JSON-RPC URL (the kit's `chains[].rpcUrl`). */
  evm?: { rpcUrls: Record<number, string>; privateKey?: `0x${string}` | undefined; chainId?: number | undefined; legacy?: boolean | undefined } | undefined
  /** The kit's Solana RPC stand-in (`solana.rpcUrl`); the wallet serves `solana:localnet` through it. */
  solana?: { rpcUrl: string } | undefined
  /** The kit's Esplora stand-in (`bitcoin.esploraUrl`); the wallet starts on Regtest. */
  bitcoin?: { esploraUrl: string } | undefined
  /** The page's window; the global one by default. */
  window?: Window | undefined
}

/** The part of `portico-dev --json` the wallets need. */
export type KitWalletInfo = { chains: readonly { chainId: number; rpcUrl: string }[]; solana?: { rpcUrl: string } | undefined; bitcoin?: { esploraUrl: string } | undefined }

export type InstalledDevWallets = {
  /** The EVM wallet's EIP-1193 provider (an account per development key; `setAccount` switches). */
  evm: { address: `0x${string}`; provider: { request(args: { method: string; params?: unknown }): Promise<unknown> } } | undefined
  solana: { address: string } | undefined
  bitcoin: { payment: string; ordinals: string } | undefined
  /** Takes every wallet off the page again. */
  uninstall(): void
}

/**
 * The options for all three wallets from the kit's JSON (`portico-dev --json`).
 *
 * @example
 * const kit = JSON.parse(await (await fetch('/portico-dev.json')).text())
 * await installDevWallets(devWalletsFromKit(kit))
 */
export function devWalletsFromKit(kit: KitWalletInfo): DevWalletsOptions {
  return {
    evm: { rpcUrls: Object.fromEntries(kit.chains.map((chain) => [chain.chainId, chain.rpcUrl])), legacy: true },
    ...(kit.solana ? { solana: { rpcUrl: kit.solana.rpcUrl } } : {}),
    ...(kit.bitcoin ? { bitcoin: { esploraUrl: kit.bitcoin.esploraUrl } } : {}),
  }
}

/**
 * Injects the development wallets asked for into the page, the way browser extensions
 * do, so Portico's wallet list shows them. The Solana and Bitcoin wallets load only when
 * asked for.
 *
 * @example
 * if (import.meta.env.DEV) {
 *   const { installDevWallets } = await import('portico/testing')
 *   await installDevWallets({ evm: { rpcUrls: { 1: 'http://127.0.0.1:8545' } } })
 * }
 */
export async function installDevWallets(options: DevWalletsOptions): Promise<InstalledDevWallets> {
  const host = options.window ?? (typeof window === 'undefined' ? undefined : window)
  if (!host) throw new Error('installDevWallets needs a page: pass options.window outside a browser')
  const uninstalls: (() => void)[] = []
  const evm = options.evm
    ? installDevWallet({
        rpcUrls: options.evm.rpcUrls,
        privateKey: options.evm.privateKey,
        ...(options.evm.chainId === undefined ? {} : { chainId: options.evm.chainId }),
        legacy: options.evm.legacy ?? true,
        window: host,
      })
    : undefined
  if (evm) uninstalls.push(evm.uninstall)
  let solana: InstalledDevWallets['solana']
  if (options.solana) {
    const { installSolanaDevWallet } = await import('../dev/wallets/solana/index')
    const installed = await installSolanaDevWallet({ rpcUrl: options.solana.rpcUrl, seeds: [fromHex(DEV_SOLANA_SEED_HEX)], chains: ['solana:localnet'], name: DEV_WALLET_NAMES.solana, window: host })
    uninstalls.push(installed.uninstall)
    solana = { address: installed.wallet.dev.addresses()[0]! }
  }
  let bitcoin: InstalledDevWallets['bitcoin']
  if (options.bitcoin) {
    const { installBitcoinDevWallet } = await import('../dev/wallets/bitcoin/index')
    const installed = installBitcoinDevWallet({
      esploraUrl: options.bitcoin.esploraUrl,
      paymentKey: fromHex(DEV_BITCOIN_PAYMENT_KEY_HEX),
      ordinalsKey: fromHex(DEV_BITCOIN_ORDINALS_KEY_HEX),
      name: DEV_WALLET_NAMES.bitcoin,
      window: host,
    })
    uninstalls.push(installed.uninstall)
    bitcoin = installed.wallet.dev.addresses()
  }
  return {
    evm: evm ? { address: evm.provider.address, provider: evm.provider } : undefined,
    solana,
    bitcoin,
    uninstall: () => uninstalls.reverse().forEach((uninstall) => uninstall()),
  }
}
