import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { countPackages } from './packages'

/** A dapp folder with a package-lock.json of `packages` and each of them on disk unless in `missing`. */
function dapp(packages: Record<string, object>, missing: readonly string[] = []): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-count-'))
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': {}, ...packages } }))
  for (const key of Object.keys(packages)) if (!missing.includes(key)) mkdirSync(path.join(dir, key), { recursive: true })
  return dir
}

describe('countPackages', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('follows dependencies, nested copies first, and required peers, but not optional peers or other installs', () => {
    const dir = dapp(
      {
        'node_modules/portico': {
          version: '1.0.0',
          dependencies: { qrcode: '^1' },
          peerDependencies: { viem: '^2', '@solana/kit': '^8' },
          peerDependenciesMeta: { '@solana/kit': { optional: true } },
        },
        'node_modules/qrcode': { version: '1.5.4', dependencies: { pngjs: '^5' } },
        'node_modules/qrcode/node_modules/pngjs': { version: '5.0.0' },
        'node_modules/pngjs': { version: '7.0.0' },
        'node_modules/viem': { version: '2.0.0', dependencies: { ox: '^0' } },
        'node_modules/ox': { version: '0.1.0', optionalDependencies: { 'ox-native': '*' } },
        'node_modules/ox-native': { version: '0.1.0' },
        'node_modules/@solana/kit': { version: '8.4.0' },
      },
      ['node_modules/ox-native'],
    )
    dirs.push(dir)
    expect(countPackages(dir, ['portico'])).toEqual({
      count: 5,
      packages: ['ox@0.1.0', 'pngjs@5.0.0', 'portico@1.0.0', 'qrcode@1.5.4', 'viem@2.0.0'],
    })
    // The dapp that also installs the optional peer counts it.
    expect(countPackages(dir, ['portico', '@solana/kit']).count).toBe(6)
  })
})
