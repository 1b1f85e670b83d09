// The side-by-side page benchmark: builds Portico and the anchors, serves each on
// 127.0.0.1, loads each cold in Chromium several times (interleaved, so machine noise
// spreads over all of them) and summarizes.
import os from 'node:os'
import path from 'node:path'
import { serveStatic } from '../dev/staticServer'
import { buildIntegration, packageShares, REACT_PACKAGES, type Sizes } from './buildIntegration'
import { anchors, ensureAnchorsInstalled, floor, portico, type Integration } from './integrations'
import { launchBenchBrowser, measurePage, type PageRun } from './measurePage'
import { countPackages } from './packages'
import { kib, mib, range, summarize, type Summary } from './stats'

/**
 * Build outputs go outside the repository (lint and type-check would otherwise read
 * megabytes of minified anchor code); kept after the run for inspection.
 */
export const OUT_DIR = path.join(os.tmpdir(), 'portico-bench')

export type IntegrationResult = {
  id: string
  label: string
  js: { initial: Sizes; initialWithoutReact: Sizes; total: Sizes; css: Sizes }
  /** Biggest packages in the initial JavaScript (minified bytes). */
  initialTopPackages: { input: string; bytes: number }[]
  packagesInstalled: number
  /** Portico only: packages installed with every namespace's peers (Solana, Bitcoin). */
  packagesInstalledAllNamespaces?: number | undefined
  runs: PageRun[]
  summary: {
    connectVisibleMs: Summary
    clickToWalletMs: Summary
    heapUsedBytes: Summary
    heapAfterGcBytes: Summary
    domElements: Summary
    requestsBeforeClick: Summary
    requestsAfterClick: Summary
  }
  /** Outside origins contacted in any run, with the number of requests over all runs. */
  outsideOrigins: { before: Record<string, number>; after: Record<string, number> }
  errors: string[]
}

export type PagesResult = {
  date: string
  machine: { node: string; cpus: number; cpuModel: string; chromium: string }
  runs: number
  integrations: IntegrationResult[]
}

/**
 * Every integration is served with the same permissive policy: the anchors inject
 * styles and would not run under Portico's strict demo policy, and a blocked request
 * would hide from the count. Outside requests are aborted by the browser harness.
 */
const PERMISSIVE_CSP = "default-src * 'unsafe-inline' 'unsafe-eval' data: blob:"

export async function runPages({ runs = 7, withAnchors = true, log = console.log }: { runs?: number; withAnchors?: boolean; log?: (line: string) => void } = {}): Promise<PagesResult> {
  if (withAnchors) ensureAnchorsInstalled(log)
  // The floor is always measured: the ratios are only honest within one run.
  const targets: Integration[] = [floor, portico, ...(withAnchors ? anchors() : [])]
  const built = []
  for (const target of targets) {
    log(`building ${target.label}...`)
    const outdir = path.join(OUT_DIR, target.id)
    const full = await buildIntegration({ name: target.label, entry: target.entry, outdir, html: true })
    const noReact = await buildIntegration({ name: target.label, entry: target.entry, outdir: `${outdir}-without-react`, externalReact: true })
    const packages = countPackages(target.packageDir, target.directDependencies)
    const allNamespaces = target.allNamespacesDependencies && countPackages(target.packageDir, target.allNamespacesDependencies)
    built.push({ target, full, noReact, packages, allNamespaces })
  }
  const servers = await Promise.all(built.map((b) => serveStatic({ dir: b.full.outdir, csp: PERMISSIVE_CSP })))
  const browser = await launchBenchBrowser()
  const perTarget: PageRun[][] = built.map(() => [])
  const errors: string[][] = built.map(() => [])
  try {
    for (let run = 1; run <= runs; run++) {
      for (const [index, { target }] of built.entries()) {
        try {
          const result = await measurePage(browser, { ...target, name: target.label, url: servers[index]!.url })
          perTarget[index]!.push(result)
          log(`run ${run}/${runs} ${target.label}: connect ${result.connectVisibleMs.toFixed(0)} ms, click→wallet ${result.clickToWalletMs.toFixed(0)} ms`)
        } catch (error) {
          errors[index]!.push(String(error))
          log(`run ${run}/${runs} ${target.label}: FAILED ${String(error)}`)
        }
      }
    }
  } finally {
    const chromium = browser.version()
    await browser.close()
    await Promise.all(servers.map((s) => s.close()))
    machine.chromium = chromium
  }
  return {
    date: new Date().toISOString(),
    machine,
    runs,
    integrations: built.map(({ target, full, noReact, packages, allNamespaces }, index) => {
      const results = perTarget[index]!
      const origins = (pick: (r: PageRun) => { url: string }[]) => {
        const counts: Record<string, number> = {}
        for (const r of results) for (const { url } of pick(r)) counts[new URL(url).origin] = (counts[new URL(url).origin] ?? 0) + 1
        return counts
      }
      return {
        id: target.id,
        label: target.label,
        js: { initial: full.initial, initialWithoutReact: noReact.initial, total: full.total, css: full.css },
        initialTopPackages: packageShares(full.initialInputs).slice(0, 10),
        packagesInstalled: packages.count,
        ...(allNamespaces ? { packagesInstalledAllNamespaces: allNamespaces.count } : {}),
        runs: results,
        summary: {
          connectVisibleMs: summarize(results.map((r) => r.connectVisibleMs)),
          clickToWalletMs: summarize(results.map((r) => r.clickToWalletMs)),
          heapUsedBytes: summarize(results.map((r) => r.heapUsedBytes)),
          heapAfterGcBytes: summarize(results.map((r) => r.heapAfterGcBytes)),
          domElements: summarize(results.map((r) => r.domElements)),
          requestsBeforeClick: summarize(results.map((r) => r.requestsBeforeClick.length)),
          requestsAfterClick: summarize(results.map((r) => r.requestsAfterClick.length)),
        },
        outsideOrigins: { before: origins((r) => r.requestsBeforeClick), after: origins((r) => r.requestsAfterClick) },
        errors: errors[index]!,
      }
    }),
  }
}

