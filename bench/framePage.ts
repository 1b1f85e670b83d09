// The page both frame benchmarks drive: a dapp page on its own origin with Portico's frame
// client, the secure page (built by secure/build.ts, served on another origin with its
// CSP, in-frame approval off: the prompt waits for a person, which is not what is timed),
// the reference server in this process, Chromium, and a visitor logged in by email code.
import { build } from 'esbuild'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Address } from 'viem'
import { browserEsm } from '../dev/esbuildOptions'
import { freePort } from '../dev/stack'
import { contentSecurityPolicy, serveStatic } from '../dev/staticServer'
import { postponeRecovery } from '../e2e/pageState'
import { buildSecurePage } from '../secure/build'
import { securePageCsp } from '../secure/config'
import { BENCH_PROJECT, startBenchServer, type BenchServer, type BenchServerOptions } from './localServer'
import { launchBenchBrowser } from './measurePage'

export type FrameBenchPage = {
  page: Page
  server: BenchServer
  /** The logged-in visitor's account in effect (the smart account where smart accounts are on). */
  address: Address
  /** The login, once, ms. */
  loginMs: { connectEmail: number; connectOtp: number }
  /** Uncaught errors of the dapp page so far. */
  pageErrors: string[]
  close(): Promise<void>
}

/**
 * @example
 * const bench = await openFrameBenchPage({ rpcUrls: { 'eip155:1': chain.rpcUrl } })
 * await bench.page.evaluate(() => window.frameBench.client!.getChainId())
 * await bench.close()
 */
export async function openFrameBenchPage(options: {
  rpcUrls: Record<string, string>
  accountAbstraction?: BenchServerOptions['accountAbstraction']
  log?: (line: string) => void
}): Promise<FrameBenchPage> {
  const log = options.log ?? console.log
  const work = await mkdtemp(path.join(os.tmpdir(), 'portico-frame-bench-'))
  const cleanups: (() => Promise<unknown>)[] = [() => rm(work, { recursive: true, force: true })]
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  }
  try {
    const serverPort = await freePort()
    const serverUrl = `http://127.0.0.1:${serverPort}`
    log('frame: building the secure page and the dapp page...')
    const secure = await buildSecurePage({ outdir: path.join(work, 'secure'), apiUrl: serverUrl, rpcUrls: options.rpcUrls, requireApproval: false })
    const secureServer = await serveStatic({ dir: secure.outdir, csp: securePageCsp(secure.config) })
    cleanups.push(() => secureServer.close())
    const secureOrigin = new URL(secureServer.url).origin

    const appDir = path.join(work, 'app')
    await build({ ...browserEsm, sourcemap: false, minify: true, entryPoints: { main: path.join(__dirname, 'frame/app.ts') }, outdir: appDir, logLevel: 'error' })
    await writeFile(
      path.join(appDir, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><title>frame bench</title><script type="module" src="./main.js"></script></head><body></body></html>\n',
    )
    const appServer = await serveStatic({ dir: appDir, csp: contentSecurityPolicy([secureOrigin]) })
    cleanups.push(() => appServer.close())
    const appOrigin = new URL(appServer.url).origin

    const server = await startBenchServer({ appOrigins: [appOrigin], secureOrigins: [secureOrigin], port: serverPort, accountAbstraction: options.accountAbstraction })
    cleanups.push(() => server.close())

    const browser = await launchBenchBrowser()
    cleanups.push(() => browser.close())
    const context = await browser.newContext()
    await context.addInitScript({ content: 'globalThis.__name = (f) => f' })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(appServer.url)
    await page.waitForFunction(() => 'frameBench' in window)
    await page.evaluate((config) => window.frameBench.start(config), { secureOrigin, projectId: BENCH_PROJECT })

    const email = `bench-${Date.now()}@example.com`
    log('frame: logging in by email code...')
    const connectEmail = await page.evaluate(async (address) => {
      const started = performance.now()
      const { action } = await window.frameBench.client!.connectEmail(address)
      return { action, ms: performance.now() - started }
    }, email)
    if (connectEmail.action !== 'VERIFY_OTP') throw new Error(`frame: CONNECT_EMAIL answered ${connectEmail.action}, expected VERIFY_OTP`)
    const connectOtp = await page.evaluate(async (code) => {
      const started = performance.now()
      const { user } = await window.frameBench.client!.connectOtp(code)
      return { address: user.address, ms: performance.now() - started }
    }, server.codeFor(email))
    // The new wallet has no recovery: the frame offers one, and signatures wait until the visitor answers; postpone it.
    await postponeRecovery(page)
    return { page, server, address: connectOtp.address as Address, loginMs: { connectEmail: connectEmail.ms, connectOtp: connectOtp.ms }, pageErrors, close }
  } catch (error) {
    await close()
    throw error
  }
}
