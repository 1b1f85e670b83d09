// What the bench measures: the minimal Portico integration and the same integration
// with each of the three anchors, from their npm packages in bench/anchors/.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { ALL_NAMESPACE_PEERS, dappInstall, EVM_ONLY_PEERS } from '../dev/namespacePeers'
import type { Probe } from './measurePage'
import { BENCH_DIR, REPO_ROOT } from './buildIntegration'

export const ANCHORS_DIR = path.join(BENCH_DIR, 'anchors')

export type Integration = {
  /** Short id: output folder, JSON key. */
  id: string
  /** Column heading, with the version measured. */
  label: string
  entry: string
  /** Where its package-lock.json lives. */
  packageDir: string
  /** The dependencies a dapp adds to its package.json for this integration. */
  directDependencies: readonly string[]
  /** Portico only: the same with every namespace's peers (Solana and Bitcoin too). */
  allNamespacesDependencies?: readonly string[] | undefined
  connectButton: Probe
  firstWalletOption: Probe
}

const versionOf = (dir: string, name: string) => {
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
  } catch {
    return '?'
  }
}

/** Portico: provider, Connect button, eip155 (injected + WalletConnect + email), mainnet + Base. */
export const portico: Integration = {
  id: 'portico',
  label: `Portico ${(JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version}`,
  entry: path.join(BENCH_DIR, 'integrations/portico.tsx'),
  packageDir: REPO_ROOT,
  // Portico's own dependencies (package.json "dependencies") plus the peers an EVM-only
  // dapp adds (React, viem); the Solana and Bitcoin peers are optional (dev/namespacePeers.ts).
  directDependencies: dappInstall(EVM_ONLY_PEERS),
  allNamespacesDependencies: dappInstall(ALL_NAMESPACE_PEERS),
  connectButton: { path: ['[data-testid="portico-connect-button"]'] },
  // A row of the wallet list in the Connect view (a wallet, or "All Wallets"); on a touch
  // screen the modal opens on the phone's wallet routes ("Email, social and other wallets").
  firstWalletOption: { path: ['[data-testid="portico-connect-methods"] .portico-row, [data-testid="portico-mobile-routes"] .portico-row'] },
}

/**
 * The floor (bench/integrations/floor.tsx): the same React, a button and a plain dialog
 * with four buttons. Not a wallet library: the page every other integration is compared with.
 */
export const floor: Integration = {
  id: 'floor',
  label: `React floor ${versionOf(REPO_ROOT, 'react')}`,
  entry: path.join(BENCH_DIR, 'integrations/floor.tsx'),
  packageDir: REPO_ROOT,
  directDependencies: ['react', 'react-dom'],
  connectButton: { path: ['[data-testid="floor-connect-button"]'] },
  firstWalletOption: { path: ['.floor-option'] },
}

const wagmiStack = ['wagmi', 'viem', '@tanstack/react-query', 'react', 'react-dom'] as const

export function anchors(): Integration[] {
  const v = (name: string) => versionOf(ANCHORS_DIR, name)
  return [
    {
      id: 'appkit',
      label: `AppKit ${v('@reown/appkit')}`,
      entry: path.join(ANCHORS_DIR, 'src/appkit.tsx'),
      packageDir: ANCHORS_DIR,
      directDependencies: ['@reown/appkit', '@reown/appkit-adapter-wagmi', ...wagmiStack],
      // <appkit-button> renders <wui-connect-button>, whose shadow root holds the <button>.
      connectButton: { path: ['wui-connect-button', 'button'] },
      firstWalletOption: { path: ['wui-list-wallet', 'button'] },
    },
    {
      id: 'rainbowkit',
      label: `RainbowKit ${v('@rainbow-me/rainbowkit')}`,
      entry: path.join(ANCHORS_DIR, 'src/rainbowkit.tsx'),
      packageDir: ANCHORS_DIR,
      directDependencies: ['@rainbow-me/rainbowkit', ...wagmiStack],
      connectButton: { path: ['[data-testid="rk-connect-button"]'] },
      firstWalletOption: { path: ['[data-testid^="rk-wallet-option-"]'] },
    },
    {
      id: 'connectkit',
      label: `ConnectKit ${v('connectkit')}`,
      entry: path.join(ANCHORS_DIR, 'src/connectkit.tsx'),
      packageDir: ANCHORS_DIR,
      directDependencies: ['connectkit', ...wagmiStack],
      connectButton: { path: ['#root button'], text: 'Connect Wallet' },
      // Its wallet list has no test ids: a button naming one of the default wallets.
      firstWalletOption: { path: ['button'], text: 'MetaMask|Coinbase Wallet|WalletConnect|Other Wallets' },
    },
  ]
}

/**
 * Installs bench/anchors/ from its package.json (pinned versions) when node_modules is
 * missing or older than package.json. Only the npm registry is contacted.
 */
export function ensureAnchorsInstalled(log: (line: string) => void = console.log): void {
  const manifest = path.join(ANCHORS_DIR, 'package.json')
  const installed = path.join(ANCHORS_DIR, 'node_modules', '.package-lock.json')
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(manifest).mtimeMs) return
  log('Installing the anchors in bench/anchors (first run; about 2 minutes)...')
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ANCHORS_DIR, stdio: 'inherit' })
}
