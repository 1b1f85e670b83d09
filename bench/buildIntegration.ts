// Builds one minimal integration (Portico or an anchor) the way a dapp's bundler would:
// esbuild, minified ESM with code splitting (the repo's `browserEsm` options), and
// reads back what a visitor downloads. Shared by `npm run bench` and the size budget test.
import { build, type BuildOptions, type Metafile } from 'esbuild'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { browserEsm } from '../dev/esbuildOptions'

export const BENCH_DIR = __dirname
export const REPO_ROOT = path.resolve(__dirname, '..')

/** React and ReactDOM, which every integration measured here needs and a React dapp already ships. */
export const REACT_PACKAGES = ['react', 'react-dom', 'scheduler'] as const
const reactExternals = ['react', 'react/*', 'react-dom', 'react-dom/*', 'scheduler']

export type Sizes = { raw: number; gzip: number; brotli: number; files: number }

export type InputShare = { input: string; bytes: number }

export type BuiltIntegration = {
  name: string
  outdir: string
  /** Output paths (relative to `outdir`) of the entry and everything it imports statically. */
  initialFiles: string[]
  /** Every JavaScript output, lazy chunks included. */
  allFiles: string[]
  initial: Sizes
  total: Sizes
  /** The stylesheet the integration ships, when it has one (not counted as JavaScript). */
  css: Sizes
  /** Minified bytes each input contributes to the initial JavaScript, biggest first. */
  initialInputs: InputShare[]
  /** The entry as the metafile names it (for `importChain`). */
  entryInput: string
  metafile: Metafile
}

export type BuildIntegrationOptions = {
  name: string
  /** The integration's entry (a .tsx that renders a provider and a Connect button). */
  entry: string
  outdir: string
  /** Leave React and ReactDOM out of the bundle (the size budget measures without them). */
  externalReact?: boolean
  /** Write index.html (the page the browser measurement loads). */
  html?: boolean
}

/**
 * Options every integration is built with, Portico and anchors alike. `global` and
 * `process.env.NODE_ENV` are what a dapp's bundler defines for browser builds; some
 * anchor dependencies read them.
 */
export function integrationBuildOptions(options: BuildIntegrationOptions): BuildOptions {
  return {
    ...browserEsm,
    entryPoints: { main: options.entry },
    outdir: options.outdir,
    minify: true,
    sourcemap: false,
    metafile: true,
    // Content hashes keep chunk names stable for the same input: the budget is deterministic.
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    loader: { '.png': 'file', '.jpg': 'file', '.svg': 'file', '.woff': 'file', '.woff2': 'file', '.ttf': 'file' },
    external: options.externalReact ? reactExternals : [],
    logLevel: 'error',
    // Warnings from the anchors' dependencies (e.g. `eval`, duplicate keys) are not ours to fix.
    logOverride: { 'direct-eval': 'silent', 'duplicate-object-key': 'silent', 'unsupported-dynamic-import': 'silent' },
  }
}

