import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { ChainNamespaces } from '../config/constants'

/**
 * Issue 18 / DESIGN.md "Plugins": a namespace plugin is the only place that knows a chain
 * family. The views, the validation rules and the store ask the registry or read the
 * plugins' features from the store; none of them names a namespace. This test reads their
 * code (not their comments, which may explain) and fails on any namespace name in a
 * string, a template, JSX text or an identifier (`byNamespace.eip155`, `isSolanaAddress`).
 * Test files and test harnesses (`test/` folders) may use namespaces as data, and so may
 * the translation catalogues (`locales/`): the SPEC §8 sentences they translate name a
 * network ('eip155:{chainId}') and their keys name the message, which is text shown to
 * the visitor, not a decision.
 */

const src = join(__dirname, '..')
const guarded = ['ui', 'validation', 'store']
/** The SPEC §3 namespaces and every built-in plugin's folder (src/plugins/<namespace>/). */
const namespaces = [...new Set([...ChainNamespaces, ...readdirSync(__dirname).filter((name) => statSync(join(__dirname, name)).isDirectory() && name !== 'test')])]

type Finding = { file: string; line: number; text: string }

/** Namespace names in the code of one source file: strings, templates, JSX text and identifiers. */
function chainFamilyNames(fileName: string, text: string, names: readonly string[] = namespaces): Finding[] {
  const word = new RegExp(`\\b(?:${names.join('|')})\\b`)
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const findings: Finding[] = []
  const visit = (node: ts.Node) => {
    const found =
      ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)
        ? word.test(node.text)
        : ts.isIdentifier(node) || ts.isPrivateIdentifier(node)
          ? names.some((name) => node.text.toLowerCase().includes(name))
          : false
    if (found) findings.push({ file: fileName, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: node.getText(source) })
    ts.forEachChild(node, visit)
  }
  visit(source)
  return findings
}

function libraryFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return ['test', '__snapshots__', 'locales'].includes(name) ? [] : libraryFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('core names no chain family', () => {
  it.each(guarded)('src/%s has no namespace name in its code', (folder) => {
    const files = libraryFiles(join(src, folder))
    expect(files.length).toBeGreaterThan(0)
    const findings = files.flatMap((file) => chainFamilyNames(relative(src, file), readFileSync(file, 'utf8')))
    expect(findings).toEqual([])
  })

  it('guards every SPEC namespace and every built-in plugin', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['eip155', 'solana', 'bip122', 'polkadot', 'cosmos']))
  })

  it('finds a namespace in a string, a template, JSX text, a property and an identifier', () => {
    const code = [
      "const a = account.namespace === 'eip155'",
      'const b = `solana:${reference}`',
      'const c = state.byNamespace.bip122',
      'const d = <p>Connect a polkadot wallet</p>',
      'const e = isSolanaAddress(address)',
      "const f = { polkadot: 'x' }",
    ].join('\n')
    expect(chainFamilyNames('view.tsx', code).map((finding) => [finding.line, finding.text])).toEqual([
      [1, "'eip155'"],
      [2, '`solana:${'],
      [3, 'bip122'],
      [4, 'Connect a polkadot wallet'],
      [5, 'isSolanaAddress'],
      [6, 'polkadot'],
    ])
  })

  it('leaves comments and look-alike words alone', () => {
    const code = ['// The plugin for eip155 answers this.', '/** e.g. solana:5eykt… */', "const eip = 'eip1559'", 'const bitcoin = 1'].join('\n')
    expect(chainFamilyNames('rule.ts', code)).toEqual([])
  })
})
