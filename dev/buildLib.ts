// Builds the publishable package into dist/: ESM (.mjs) entry points for `portico`,
// `portico/react`, `portico/wagmi`, `portico/solana`, `portico/bitcoin` and `portico/web-component` with shared chunks (so the modal, plugins' heavy parts and the
// services stay lazy for the dapp's bundler), type declarations from tsc, and the
// stylesheet. Dependencies and peer dependencies stay external: the dapp's bundler
// resolves and dedupes them.
import { execFileSync } from 'node:child_process'
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { browserEsm } from './esbuildOptions'

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
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    external,
  })
  await checkClientEntries(outdir)
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.build.json'), '--outDir', outdir], { stdio: 'inherit' })
  await copyFile(path.join(root, 'src/ui/styles.css'), path.join(outdir, 'styles.css'))
  return outdir
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
