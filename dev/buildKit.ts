// Builds the `portico-dev` package into kit/dist/ (kit/package.json's `prepack`), so that
// `npx portico-dev` runs in a dapp's folder with neither tsx nor this repository's sources:
//   portico-dev.js  dev/kitBin.ts and the stack it starts, one CommonJS file for Node 20
//                   (npm dependencies external: kit/package.json lists them);
//   oidc.mjs        the OpenID Connect stand-in (dev/oidc/main.ts), ESM like oidc-provider;
//   assets/         the demo, the secure page, the dev wallets' scripts and the
//                   WalletConnect wallet page, prebuilt (dev/stackAssets.ts).
// The reference server is not in here: it is the portico-server package's own bin.
import { chmod, rm } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { nodeProgram } from './esbuildOptions'
import { prebuildAssets } from './stackAssets'

const kitDir = path.resolve(__dirname, '..', 'kit')

export async function buildKit(outdir = path.join(kitDir, 'dist')): Promise<string> {
  await rm(outdir, { recursive: true, force: true })
  const bin = path.join(outdir, 'portico-dev.js')
  await Promise.all([
    build({
      ...nodeProgram,
      entryPoints: [path.join(__dirname, 'kitBin.ts')],
      outfile: bin,
      banner: { js: '#!/usr/bin/env node' },
      // Every module lands in one file, whose `require.main === module` is true: the
      // entry blocks of the modules it bundles (dev/kit.ts's among them) must not run.
      define: { 'require.main': 'undefined' },
    }),
    build({ ...nodeProgram, format: 'esm', entryPoints: [path.join(__dirname, 'oidc/main.ts')], outfile: path.join(outdir, 'oidc.mjs') }),
    prebuildAssets(path.join(outdir, 'assets')),
  ])
  await chmod(bin, 0o755)
  return bin
}

if (require.main === module) {
  buildKit().then((bin) => console.log(`portico-dev built into ${path.relative(process.cwd(), path.dirname(bin))}`))
}
