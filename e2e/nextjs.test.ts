import { spawn, type ChildProcess } from 'node:child_process'
import { cp, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { buildLib } from '../dev/buildLib'
import { freePort, startStack, type Stack } from '../dev/stack'
import { launchBrowser, screenshot } from './browser'

// The Next.js App Router example (examples/nextjs), built with `next build` and served
// with `next start` against the built package, as a dapp installs it. A visitor connects
// the dev wallet and reloads: the server renders the cookie's connection as
// "Reconnecting…", the browser hydrates that HTML without a mismatch, and the button
// goes from "Reconnecting…" to the account without ever showing "Connect Wallet".
jest.setTimeout(900_000)

const root = path.resolve(__dirname, '..')
const example = path.join(root, 'examples/nextjs')
// Inside the repository (test-artifacts/ is ignored), so Next.js finds next, react and
// the package's dependencies in the repository's node_modules, as in a dapp's own.
const app = path.join(root, 'test-artifacts/nextjs-app')
const nextBin = require.resolve('next/dist/bin/next')
const nextEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }

/** Copies the example and installs the built package into its node_modules. */
async function prepareApp() {
  await rm(app, { recursive: true, force: true })
  await cp(example, app, { recursive: true, filter: (file) => !/[/\\](node_modules|\.next|next-env\.d\.ts)$/.test(file) })
  const installed = path.join(app, 'node_modules', 'portico')
  await buildLib(path.join(installed, 'dist'))
  const { scripts: _scripts, devDependencies: _dev, workspaces: _workspaces, ...pkg } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>
  await writeFile(path.join(installed, 'package.json'), JSON.stringify(pkg, null, 2))
}

/** Runs `next <args>` in the app; rejects with its output when it fails. */
function nextBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, 'build'], { cwd: app, env: nextEnv, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build exited with ${code}:\n${output}`))))
  })
}

/** `next start` on a free port, with the local stack's services in the server's environment. */
async function nextStart(stack: Stack): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const endpoints = { blockchainApi: stack.serverUrl, walletListing: stack.serverUrl, relay: stack.relayUrl, secureFrame: stack.secureUrl }
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: app,
    env: { ...nextEnv, PORTICO_ENDPOINTS: JSON.stringify(endpoints) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const started = Date.now()
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return { url, child }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`next start did not answer on ${url} within 60 s`)
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

declare global {
  var porticoButtonTexts: string[] | undefined
  var porticoStatuses: string[] | undefined
}

/**
 * Runs before the page's own scripts: records every text the connect button and the
 * account status show, from the server's HTML as it is parsed to the last render.
 */
function recordRenders() {
  const texts: string[] = (globalThis.porticoButtonTexts = [])
  const statuses: string[] = (globalThis.porticoStatuses = [])
  const push = (list: string[], value: string | null | undefined) => {
    if (value != null && list[list.length - 1] !== value) list.push(value)
  }
  new MutationObserver(() => {
    push(texts, document.querySelector('[data-testid="portico-connect-button"]')?.textContent)
    push(statuses, document.querySelector('[data-testid="account-status"]')?.textContent)
  }).observe(document, { subtree: true, childList: true, characterData: true })
}

/** Console errors and warnings, and uncaught errors, as `type: text`. */
function watchConsole(page: Page): string[] {
  const messages: string[] = []
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`)
  })
  return messages
}

let stack: Stack | undefined
let browser: Browser | undefined
let next: { url: string; child: ChildProcess } | undefined
beforeAll(async () => {
  // The build first, then the stack: on a small machine a parallel build starves the
  // reference server's start. The stack's URLs reach the app at request time.
  await prepareApp()
  await nextBuild()
  const started = await Promise.allSettled([startStack({ quiet: true }).then((s) => (stack = s)), launchBrowser().then((b) => (browser = b))])
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
  next = await nextStart(stack!)
}, 1_200_000)
afterAll(async () => {
  await stop(next?.child)
  await browser?.close()
  await stack?.stop()
  // The copy's package.json files would collide with the example's and the root's in
  // Jest's module map of every later run.
  await rm(app, { recursive: true, force: true })
})

describe('the Next.js App Router example', () => {
  it('connects, and after a reload renders the connection as reconnecting on the server and in the browser, with no hydration error', async () => {
    const context = await browser!.newContext({ viewport: { width: 900, height: 700 } })
    // The dev wallet, as an extension would inject it into every page of the dapp.
    const wallet = await Promise.all(
      ['dev-wallet-config.js', 'dev-wallet.js'].map(async (file) => {
        const response = await fetch(new URL(file, stack!.demoUrl))
        if (!response.ok) throw new Error(`${file}: ${response.status}`)
        return response.text()
      }),
    )
    await context.addInitScript({ content: wallet.join('\n') })
    await context.addInitScript(recordRenders)
    const page = await context.newPage()
    const messages = watchConsole(page)

    await page.goto(next!.url)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await page
      .getByTestId('account-status')
      .filter({ hasText: /^connected$/ })
      .waitFor()
    const address = (await page.getByTestId('account-address').textContent()) ?? ''
    await page.keyboard.press('Escape')

    // What the cookie holds, and what the server renders for it.
    const cookie = (await context.cookies()).find((c) => c.name === 'portico.store')
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({
      version: 1,
      state: { recentWallets: [expect.objectContaining({ id: 'dev.portico.wallet', name: 'Portico Dev Wallet' })], connections: { eip155: 'dev.portico.wallet' } },
    })
    const html = await (await context.request.get(next!.url)).text()
    expect(html).toContain('Reconnecting…')
    expect(html).not.toContain('Connect Wallet')
    // The server's page as a visitor sees it before any script runs: the neutral state.
    const serverOnly = await browser!.newContext({ viewport: { width: 900, height: 700 }, javaScriptEnabled: false })
    await serverOnly.addCookies(await context.cookies())
    const before = await serverOnly.newPage()
    await before.goto(next!.url)
    expect(await before.getByTestId('portico-connect-button').textContent()).toBe('Reconnecting…')
    expect(await before.getByTestId('portico-connect-button').getAttribute('aria-busy')).toBe('true')
    await screenshot(before, 'nextjs-server-render-reconnecting')
    await serverOnly.close()

    await page.reload()
    await page
      .getByTestId('account-status')
      .filter({ hasText: /^connected$/ })
      .waitFor()
    const buttonTexts = await page.evaluate(() => globalThis.porticoButtonTexts)
    const statuses = await page.evaluate(() => globalThis.porticoStatuses)
    // From the server's HTML to the restored account, never "Connect Wallet".
    expect(buttonTexts?.[0]).toBe('Reconnecting…')
    expect(buttonTexts).not.toContain('Connect Wallet')
    expect(buttonTexts?.at(-1)).toBe(`${address.slice(0, 4)}…${address.slice(-6)}`)
    expect(statuses).toEqual(['reconnecting', 'connected'])
    await screenshot(page, 'nextjs-after-reload')

    // React reports a hydration mismatch as a console error (#418 and its kin in production).
    expect(messages.filter((m) => /hydrat|did not match|#418|#423|#425/i.test(m))).toEqual([])
    expect(messages).toEqual([])
    await context.close()
  })
})
