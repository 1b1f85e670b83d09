// "The stylesheet survives every bundler" (issue 20). A dapp writes
// `import 'portico/styles.css'`; a bundler that honours package.json "sideEffects" drops an
// import whose module it believes has none (webpack does, and so Next.js). So: the minimal
// integration of the bench, built from the packed package as a dapp installs it, with
// esbuild, Vite and webpack 5 in production mode; each output must hold the modal's
// rules, and the page, served under the strict CSP, must open a styled modal in Chromium.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { launchBrowser, watchPageErrors } from '../e2e/browser'
import { buildLib } from './buildLib'
import { BUNDLERS, type Bundler } from './bundleDapp'
import { npmInstall, npmPack, run } from './npmPack'
import { serveStatic } from './staticServer'

jest.setTimeout(10 * 60_000)

const root = path.resolve(__dirname, '..')
const tsx = require.resolve('tsx/cli')

/** The bench's minimal integration with its repository imports turned into the package's. */
function dappSource(): string {
  const source = readFileSync(path.join(root, 'bench/integrations/portico.tsx'), 'utf8')
    .replace("'../../src/ui/styles.css'", "'portico/styles.css'")
    .replace("'../../src/react'", "'portico/react'")
    .replace("'../../src'", "'portico'")
  if (source.includes('../')) throw new Error('bench/integrations/portico.tsx imports something the package does not export under these names')
  return source
}

/** Every .css file below `dir`, whitespace removed (minifiers differ in spacing). */
function stylesheets(dir: string): string {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(path.join(dir, file), 'utf8').replace(/\s+/g, ''))
    .join('\n')
}

describe('the modal stylesheet in a dapp built from the packed package', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'portico-bundlers-'))
  const app = path.join(tmp, 'dapp')
  let browser: Browser | undefined

  beforeAll(async () => {
    // The package as `npm pack` makes it, built into a copy so that dist/ of the repository
    // (which dev/packedPackage.test.ts packs at the same time) is left alone: the same
    // package.json and files, dist/ from the same build.
    const pkg = path.join(tmp, 'package')
    await buildLib(path.join(pkg, 'dist'))
    copyFileSync(path.join(root, 'package.json'), path.join(pkg, 'package.json'))
    copyFileSync(path.join(root, 'README.md'), path.join(pkg, 'README.md'))
    mkdirSync(path.join(tmp, 'pack'))
    const { tarball } = npmPack(pkg, path.join(tmp, 'pack'), '--ignore-scripts')

    mkdirSync(path.join(app, 'src'), { recursive: true })
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'dapp', version: '1.0.0', private: true, type: 'module' }, null, 2))
    npmInstall(app, tarball, 'react', 'react-dom')
    writeFileSync(path.join(app, 'src/main.tsx'), dappSource())
    // Vite's input: the page a Vite dapp keeps at its root.
    writeFileSync(
      path.join(app, 'index.html'),
      '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Dapp</title><link rel="icon" href="data:,"></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n',
    )
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    rmSync(tmp, { recursive: true, force: true })
  })

  it.each(BUNDLERS)('%s: the production build holds the modal rules, and the page opens a styled modal under the strict CSP', async (bundler: Bundler) => {
    if (!browser) throw new Error('the dapp or Chromium did not start (see the beforeAll error above)')
    const outdir = path.join(tmp, `out-${bundler}`)
    // Vite is ESM-only and Jest loads CommonJS: the build runs as its own program.
    run(process.execPath, [tsx, path.join(__dirname, 'bundleDapp.ts'), bundler, app, outdir], root)

    const css = stylesheets(outdir)
    expect(css).toContain('.portico-dialog{')
    expect(css).toContain('--portico-modal-width:360px')

    const server = await serveStatic({ dir: outdir })
    const page = await browser.newPage({ viewport: { width: 900, height: 720 } })
    try {
      const errors = watchPageErrors(page)
      await page.goto(server.url)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
      await dialog.waitFor()
      await dialog
        .getByRole('list', { name: 'Wallets' })
        .getByRole('button', { name: /WalletConnect/ })
        .waitFor()
      // What only the stylesheet gives: the overlay is fixed, the dialog has the theme's
      // background and the modal width (unstyled, it would be transparent and page-wide).
      const styled = await page.locator('.portico-dialog').evaluate((element) => {
        const style = getComputedStyle(element)
        return {
          rootPosition: getComputedStyle(element.closest('.portico-root')!).position,
          background: style.backgroundColor,
          width: element.getBoundingClientRect().width,
          accent: (() => {
            const probe = document.createElement('span')
            probe.style.color = 'var(--portico-accent)'
            element.append(probe)
            const color = getComputedStyle(probe).color
            probe.remove()
            return color
          })(),
        }
      })
      // The accent as the page resolves it in the light scheme. The stylesheet declares it
      // with light-dark(); Vite's CSS minifier lowers that to variables of its own, so the
      // declared text differs between bundlers while the colour does not.
      expect(styled).toEqual({ rootPosition: 'fixed', background: 'rgb(255, 255, 255)', width: 360, accent: 'rgb(45, 91, 227)' })
      // The integration's default service endpoints (wallet listing, secure frame) are not
      // running here and the policy allows only the page's origin, so those requests are
      // refused; what must not happen is a script error or a refused stylesheet or style.
      expect(errors.filter((error) => error.startsWith('pageerror') || /style-src|stylesheet/i.test(error))).toEqual([])
    } finally {
      await page.close()
      await server.close()
    }
  })
})
