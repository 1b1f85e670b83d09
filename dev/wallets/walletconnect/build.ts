// Builds and serves the WalletConnect dev wallet page: esbuild bundles page.ts into one
// classic script; a config script carries the relay and RPC URLs. dev/stack.ts serves
// it beside the demo (see docs/walletconnect.md).
import { build } from 'esbuild'
import { browserScript } from '../../esbuildOptions'
import { copyFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { serveWalletConnectWalletPage, type ServedWalletConnectWallet } from './serve'
import type { WalletConnectWalletPageConfig } from './page'
import { WC_WALLET_CONFIG_SCRIPT, WC_WALLET_SCRIPT, writeWalletConnectWalletConfig } from '../pageScripts'

export { WC_WALLET_CONFIG_SCRIPT, WC_WALLET_SCRIPT, type ServedWalletConnectWallet }

/**
 * Writes the page into `outdir`: index.html, wc-wallet.css, wc-wallet.js (the wallet)
 * and wc-wallet-config.js (`globalThis.PORTICO_WC_WALLET = config`).
 *
 * @example
 * await buildWalletConnectWallet({ outdir: 'demo/dist/wc-wallet', config: { relayUrl: relay.url, rpcUrls: chains.rpcUrls } })
 */
export async function buildWalletConnectWallet({ outdir, config, minify = true }: { outdir: string; config: WalletConnectWalletPageConfig; minify?: boolean }) {
  await mkdir(outdir, { recursive: true })
  await build({
    ...browserScript,
    entryPoints: [path.join(__dirname, 'page.ts')],
    outfile: path.join(outdir, WC_WALLET_SCRIPT),
    minify,
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  await Promise.all([
    copyFile(path.join(__dirname, 'index.html'), path.join(outdir, 'index.html')),
    copyFile(path.join(__dirname, 'wallet.css'), path.join(outdir, 'wc-wallet.css')),
    writeWalletConnectWalletConfig(outdir, config),
  ])
  return { outdir }
}

/**
 * Builds the page (into `outdir`, or a temporary folder) and serves it on 127.0.0.1
 * under a strict CSP whose connect-src allows the relay and the RPC URLs only.
 *
 * @example
 * const relay = await startRelay({ port: 8789 })
 * const wcWallet = await serveWalletConnectWallet({ config: { relayUrl: relay.url, rpcUrls: chains.rpcUrls }, port: 5174 })
 * console.log(`WalletConnect wallet: ${wcWallet.url}`)
 */
export const serveWalletConnectWallet = (options: { config: WalletConnectWalletPageConfig; port?: number; outdir?: string }): Promise<ServedWalletConnectWallet> =>
  serveWalletConnectWalletPage({ ...options, build: (outdir, config) => buildWalletConnectWallet({ outdir, config }) })
