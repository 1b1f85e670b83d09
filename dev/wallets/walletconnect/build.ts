// Builds and serves the WalletConnect dev wallet page: esbuild bundles page.ts into one
// classic script; a config script carries the relay and RPC URLs. dev/stack.ts serves
// it beside the demo (see docs/walletconnect.md).
import { build } from 'esbuild'
import { browserScript } from '../../esbuildOptions'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { contentSecurityPolicy, serveStatic } from '../../staticServer'
import type { WalletConnectWalletPageConfig } from './page'

export const WC_WALLET_SCRIPT = 'wc-wallet.js'
export const WC_WALLET_CONFIG_SCRIPT = 'wc-wallet-config.js'

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
    writeFile(path.join(outdir, WC_WALLET_CONFIG_SCRIPT), `globalThis.PORTICO_WC_WALLET = ${JSON.stringify(config)}\n`),
  ])
  return { outdir }
}

export type ServedWalletConnectWallet = {
  /** The page's URL; add `?uri=wc:...` to pair at once, `&auto=1` to approve everything. */
  url: string
  close(): Promise<void>
}

/**
 * Builds the page (into `outdir`, or a temporary folder) and serves it on 127.0.0.1
 * under a strict CSP whose connect-src allows the relay and the RPC URLs only.
 *
 * @example
 * // dev/stack.ts
 * const relay = await startRelay({ port: 8789 })
 * const wcWallet = await serveWalletConnectWallet({ config: { relayUrl: relay.url, rpcUrls: chains.rpcUrls }, port: 5174 })
 * console.log(`WalletConnect wallet: ${wcWallet.url}`)
 */
export async function serveWalletConnectWallet({ config, port = 0, outdir }: { config: WalletConnectWalletPageConfig; port?: number; outdir?: string }): Promise<ServedWalletConnectWallet> {
  const dir = outdir ?? (await mkdtemp(path.join(os.tmpdir(), 'portico-wc-wallet-')))
  await buildWalletConnectWallet({ outdir: dir, config })
  const services = [config.relayUrl, ...Object.values(config.rpcUrls ?? {}), ...(config.solana ? [config.solana.rpcUrl] : []), ...(config.bitcoin ? [config.bitcoin.esploraUrl] : [])].map(originOf)
  const server = await serveStatic({ dir, port, csp: contentSecurityPolicy([...new Set(services)]) })
  return {
    url: server.url,
    async close() {
      await server.close()
      if (!outdir) await rm(dir, { recursive: true, force: true })
    },
  }
}

/** `ws://127.0.0.1:8789/x` → `ws://127.0.0.1:8789` (URL.origin is "null" for ws: in some runtimes). */
function originOf(url: string): string {
  const parsed = new URL(url)
  return `${parsed.protocol}//${parsed.host}`
}
