import { build } from 'esbuild'
import path from 'node:path'
import { browserEsm } from '../../dev/esbuildOptions'

// The laziness rule (docs/plugins.md): a dapp that registers the plugin downloads its
// address rule up front, and its wallet and node code (with the hashing) only when a
// capability is first used. Checked on the bundle a dapp's bundler makes of the demo page.
it("keeps the plugin's wallet and REST code out of the dapp's first chunk", async () => {
  const root = path.resolve(__dirname, '../..')
  const { metafile } = await build({
    ...browserEsm,
    entryPoints: { main: path.join(__dirname, 'demo/main.tsx') },
    outdir: path.join(root, 'test-artifacts/cosmos-lazy'),
    write: false,
    sourcemap: false,
    metafile: true,
    logLevel: 'silent',
    alias: { portico: path.join(root, 'src/index.ts'), 'portico/react': path.join(root, 'src/react/index.ts') },
  })
  // What loads before any import(): the entry chunk and the chunks it imports statically.
  const initial = new Set<string>()
  const visit = (file: string) => {
    if (initial.has(file)) return
    initial.add(file)
    for (const imported of metafile.outputs[file]!.imports) if (imported.kind === 'import-statement') visit(imported.path)
  }
  const entry = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]!.entryPoint?.endsWith('demo/main.tsx'))
  visit(entry!)
  // Inputs a chunk really holds: esbuild lists tree-shaken ones with 0 bytes.
  const held = (file: string) => Object.entries(metafile.outputs[file]!.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : []))
  const loadedFirst = new Set([...initial].flatMap(held))
  const loadedLater = new Set(
    Object.keys(metafile.outputs)
      .filter((file) => !initial.has(file))
      .flatMap(held),
  )

  expect(loadedFirst).toContain('examples/cosmos-plugin/src/plugin.ts')
  expect(loadedFirst).toContain('examples/cosmos-plugin/src/address.ts')
  // The key-to-address hashing (pubkey.ts, @noble/hashes' RIPEMD-160) and the Amino JSON code come with the wallet code.
  for (const file of [
    'examples/cosmos-plugin/src/wallet.ts',
    'examples/cosmos-plugin/src/rest.ts',
    'examples/cosmos-plugin/src/pubkey.ts',
    'examples/cosmos-plugin/src/amino.ts',
    'node_modules/@noble/hashes/esm/legacy.js',
  ]) {
    expect(loadedFirst).not.toContain(file)
    expect(loadedLater).toContain(file)
  }
})
