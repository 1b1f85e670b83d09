// Loads one built integration in headless Chromium and measures what a visitor pays:
// time to the Connect button, click to the first wallet option, heap and DOM after the
// modal opened, and every request to another origin (recorded and aborted, so nothing
// leaves the machine).
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core'

/** Debian's Chromium; never downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * An element to wait for. `path` is one CSS selector per shadow boundary: the first is
 * searched in the document and every shadow root, each next one inside the shadow root
 * of the previous match (`['wui-connect-button', 'button']`). `text`, a regular
 * expression, must match the element's text when given.
 */
export type Probe = { path: readonly string[]; text?: string }

export type PageTarget = {
  name: string
  url: string
  connectButton: Probe
  firstWalletOption: Probe
}

/**
 * The device a page is loaded as. The phone class is a 390×844 touch screen (an iPhone
 * 12–15's CSS viewport, 3 device pixels per CSS pixel) with the page's CPU slowed down
 * through the DevTools protocol (`Emulation.setCPUThrottlingRate`), as Lighthouse's
 * mobile preset does: the main thread runs `cpuSlowdown` times slower than this machine's.
 */
export type DeviceProfile = {
  id: 'desktop' | 'phone'
  label: string
  viewport: { width: number; height: number }
  deviceScaleFactor: number
  /** Touch screen: the page is tapped, not clicked, and has no hover. */
  touch: boolean
  /** Main-thread slowdown (1: none). */
  cpuSlowdown: number
}

export const DESKTOP: DeviceProfile = { id: 'desktop', label: 'desktop 1280×800', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, touch: false, cpuSlowdown: 1 }
export const PHONE: DeviceProfile = { id: 'phone', label: 'phone 390×844 touch, CPU 4× slower', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, touch: true, cpuSlowdown: 4 }
/** Every profile the page bench runs, in the order its tables show them. */
export const PROFILES: readonly DeviceProfile[] = [DESKTOP, PHONE]

export type OutsideRequest = { url: string; kind: 'http' | 'websocket' }

export type PageRun = {
  /** Navigation start → Connect button laid out (ms). */
  connectVisibleMs: number
  /** Click event → first wallet option laid out (ms). */
  clickToWalletMs: number
  heapUsedBytes: number
  heapAfterGcBytes: number
  /** Elements in the document plus every shadow root (open or closed). */
  domElements: number
  requestsBeforeClick: OutsideRequest[]
  requestsAfterClick: OutsideRequest[]
  pageErrors: string[]
}

/** The flags known to work in this container, plus a resolver that sends every outside host nowhere. */
export async function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Belt and braces under the request routing: no outside name resolves.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  })
}

/**
 * Runs in the page before its scripts: records every shadow root (closed ones too, so
 * the DOM count and the probes see inside web components), and marks when each probe
 * first matches an element with a layout box. The wallet probe arms on the click.
 */
function pageScript(probes: { connect: Probe; wallet: Probe }) {
  type Bench = {
    roots: (Document | ShadowRoot)[]
    marks: Record<string, number>
    found: Record<string, Element>
    clickAt?: number
    count(): number
  }
  const roots: (Document | ShadowRoot)[] = [document]
  const shadowOf = new WeakMap<Element, ShadowRoot>()
  const bench: Bench = {
    roots,
    marks: {},
    found: {},
    count() {
      let total = 0
      for (const root of roots) {
        if (root instanceof ShadowRoot && !root.host.isConnected) continue
        total += root.querySelectorAll('*').length
      }
      return total
    },
  }
  ;(window as unknown as { __bench: Bench }).__bench = bench
  const laidOut = (element: Element) => {
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
  }
  const pending = new Map<string, Probe>([['connect', probes.connect]])
  const search = (probe: Probe): Element | undefined => {
    const [first, ...rest] = probe.path
    let candidates: Element[] = roots.flatMap((root) => [...root.querySelectorAll(first!)])
    for (const selector of rest) {
      candidates = candidates.flatMap((host) => {
        const root = shadowOf.get(host)
        return root ? [...root.querySelectorAll(selector)] : []
      })
    }
    const text = probe.text === undefined ? undefined : new RegExp(probe.text)
    return candidates.find((element) => laidOut(element) && (!text || text.test(element.textContent ?? '')))
  }
  const check = () => {
    for (const [name, probe] of pending) {
      const match = search(probe)
      if (match) {
        bench.marks[name] = performance.now()
        bench.found[name] = match
        pending.delete(name)
      }
    }
  }
  const observer = new MutationObserver(() => {
    if (pending.size > 0) check()
  })
  const observe = (root: Node) => observer.observe(root, { childList: true, subtree: true, attributes: true })
  const attachShadow = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init)
    roots.push(root)
    shadowOf.set(this, root)
    observe(root)
    return root
  }
  observe(document)
  // Layout can change without a mutation (stylesheet arrives): look once per frame too.
  const frame = () => {
    if (pending.size > 0) check()
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  addEventListener(
    'click',
    (event) => {
      if (bench.clickAt !== undefined) return
      bench.clickAt = event.timeStamp
      pending.set('wallet', probes.wallet)
      check()
    },
    { capture: true },
  )
}

