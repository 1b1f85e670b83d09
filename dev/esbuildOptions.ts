import type { BuildOptions } from 'esbuild'

/**
 * How every browser bundle in this repo is built (the demo, the library, the
 * benchmarks): ESM with code splitting, so lazy `import()`s become separate chunks the
 * way a dapp's bundler would make them.
 */
export const browserEsm = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
} as const satisfies BuildOptions

/** A single classic script (IIFE) for a page that loads it with <script src> (the dev wallets). */
export const browserScript = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  sourcemap: true,
  logLevel: 'warning',
} as const satisfies BuildOptions

/**
 * A Node program as one CommonJS file (the reference server's `portico-server` bin): the
 * repository's own code it imports is bundled, its npm dependencies stay external so
 * the installing package manager provides (and dedupes) them.
 */
export const nodeProgram = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
} as const satisfies BuildOptions
