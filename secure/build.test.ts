import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildSecurePage } from './build'

describe('buildSecurePage', () => {
  let outdir: string
  beforeAll(async () => {
    outdir = path.join(await mkdtemp(path.join(tmpdir(), 'portico-secure-build-')), 'out')
  })
  afterAll(async () => rm(path.dirname(outdir), { recursive: true, force: true }))

  it('writes the page, its bundle, its styles and its config, under a CSP with no eval', async () => {
    const result = await buildSecurePage({ outdir, rpcUrls: { 'eip155:1': 'http://127.0.0.1:8545' } })
    expect((await readdir(outdir)).sort()).toEqual(['config.js', 'index.html', 'integrity.json', 'main.js', 'main.js.map', 'styles.css'])
    const html = await readFile(path.join(outdir, 'index.html'), 'utf8')
    expect(html).toContain(`content="${result.csp}"`)
    expect(result.csp).toContain('connect-src http://127.0.0.1:8787 http://127.0.0.1:8545')
    expect(html).not.toMatch(/<script>(?!<\/script>)/)
    expect(await readFile(path.join(outdir, 'config.js'), 'utf8')).toBe(
      'globalThis.PORTICO_SECURE_CONFIG = {"apiUrl":"http://127.0.0.1:8787","rpcUrls":{"eip155:1":"http://127.0.0.1:8545"},"requireApproval":true}\n',
    )
    const bundle = await readFile(path.join(outdir, 'main.js'), 'utf8')
    expect(bundle).not.toMatch(/\bnew Function\(|\beval\(/)
    expect(bundle).not.toMatch(/postMessage\([^)]*,\s*["']\*["']\)/)
  })
})
