// Bundles the dev wallet's browser entry into one classic script (IIFE) for the demo
// page, and writes the small config script the bundle reads.
import { build } from 'esbuild'
import { browserScript } from '../../esbuildOptions'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { DevWalletPageConfig } from './browser'
import { DEV_WALLET_CONFIG_SCRIPT, DEV_WALLET_SCRIPT, writeDevWalletConfig } from '../pageScripts'

export { DEV_WALLET_CONFIG_SCRIPT, DEV_WALLET_SCRIPT }

/**
 * Writes `dev-wallet.js` (the wallet) and `dev-wallet-config.js` (its RPC URLs) into
 * `outdir`. The page loads the config script first, then the wallet.
 *
 * @example
 * // dev/stack.ts, after buildDemo()
 * await buildDevWallet({ outdir, config: { rpcUrls: chains.rpcUrls } })
 */
export async function buildDevWallet({ outdir, config, minify = true }: { outdir: string; config: DevWalletPageConfig; minify?: boolean }) {
  await mkdir(outdir, { recursive: true })
  await build({
    ...browserScript,
    entryPoints: [path.join(__dirname, 'browser.ts')],
    outfile: path.join(outdir, DEV_WALLET_SCRIPT),
    minify,
  })
  await writeDevWalletConfig(outdir, config)
  return { script: DEV_WALLET_SCRIPT, configScript: DEV_WALLET_CONFIG_SCRIPT }
}
