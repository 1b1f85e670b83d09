/**
 * Builds the secure page into `outdir`: index.html (with its Content-Security-Policy),
 * main.js (esbuild bundle of secure/main.ts), styles.css and config.js, each loaded with
 * Subresource Integrity, and integrity.json (the page's hash; pageIntegrity.ts). Serve the folder
 * at the root of its OWN origin (the client's `endpoints.secureFrame`, 127.0.0.1:8788 by
 * default), and list that origin in the server's SECURE_ORIGIN.
 *
 *   npx tsx secure/build.ts --api http://127.0.0.1:8787 --rpc eip155:1=http://127.0.0.1:8545 --out secure/dist
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { readSecureConfig, securePageCsp, type SecureConfig } from './config'
import { PAGE_FILES, pageHash, sri, withIntegrity, type PageFile, type PageIntegrity } from './pageIntegrity'

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
  await rm(outdir, { recursive: true, force: true })
  await mkdir(outdir, { recursive: true })
  const result = await build({
    entryPoints: { main: path.join(__dirname, 'main.ts') },
    outdir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: options.minify ?? true,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const csp = securePageCsp(config)
  const template = await readFile(path.join(__dirname, 'index.html'), 'utf8')
  await Promise.all([writeFile(path.join(outdir, 'config.js'), configScript(config)), copyFile(path.join(__dirname, 'styles.css'), path.join(outdir, 'styles.css'))])
  const contents = await Promise.all(PAGE_FILES.map((file) => readFile(path.join(outdir, file))))
  const files = Object.fromEntries(PAGE_FILES.map((file, index) => [file, sri(contents[index]!)])) as Record<PageFile, string>
  const html = withIntegrity(template.replace('%CSP%', csp.replace(/"/g, '&quot;')), files)
  const integrity: PageIntegrity = { page: pageHash(html), files }
  await Promise.all([writeFile(path.join(outdir, 'index.html'), html), writeFile(path.join(outdir, 'integrity.json'), `${JSON.stringify(integrity, null, 2)}\n`)])
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0)
  return { outdir, config, csp, bytes, integrity }
}

/** The config.js a server writes when it serves a prebuilt page with other URLs. */
export function configScript(config: SecureConfig): string {
  return `globalThis.PORTICO_SECURE_CONFIG = ${JSON.stringify(config).replace(/</g, '\\u003c')}\n`
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
