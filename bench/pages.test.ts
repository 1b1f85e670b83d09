// The floor comparison of the page bench: ratios and differences to the React-only page
// of the same run, and the goal lines of docs/performance.md.
import { floorComparison, floorGoalLines, pagesMarkdown, type IntegrationResult, type PagesResult } from './pages'
import { summarize } from './stats'

const MiB = 1024 * 1024

function integration(id: string, runs: { connect: number; click: number; heap: number }[]): IntegrationResult {
  const sizes = { raw: 1, gzip: 1, brotli: 1, files: 1 }
  return {
    id,
    label: id,
    js: { initial: sizes, initialWithoutReact: sizes, total: sizes, css: sizes },
    initialTopPackages: [],
    packagesInstalled: 1,
    runs: runs.map((r) => ({
      connectVisibleMs: r.connect,
      clickToWalletMs: r.click,
      heapUsedBytes: r.heap,
      heapAfterGcBytes: r.heap,
      domElements: 1,
      requestsBeforeClick: [],
      requestsAfterClick: [],
      pageErrors: [],
    })),
    summary: {
      connectVisibleMs: summarize(runs.map((r) => r.connect)),
      clickToWalletMs: summarize(runs.map((r) => r.click)),
      heapUsedBytes: summarize(runs.map((r) => r.heap)),
      heapAfterGcBytes: summarize(runs.map((r) => r.heap)),
      domElements: summarize([1]),
      requestsBeforeClick: summarize([0]),
      requestsAfterClick: summarize([0]),
    },
    outsideOrigins: { before: {}, after: {} },
    errors: [],
  }
}

const result = (integrations: IntegrationResult[]): PagesResult => ({ date: 'today', machine: { node: 'v20', cpus: 2, cpuModel: 'cpu', chromium: '1' }, runs: 3, integrations })

describe('the floor comparison', () => {
  const floor = integration('floor', [
    { connect: 200, click: 10, heap: 2 * MiB },
    { connect: 250, click: 12, heap: 2 * MiB },
    { connect: 900, click: 40, heap: 2 * MiB },
  ])
  const portico = integration('portico', [
    { connect: 240, click: 13, heap: 3 * MiB },
    { connect: 300, click: 15, heap: 3 * MiB },
    { connect: 1000, click: 50, heap: 3 * MiB },
  ])

  it('divides medians by the floor’s and subtracts its heap', () => {
    expect(floorComparison(result([floor, portico]), portico)).toEqual({ connectRatio: 300 / 250, clickRatio: 15 / 12, heapOverFloorBytes: MiB })
  })

  it('says which goal is met and which is not', () => {
    expect(floorGoalLines(result([floor, portico]))).toEqual([
      '- Click → first wallet option: 1.25× the floor (goal ≤ 1.2×): NOT met',
      '- Navigation → Connect button: 1.20× the floor (goal ≤ 1.3×): met',
      '- JS heap after open: floor + 1.0 MiB (goal ≤ floor + 1.5 MiB): met',
    ])
  })

  it('has no comparison without a floor in the same run, and says the goals were not measured', () => {
    expect(floorComparison(result([portico]), portico)).toBeUndefined()
    expect(floorGoalLines(result([portico]))).toEqual(['No floor or no Portico run: the goals were not measured.'])
  })

  it('adds the ratio rows to the table, 1.00× for the floor itself', () => {
    const table = pagesMarkdown(result([floor, portico]))
    expect(table).toContain('| Navigation → Connect button, × floor | 1.00× | 1.20× |')
    expect(table).toContain('| Click → first wallet option, × floor | 1.00× | 1.25× |')
    expect(table).toContain('| JS heap after open, MiB over floor | +0.0 | +1.0 |')
  })
})

describe('the package counts', () => {
  it('shows Portico’s EVM-only and every-namespace installs, a dash where an integration has no namespaces', () => {
    const floor = { ...integration('floor', [{ connect: 1, click: 1, heap: 1 }]), packagesInstalled: 2 }
    const portico = { ...integration('portico', [{ connect: 1, click: 1, heap: 1 }]), packagesInstalled: 139, packagesInstalledAllNamespaces: 368 }
    const table = pagesMarkdown(result([floor, portico]))
    expect(table).toContain('| npm packages installed (Portico: EVM only) | 2 | 139 |')
    expect(table).toContain('| npm packages installed, every namespace (Solana, Bitcoin) | — | 368 |')
  })
})
