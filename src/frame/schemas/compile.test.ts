import { readFileSync } from 'node:fs'
import { transformSync } from 'esbuild'
import { compileValidators, GENERATED_DTS, GENERATED_JS } from './compile'

// The browser runs the committed, precompiled validators: they must be what the schemas say.
describe('validators.generated.js', () => {
  const { js, dts } = compileValidators()

  it('is up to date with definitions.ts (run `npx tsx src/frame/schemas/compile.ts` when this fails)', () => {
    expect(readFileSync(GENERATED_JS, 'utf8') === js).toBe(true)
    expect(readFileSync(GENERATED_DTS, 'utf8')).toBe(dts)
  })

  it('compiles nothing at run time and needs no runtime module (strict CSP, no unsafe-eval)', () => {
    expect(js).not.toMatch(/\bnew Function\b|\beval\(|\brequire\(/)
  })

  it('is a valid ES module (no function declared twice)', () => {
    expect(() => transformSync(js, { format: 'esm', loader: 'js' })).not.toThrow()
  })
})
