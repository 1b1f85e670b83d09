// The side-by-side page benchmark: builds Portico and the anchors, serves each on
// 127.0.0.1, loads each cold in Chromium several times (interleaved, so machine noise
// spreads over all of them) and summarizes.
import os from 'node:os'
import path from 'node:path'
import { serveStatic } from '../dev/staticServer'
import { buildIntegration, packageShares, REACT_PACKAGES, type Sizes } from './buildIntegration'
import { anchors, ensureAnchorsInstalled, floor, portico, type Integration } from './integrations'
import { launchBenchBrowser, measurePage, PROFILES, type DeviceProfile, type PageRun } from './measurePage'
import { countPackages } from './packages'
import { kib, mib, range, summarize, type Summary } from './stats'

/**
 * Build outputs go outside the repository (lint and type-check would otherwise read
 * megabytes of minified anchor code); kept after the run for inspection.
 */
export const OUT_DIR = path.join(os.tmpdir(), 'portico-bench')

/** The loads of one integration as one device profile. */
export type ProfileRuns = {
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

export type ProfileId = DeviceProfile['id']

export type IntegrationResult = {
  id: string
  label: string
  js: { initial: Sizes; initialWithoutReact: Sizes; total: Sizes; css: Sizes }
  /** Biggest packages in the initial JavaScript (minified bytes). */
  initialTopPackages: { input: string; bytes: number }[]
  packagesInstalled: number
  /** Portico only: packages installed with every namespace's peers (Solana, Bitcoin). */
  packagesInstalledAllNamespaces?: number | undefined
  /** The page loads, per device profile (every profile of the run). */
  profiles: Partial<Record<ProfileId, ProfileRuns>>
}

export type PagesResult = {
  date: string
  machine: { node: string; cpus: number; cpuModel: string; chromium: string }
  runs: number
  /** The device profiles measured, in the run's order. */
  profiles: DeviceProfile[]
  integrations: IntegrationResult[]
}

/**
 * Every integration is served with the same permissive policy: the anchors inject
 * styles and would not run under Portico's strict demo policy, and a blocked request
 * would hide from the count. Outside requests are aborted by the browser harness.
 */
const PERMISSIVE_CSP = "default-src * 'unsafe-inline' 'unsafe-eval' data: blob:"

export async function runPages({
  runs = 7,
  withAnchors = true,
  profiles = PROFILES,
  log = console.log,
}: { runs?: number; withAnchors?: boolean; profiles?: readonly DeviceProfile[]; log?: (line: string) => void } = {}): Promise<PagesResult> {
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
  // One list of loads per integration and profile; every run loads each integration as
  // every profile in turn, so machine noise spreads over all of them.
  const loads = built.map(() => profiles.map(() => ({ runs: [] as PageRun[], errors: [] as string[] })))
  try {
    for (let run = 1; run <= runs; run++) {
      for (const [p, profile] of profiles.entries()) {
        for (const [index, { target }] of built.entries()) {
          const into = loads[index]![p]!
          try {
            const result = await measurePage(browser, { ...target, name: target.label, url: servers[index]!.url }, profile)
            into.runs.push(result)
            log(`run ${run}/${runs} ${profile.id} ${target.label}: connect ${result.connectVisibleMs.toFixed(0)} ms, click→wallet ${result.clickToWalletMs.toFixed(0)} ms`)
          } catch (error) {
            into.errors.push(String(error))
            log(`run ${run}/${runs} ${profile.id} ${target.label}: FAILED ${String(error)}`)
          }
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
    profiles: [...profiles],
    integrations: built.map(({ target, full, noReact, packages, allNamespaces }, index) => ({
      id: target.id,
      label: target.label,
      js: { initial: full.initial, initialWithoutReact: noReact.initial, total: full.total, css: full.css },
      initialTopPackages: packageShares(full.initialInputs).slice(0, 10),
      packagesInstalled: packages.count,
      ...(allNamespaces ? { packagesInstalledAllNamespaces: allNamespaces.count } : {}),
      profiles: Object.fromEntries(profiles.map((profile, p) => [profile.id, profileRuns(loads[index]![p]!.runs, loads[index]![p]!.errors)])),
    })),
  }
}

/** The summary of one integration's loads as one profile. */
export function profileRuns(results: PageRun[], errors: string[]): ProfileRuns {
  const origins = (pick: (r: PageRun) => { url: string }[]) => {
    const counts: Record<string, number> = {}
    for (const r of results) for (const { url } of pick(r)) counts[new URL(url).origin] = (counts[new URL(url).origin] ?? 0) + 1
    return counts
  }
  return {
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
    errors,
  }
}

const machine = { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '?', chromium: '?' }

/** Goals of docs/performance.md, relative to the floor measured in the same run. */
export const FLOOR_GOALS = { connectRatio: 1.3, clickRatio: 1.2, heapOverFloorBytes: 1.5 * 1024 * 1024 } as const

/** Portico's median timing must be at most this share of every anchor's (ahead by at least 25%). */
export const ANCHOR_LEAD_GOAL = 0.75

export type FloorComparison = {
  /** Median navigation → Connect button, divided by the floor's. */
  connectRatio: number
  /** Median click → first wallet option, divided by the floor's. */
  clickRatio: number
  /** Median heap after open, minus the floor's (bytes). */
  heapOverFloorBytes: number
}

const loadsOf = (integration: IntegrationResult | undefined, profile: ProfileId) => {
  const loads = integration?.profiles[profile]
  return loads && loads.runs.length > 0 ? loads : undefined
}

/** Each integration against the floor of the same run and profile; undefined when that has no floor. */
export function floorComparison(result: PagesResult, integration: IntegrationResult, profile: ProfileId): FloorComparison | undefined {
  const base = loadsOf(
    result.integrations.find((i) => i.id === floor.id),
    profile,
  )
  const measured = loadsOf(integration, profile)
  if (!base || !measured) return undefined
  return {
    connectRatio: measured.summary.connectVisibleMs.median / base.summary.connectVisibleMs.median,
    clickRatio: measured.summary.clickToWalletMs.median / base.summary.clickToWalletMs.median,
    heapOverFloorBytes: measured.summary.heapUsedBytes.median - base.summary.heapUsedBytes.median,
  }
}

const TIMINGS = [
  { name: 'Click → first wallet option', key: 'clickToWalletMs' },
  { name: 'Navigation → Connect button', key: 'connectVisibleMs' },
] as const

const verdict = (met: boolean) => (met ? 'met' : 'NOT met')

/**
 * Where Portico stands against each goal, per profile: one line per floor goal, met or
 * not, with the measure, then one per timing against the fastest anchor of the same run
 * and profile (ahead of it by 25% means ahead of every anchor by 25%).
 */
export function floorGoalLines(result: PagesResult): string[] {
  const measured = result.integrations.find((i) => i.id === portico.id)
  return result.profiles.flatMap((profile) => {
    const against = measured && floorComparison(result, measured, profile.id)
    const heading = `${profile.label}:`
    if (!against) return [heading, '- No floor or no Portico run: the goals were not measured.']
    const line = (name: string, value: string, goal: string, met: boolean) => `- ${name}: ${value} (goal ${goal}): ${verdict(met)}`
    const anchorLines = TIMINGS.flatMap(({ name, key }) => {
      const mine = loadsOf(measured, profile.id)!.summary[key].median
      const others = result.integrations
        .filter((i) => i.id !== floor.id && i.id !== portico.id)
        .map((i) => ({ label: i.label, loads: loadsOf(i, profile.id) }))
        .filter((o): o is { label: string; loads: ProfileRuns } => o.loads !== undefined)
      if (others.length === 0) return []
      const closest = others.reduce((a, b) => (a.loads.summary[key].median <= b.loads.summary[key].median ? a : b))
      const share = mine / closest.loads.summary[key].median
      return [line(`${name} against the anchors`, `${share.toFixed(2)}× the fastest (${closest.label})`, `≤ ${ANCHOR_LEAD_GOAL}× each`, share <= ANCHOR_LEAD_GOAL)]
    })
    return [
      heading,
      line('Click → first wallet option', `${against.clickRatio.toFixed(2)}× the floor`, `≤ ${FLOOR_GOALS.clickRatio}×`, against.clickRatio <= FLOOR_GOALS.clickRatio),
      line('Navigation → Connect button', `${against.connectRatio.toFixed(2)}× the floor`, `≤ ${FLOOR_GOALS.connectRatio}×`, against.connectRatio <= FLOOR_GOALS.connectRatio),
      line(
        'JS heap after open',
        `floor + ${mib(against.heapOverFloorBytes)} MiB`,
        `≤ floor + ${mib(FLOOR_GOALS.heapOverFloorBytes)} MiB`,
        against.heapOverFloorBytes <= FLOOR_GOALS.heapOverFloorBytes,
      ),
      ...anchorLines,
    ]
  })
}

const sizeCell = (s: Sizes) => `${kib(s.gzip)} (${s.files} files)`

const ratioCell = (ratio: number | undefined) => (ratio === undefined ? '—' : `${ratio.toFixed(2)}×`)

/**
 * The markdown tables of a pages run (rows: metrics; columns: integrations): the sizes
 * once, then every measured row once per profile, the profiles next to each other.
 */
export function pagesMarkdown(result: PagesResult): string {
  const cols = result.integrations
  const header = [`| | ${cols.map((c) => c.label).join(' | ')} |`, `| --- | ${cols.map(() => '---:').join(' | ')} |`]
  const row = (name: string, cell: (r: IntegrationResult) => string) => `| ${name} | ${cols.map(cell).join(' | ')} |`
  const sizes = [
    row('Initial JS, gzip KiB (files)', (r) => sizeCell(r.js.initial)),
    row('Initial JS, raw / brotli KiB', (r) => `${kib(r.js.initial.raw)} / ${kib(r.js.initial.brotli)}`),
    row(`Initial JS without ${REACT_PACKAGES.slice(0, 2).join(' + ')}, gzip KiB`, (r) => kib(r.js.initialWithoutReact.gzip)),
    row('Total JS, gzip KiB (files)', (r) => sizeCell(r.js.total)),
    row('Total JS, raw / brotli KiB', (r) => `${kib(r.js.total.raw)} / ${kib(r.js.total.brotli)}`),
    row('CSS, gzip KiB', (r) => (r.js.css.files ? kib(r.js.css.gzip) : '— (in JS)')),
    row('npm packages installed (Portico: EVM only)', (r) => String(r.packagesInstalled)),
    row('npm packages installed, every namespace (Solana, Bitcoin)', (r) => (r.packagesInstalledAllNamespaces === undefined ? '—' : String(r.packagesInstalledAllNamespaces))),
  ]
  const perProfile = (name: string, cell: (loads: ProfileRuns, r: IntegrationResult, profile: ProfileId) => string) =>
    result.profiles.map((profile) =>
      row(`${name}, ${profile.id}`, (r) => {
        const loads = loadsOf(r, profile.id)
        return loads ? cell(loads, r, profile.id) : '—'
      }),
    )
  const measured = [
    ...perProfile('Navigation → Connect button, ms', (l) => range(l.summary.connectVisibleMs)),
    ...perProfile('Navigation → Connect button, × floor', (_, r, p) => ratioCell(floorComparison(result, r, p)?.connectRatio)),
    ...perProfile('Click → first wallet option, ms', (l) => range(l.summary.clickToWalletMs)),
    ...perProfile('Click → first wallet option, × floor', (_, r, p) => ratioCell(floorComparison(result, r, p)?.clickRatio)),
    ...perProfile('JS heap after open, MiB', (l) => range(l.summary.heapUsedBytes, mib)),
    ...perProfile('JS heap after open, MiB over floor', (_, r, p) => {
      const over = floorComparison(result, r, p)?.heapOverFloorBytes
      return over === undefined ? '—' : `${over >= 0 ? '+' : '−'}${mib(Math.abs(over))}`
    }),
    ...perProfile('JS heap after open + forced GC, MiB', (l) => range(l.summary.heapAfterGcBytes, mib)),
    ...perProfile('DOM elements after open (incl. shadow roots)', (l) => range(l.summary.domElements)),
    ...perProfile('Outside requests before click', (l) => range(l.summary.requestsBeforeClick)),
    ...perProfile('Outside requests after click', (l) => range(l.summary.requestsAfterClick)),
  ]
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .map(([origin, n]) => `${origin} (${n})`)
      .join(', ') || 'none'
  const origins = result.profiles.flatMap((profile) =>
    cols.flatMap((c) => {
      const loads = c.profiles[profile.id]
      return loads ? [`- **${c.label}**, ${profile.id}: before click: ${list(loads.outsideOrigins.before)}; after click: ${list(loads.outsideOrigins.after)}`] : []
    }),
  )
  const failures = result.profiles.flatMap((profile) =>
    cols.flatMap((c) => {
      const errors = c.profiles[profile.id]?.errors ?? []
      return errors.length > 0 ? [`- **${c.label}**, ${profile.id}: ${errors.length} failed run(s): ${errors[0]}`] : []
    }),
  )
  return [
    `Median (min–max) of ${result.runs} cold loads each per profile; ${result.machine.cpus} × ${result.machine.cpuModel}, Node ${result.machine.node}, Chromium ${result.machine.chromium}, ${result.date}.`,
    `Profiles: ${result.profiles.map((p) => `**${p.id}**: ${p.label}`).join('; ')}.`,
    '',
    ...header,
    ...sizes,
    '',
    ...header,
    ...measured,
    '',
    'Portico against the floor and the anchors (goals in docs/performance.md):',
    '',
    ...floorGoalLines(result),
    '',
    'Outside origins contacted (requests summed over all runs; every one was aborted by the harness):',
    '',
    ...origins,
    ...(failures.length ? ['', 'Failures:', '', ...failures] : []),
  ].join('\n')
}