const machine = { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '?', chromium: '?' }

/** Goals of docs/performance.md, relative to the floor measured in the same run. */
export const FLOOR_GOALS = { connectRatio: 1.3, clickRatio: 1.2, heapOverFloorBytes: 1.5 * 1024 * 1024 } as const

export type FloorComparison = {
  /** Median navigation → Connect button, divided by the floor's. */
  connectRatio: number
  /** Median click → first wallet option, divided by the floor's. */
  clickRatio: number
  /** Median heap after open, minus the floor's (bytes). */
  heapOverFloorBytes: number
}

/** Each integration against the floor of the same run; undefined when the run has no floor. */
export function floorComparison(result: PagesResult, integration: IntegrationResult): FloorComparison | undefined {
  const base = result.integrations.find((i) => i.id === floor.id)
  if (!base || base.runs.length === 0 || integration.runs.length === 0) return undefined
  return {
    connectRatio: integration.summary.connectVisibleMs.median / base.summary.connectVisibleMs.median,
    clickRatio: integration.summary.clickToWalletMs.median / base.summary.clickToWalletMs.median,
    heapOverFloorBytes: integration.summary.heapUsedBytes.median - base.summary.heapUsedBytes.median,
  }
}

/** Where Portico stands against each goal: one line per goal, met or not, with the measure. */
export function floorGoalLines(result: PagesResult): string[] {
  const measured = result.integrations.find((i) => i.id === portico.id)
  const against = measured && floorComparison(result, measured)
  if (!against) return ['No floor or no Portico run: the goals were not measured.']
  const line = (name: string, value: string, goal: string, met: boolean) => `- ${name}: ${value} (goal ${goal}): ${met ? 'met' : 'NOT met'}`
  return [
    line('Click → first wallet option', `${against.clickRatio.toFixed(2)}× the floor`, `≤ ${FLOOR_GOALS.clickRatio}×`, against.clickRatio <= FLOOR_GOALS.clickRatio),
    line('Navigation → Connect button', `${against.connectRatio.toFixed(2)}× the floor`, `≤ ${FLOOR_GOALS.connectRatio}×`, against.connectRatio <= FLOOR_GOALS.connectRatio),
    line('JS heap after open', `floor + ${mib(against.heapOverFloorBytes)} MiB`, `≤ floor + ${mib(FLOOR_GOALS.heapOverFloorBytes)} MiB`, against.heapOverFloorBytes <= FLOOR_GOALS.heapOverFloorBytes),
  ]
}

