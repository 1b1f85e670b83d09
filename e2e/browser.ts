import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { startStack, type Stack, type StackOptions } from '../dev/stack'

/** Debian's Chromium (installed by `npm test` when missing); no browser is downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Where screenshots land; kept as test artefacts. */
export const ARTIFACTS = path.resolve(__dirname, '..', 'test-artifacts', 'screenshots')

/** `args`: extra Chromium switches, e.g. `--host-resolver-rules=MAP other.test 127.0.0.1` for a second site. */
export async function launchBrowser({ args = [] }: { args?: readonly string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...args],
  })
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true })
  const file = path.join(ARTIFACTS, `${name}.png`)
  await page.screenshot({ path: file })
  return file
}

/** Collects console errors and CSP violations, so a test can assert there were none. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  return errors
}

/**
 * The stack asks the system for free ports, then starts its services on them: between the
 * two, another process can take one (a fresh-clone run saw the reference server fail with
 * EADDRINUSE). A failed start stops what it started, so it is tried once more, on new
 * ports; a stack that cannot start fails the second time too.
 */
async function startStackOnFreshPorts(options: StackOptions): Promise<Stack> {
  try {
    return await startStack(options)
  } catch (error) {
    console.warn(`the local stack did not start (${String(error)}); starting it once more on new ports`)
    return startStack(options)
  }
}

/**
 * Starts the local stack and Chromium for a test file (in beforeAll) and stops both
 * (in afterAll). Read them through the returned getters inside tests.
 */
export function setupStackAndBrowser(options: { browserArgs?: readonly string[]; stack?: StackOptions } = {}): { stack(): Stack; browser(): Browser } {
  let stack: Stack | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStackOnFreshPorts({ quiet: true, ...options.stack }), launchBrowser({ args: options.browserArgs })])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} did not start (see the beforeAll error above)`)
    return value
  }
  return { stack: () => ready(stack, 'The local stack'), browser: () => ready(browser, 'Chromium') }
}

/**
 * One browser context per test, closed after it: a fresh origin storage, so no
 * connection is restored from another test. `openDemo()` loads the demo in it;
 * `newContext()` gives the context itself (for tests that open several pages).
 */
export function contextPerTest(env: { stack(): Stack; browser(): Browser }, viewport = { width: 900, height: 900 }) {
  let context: BrowserContext | undefined
  afterEach(async () => {
    await context?.close()
    context = undefined
  })
  async function newContext(): Promise<BrowserContext> {
    context = await env.browser().newContext({ viewport })
    return context
  }
  return {
    newContext,
    async openDemo(): Promise<{ page: Page; errors: string[] }> {
      const page = await (await newContext()).newPage()
      const errors = watchPageErrors(page)
      await page.goto(env.stack().demoUrl)
      return { page, errors }
    },
  }
}
