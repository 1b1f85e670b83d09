import { lintCases, type LintCase } from './eslint.lintCases'

/**
 * The rule that no English sentence is built into an error outside the message tables
 * (eslint.config.mjs, `portico/no-inline-error-text`), with the repository's real config:
 * an error made from text is refused in src/, one made from a key of the errors table
 * passes.
 */
const RULE = 'portico/no-inline-error-text'

const lintAll = (cases: readonly LintCase[]): number[] => lintCases(cases, [RULE]).map((found) => (found.some((id) => id.startsWith('fatal')) ? Number.NaN : found.length))

const file = 'src/sagas/newFlow.ts'
const header = "import { PorticoError, RpcError, WalletError, ProviderRpcCode } from '../errors'\nconst name = 'x'\n"

// [what, code, refusals]
const table: [string, string, number][] = [
  ['a string sentence', "throw new PorticoError('The wallet said no.')", 1],
  ['a template sentence', 'throw new WalletError(`No wallet for ${name}.`)', 1],
  ['a plain Error with text', "throw new Error('Something broke')", 1],
  ['text as the message of a parameters object', "throw new RpcError(ProviderRpcCode.Unauthorized, { message: 'Sign in first' })", 1],
  ["text in a subclass's super call", "export class OddError extends WalletError { constructor() { super('Odd.') } }", 1],
  ['a key of the errors table', "throw new PorticoError({ key: 'tryAgainAfter', params: { seconds: 30 } })", 0],
  ['a key with text for developers in details', "throw new WalletError({ key: 'failedToDisconnect' }, { details: `while ${name} was open` })", 0],
  ['a message passed on, not written here', 'export const wrap = (message: string) => new PorticoError(message)', 0],
  ['text in a class that is not an error', "export class Notice { constructor(readonly text = 'Hi') {} }\nexport const n = new Notice('Hello')", 0],
]

describe('no English sentence is built into an error outside the message tables', () => {
  const results = lintAll(table.map(([, code]) => ({ filePath: file, code: header + code })))
  it.each(table.map((row, i) => [...row, results[i]] as const))('%s: %s', (_what, _code, refusals, found) => {
    expect(found).toBe(refusals)
  })

  it('applies to library code only: tests may build errors from text', () => {
    const [inTest] = lintAll([{ filePath: 'src/sagas/newFlow.test.ts', code: header + "throw new PorticoError('x')" }])
    expect(inTest).toBe(0)
  })
})
