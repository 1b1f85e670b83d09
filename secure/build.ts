/**
 * Builds the secure page into `outdir`: index.html (with its Content-Security-Policy),
 * main.js (esbuild bundle of secure/main.ts), styles.css and config.js, each loaded with
 * Subresource Integrity, and integrity.json (the page's hash; pageIntegrity.ts). Serve the folder
 * at the root of its OWN origin (the client's `endpoints.secureFrame`, 127.0.0.1:8788 by
 * default), and list that origin in the server's SECURE_ORIGIN.
 *
 *   npx tsx secure/build.ts --api http://127.0.0.1:8787 --rpc eip155:1=http://127.0.0.1:8545 --out secure/dist
 */
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { readSecureConfig, type SecureConfig } from './config'
import { finishSecurePage } from './finishPage'
import type { PageIntegrity } from './pageIntegrity'

export { configScript, finishSecurePage } from './finishPage'

/** The reference server's default address (server/app.ts, src/config/defaults.ts). */
export const DEFAULT_API_URL = 'http://127.0.0.1:8787'

export type BuildSecurePageOptions = {
  outdir: string
  /** Base URL of the Portico server (auth API and allowed origins). Default the local server, http://127.0.0.1:8787. */
  apiUrl?: string | undefined
  /** JSON-RPC URL per CAIP-2 network. */
  rpcUrls?: Record<string, string> | undefined
  /** Ask the visitor before each signature. Default true. */
  requireApproval?: boolean | undefined
  minify?: boolean | undefined
}

export type BuildSecurePageResult = {
  outdir: string
  config: SecureConfig
  /** The CSP the page carries in its meta tag; a server may send it as a header too (add frame-ancestors there). */
  csp: string
  bytes: number
  /** The page's hash and each file's SRI value, as written to integrity.json. */
  integrity: PageIntegrity
}

/**
 * @example
 * const { outdir } = await buildSecurePage({ outdir: 'secure/dist', apiUrl: 'http://127.0.0.1:8787', rpcUrls: { 'eip155:1': 'http://127.0.0.1:8545' } })
 * await serveStatic({ dir: outdir, port: 8788, csp: securePageCsp(config) })
 */
export async function buildSecurePage(options: BuildSecurePageOptions): Promise<BuildSecurePageResult> {
  const config = readSecureConfig({ apiUrl: options.apiUrl ?? DEFAULT_API_URL, rpcUrls: options.rpcUrls ?? {}, requireApproval: options.requireApproval ?? true })
  const outdir = path.resolve(options.outdir)
  const bytes = await bundleSecurePage(outdir, options.minify ?? true)
  const { csp, integrity } = await finishSecurePage(outdir, config, await readFile(SECURE_PAGE_TEMPLATE, 'utf8'))
  return { outdir, config, csp, bytes, integrity }
}

/** The page's index.html before its CSP and integrity attributes are filled in. */
export const SECURE_PAGE_TEMPLATE = path.join(__dirname, 'index.html')

/**
 * The part of the page that does not depend on its config: main.js (and its source map)
 * and styles.css, into an emptied `outdir`. Returns main.js's size in bytes. The
 * `portico-dev` package ships these prebuilt (dev/stackAssets.ts).
 */
export async function bundleSecurePage(outdir: string, minify = true): Promise<number> {
  await rm(outdir, { recursive: true, force: true })
  await mkdir(outdir, { recursive: true })
  const result = await build({
    entryPoints: { main: path.join(__dirname, 'main.ts') },
    outdir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  await copyFile(path.join(__dirname, 'styles.css'), path.join(outdir, 'styles.css'))
  return Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0)
}

if (require.main === module) {
  const args = process.argv.slice(2)
  const value = (flag: string) => args.flatMap((arg, index) => (arg === flag && args[index + 1] !== undefined ? [args[index + 1]!] : []))
  const rpcUrls = Object.fromEntries(value('--rpc').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]))
  buildSecurePage({ outdir: value('--out')[0] ?? path.join(__dirname, 'dist'), apiUrl: value('--api')[0] ?? DEFAULT_API_URL, rpcUrls }).then(
    ({ outdir, bytes, integrity }) => console.log(`secure page built into ${path.relative(process.cwd(), outdir)} (${bytes} bytes); page hash sha256 ${integrity.page}`),
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
