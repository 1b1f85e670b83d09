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

  it('is what src/ compares and throws with: no raw RPC number outside the tables and tests', () => {
    const codes = Object.keys(RpcCodes).join('|')
    const raw = new RegExp(`(RpcError\\(|\\bcode: |[=!]==? |\\bcase |= |\\[| : )(${codes})\\b`)
    const files = execFileSync('git', ['ls-files', 'src/*.ts', 'src/*.tsx'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && !/\.test(-d)?\.tsx?$/.test(file) && !file.startsWith('src/errors/rpcCodes.ts') && !/\/test\//.test(file))
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (raw.test(line) && !/^\s*(\*|\/\/)/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    )
    expect(found).toEqual([])
  })
})
