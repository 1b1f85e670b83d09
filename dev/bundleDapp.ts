// Builds a dapp the way its own bundler would, for the three-bundler test of issue 20
// (dev/bundlers.test.ts): `src/main.tsx` of an installed dapp folder, which imports
// `portico`, `portico/react` and `portico/styles.css` from its node_modules, becomes a
// production build in `outdir` with an index.html. Each bundler gets the configuration a
// dapp writes for a React app and a stylesheet import, nothing that favours Portico.
//
// Vite 8 is ESM-only and Jest loads modules as CommonJS, so the test runs this file as a
// program (`tsx dev/bundleDapp.ts <bundler> <dapp> <outdir>`) rather than importing it.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Stats } from 'webpack'
import { browserEsm } from './esbuildOptions'

export const BUNDLERS = ['esbuild', 'vite', 'webpack'] as const
export type Bundler = (typeof BUNDLERS)[number]

/** The page of a build whose entry is main.js and stylesheet main.css; `script` sets how it loads. */
const page = (script: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Dapp</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="./main.css">
<script ${script} src="./main.js"></script>
</head>
<body>
<div id="root"></div>
</body>
</html>
`

async function withEsbuild(app: string, outdir: string): Promise<void> {
  const { build } = await import('esbuild')
  await build({
    absWorkingDir: app,
    entryPoints: { main: 'src/main.tsx' },
    outdir,
    // The repo's browser build (ESM, code splitting, automatic JSX), as a dapp minifies it.
    ...browserEsm,
    sourcemap: false,
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  })
  await writeFile(path.join(outdir, 'index.html'), page('type="module"'))
}

async function withVite(app: string, outdir: string): Promise<void> {
  const { build } = await import('vite')
  // The dapp's own index.html (written by the test) is the input; Vite emits it with the
  // hashed script and the extracted stylesheet linked. The automatic JSX runtime is what
  // @vitejs/plugin-react sets.
  await build({
    root: app,
    configFile: false,
    logLevel: 'error',
    mode: 'production',
    oxc: { jsx: { runtime: 'automatic' } },
    build: { outDir: outdir, emptyOutDir: true },
  })
}

async function withWebpack(app: string, outdir: string): Promise<void> {
  const { default: webpack } = await import('webpack')
  const { default: MiniCssExtractPlugin } = await import('mini-css-extract-plugin')
  const compiler = webpack({
    mode: 'production',
    context: app,
    entry: './src/main.tsx',
    output: { path: outdir, filename: 'main.js', chunkFilename: 'chunks/[name]-[contenthash].js', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] },
      ],
    },
    plugins: [new MiniCssExtractPlugin({ filename: 'main.css', chunkFilename: 'chunks/[name]-[contenthash].css' })],
    performance: { hints: false },
  })
  const stats = await new Promise<Stats>((resolve, reject) =>
    compiler.run((error, result) => {
      compiler.close(() => undefined)
      if (error || !result) reject(error ?? new Error('webpack returned no stats'))
      else resolve(result)
    }),
  )
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }))
  // A classic deferred script: webpack's runtime finds its chunks' URL from
  // document.currentScript, which module scripts do not set.
  await writeFile(path.join(outdir, 'index.html'), page('defer'))
}

const builders: Record<Bundler, (app: string, outdir: string) => Promise<void>> = { esbuild: withEsbuild, vite: withVite, webpack: withWebpack }

/** Builds `app`/src/main.tsx with `bundler` into `outdir` (emptied first), index.html included. */
export async function bundleDapp(bundler: Bundler, app: string, outdir: string): Promise<void> {
  await rm(outdir, { recursive: true, force: true })
  await mkdir(outdir, { recursive: true })
  await builders[bundler](app, outdir)
}

if (require.main === module) {
  const [bundler, app, outdir] = process.argv.slice(2)
  if (!BUNDLERS.includes(bundler as Bundler) || !app || !outdir) {
    console.error(`usage: tsx dev/bundleDapp.ts <${BUNDLERS.join('|')}> <dapp folder> <outdir>`)
    process.exit(2)
  }
  bundleDapp(bundler as Bundler, path.resolve(app), path.resolve(outdir)).catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
