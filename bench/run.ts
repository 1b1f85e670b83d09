// `npm run bench`: the whole benchmark in one run, written to bench/RESULTS.md and
// bench/results.json (docs/performance.md explains the method and the numbers).
//
//   npm run bench                          pages (floor, Portico + 3 anchors; desktop and phone; 7 runs), frame, server, instances
//   npm run bench -- --runs 3              fewer cold loads per integration
//   npm run bench -- --only pages,frame    a subset; the other sections keep their last results
//   npm run bench -- --no-anchors          Portico alone (no install, fast)
//   npm run bench -- --frame-requests 500 --seconds 10    (--seconds: each half of a server load phase)
//   npm run bench -- --only instances      the server load over two processes on one PostgreSQL
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { BENCH_DIR } from './buildIntegration'
import type { FrameRoundTripResult } from './frameRoundTrip'
import { pagesMarkdown, runPages, type PagesResult } from './pages'
import type { ServerLoadResult } from './serverLoad'
// The frame and server sections load the reference server's code: imported only when
// they run, so `--only pages` works whatever state server/ is in (and the reverse).
const frameSection = () => import('./frameRoundTrip')
const serverSection = () => import('./serverLoad')

type Results = {
  pages?: PagesResult
  frame?: FrameRoundTripResult | { error: string }
  server?: ServerLoadResult | { error: string }
  /** The same load over two server processes on one PostgreSQL. */
  instances?: ServerLoadResult | { error: string }
}

const RESULTS_JSON = path.join(BENCH_DIR, 'results.json')
const RESULTS_MD = path.join(BENCH_DIR, 'RESULTS.md')

function parseArgs(argv: readonly string[]) {
  const value = (name: string): string | undefined => {
    const inline = argv.find((arg) => arg.startsWith(`--${name}=`))
    if (inline) return inline.slice(name.length + 3)
    const at = argv.indexOf(`--${name}`)
    return at >= 0 ? argv[at + 1] : undefined
  }
  const number = (name: string, fallback: number) => {
    const raw = value(name)
    if (raw === undefined) return fallback
    const parsed = Number(raw)
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive integer, got '${raw}'`)
    return parsed
  }
  const only = new Set((value('only') ?? 'pages,frame,server,instances').split(','))
  for (const part of only) if (!['pages', 'frame', 'server', 'instances'].includes(part)) throw new Error(`--only takes pages, frame, server, instances; got '${part}'`)
  return {
    runs: number('runs', 7),
    only,
    withAnchors: !argv.includes('--no-anchors'),
    frameRequests: number('frame-requests', 200),
    phaseSeconds: number('seconds', 10),
  }
}

type Renderers = { frame: (r: FrameRoundTripResult) => string; server: (r: ServerLoadResult) => string }

export function resultsMarkdown(results: Results, render: Renderers): string {
  const section = (title: string, body: string) => [`## ${title}`, '', body, ''].join('\n')
  const errorOr = <T extends object>(value: T | { error: string } | undefined, render: (v: T) => string) =>
    value === undefined ? 'Not run yet.' : 'error' in value ? `FAILED: ${value.error}` : render(value)
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); method and meaning in [docs/performance.md](../docs/performance.md).',
    '',
    section('Wallet modal, side by side', results.pages ? pagesMarkdown(results.pages) : 'Not run yet.'),
    section('Frame round trip (app → secure frame → app)', errorOr(results.frame, render.frame)),
    section('Reference server under load', errorOr(results.server, render.server)),
    section('Reference server under load, two instances on one PostgreSQL', errorOr(results.instances, render.server)),
  ].join('\n')
}

async function main() {
  const options = parseArgs(process.argv.slice(2))
  const previous: Results = existsSync(RESULTS_JSON) ? (JSON.parse(readFileSync(RESULTS_JSON, 'utf8')) as Results) : {}
  // A pages section written before the device profiles has no `profiles`: not shown again.
  const results: Results = { ...previous, ...(previous.pages && !('profiles' in previous.pages) ? { pages: undefined } : {}) }
  let failed = false
  if (options.only.has('pages')) {
    results.pages = await runPages({ runs: options.runs, withAnchors: options.withAnchors })
    console.log(`\n${pagesMarkdown(results.pages)}\n`)
    failed ||= results.pages.integrations.some((i) => Object.values(i.profiles).some((loads) => loads.errors.length > 0))
  }
  if (options.only.has('frame')) {
    try {
      const { frameMarkdown, runFrameRoundTrip } = await frameSection()
      const frame = await runFrameRoundTrip({ requests: options.frameRequests })
      const { runUserOperations } = await import('./userOperations')
      frame.userOperations = await runUserOperations().catch((error: unknown) => ({ error: String(error) }))
      failed ||= 'error' in frame.userOperations
      results.frame = frame
      console.log(`\n${frameMarkdown(frame)}\n`)
    } catch (error) {
      results.frame = { error: String(error) }
      console.error('frame round trip failed:', error)
      failed = true
    }
  }
  if (options.only.has('server')) {
    try {
      const { runServerLoad, serverMarkdown } = await serverSection()
      const server = await runServerLoad({ phaseSeconds: options.phaseSeconds })
      results.server = server
      console.log(`\n${serverMarkdown(server)}\n`)
      failed ||= !server.ok
    } catch (error) {
      results.server = { error: String(error) }
      console.error('server load failed:', error)
      failed = true
    }
  }
  if (options.only.has('instances')) {
    try {
      const { runMultiInstanceLoad, serverMarkdown } = await serverSection()
      const instances = await runMultiInstanceLoad({ phaseSeconds: options.phaseSeconds, instances: 2 })
      results.instances = instances
      console.log(`\n${serverMarkdown(instances)}\n`)
      failed ||= !instances.ok
    } catch (error) {
      results.instances = { error: String(error) }
      console.error('two-instance server load failed:', error)
      failed = true
    }
  }
  writeFileSync(RESULTS_JSON, `${JSON.stringify(results, null, 2)}\n`)
  // Sections that were not run keep their last results; their renderers are loaded only
  // if the module loads (else the previous markdown stays as a plain dump).
  const renderers: Renderers = {
    frame: await frameSection().then(
      (m) => m.frameMarkdown,
      () => (r: FrameRoundTripResult) => '```json\n' + JSON.stringify(r, null, 2) + '\n```',
    ),
    server: await serverSection().then(
      (m) => m.serverMarkdown,
      () => (r: ServerLoadResult) => '```json\n' + JSON.stringify(r, null, 2) + '\n```',
    ),
  }
  writeFileSync(RESULTS_MD, resultsMarkdown(results, renderers))
  console.log(`wrote ${path.relative(process.cwd(), RESULTS_MD)} and ${path.relative(process.cwd(), RESULTS_JSON)}`)
  if (failed) process.exitCode = 1
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
