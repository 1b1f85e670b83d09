import { readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { ProviderRpcCode, RpcCodes } from './rpcCodes'

describe('ProviderRpcCode', () => {
  it('names every code of the table by the name the table gives it', () => {
    const named = Object.entries(ProviderRpcCode).map(([name, code]) => [name.replace(/Unsigned$/, ''), code] as const)
    expect(named.map(([, code]) => code).sort((a, b) => a - b)).toEqual(
      Object.keys(RpcCodes)
        .map(Number)
        .sort((a, b) => a - b),
    )
    for (const [name, code] of named) expect(RpcCodes[code].name).toBe(name)
  })

  it('is what src/, secure/ and the examples compare and throw with: no raw RPC number outside the tables and tests', () => {
    const codes = Object.keys(RpcCodes).join('|')
    // A code as an argument (`new ReplyError(text, 4001)`, `new RpcError(4001)`), a field, a
    // comparison, a case, an array entry, a ternary branch, or alone on a line of a call.
    const raw = new RegExp(`(RpcError\\(|\\bcode: |[=!]==? |\\bcase |= |\\[| : |, |^\\s*)(${codes})\\b(?! *ms)`)
    const files = execFileSync('git', ['ls-files', 'src/*.ts', 'src/*.tsx', 'secure/*.ts', 'examples/*.ts'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && !/\.test(-d)?\.tsx?$/.test(file) && !file.startsWith('src/errors/rpcCodes.ts') && !file.startsWith('src/shared/rpcCodes.ts') && !/\/test\//.test(file))
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (raw.test(line) && !/^\s*(\*|\/\/|\/\*)/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    )
    expect(found).toEqual([])
  })
})
