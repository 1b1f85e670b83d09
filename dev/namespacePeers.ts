// Which packages a dapp installs beside `portico` for which chains (issue 20): the single
// list that the packed-package test, the bench's package counts and the docs' install
// table follow. Every name here is a peer dependency of portico; the EVM ones are
// required, the others optional, so an EVM-only dapp never installs the Solana and
// Bitcoin stacks.
import { readFileSync } from 'node:fs'
import path from 'node:path'

/** React and react-dom: every dapp has them (portico/react renders the modal). */
export const REACT_PEERS = ['react', 'react-dom'] as const

/** Per namespace, the entry a dapp imports its plugin from and the peers that entry needs. */
export const NamespaceInstalls = {
  eip155: { entry: 'portico', peers: ['viem'] },
  solana: { entry: 'portico/solana', peers: ['@solana/kit', '@solana/web3.js', '@solana/wallet-adapter-base', '@solana-program/token', '@wallet-standard/app'] },
  bip122: { entry: 'portico/bitcoin', peers: ['sats-connect', 'bitcoin-address-validation'] },
} as const satisfies Record<string, { entry: string; peers: readonly string[] }>

/** Optional peers that belong to no namespace: portico/wagmi's. */
export const WAGMI_PEERS = ['wagmi', '@wagmi/core', '@tanstack/react-query'] as const
/** The dapp's own browser tests through `portico/testing/playwright` (docs/testing-your-dapp.md): a dev tool, optional. */
export const TESTING_PEERS = ['playwright-core'] as const

/** What an EVM-only dapp adds to its package.json. */
export const EVM_ONLY_PEERS: readonly string[] = [...REACT_PEERS, ...NamespaceInstalls.eip155.peers]

/** What a dapp on every namespace adds to its package.json. */
export const ALL_NAMESPACE_PEERS: readonly string[] = [...REACT_PEERS, ...Object.values(NamespaceInstalls).flatMap((install) => install.peers)]

type PackageJson = { dependencies?: Record<string, string>; peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }> }

/** portico's package.json (the repository's). */
export function porticoPackageJson(root = path.resolve(__dirname, '..')): PackageJson {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson
}

/**
 * The direct dependencies of a dapp's install as the bench counts them: portico's own
 * dependencies (which npm installs with it) plus the peers the dapp adds.
 */
export function dappInstall(peers: readonly string[], pkg: PackageJson = porticoPackageJson()): string[] {
  return [...Object.keys(pkg.dependencies ?? {}), ...peers]
}
