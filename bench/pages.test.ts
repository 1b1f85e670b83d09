// The floor comparison of the page bench: ratios and differences to the React-only page
// of the same run, and the goal lines of docs/performance.md.
import { DESKTOP, PHONE } from './measurePage'
import { floorComparison, floorGoalLines, pagesMarkdown, profileRuns, type IntegrationResult, type PagesResult } from './pages'

const MiB = 1024 * 1024

type Load = { connect: number; click: number; heap: number }

const loads = (runs: Load[]) =>
  profileRuns(
    runs.map((r) => ({
      connectVisibleMs: r.connect,
      clickToWalletMs: r.click,
      heapUsedBytes: r.heap,
      heapAfterGcBytes: r.heap,
      domElements: 1,
      requestsBeforeClick: [],
      requestsAfterClick: [],
      pageErrors: [],
    })),
    [],
  )

/** An integration measured on the desktop profile, and on the phone profile when `phone` is given. */
function integration(id: string, desktop: Load[], phone?: Load[]): IntegrationResult {
  const sizes = { raw: 1, gzip: 1, brotli: 1, files: 1 }
  return {
    id,
    label: id,
    js: { initial: sizes, initialWithoutReact: sizes, total: sizes, css: sizes },
    initialTopPackages: [],
    packagesInstalled: 1,
    profiles: { desktop: loads(desktop), ...(phone ? { phone: loads(phone) } : {}) },
  }
}

const result = (integrations: IntegrationResult[], profiles = [DESKTOP]): PagesResult => ({
  date: 'today',
  machine: { node: 'v20', cpus: 2, cpuModel: 'cpu', chromium: '1' },
  runs: 3,
  profiles,
  integrations,
})

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
    expect(floorComparison(result([floor, portico]), portico, 'desktop')).toEqual({ connectRatio: 300 / 250, clickRatio: 15 / 12, heapOverFloorBytes: MiB })
  })

  it('says which goal is met and which is not', () => {
    expect(floorGoalLines(result([floor, portico]))).toEqual([
      'desktop 1280×800:',
      '- Click → first wallet option: 1.25× the floor (goal ≤ 1.2×): NOT met',
      '- Navigation → Connect button: 1.20× the floor (goal ≤ 1.3×): met',
      '- JS heap after open: floor + 1.0 MiB (goal ≤ floor + 1.5 MiB): met',
    ])
  })

  it('has no comparison without a floor in the same run, and says the goals were not measured', () => {
    expect(floorComparison(result([portico]), portico, 'desktop')).toBeUndefined()
    expect(floorGoalLines(result([portico]))).toEqual(['desktop 1280×800:', '- No floor or no Portico run: the goals were not measured.'])
  })

  it('adds the ratio rows to the table, 1.00× for the floor itself', () => {
    const table = pagesMarkdown(result([floor, portico]))
    expect(table).toContain('| Navigation → Connect button, × floor, desktop | 1.00× | 1.20× |')
    expect(table).toContain('| Click → first wallet option, × floor, desktop | 1.00× | 1.25× |')
    expect(table).toContain('| JS heap after open, MiB over floor, desktop | +0.0 | +1.0 |')
  })
})

describe('the phone profile beside the desktop one', () => {
  const floor = integration('floor', [{ connect: 200, click: 10, heap: 2 * MiB }], [{ connect: 800, click: 40, heap: 2 * MiB }])
  const portico = integration('portico', [{ connect: 240, click: 13, heap: 3 * MiB }], [{ connect: 1200, click: 100, heap: 4 * MiB }])
  const rainbowkit = integration('rainbowkit', [{ connect: 400, click: 20, heap: 9 * MiB }], [{ connect: 1500, click: 120, heap: 10 * MiB }])
  const appkit = integration('appkit', [{ connect: 600, click: 60, heap: 16 * MiB }])
  const run = result([floor, portico, rainbowkit, appkit], [DESKTOP, PHONE])

  it('compares each profile with the floor of the same profile', () => {
    expect(floorComparison(run, portico, 'desktop')).toEqual({ connectRatio: 240 / 200, clickRatio: 13 / 10, heapOverFloorBytes: MiB })
    expect(floorComparison(run, portico, 'phone')).toEqual({ connectRatio: 1200 / 800, clickRatio: 100 / 40, heapOverFloorBytes: 2 * MiB })
    expect(floorComparison(run, appkit, 'phone')).toBeUndefined()
  })

  it('puts each measured row of the two profiles next to each other, with a dash where a profile was not measured', () => {
    const lines = pagesMarkdown(run).split('\n')
    const at = lines.indexOf('| Click → first wallet option, ms, desktop | 10 | 13 | 20 | 60 |')
    expect(at).toBeGreaterThan(0)
    expect(lines[at + 1]).toBe('| Click → first wallet option, ms, phone | 40 | 100 | 120 | — |')
    expect(lines[at + 2]).toBe('| Click → first wallet option, × floor, desktop | 1.00× | 1.30× | 2.00× | 6.00× |')
    expect(lines[at + 3]).toBe('| Click → first wallet option, × floor, phone | 1.00× | 2.50× | 3.00× | — |')
    expect(lines).toContain('| JS heap after open, MiB over floor, phone | +0.0 | +2.0 | +8.0 | — |')
  })

  it('states every goal per profile, the lead over the fastest anchor included', () => {
    expect(floorGoalLines(run)).toEqual([
      'desktop 1280×800:',
      '- Click → first wallet option: 1.30× the floor (goal ≤ 1.2×): NOT met',
      '- Navigation → Connect button: 1.20× the floor (goal ≤ 1.3×): met',
      '- JS heap after open: floor + 1.0 MiB (goal ≤ floor + 1.5 MiB): met',
      '- Click → first wallet option against the anchors: 0.65× the fastest (rainbowkit) (goal ≤ 0.75× each): met',
      '- Navigation → Connect button against the anchors: 0.60× the fastest (rainbowkit) (goal ≤ 0.75× each): met',
      'phone 390×844 touch, CPU 4× slower:',
      '- Click → first wallet option: 2.50× the floor (goal ≤ 1.2×): NOT met',
      '- Navigation → Connect button: 1.50× the floor (goal ≤ 1.3×): NOT met',
      '- JS heap after open: floor + 2.0 MiB (goal ≤ floor + 1.5 MiB): NOT met',
      '- Click → first wallet option against the anchors: 0.83× the fastest (rainbowkit) (goal ≤ 0.75× each): NOT met',
      '- Navigation → Connect button against the anchors: 0.80× the fastest (rainbowkit) (goal ≤ 0.75× each): NOT met',
    ])
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
