/**
 * Jest reads a TypeScript config through a loader where Node has no native type stripping
 * (Node 20); esbuild-register runs on the esbuild the build already depends on.
 *
 * @jest-config-loader esbuild-register
 */
import type { Config } from 'jest'

// Two projects by file name: component tests (*.test.tsx) run in jsdom, everything
// else (*.test.ts: rules, store, sagas, services, server) runs in plain Node, where
// fetch, sockets and files are real.
const transform: Config['transform'] = {
  // .mjs too: sats-connect ships only an .mjs build.
  '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
}
// ESM-only packages that Jest (CommonJS) must transform.
const esmOnly = [
  'jose',
  'sats-connect',
  '@sats-connect',
  'bitcoin-address-validation',
  'jsontokens',
  '@noble',
  '@scure',
  '@bitcoinerlab',
  'base58-js',
  'bech32',
  'sha256-uint8array',
  'axios',
  '@wagmi',
  'wagmi',
  'mipd',
]
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`]
const common = {
  transform,
  transformIgnorePatterns,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/bench/anchors/', '/e2e/'],
  // base58-js exports only an "import" condition, which Jest's CommonJS resolver never tries.
  moduleNameMapper: {
    '^base58-js$': '<rootDir>/node_modules/base58-js/index.js',
    // The example plugin package imports Portico by its name, as a dapp does (tsconfig.json paths).
    '^portico$': '<rootDir>/src/index.ts',
    '^portico/react$': '<rootDir>/src/react/index.ts',
  },
}

const config: Config = {
  // Jest's 5 s default is for a machine with nothing else to do: npm test runs two Jest
  // processes on two cores, and a test that starts a server or a chain (webComponent's
  // modal, the indexer's first poll) has missed 5 s under that load. A hang still fails.
  testTimeout: 20_000,
  projects: [
    { ...common, displayName: 'node', testEnvironment: 'node', testMatch: ['<rootDir>/**/*.test.ts'] },
    // Browser tests: Playwright driving Debian's Chromium against the local stack.
    { ...common, displayName: 'e2e', testEnvironment: 'node', testMatch: ['<rootDir>/e2e/**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/'] },
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/**/*.test.tsx'],
      setupFiles: ['<rootDir>/jest.setup.dom.js'],
    },
  ],
}

export default config
