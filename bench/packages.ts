// Counts the npm packages a dapp installs to use one integration: the closure of its
// direct dependencies (with their installed peers and optional dependencies) through a
// package-lock.json, resolved the way Node resolves (nearest node_modules first).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

type LockEntry = {
  version?: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  link?: boolean
  resolved?: string
}

type Lockfile = { lockfileVersion: number; packages: Record<string, LockEntry> }

/** The lockfile key `name` resolves to from the package at `from` (Node's lookup), if installed. */
function resolveFrom(lock: Lockfile, dir: string, from: string, name: string): string | undefined {
  let base = from
  for (;;) {
    const key = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`
    if (lock.packages[key] && existsSync(path.join(dir, key))) return key
    if (base === '') return undefined
    const at = base.lastIndexOf('/node_modules/')
    base = at < 0 ? '' : base.slice(0, at)
  }
}

export type PackageCount = { count: number; packages: string[] }

/**
 * Packages reached from `roots` (direct dependency names) in the lockfile of `dir`.
 * Only packages present on disk count: other-platform optional binaries are listed in
 * lockfiles but never installed.
 */
export function countPackages(dir: string, roots: readonly string[]): PackageCount {
  const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as Lockfile
  if (lock.lockfileVersion < 2) throw new Error(`${dir}: lockfile v${lock.lockfileVersion} has no "packages" map`)
  const seen = new Set<string>()
  const queue: string[] = []
  const add = (from: string, name: string) => {
    const key = resolveFrom(lock, dir, from, name)
    if (key && !seen.has(key)) {
      seen.add(key)
      queue.push(key)
    }
  }
  for (const name of roots) add('', name)
  while (queue.length > 0) {
    const key = queue.shift()!
    const entry = lock.packages[key]!
    const optionalPeers = entry.peerDependenciesMeta ?? {}
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
    ]
    for (const name of names) add(key, name)
  }
  const packages = [...seen].map((key) => `${key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${lock.packages[key]?.version ?? '?'}`).sort()
  return { count: seen.size, packages }
}

/** Every package installed in `dir` (the whole lockfile, on disk). */
export function countAllInstalled(dir: string): number {
  const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as Lockfile
  return Object.keys(lock.packages).filter((key) => key !== '' && existsSync(path.join(dir, key))).length
}
