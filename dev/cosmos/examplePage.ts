// Builds and serves the cosmos example's dapp page (examples/cosmos-plugin/demo) with the
// Keplr-style dev wallet, against a running local Cosmos node, under the strict CSP the
// demo is served with. The page resolves 'portico' as a dapp's bundler does, by name: here
// the alias points the name at the repository's source, so the test runs what is checked in.
import { build } from 'esbuild'
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Endpoints } from 'portico'
import { browserEsm, browserScript } from '../esbuildOptions'
import { contentSecurityPolicy, serveStatic } from '../staticServer'
import type { KeplrDevWalletPageConfig } from '../wallets/cosmos/browser'
import type { CosmosNode } from './server'

const root = path.resolve(__dirname, '../..')
const example = path.join(root, 'examples/cosmos-plugin')

/**
 * @example
 * const page = await serveCosmosExample({ node, outdir, projectId: 'portico-dev', endpoints: { blockchainApi: stack.serverUrl, ... } })
 * await browserPage.goto(page.url)
 */
export async function serveCosmosExample({ node, outdir, projectId, endpoints, port = 0 }: { node: CosmosNode; outdir: string; projectId: string; endpoints: Endpoints; port?: number }) {
  await rm(outdir, { recursive: true, force: true })
  await mkdir(outdir, { recursive: true })
  const wallet: KeplrDevWalletPageConfig = { chainIds: [String(node.network.id)] }
  await Promise.all([
    build({
      ...browserEsm,
      entryPoints: { main: path.join(example, 'demo/main.tsx') },
      outdir,
      minify: true,
      alias: { portico: path.join(root, 'src/index.ts'), 'portico/react': path.join(root, 'src/react/index.ts') },
      define: { 'process.env.NODE_ENV': '"production"' },
    }),
    build({ ...browserScript, entryPoints: [path.join(root, 'dev/wallets/cosmos/browser.ts')], outfile: path.join(outdir, 'dev-cosmos-wallet.js'), minify: true }),
    copyFile(path.join(example, 'demo/index.html'), path.join(outdir, 'index.html')),
    copyFile(path.join(root, 'src/ui/styles.css'), path.join(outdir, 'portico.css')),
    writeFile(path.join(outdir, 'config.js'), `globalThis.COSMOS_EXAMPLE = ${JSON.stringify({ projectId, network: node.network, chain: node.chain, endpoints })}\n`),
    writeFile(path.join(outdir, 'dev-cosmos-wallet-config.js'), `globalThis.PORTICO_DEV_COSMOS_WALLET = ${JSON.stringify(wallet)}\n`),
  ])
  return serveStatic({ dir: outdir, port, csp: contentSecurityPolicy([node.url, ...Object.values(endpoints)]) })
}
