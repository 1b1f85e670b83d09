// What the local stack (dev/stack.ts) runs and serves that is built from this
// repository's sources: the reference server and the OpenID Connect stand-in (two Node
// programs), and the browser pages (the demo, the secure frame page, the dev wallets'
// scripts, the WalletConnect wallet page). In the repository they run and build from
// source (`sourceAssets`: tsx, esbuild). The `portico-dev` package (kit/, built by
// dev/buildKit.ts) has no sources: it runs portico-server's compiled bin and its own
// compiled OIDC program, and copies the pages it ships prebuilt (`prebuiltAssets`),
// writing only the config scripts that carry this run's URLs.
//
// The source builders are imported when called, never at load: the package's bundle
// carries this file but neither esbuild nor tsx.
import { cp, readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { readSecureConfig } from '../secure/config'
import type { BitcoinDevWalletPageConfig } from './wallets/bitcoin/browser'
import type { DevWalletPageConfig } from './wallets/injected/browser'
import type { SolanaDevWalletPageConfig } from './wallets/solana/browser'
import type { WalletConnectWalletPageConfig } from './wallets/walletconnect/page'
import { BITCOIN_DEV_WALLET_SCRIPT, DEV_WALLET_SCRIPT, SOLANA_DEV_WALLET_SCRIPT, writeChainDevWalletConfigs, writeDevWalletConfig, writeWalletConnectWalletConfig } from './wallets/pageScripts'

const root = path.resolve(__dirname, '..')

export type StackAssets = {
  /** The node arguments that run the reference server (its pid is the one the stack watches). */
  serverProgram: readonly string[]
  /** The node arguments that run the OpenID Connect provider (dev/oidc/main.ts). */
  oidcProgram: readonly string[]
  /** The demo dapp into an emptied `outdir`, with empty endpoint and dev-wallet scripts. */
  demo(outdir: string): Promise<void>
  /** The secure frame page into an emptied `outdir`, for the server at `apiUrl`. */
  securePage(outdir: string, options: { apiUrl: string; rpcUrls: Record<string, string> }): Promise<void>
  /** The EVM dev wallet's script and its config script into `outdir`. */
  evmDevWallet(outdir: string, config: DevWalletPageConfig): Promise<void>
  /** The Solana and Bitcoin dev wallets' scripts and config scripts into `outdir`. */
  chainDevWallets(outdir: string, config: { solana: SolanaDevWalletPageConfig; bitcoin: BitcoinDevWalletPageConfig }): Promise<void>
  /** The WalletConnect wallet page into `outdir`. */
  walletConnectWallet(outdir: string, config: WalletConnectWalletPageConfig): Promise<void>
}

/** The repository's own: programs under tsx, pages built with esbuild from source. */
export const sourceAssets: StackAssets = {
  // Getters: tsx is resolved only when the stack runs from source.
  get serverProgram() {
    return ['--import', 'tsx', path.join(root, 'server/main.ts')]
  },
  get oidcProgram() {
    return [require.resolve('tsx/cli'), path.join(root, 'dev/oidc/main.ts')]
  },
  async demo(outdir) {
    const { buildDemo } = await import('./build')
    await buildDemo({ outdir })
  },
  async securePage(outdir, options) {
    const { buildSecurePage } = await import('../secure/build')
    await buildSecurePage({ outdir, ...options })
  },
  async evmDevWallet(outdir, config) {
    const { buildDevWallet } = await import('./wallets/injected/build')
    await buildDevWallet({ outdir, config })
  },
  async chainDevWallets(outdir, config) {
    const { buildChainDevWallets } = await import('./wallets/chainWalletsBuild')
    await buildChainDevWallets({ outdir, ...config })
  },
  async walletConnectWallet(outdir, config) {
    const { buildWalletConnectWallet } = await import('./wallets/walletconnect/build')
    await buildWalletConnectWallet({ outdir, config })
  },
}

/** The folders of a prebuilt assets folder (what {@link prebuildAssets} writes). */
const PREBUILT = { demo: 'demo', secure: 'secure', wallets: 'wallets', walletConnect: 'wc-wallet' } as const

const copyScript = (from: string, outdir: string, file: string) => cp(path.join(from, file), path.join(outdir, file))

/**
 * The `portico-dev` package's: the programs it ships compiled (`server`, `oidc`: paths of
 * Node scripts) and the pages {@link prebuildAssets} wrote into `dir` at pack time.
 */
export function prebuiltAssets(dir: string, programs: { server: string; oidc: string }): StackAssets {
  const from = (folder: keyof typeof PREBUILT) => path.join(dir, PREBUILT[folder])
  return {
    serverProgram: [programs.server],
    oidcProgram: [programs.oidc],
    async demo(outdir) {
      await rm(outdir, { recursive: true, force: true })
      await cp(from('demo'), outdir, { recursive: true })
    },
    async securePage(outdir, options) {
      const { finishSecurePage } = await import('../secure/finishPage')
      await rm(outdir, { recursive: true, force: true })
      await cp(from('secure'), outdir, { recursive: true, filter: (file) => path.basename(file) !== 'index.html' })
      await finishSecurePage(outdir, readSecureConfig({ ...options, requireApproval: true }), await readFile(path.join(from('secure'), 'index.html'), 'utf8'))
    },
    async evmDevWallet(outdir, config) {
      await Promise.all([copyScript(from('wallets'), outdir, DEV_WALLET_SCRIPT), writeDevWalletConfig(outdir, config)])
    },
    async chainDevWallets(outdir, config) {
      await Promise.all([copyScript(from('wallets'), outdir, SOLANA_DEV_WALLET_SCRIPT), copyScript(from('wallets'), outdir, BITCOIN_DEV_WALLET_SCRIPT), writeChainDevWalletConfigs(outdir, config)])
    },
    async walletConnectWallet(outdir, config) {
      await cp(from('walletConnect'), outdir, { recursive: true })
      await writeWalletConnectWalletConfig(outdir, config)
    },
  }
}

/**
 * Builds every page into `dir` for {@link prebuiltAssets} (the `portico-dev` package's
 * build, dev/buildKit.ts): the demo and the wallet scripts as the stack builds them, the
 * secure page without its config, with its index.html template beside; no source maps.
 */
export async function prebuildAssets(dir: string): Promise<void> {
  const [{ buildDemo }, { bundleSecurePage, SECURE_PAGE_TEMPLATE }, { buildDevWallet }, { buildChainDevWallets }, { buildWalletConnectWallet }] = await Promise.all([
    import('./build'),
    import('../secure/build'),
    import('./wallets/injected/build'),
    import('./wallets/chainWalletsBuild'),
    import('./wallets/walletconnect/build'),
  ])
  const wallets = path.join(dir, PREBUILT.wallets)
  await Promise.all([
    buildDemo({ outdir: path.join(dir, PREBUILT.demo) }),
    bundleSecurePage(path.join(dir, PREBUILT.secure)).then(() => cp(SECURE_PAGE_TEMPLATE, path.join(dir, PREBUILT.secure, 'index.html'))),
    buildDevWallet({ outdir: wallets, config: { rpcUrls: {} } }),
    buildChainDevWallets({ outdir: wallets, solana: { rpcUrl: '' }, bitcoin: { esploraUrl: '' } }),
    buildWalletConnectWallet({ outdir: path.join(dir, PREBUILT.walletConnect), config: { relayUrl: '' } }),
  ])
  // Without their source maps (46 of the 53 MB): the package is installed for tests.
  const files = await readdir(dir, { recursive: true })
  await Promise.all(files.filter((file) => file.endsWith('.map')).map((file) => rm(path.join(dir, file))))
}
