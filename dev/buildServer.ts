// Builds the portico-server package into server/dist/ (server/package.json's `prepack`): server/main.ts
// and the repository code it imports (src/shared, the protocol it shares with the modal)
// bundled into one CommonJS file for Node 20, with a shebang so npm can link it as the
// `portico-server` bin. npm dependencies stay external: server/package.json
// lists them and the operator's `npm install` provides them.
import { chmod, rm } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { nodeProgram } from './esbuildOptions'

const serverDir = path.resolve(__dirname, '..', 'server')

export async function buildServer(outdir = path.join(serverDir, 'dist')): Promise<string> {
  await rm(outdir, { recursive: true, force: true })
  const outfile = path.join(outdir, 'main.js')
  await build({
    ...nodeProgram,
    entryPoints: [path.join(serverDir, 'main.ts')],
    outfile,
    banner: { js: '#!/usr/bin/env node' },
  })
  await chmod(outfile, 0o755)
  return outfile
}

if (require.main === module) {
  buildServer().then((outfile) => console.log(`portico-server built into ${path.relative(process.cwd(), outfile)}`))
}
