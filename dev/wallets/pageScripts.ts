// The dev wallets' classic scripts for a page, by file name, and the small config script
// each one reads. The builders (injected/build.ts, chainWalletsBuild.ts,
// walletconnect/build.ts) bundle the wallets from source; the `portico-dev` package ships
// them prebuilt and writes only the config scripts (dev/stackAssets.ts). No esbuild here.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { BitcoinDevWalletPageConfig } from './bitcoin/browser'
import type { DevWalletPageConfig } from './injected/browser'
import type { SolanaDevWalletPageConfig } from './solana/browser'
import type { WalletConnectWalletPageConfig } from './walletconnect/page'

export const DEV_WALLET_SCRIPT = 'dev-wallet.js'
export const DEV_WALLET_CONFIG_SCRIPT = 'dev-wallet-config.js'
export const SOLANA_DEV_WALLET_SCRIPT = 'dev-solana-wallet.js'
export const SOLANA_DEV_WALLET_CONFIG_SCRIPT = 'dev-solana-wallet-config.js'
export const BITCOIN_DEV_WALLET_SCRIPT = 'dev-bitcoin-wallet.js'
export const BITCOIN_DEV_WALLET_CONFIG_SCRIPT = 'dev-bitcoin-wallet-config.js'
export const WC_WALLET_SCRIPT = 'wc-wallet.js'
export const WC_WALLET_CONFIG_SCRIPT = 'wc-wallet-config.js'

/** Writes `globalThis[name] = config` as the script `file` in `outdir`. */
const writeConfigScript = (outdir: string, file: string, name: string, config: unknown) => writeFile(path.join(outdir, file), `globalThis.${name} = ${JSON.stringify(config)}\n`)

export const writeDevWalletConfig = (outdir: string, config: DevWalletPageConfig) => writeConfigScript(outdir, DEV_WALLET_CONFIG_SCRIPT, 'PORTICO_DEV_WALLET', config)

export const writeChainDevWalletConfigs = (outdir: string, { solana, bitcoin }: { solana: SolanaDevWalletPageConfig; bitcoin: BitcoinDevWalletPageConfig }) =>
  Promise.all([
    writeConfigScript(outdir, SOLANA_DEV_WALLET_CONFIG_SCRIPT, 'PORTICO_DEV_SOLANA_WALLET', solana),
    writeConfigScript(outdir, BITCOIN_DEV_WALLET_CONFIG_SCRIPT, 'PORTICO_DEV_BITCOIN_WALLET', bitcoin),
  ])

export const writeWalletConnectWalletConfig = (outdir: string, config: WalletConnectWalletPageConfig) => writeConfigScript(outdir, WC_WALLET_CONFIG_SCRIPT, 'PORTICO_WC_WALLET', config)