/**
 * A fresh context (no cache, no storage) with one page, as `profile`: its viewport,
 * pixel ratio and touch screen, and its CPU slowdown set through a DevTools session on
 * the page before anything loads (it holds for the page across navigations). The session
 * stays open for the page's life (the heap is read through it).
 */
export async function openAs(browser: Browser, profile: DeviceProfile): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    viewport: profile.viewport,
    deviceScaleFactor: profile.deviceScaleFactor,
    hasTouch: profile.touch,
    isMobile: profile.touch,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown })
    return { context, page, cdp }
  } catch (error) {
    await context.close()
    throw error
  }
}

/**
 * A desktop visitor points at the button, then clicks (hover handlers run, as for a
 * person); a phone visitor taps it (no hover). `pressing` runs just before the press.
 */
async function pressButton(page: Page, profile: DeviceProfile, x: number, y: number, pressing: () => void): Promise<void> {
  if (profile.touch) {
    pressing()
    await page.touchscreen.tap(x, y)
    return
  }
  await page.mouse.move(x, y)
  await page.waitForTimeout(100)
  pressing()
  await page.mouse.down()
  await page.mouse.up()
}

type PageBench = { marks: Record<string, number>; clickAt?: number }

const waitFor = async (read: () => Promise<boolean>, timeoutMs: number, what: string) => {
  const until = Date.now() + timeoutMs
  while (!(await read())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export type MeasureOptions = {
  /** Quiet time after the Connect button shows before the click (a visitor reads the page first). */
  settleBeforeClickMs?: number
  /** Time after the wallet option shows before heap, DOM and requests are read. */
  settleAfterOpenMs?: number
  timeoutMs?: number
}

/** One cold load (fresh context: no cache, no storage) of `target` as `profile`, clicked (or tapped) once. */
export async function measurePage(browser: Browser, target: PageTarget, profile: DeviceProfile = DESKTOP, options: MeasureOptions = {}): Promise<PageRun> {
  const { settleBeforeClickMs = 1000, settleAfterOpenMs = 1000, timeoutMs = 30_000 } = options
  const { context, page, cdp } = await openAs(browser, profile)
  const origin = new URL(target.url).origin
  let clicked = false
  const before: OutsideRequest[] = []
  const after: OutsideRequest[] = []
  const record = (request: OutsideRequest) => (clicked ? after : before).push(request)
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (new URL(url).origin === origin) return route.continue()
    record({ url, kind: 'http' })
    return route.abort('blockedbyclient')
  })
  await context.routeWebSocket(/.*/, (socket) => {
    record({ url: socket.url(), kind: 'websocket' })
    socket.close({ code: 1011, reason: 'bench: offline' })
  })
  // tsx (esbuild keepNames) wraps named functions in `__name(...)`; give the page a no-op one.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f' })
  await context.addInitScript(pageScript, { connect: target.connectButton, wallet: target.firstWalletOption })
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  try {
    const read = () =>
      page.evaluate(() => {
        const bench = (window as unknown as { __bench: PageBench }).__bench
        return { marks: bench.marks, clickAt: bench.clickAt }
      })
    await page.goto(target.url, { waitUntil: 'load' })
    await waitFor(async () => (await read()).marks.connect !== undefined, timeoutMs, `${target.name}: Connect button`)
    await page.waitForLoadState('networkidle').catch(() => undefined)
    await page.waitForTimeout(settleBeforeClickMs)
    const box = await page.evaluateHandle(() => (window as unknown as { __bench: { found: Record<string, Element> } }).__bench.found.connect!.getBoundingClientRect().toJSON() as DOMRect)
    const { x, y, width, height } = await box.jsonValue()
    await pressButton(page, profile, x + width / 2, y + height / 2, () => (clicked = true))
    await waitFor(async () => (await read()).marks.wallet !== undefined, timeoutMs, `${target.name}: first wallet option`)
    await page.waitForTimeout(settleAfterOpenMs)
    const { marks, clickAt } = await read()
    const domElements = await page.evaluate(() => (window as unknown as { __bench: { count(): number } }).__bench.count())
    const heapUsed = (await cdp.send('Runtime.getHeapUsage')).usedSize
    await cdp.send('HeapProfiler.enable')
    await cdp.send('HeapProfiler.collectGarbage')
    const heapAfterGc = (await cdp.send('Runtime.getHeapUsage')).usedSize
    return {
      connectVisibleMs: marks.connect!,
      clickToWalletMs: marks.wallet! - clickAt!,
      heapUsedBytes: heapUsed,
      heapAfterGcBytes: heapAfterGc,
      domElements,
      requestsBeforeClick: before,
      requestsAfterClick: [...after],
      pageErrors,
    }
  } finally {
    await context.close()
  }
}
