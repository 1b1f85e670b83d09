// Builds the publishable package into dist/: ESM (.mjs) entry points for `portico`,
// `portico/react`, `portico/wagmi`, `portico/solana`, `portico/bitcoin` and `portico/web-component` with shared chunks (so the modal, plugins' heavy parts and the
// services stay lazy for the dapp's bundler), type declarations from tsc, and the
// stylesheet. The development entries `portico/testing` (the dev wallets, testing/) and
// `portico/testing/playwright` (Node, for the dapp's browser tests) are built beside
// them with the dev wallets' classic script (dist/testing/dev-wallets.js); no main entry
// reaches their code (checkProductionEntries). Dependencies and peer dependencies stay external: the dapp's bundler
// resolves and dedupes them.
import { execFileSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { build, type Plugin } from 'esbuild'
import { browserEsm, browserScript } from './esbuildOptions'

const root = path.resolve(__dirname, '..')

export async function buildLib(outdir = path.join(root, 'dist')) {
  await rm(outdir, { recursive: true, force: true })
  await mkdir(outdir, { recursive: true })
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>
  const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})].flatMap((name) => [name, `${name}/*`])
  await build({
    ...browserEsm,
    entryPoints: {
      index: path.join(root, 'src/index.ts'),
      'react/index': path.join(root, 'src/react/index.ts'),
      'wagmi/index': path.join(root, 'src/wagmi/index.ts'),
      'solana/index': path.join(root, 'src/solana/index.ts'),
      'bitcoin/index': path.join(root, 'src/bitcoin/index.ts'),
      'webComponent/index': path.join(root, 'src/webComponent/index.ts'),
      'testing/index': path.join(root, 'testing/index.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    external,
  })
  await buildTestingExtras(outdir, external)
  await checkClientEntries(outdir)
  await checkProductionEntries(outdir)
  const tsc = (project: string, out: string) => execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, project), '--outDir', out], { stdio: 'inherit' })
  tsc('tsconfig.build.json', outdir)
  // testing/ imports dev/: its declarations are emitted apart, and only its own are kept (they name no dev/ type).
  const testingTypes = await mkdtemp(path.join(os.tmpdir(), 'portico-testing-types-'))
  try {
    tsc('tsconfig.testing.json', testingTypes)
    for (const file of ['index.d.ts', 'playwright.d.ts']) await copyFile(path.join(testingTypes, 'testing', file), path.join(outdir, 'testing', file))
  } finally {
    await rm(testingTypes, { recursive: true, force: true })
  }
  await copyFile(path.join(root, 'src/ui/styles.css'), path.join(outdir, 'styles.css'))
  return outdir
}

/**
 * `portico/testing/playwright` runs in Node (the dapp's Playwright tests) and imports the
 * `portico/testing` entry beside it rather than a copy; `dev-wallets.js` is the dev wallets
 * as one classic script, which those helpers add to the test's pages.
 */
async function buildTestingExtras(outdir: string, external: string[]) {
  const besideIndex: Plugin = {
    name: 'portico-testing-index',
    setup(plugin) {
      plugin.onResolve({ filter: /^\.\/index$/ }, () => ({ path: './index.mjs', external: true }))
    },
  }
  await Promise.all([
    build({
      ...browserEsm,
      splitting: false,
      platform: 'node',
      target: 'node20',
      entryPoints: [path.join(root, 'testing/playwright.ts')],
      outfile: path.join(outdir, 'testing/playwright.mjs'),
      external: [...external, 'playwright-core'],
      plugins: [besideIndex],
    }),
    build({ ...browserScript, sourcemap: false, entryPoints: [path.join(root, 'testing/browser.ts')], outfile: path.join(outdir, 'testing/dev-wallets.js'), minify: true }),
  ])
}

/** The entries a production dapp imports. */
export const PRODUCTION_ENTRIES = ['index.mjs', 'react/index.mjs', 'wagmi/index.mjs', 'solana/index.mjs', 'bitcoin/index.mjs', 'webComponent/index.mjs']

/** Words only the development wallets' code holds. */
export const DEV_WALLET_MARKERS = [
  'Portico Dev Wallet',
  'dev.portico.wallet',
  'PorticoDevProviders',
  'test test test test test test test test test test test junk',
  'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
]

/**
 * The production entries, and every chunk they load (statically or lazily), hold none of
 * the development wallets: their keys are public and they approve every request. Fails
 * the build otherwise.
 */
export async function checkProductionEntries(outdir: string) {
  const seen = new Set<string>()
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return
    seen.add(file)
    const code = await readFile(file, 'utf8')
    const marker = DEV_WALLET_MARKERS.find((word) => code.includes(word))
    if (marker) throw new Error(`${path.relative(outdir, file)} (reached from a production entry) holds development-wallet code ('${marker}')`)
    for (const [, specifier] of code.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) await visit(path.resolve(path.dirname(file), specifier!))
  }
  for (const entry of PRODUCTION_ENTRIES) await visit(path.join(outdir, entry))
  return { files: seen.size }
}

/** The entries a React Server Component may import client components from. */
export const CLIENT_ENTRIES = ['react/index.mjs']

/**
 * Next.js's App Router treats a module as client code only when it starts with the
 * 'use client' directive. esbuild keeps an entry point's own directive and drops those
 * of the modules it bundles into it, so the built entry must carry it itself: fail the
 * build rather than ship an entry that breaks every server component importing it.
 */
export async function checkClientEntries(outdir: string) {
  for (const entry of CLIENT_ENTRIES) {
    const code = await readFile(path.join(outdir, entry), 'utf8')
    if (!/^\s*(["'])use client\1;?/.test(code)) throw new Error(`dist/${entry} does not start with 'use client': Next.js server components could not render its components`)
  }
}

if (require.main === module) {
  buildLib().then((outdir) => console.log(`library built into ${path.relative(root, outdir)}`))
}
