// Serves the WalletConnect dev wallet page: written into `outdir` (or a temporary folder)
// by `build` (build.ts bundles it from source; the `portico-dev` package copies its
// prebuilt copy, dev/stackAssets.ts), then served on 127.0.0.1 under a strict CSP whose
// connect-src allows the relay and the RPC URLs only. No esbuild here.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { contentSecurityPolicy, serveStatic } from '../../staticServer'
import type { WalletConnectWalletPageConfig } from './page'

export type ServedWalletConnectWallet = {
  /** The page's URL; add `?uri=wc:...` to pair at once, `&auto=1` to approve everything. */
  url: string
  close(): Promise<void>
}

export async function serveWalletConnectWalletPage({
  config,
  port = 0,
  outdir,
  build,
}: {
  config: WalletConnectWalletPageConfig
  port?: number
  outdir?: string
  build: (outdir: string, config: WalletConnectWalletPageConfig) => Promise<unknown>
}): Promise<ServedWalletConnectWallet> {
  const dir = outdir ?? (await mkdtemp(path.join(os.tmpdir(), 'portico-wc-wallet-')))
  await build(dir, config)
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
