// Builds examples/plain-html into a folder and serves it under the strict CSP the demo
// has, its one inline module script allowed by hash: the page as a dapp without React or
// a bundler would ship it, for the browser test (e2e/webComponent.test.ts).
import { createHash } from 'node:crypto'
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { browserEsm } from './esbuildOptions'
import { contentSecurityPolicy, serveStatic } from './staticServer'

const root = path.resolve(__dirname, '..')
const example = path.join(root, 'examples/plain-html')

/**
 * The page, its stylesheet, and `portico/portico.js`: `portico` and
 * `portico/web-component` bundled with React and every dependency (examples/plain-html/bundle.ts),
 * with the modal and the other lazy parts as chunks beside it.
 */
export async function buildPlainHtmlExample(outdir: string): Promise<string> {
  await rm(outdir, { recursive: true, force: true })
  await mkdir(path.join(outdir, 'portico'), { recursive: true })
  await build({
    ...browserEsm,
    entryPoints: { portico: path.join(example, 'bundle.ts') },
    outdir: path.join(outdir, 'portico'),
    minify: true,
    // The names the example imports, pointed at the source, so the test runs what is checked in.
    alias: { portico: path.join(root, 'src/index.ts'), 'portico/web-component': path.join(root, 'src/webComponent/index.ts') },
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  await Promise.all([
    copyFile(path.join(example, 'index.html'), path.join(outdir, 'index.html')),
    copyFile(path.join(example, 'page.css'), path.join(outdir, 'page.css')),
    copyFile(path.join(root, 'src/ui/styles.css'), path.join(outdir, 'portico/portico.css')),
  ])
  return outdir
}

/** CSP source expressions ('sha256-…') for each inline <script> of `html`. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  )
}

/** Serves the built example with the demo's CSP plus the hashes of its inline scripts; `services` as for the demo. */
export async function servePlainHtmlExample(dir: string, services: readonly string[]) {
  const hashes = inlineScriptHashes(await readFile(path.join(dir, 'index.html'), 'utf8'))
  const csp = contentSecurityPolicy(services).replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`)
  return serveStatic({ dir, csp })
}
