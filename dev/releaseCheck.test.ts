/**
 * `npm run release:check` (dev/releaseCheck.ts) refuses a tarball that lacks a file its
 * package.json points at, the way a published package would break its users; Changesets
 * (docs/releasing.md) versions the root library, the server and the kit together.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { packChecked, pointedAt } from './releaseCheck'

const tmp = mkdtempSync(path.join(os.tmpdir(), 'portico-release-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** A package in `tmp/name` whose package.json points at dist/index.mjs, dist/index.d.ts and a bin; `files` are written. */
function fixture(name: string, files: string[]): string {
  const dir = path.join(tmp, name)
  mkdirSync(path.join(dir, 'dist'), { recursive: true })
  const manifest = {
    name,
    version: '1.2.3',
    files: ['dist'],
    types: './dist/index.d.ts',
    bin: { [name]: 'dist/cli.js' },
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.mjs' }, './styles.css': './dist/styles.css' },
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest))
  for (const file of files) writeFileSync(path.join(dir, file), '')
  return dir
}

describe('release:check', () => {
  it('lists every file a package.json points at, once', () => {
    expect(
      pointedAt({
        name: 'x',
        version: '1.0.0',
        main: './dist/index.mjs',
        types: './dist/index.d.ts',
        exports: { '.': { types: './dist/index.d.ts', import: './dist/index.mjs' }, './styles.css': './dist/styles.css' },
      }),
    ).toEqual(['dist/index.mjs', 'dist/index.d.ts', 'dist/styles.css'])
  })

  it('packs a package that holds everything it points at', () => {
    const packed = packChecked(fixture('whole', ['dist/index.mjs', 'dist/index.d.ts', 'dist/cli.js', 'dist/styles.css']), path.join(tmp, 'out-whole'))
    expect({ name: packed.name, version: packed.version, tarball: path.basename(packed.tarball) }).toEqual({ name: 'whole', version: '1.2.3', tarball: 'whole-1.2.3.tgz' })
  })

  it('refuses a tarball without a file its package.json points at', () => {
    expect(() => packChecked(fixture('partial', ['dist/index.mjs', 'dist/cli.js']), path.join(tmp, 'out-partial'))).toThrow(
      "partial's tarball lacks what its package.json points at: dist/index.d.ts, dist/styles.css",
    )
  })
})

describe('Changesets', () => {
  it('sees the root library, the server and the kit, and bumps the three to one version from a changeset naming one', () => {
    const root = path.resolve(__dirname, '..')
    const changeset = path.join(root, '.changeset', `release-check-test-${process.pid}.md`)
    const status = path.join(tmp, 'status.json')
    writeFileSync(changeset, "---\n'portico': patch\n---\n\nA fix.\n")
    try {
      execFileSync(process.execPath, [require.resolve('@changesets/cli/bin.js'), 'status', `--output=${status}`], { cwd: root, stdio: 'pipe' })
    } finally {
      rmSync(changeset)
    }
    const releases = (JSON.parse(readFileSync(status, 'utf8')) as { releases: { name: string; newVersion: string }[] }).releases
    expect(releases.map((release) => release.name).sort()).toEqual(['portico', 'portico-dev', 'portico-server'])
    expect(new Set(releases.map((release) => release.newVersion)).size).toBe(1)
  })
})
