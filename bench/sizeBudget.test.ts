// The size budget (issue 7): the minimal Portico integration's initial JavaScript,
// without React and ReactDOM, built exactly as `npm run bench` builds it (esbuild,
// minified ESM with splitting), stays within BUDGET_GZIP_BYTES. Bytes are deterministic
// for a given source and lockfile, so this belongs in CI; timings do not (see bench/).
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { buildIntegration, importChain, packageShares, type BuiltIntegration } from './buildIntegration'
import { portico } from './integrations'

/**
 * Initial JS without React/ReactDOM, gzip -9 bytes. Measured 51,719 bytes (50.5 KiB) on
 * 2026-11-22 once viem left the first-load code (it was 161,536 with viem's clients and
 * actions pulled in), then 58,884 with the account-action sagas (swap, onramp, names,
 * SIWX, history), which start with the store, and 60,575 with the embedded Solana and
 * smart-account sagas, 57,300 once the dapp's buttons stopped loading the modal's string
 * catalogue (2026-11-24), then 62,769 the same day with what dapps asked for: the
 * provider over the connection and the typed events (issue 14), the registry's check of
 * every plugin (issue 18), the Bitcoin history capability and cross-namespace switch
 * (issue 16) and analytics (issue 17), each small, all needed before the first click
 * (getProvider and on are synchronous). Issue 20: 55,123 once the account-action sagas
 * (balances, names, SIWX, history, send, swap, onramp) became a chunk started on their
 * first action (src/sagas/lazySaga.ts), then 39,510 (2026-11-25) once redux-saga and every
 * process became one chunk that createPortico starts loading at once and the first render
 * does not wait for (src/sagas/sagaHost.ts). The same day's other work brought it back
 * to 46,289 (errors as records with their English table, the buttons in twelve
 * languages, ConnectButton.Custom and themed buttons, the reconnecting state, plugin
 * features as data, the SPEC options). Then, still 2026-11-25: 45,237 with the login
 * cache in the saga runtime; 41,738 with the reducers of the slices only the processes
 * change loaded by the runtime (src/store/lazySlices.ts); 40,823 once `isOriginAllowed`
 * (a server and secure-page helper) left the public entry, which kept its module in the
 * first load; 40,456 with analytics a chunk of its own; 40,201 (2026-11-27, from 40,907)
 * once the lazy slices were injected with Redux Toolkit's `inject` (no stand-ins, so their
 * initial states left the first load). 40,773 (2026-11-28, from 40,937) with the plugins'
 * `remote` and `embedded` capabilities, loaded on first use with the wallet code. The budget is issue 20's goal,
 * 40 KiB: a change that needs more first-load code must take as much out elsewhere.
 */
export const BUDGET_GZIP_BYTES = 40_960

/**
 * What the initial JavaScript must never contain: each is loaded on demand (views,
 * WalletConnect and its sign-client, the frame client and its validators, the plugin
 * runtimes and viem's clients, the services, other namespaces).
 */
const LAZY_ONLY = [
  // redux-saga and every process: the saga runtime chunk (src/sagas/runtime.ts), which
  // createPortico starts loading at once; only its stand-in (sagaHost.ts) is first-load.
  '@redux-saga/',
  'src/sagas/runtime.ts',
  'src/sagas/rootSaga.ts',
  'src/sagas/connectors.ts',
  'src/sagas/embedded',
  'src/sagas/smartAccount.ts',
  // The login cache: made by the saga runtime, read by the embedded-wallet sagas and the frame client.
  'src/frame/loginCache.ts',
  // The reducers of the slices only the processes change: the runtime plugs them in.
  'src/store/lazySlices.ts',
  'src/store/slices/embedded.ts',
  'src/store/slices/names.ts',
  'src/store/slices/onramp.ts',
  'src/store/slices/send.ts',
  'src/store/slices/siwx.ts',
  'src/store/slices/smartAccount.ts',
  'src/store/slices/swap.ts',
  'src/store/slices/transactions.ts',
  'src/store/slices/walletConnect.ts',
  // Analytics: its own chunk, fetched at start when on.
  'src/analytics/',
  // The origin matcher: the server's and the secure page's, and the origin-check saga's.
  'src/shared/originMatch.ts',
  'src/ui/Modal.tsx',
  'src/ui/views/',
  // The other languages' catalogues and their loader: one chunk each, fetched when chosen
  // (only the buttons' labels in every language, src/ui/locales/buttons.ts, are first-load).
  'src/ui/locales/load.ts',
  'src/ui/locales/useCatalogue.ts',
  ...['es', 'fr', 'de', 'pt', 'it', 'ja', 'ko', 'zh-CN', 'ru', 'tr', 'ar'].map((locale) => `src/ui/locales/${locale}.ts`),
  'src/walletconnect/',
  // The WalletConnect saga: src/sagas/walletConnectStart.ts loads it on first use.
  'src/sagas/walletConnect.ts',
  // The account actions: the root saga loads them on their first action (lazySaga.ts).
  'src/sagas/accountActions.ts',
  'src/sagas/swap.ts',
  'src/sagas/onramp.ts',
  'src/sagas/names.ts',
  'src/sagas/siwx.ts',
  'src/sagas/history.ts',
  '@walletconnect/',
  'qrcode',
  // The frame client and its validators; the login cache and error classes are small
  // and used at start-up by the embedded-wallet sagas.
  'src/frame/client.ts',
  'src/frame/transport.ts',
  'src/frame/iframe.ts',
  'src/frame/schemas/validat',
  'src/frame/schemas/definitions.ts',
  'ajv',
  'src/services/',
  'src/createServices.ts',
  'src/plugins/eip155/wallet.ts',
  'src/plugins/eip155/balance.ts',
  // The plugins' WalletConnect and embedded-wallet sides.
  'src/plugins/eip155/capabilities.ts',
  'src/plugins/eip155/walletConnectProvider.ts',
  'src/plugins/eip155/frameProvider.ts',
  'src/plugins/eip155/publicClient.ts',
  '@solana/',
  'sats-connect',
  // The other namespaces' plugins live in portico/solana and portico/bitcoin (issue 20);
  // bitcoin-address-validation is CommonJS, which no bundler tree-shakes.
  'bitcoin-address-validation',
  'src/plugins/bip122/',
  'src/plugins/solana/networks.ts',
] as const

