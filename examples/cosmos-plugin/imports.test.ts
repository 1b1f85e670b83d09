import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

// The example is a third-party package: its code may import Portico only by its public
// name ('portico'; the demo dapp also 'portico/react'), the packages its package.json
// declares, and its own files. Reaching into the repository (../../src/...) would prove
// nothing about the public API.
const root = __dirname
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<'dependencies' | 'peerDependencies' | 'devDependencies', Record<string, string>>

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(path.join(folder, entry.name)) : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.join(folder, entry.name)] : [],
  )
}

function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true).importedFiles.map((imported) => imported.fileName)
}

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** The specifiers of `file` (repo-relative to the package) that leave the package or its declared packages. */
function refused(file: string, specifiers: readonly string[], publicEntries: readonly string[], packages: readonly string[]): string[] {
  return specifiers.filter((specifier) => {
    if (specifier.startsWith('.')) return path.relative(root, path.resolve(root, path.dirname(file), specifier)).startsWith('..')
    if (specifier === 'portico' || specifier.startsWith('portico/')) return !publicEntries.includes(specifier)
    return !packages.includes(packageOf(specifier))
  })
}

describe('examples/cosmos-plugin imports', () => {
  it("the plugin imports Portico only as 'portico', and only its declared dependencies", () => {
    const packages = Object.keys(manifest.dependencies)
    const files = sources('src')
    expect(files.length).toBeGreaterThan(5)
    expect(files.flatMap((file) => refused(file, importsOf(file), ['portico'], packages).map((specifier) => `${file}: ${specifier}`))).toEqual([])
  })

  it("the demo dapp imports 'portico', 'portico/react', the plugin and its declared packages", () => {
    const packages = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]
    expect(sources('demo').flatMap((file) => refused(file, importsOf(file), ['portico', 'portico/react'], packages).map((specifier) => `${file}: ${specifier}`))).toEqual([])
  })

  it('refuses a reach into the repository, a private entry and an undeclared package', () => {
    const specifiers = ['../../../src/store', '../demo/main', './amino', 'portico', 'portico/solana', '@noble/hashes/sha2', 'viem']
    expect(refused(path.join('src', 'plugin.ts'), specifiers, ['portico'], ['@noble/hashes'])).toEqual(['../../../src/store', 'portico/solana', 'viem'])
  })
})
