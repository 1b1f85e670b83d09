import { spawnSync } from 'node:child_process'

/** A snippet linted as if it were the file at `filePath`. */
export type LintCase = { filePath: string; code: string }

/**
 * Lints each case with the repository's real config (eslint.config.mjs) and gives, per
 * case, the ids of the messages of `rules` it raised ('fatal: …' for a parse error).
 * ESLint loads its config with `import()`, which Jest's CommonJS sandbox refuses, so the
 * cases are linted in one child Node process through ESLint's Node API. For the lint rule
 * tests (eslint.layers.test.ts, eslint.errorText.test.ts).
 */
export function lintCases(cases: readonly LintCase[], rules: readonly string[]): string[][] {
  const script = `
    import { ESLint } from 'eslint'
    const [cases, rules] = JSON.parse(process.argv[1])
    const eslint = new ESLint({ cwd: process.cwd(), overrideConfigFile: 'eslint.config.mjs' })
    const out = []
    for (const { filePath, code } of cases) {
      const [result] = await eslint.lintText(code, { filePath })
      out.push(result.messages.filter((m) => rules.includes(m.ruleId) || m.fatal).map((m) => m.ruleId ?? 'fatal: ' + m.message))
    }
    process.stdout.write(JSON.stringify(out))
  `
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify([cases, rules])], { cwd: __dirname, encoding: 'utf8', timeout: 120_000 })
  if (child.status !== 0) throw new Error(`eslint child failed: ${child.stderr}`)
  return JSON.parse(child.stdout) as string[][]
}
