// Bundles the Solana and Bitcoin dev wallets' browser entries into classic scripts
// (IIFE) for the demo page, and writes the config scripts they read, the way
// injected/build.ts does for the EVM dev wallet.
import { build } from 'esbuild'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { browserScript } from '../esbuildOptions'
import type { BitcoinDevWalletPageConfig } from './bitcoin/browser'
import type { SolanaDevWalletPageConfig } from './solana/browser'

import { BITCOIN_DEV_WALLET_SCRIPT, SOLANA_DEV_WALLET_SCRIPT, writeChainDevWalletConfigs } from './pageScripts'

/**
 * Writes the Solana and Bitcoin dev wallets and their config scripts into `outdir`.
 * The demo page loads each config script, then its wallet.
 *
 * @example
 * // dev/stack.ts, after buildDemo()
 * await buildChainDevWallets({ outdir, solana: { rpcUrl: solanaRpc.url }, bitcoin: { esploraUrl: esplora.url } })
 */
export async function buildChainDevWallets({ outdir, solana, bitcoin, minify = true }: { outdir: string; solana: SolanaDevWalletPageConfig; bitcoin: BitcoinDevWalletPageConfig; minify?: boolean }) {
  await mkdir(outdir, { recursive: true })
  await Promise.all([
    build({ ...browserScript, entryPoints: [path.join(__dirname, 'solana/browser.ts')], outfile: path.join(outdir, SOLANA_DEV_WALLET_SCRIPT), minify }),
    build({ ...browserScript, entryPoints: [path.join(__dirname, 'bitcoin/browser.ts')], outfile: path.join(outdir, BITCOIN_DEV_WALLET_SCRIPT), minify }),
    writeChainDevWalletConfigs(outdir, { solana, bitcoin }),
  ])
}