const page = (title: string, hasCss: boolean) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
${hasCss ? '<link rel="stylesheet" href="./main.css">\n' : ''}<script type="module" src="./main.js"></script>
</head>
<body>
<div id="root"></div>
</body>
</html>
`

export function compressedSizes(buffers: readonly Buffer[]): Sizes {
  let raw = 0
  let gzip = 0
  let brotli = 0
  for (const buffer of buffers) {
    raw += buffer.length
    gzip += gzipSync(buffer, { level: 9 }).length
    brotli += brotliCompressSync(buffer, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: buffer.length } }).length
  }
  return { raw, gzip, brotli, files: buffers.length }
}

/** The entry's output and every output it reaches through static imports (what loads before first paint). */
export function initialOutputs(metafile: Metafile, entryOutput: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
    }
  }
  visit(entryOutput)
  return [...seen]
}

/** Minified bytes per input across `outputs`, biggest first. */
export function inputShares(metafile: Metafile, outputs: readonly string[]): InputShare[] {
  const bytes = new Map<string, number>()
  for (const output of outputs) {
    for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[output]?.inputs ?? {})) {
      bytes.set(input, (bytes.get(input) ?? 0) + bytesInOutput)
    }
  }
  return [...bytes].map(([input, b]) => ({ input, bytes: b })).sort((a, b) => b.bytes - a.bytes)
}

/** `node_modules/@scope/name/...` → `@scope/name`; a source file stays itself. */
export function packageOf(input: string): string {
  const marker = 'node_modules/'
  const at = input.lastIndexOf(marker)
  if (at < 0) return input
  const parts = input.slice(at + marker.length).split('/')
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? input)
}

/** Input shares grouped by npm package (source files of the repo stay per file). */
export function packageShares(shares: readonly InputShare[]): InputShare[] {
  const bytes = new Map<string, number>()
  for (const { input, bytes: b } of shares) bytes.set(packageOf(input), (bytes.get(packageOf(input)) ?? 0) + b)
  return [...bytes].map(([input, b]) => ({ input, bytes: b })).sort((a, b) => b.bytes - a.bytes)
}

/** Builds the integration into `outdir` (emptied first) and measures its JavaScript. */
export async function buildIntegration(options: BuildIntegrationOptions): Promise<BuiltIntegration> {
  await rm(options.outdir, { recursive: true, force: true })
  await mkdir(options.outdir, { recursive: true })
  const result = await build(integrationBuildOptions(options))
  const metafile = result.metafile!
  const relative = (file: string) => path.relative(options.outdir, path.resolve(process.cwd(), file))
  const outputs = Object.keys(metafile.outputs)
  // Lazy chunks carry an `entryPoint` too; the entry's own output is main.js.
  const entryOutput = outputs.find((file) => path.resolve(process.cwd(), file) === path.join(path.resolve(options.outdir), 'main.js'))
  if (!entryOutput) throw new Error(`${options.name}: esbuild produced no main.js`)
  const initial = initialOutputs(metafile, entryOutput)
  const all = outputs.filter((file) => file.endsWith('.js'))
  const cssOutputs = outputs.filter((file) => file.endsWith('.css'))
  const read = (files: readonly string[]) => Promise.all(files.map((file) => readFile(path.resolve(process.cwd(), file))))
  const [initialBuffers, allBuffers, cssBuffers] = await Promise.all([read(initial), read(all), read(cssOutputs)])
  if (options.html) await writeFile(path.join(options.outdir, 'index.html'), page(options.name, cssOutputs.length > 0))
  return {
    name: options.name,
    outdir: options.outdir,
    initialFiles: initial.map(relative),
    allFiles: all.map(relative),
    initial: compressedSizes(initialBuffers),
    total: compressedSizes(allBuffers),
    css: compressedSizes(cssBuffers),
    initialInputs: inputShares(metafile, initial),
    entryInput: path.relative(process.cwd(), options.entry).split(path.sep).join('/'),
    metafile,
  }
}

/**
 * The shortest chain of static imports from `entryInput` to the first input matching
 * `target` (a package name or a path fragment): why something is in the initial JavaScript.
 */
export function importChain(metafile: Metafile, entryInput: string, target: string): string[] | undefined {
  const matches = (input: string) => packageOf(input) === target || input.includes(target)
  const previous = new Map<string, string | null>([[entryInput, null]])
  const queue = [entryInput]
  while (queue.length > 0) {
    const current = queue.shift()!
    if (matches(current)) {
      const chain: string[] = []
      for (let at: string | null | undefined = current; at; at = previous.get(at)) chain.unshift(at)
      return chain
    }
    for (const imported of metafile.inputs[current]?.imports ?? []) {
      if (imported.external || previous.has(imported.path)) continue
      if (imported.kind !== 'import-statement' && imported.kind !== 'require-call') continue
      previous.set(imported.path, current)
      queue.push(imported.path)
    }
  }
  return undefined
}
