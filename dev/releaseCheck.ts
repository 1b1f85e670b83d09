// `npm run release:check`: everything short of publishing (docs/releasing.md). Packs the
// three packages with `npm pack`, whose `prepack` scripts build them (the library's build fails
// when a client entry lost 'use client' or a production entry reaches dev-wallet code,
// dev/buildLib.ts), checks each tarball holds what its package.json points at, and, unless
// --no-tests, runs the tests of what users install (dev/packedPackage.test.ts,
// server/packedServer.test.ts, dev/examples.test.ts). The tarballs land in release/.
// Nothing is published: `npx changeset publish` is a maintainer's step after this.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { npmPack, type Packed } from './npmPack'

const root = path.resolve(__dirname, '..')

type Manifest = { name: string; version: string; main?: string; types?: string; bin?: Record<string, string>; exports?: Record<string, string | Record<string, string>> }

/** The files a package.json points at (main, types, bin, every export target). */
export function pointedAt(manifest: Manifest): string[] {
  const targets = [
    manifest.main,
    manifest.types,
    ...Object.values(manifest.bin ?? {}),
    ...Object.values(manifest.exports ?? {}).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target))),
  ]
  return [...new Set(targets.filter((target): target is string => target !== undefined).map((target) => target.replace(/^\.\//, '')))]
}

export type ReleasePack = Packed & { name: string; version: string }

/** Packs `dir` into `destination` and checks the tarball holds every file its package.json points at. */
export function packChecked(dir: string, destination: string): ReleasePack {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest
  mkdirSync(destination, { recursive: true })
  const packed = npmPack(dir, destination)
  const missing = pointedAt(manifest).filter((file) => !packed.files.includes(file))
  if (missing.length > 0) throw new Error(`${manifest.name}'s tarball lacks what its package.json points at: ${missing.join(', ')}`)
  return { ...packed, name: manifest.name, version: manifest.version }
}

/** The published packages by name, and their folders: the library, the reference server, the local kit. */
export const PACKAGES = { portico: '.', 'portico-server': 'server', 'portico-dev': 'kit' } as const

/** Builds and packs every package into `outDir`/<its name> (`outDir` emptied first), each checked. */
export function packAll(outDir: string): ReleasePack[] {
  rmSync(outDir, { recursive: true, force: true })
  return Object.entries(PACKAGES).map(([name, dir]) => packChecked(path.join(root, dir), path.join(outDir, name)))
}

/** The tarball of each package in `packs`, by package name. */
export const tarballs = (packs: readonly ReleasePack[]): Record<string, string> => Object.fromEntries(packs.map((pack) => [pack.name, pack.tarball]))

/** Builds and packs `portico`, `portico-server` and `portico-dev` into `outDir`; runs the install tests unless `tests` is false. */
export function releaseCheck({ outDir = path.join(root, 'release'), tests = true }: { outDir?: string; tests?: boolean } = {}): ReleasePack[] {
  const packs = packAll(outDir)
  if (tests) {
    const jest = path.join(root, 'node_modules/jest/bin/jest.js')
    execFileSync(process.execPath, [jest, 'dev/packedPackage.test.ts', 'server/packedServer.test.ts', '--maxWorkers=1'], { cwd: root, stdio: 'inherit' })
    execFileSync(process.execPath, [jest, 'dev/examples.test.ts', '--selectProjects', 'node'], { cwd: root, stdio: 'inherit' })
  }
  return packs
}

if (require.main === module) {
  const packs = releaseCheck({ tests: !process.argv.includes('--no-tests') })
  console.log(`Ready to publish (nothing was published):\n${packs.map((pack) => `  ${pack.name}@${pack.version}  ${path.relative(root, pack.tarball)}  (${pack.files.length} files)`).join('\n')}`)
}
