// Builds the demo dapp into demo/dist: esbuild, minified ESM with code splitting, so
// the modal's views arrive as a separate chunk (DESIGN.md performance budgets).
import { build } from 'esbuild'
import { browserEsm } from './esbuildOptions'
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

const root = path.resolve(__dirname, '..')

export async function buildDemo({ outdir = path.join(root, 'demo/dist'), minify = true }: { outdir?: string | undefined; minify?: boolean } = {}) {
  await rm(outdir, { recursive: true, force: true })
  await mkdir(outdir, { recursive: true })
  const result = await build({
    ...browserEsm,
    entryPoints: { main: path.join(root, 'demo/main.tsx') },
    outdir,
    minify,
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  await Promise.all([
    copyFile(path.join(root, 'demo/index.html'), path.join(outdir, 'index.html')),
    copyFile(path.join(root, 'demo/demo.css'), path.join(outdir, 'demo.css')),
    copyFile(path.join(root, 'demo/favicon.svg'), path.join(outdir, 'favicon.svg')),
    writeFile(path.join(outdir, 'endpoints.js'), 'globalThis.PORTICO_ENDPOINTS = {}\n'),
    // Replaced by the local stack with the real dev wallet; empty for a plain build.
    writeFile(path.join(outdir, 'dev-wallet-config.js'), ''),
    writeFile(path.join(outdir, 'dev-wallet.js'), ''),
    writeFile(path.join(outdir, 'dev-solana-wallet-config.js'), ''),
    writeFile(path.join(outdir, 'dev-solana-wallet.js'), ''),
    writeFile(path.join(outdir, 'dev-bitcoin-wallet-config.js'), ''),
    writeFile(path.join(outdir, 'dev-bitcoin-wallet.js'), ''),
    copyFile(path.join(root, 'src/ui/styles.css'), path.join(outdir, 'portico.css')),
  ])
  return { outdir, metafile: result.metafile }
}

if (require.main === module) {
  buildDemo().then(({ outdir }) => console.log(`demo built into ${path.relative(root, outdir)}`))
}