/** viem's clients and actions (what the plugin runtimes load on demand). */
const VIEM_RUNTIME = ['viem/_esm/clients/', 'viem/_esm/actions/'] as const

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

let built: BuiltIntegration
let outdir: string

beforeAll(async () => {
  outdir = await mkdtemp(path.join(os.tmpdir(), 'portico-size-budget-'))
  built = await buildIntegration({ name: 'portico', entry: portico.entry, outdir, externalReact: true })
}, 60_000)

afterAll(async () => {
  await rm(outdir, { recursive: true, force: true })
})

/** Inputs with bytes in the initial JavaScript whose path contains `fragment`, biggest first. */
const present = (fragment: string) => built.initialInputs.filter((share) => share.bytes > 0 && share.input.includes(fragment))

const explain = (fragment: string) => {
  const inputs = present(fragment)
  const chain = inputs[0] ? importChain(built.metafile, built.entryInput, inputs[0].input) : undefined
  return `${fragment}: ${inputs.reduce((sum, share) => sum + share.bytes, 0)} minified bytes in ${inputs.length} file(s)${chain ? `\n    imported via ${chain.join(' → ')}` : ''}`
}

it('keeps the initial JavaScript (without React and ReactDOM) within the size budget', () => {
  const measured = built.initial.gzip
  if (measured > BUDGET_GZIP_BYTES) {
    const packages = packageShares(built.initialInputs)
      .slice(0, 12)
      .map((share) => `    ${share.input}: ${kib(share.bytes)} minified`)
    const firstOutside = packageShares(built.initialInputs).find((share) => !share.input.startsWith('src/') && !share.input.startsWith('bench/'))
    const chain = firstOutside ? importChain(built.metafile, built.entryInput, firstOutside.input) : undefined
    throw new Error(
      [
        `Size budget exceeded: the minimal integration's initial JavaScript without React/ReactDOM is ${measured} bytes gzip (${kib(measured)}),`,
        `over the budget of ${BUDGET_GZIP_BYTES} bytes (${kib(BUDGET_GZIP_BYTES)}) set in bench/sizeBudget.test.ts.`,
        `Files: ${built.initialFiles.join(', ')}`,
        'Biggest contributors (initial JavaScript):',
        ...packages,
        ...(chain ? [`Why ${firstOutside!.input} is there: ${chain.join(' → ')}`] : []),
        'Move heavy code behind import() (docs/performance.md), or, when the growth is intended, raise the budget with a note.',
      ].join('\n'),
    )
  }
  expect(measured).toBeLessThanOrEqual(BUDGET_GZIP_BYTES)
})

it('loads views, WalletConnect, the frame, services and plugin runtimes only on demand', () => {
  const found = LAZY_ONLY.filter((fragment) => present(fragment).length > 0)
  if (found.length > 0) throw new Error(`The initial JavaScript contains code that must load on demand:\n  ${found.map(explain).join('\n  ')}`)
  expect(found).toEqual([])
})

// A static `import … from 'viem'` anywhere in the first-load code (sagas, errors, network
// data) makes esbuild keep viem's shared clients and actions in chunks the entry imports.
// Load viem where it is used instead (src/sagas/loadUnits.ts, the plugins' lazy wallet code).
it('keeps viem clients and actions out of the initial JavaScript', () => {
  const found = VIEM_RUNTIME.filter((fragment) => present(fragment).length > 0)
  if (found.length > 0) throw new Error(`The initial JavaScript contains viem's runtime:\n  ${found.map(explain).join('\n  ')}`)
  expect(found).toEqual([])
})
