/**
 * A bare page that loads the custody modules (bundled with esbuild as the global
 * `custody`), served on its own origin, for tests in real Chromium.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build } from 'esbuild'
import { serveStatic } from '../../../dev/staticServer'

export type ServedCustodyPage = { url: string; close(): Promise<void> }

/** Bundles `exports` (module names in secure/custody) and serves them `origins` times, each on its own port. */
export async function serveCustodyPage(modules: readonly string[], origins = 1): Promise<{ pages: ServedCustodyPage[]; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portico-custody-'))
  await build({
    stdin: { contents: modules.map((name) => `export * from './${name}'`).join('\n'), resolveDir: path.join(__dirname, '..'), loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'custody',
    platform: 'browser',
    target: 'es2022',
    outfile: path.join(dir, 'custody.js'),
    logLevel: 'warning',
  })
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>custody</title><link rel="icon" href="data:,"><script src="custody.js"></script>')
  const pages = await Promise.all(Array.from({ length: origins }, () => serveStatic({ dir })))
  return {
    pages,
    async close() {
      await Promise.all(pages.map((page) => page.close()))
      await rm(dir, { recursive: true, force: true })
    },
  }
}