const sizeCell = (s: Sizes) => `${kib(s.gzip)} (${s.files} files)`

const ratioCell = (ratio: number | undefined) => (ratio === undefined ? '—' : `${ratio.toFixed(2)}×`)

/** The markdown table of a pages run (rows: metrics; columns: integrations). */
export function pagesMarkdown(result: PagesResult): string {
  const cols = result.integrations
  const row = (name: string, cell: (r: IntegrationResult) => string) => `| ${name} | ${cols.map(cell).join(' | ')} |`
  const lines = [
    `| | ${cols.map((c) => c.label).join(' | ')} |`,
    `| --- | ${cols.map(() => '---:').join(' | ')} |`,
    row('Initial JS, gzip KiB (files)', (r) => sizeCell(r.js.initial)),
    row('Initial JS, raw / brotli KiB', (r) => `${kib(r.js.initial.raw)} / ${kib(r.js.initial.brotli)}`),
    row(`Initial JS without ${REACT_PACKAGES.slice(0, 2).join(' + ')}, gzip KiB`, (r) => kib(r.js.initialWithoutReact.gzip)),
    row('Total JS, gzip KiB (files)', (r) => sizeCell(r.js.total)),
    row('Total JS, raw / brotli KiB', (r) => `${kib(r.js.total.raw)} / ${kib(r.js.total.brotli)}`),
    row('CSS, gzip KiB', (r) => (r.js.css.files ? kib(r.js.css.gzip) : '— (in JS)')),
    row('Navigation → Connect button, ms', (r) => range(r.summary.connectVisibleMs)),
    row('Navigation → Connect button, × floor', (r) => ratioCell(floorComparison(result, r)?.connectRatio)),
    row('Click → first wallet option, ms', (r) => range(r.summary.clickToWalletMs)),
    row('Click → first wallet option, × floor', (r) => ratioCell(floorComparison(result, r)?.clickRatio)),
    row('JS heap after open, MiB', (r) => range(r.summary.heapUsedBytes, mib)),
    row('JS heap after open, MiB over floor', (r) => {
      const over = floorComparison(result, r)?.heapOverFloorBytes
      return over === undefined ? '—' : `${over >= 0 ? '+' : '−'}${mib(Math.abs(over))}`
    }),
    row('JS heap after open + forced GC, MiB', (r) => range(r.summary.heapAfterGcBytes, mib)),
    row('DOM elements after open (incl. shadow roots)', (r) => range(r.summary.domElements)),
    row('Outside requests before click', (r) => range(r.summary.requestsBeforeClick)),
    row('Outside requests after click', (r) => range(r.summary.requestsAfterClick)),
    row('npm packages installed (Portico: EVM only)', (r) => String(r.packagesInstalled)),
    row('npm packages installed, every namespace (Solana, Bitcoin)', (r) => (r.packagesInstalledAllNamespaces === undefined ? '—' : String(r.packagesInstalledAllNamespaces))),
  ]
  const origins = cols.map((c) => {
    const list = (counts: Record<string, number>) =>
      Object.entries(counts)
        .sort((a, b) => b[1] - a[1])
        .map(([origin, n]) => `${origin} (${n})`)
        .join(', ') || 'none'
    return `- **${c.label}**: before click: ${list(c.outsideOrigins.before)}; after click: ${list(c.outsideOrigins.after)}`
  })
  const failures = cols.filter((c) => c.errors.length > 0).map((c) => `- **${c.label}**: ${c.errors.length} failed run(s): ${c.errors[0]}`)
  return [
    `Median (min–max) of ${result.runs} cold loads each; ${result.machine.cpus} × ${result.machine.cpuModel}, Node ${result.machine.node}, Chromium ${result.machine.chromium}, ${result.date}.`,
    '',
    ...lines,
    '',
    'Portico against the floor (goals in docs/performance.md):',
    '',
    ...floorGoalLines(result),
    '',
    'Outside origins contacted (requests summed over all runs; every one was aborted by the harness):',
    '',
    ...origins,
    ...(failures.length ? ['', 'Failures:', '', ...failures] : []),
  ].join('\n')
}
