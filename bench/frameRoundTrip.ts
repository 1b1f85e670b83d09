// Frame round trip: app → secure frame → app, timed in a real browser on the local
// stack. A dapp page (its own origin) uses `createFrameClient`; the secure page (built
// by secure/build.ts, served on another origin with its CSP) talks to the reference
// server (auth, key shares) and to a real anvil chain (reads); it signs itself. The harness logs in by
// email code (read from the dev mailbox), then times N requests of each kind.
//
//   npx tsx bench/frameRoundTrip.ts [--requests 200]
import { build } from 'esbuild'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { browserEsm } from '../dev/esbuildOptions'
import { startLocalChain } from '../dev/chain/localChain'
import { freePort } from '../dev/stack'
import { contentSecurityPolicy, serveStatic } from '../dev/staticServer'
import { buildSecurePage } from '../secure/build'
import { securePageCsp } from '../secure/config'
import { BENCH_PROJECT, startBenchServer } from './localServer'
import { launchBenchBrowser } from './measurePage'
import { range, summarize, type Summary } from './stats'
import { postponeRecovery } from '../e2e/pageState'

export type FrameRoundTripResult = {
  date: string
  requests: number
  /** Login (CONNECT_EMAIL + CONNECT_OTP), once, ms. */
  loginMs: { connectEmail: number; connectOtp: number }
  /** Per kind of request, ms: frame-local answer, a chain read, a message signed in the frame. */
  kinds: Record<string, Summary>
  notes: string[]
}

type PageTimings = Record<string, number[]>

export async function runFrameRoundTrip({ requests = 200, log = console.log }: { requests?: number; log?: (line: string) => void } = {}): Promise<FrameRoundTripResult> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'portico-frame-bench-'))
  const cleanups: (() => Promise<unknown>)[] = []
  try {
    const chain = await startLocalChain({ chainId: 1 })
    cleanups.push(() => chain.stop())
    const serverPort = await freePort()
    const serverUrl = `http://127.0.0.1:${serverPort}`

    log('frame: building the secure page and the dapp page...')
    // Approval off: the in-frame prompt waits for a person (its Approve button is enabled
    // only 500 ms after it shows); the bench times what the machine does.
    const secure = await buildSecurePage({ outdir: path.join(work, 'secure'), apiUrl: serverUrl, rpcUrls: { 'eip155:1': chain.rpcUrl }, requireApproval: false })
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

    const server = await startBenchServer({ appOrigins: [appOrigin], secureOrigins: [secureOrigin], port: serverPort })
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

    log(`frame: timing ${requests} requests of each kind...`)
    const timings: PageTimings = await page.evaluate(
      async ({ count, address }) => {
        const client = window.frameBench.client!
        const kinds: Record<string, () => Promise<unknown>> = {
          'GET_CHAIN_ID (answered by the frame)': () => client.getChainId(),
          'eth_chainId (read the frame answers from its chain state)': () => client.rpcRequest('eth_chainId', []),
          'eth_blockNumber (frame → anvil)': () => client.rpcRequest('eth_blockNumber', []),
          'personal_sign (signed in the frame)': () => client.rpcRequest('personal_sign', ['0x68656c6c6f', address as `0x${string}`]),
        }
        const out: Record<string, number[]> = {}
        for (const [name, call] of Object.entries(kinds)) {
          // A few warm-up calls (first fetch to each origin, lazy code), not counted.
          for (let i = 0; i < 3; i++) await call()
          const times: number[] = []
          for (let i = 0; i < count; i++) {
            const started = performance.now()
            await call()
            times.push(performance.now() - started)
          }
          out[name] = times
        }
        return out
      },
      { count: requests, address: connectOtp.address },
    )
    if (pageErrors.length > 0) throw new Error(`frame: page errors: ${pageErrors.join('; ')}`)
    return {
      date: new Date().toISOString(),
      requests,
      loginMs: { connectEmail: connectEmail.ms, connectOtp: connectOtp.ms },
      kinds: Object.fromEntries(Object.entries(timings).map(([name, times]) => [name, summarize(times)])),
      notes: [
        'Sequential requests (one in flight), timed with performance.now() in the dapp page from the client call to its typed, schema-checked result.',
        'In-frame approval is off (requireApproval: false): the prompt waits for a person, which is not transport.',
        'personal_sign is signed in the secure frame with the key rebuilt at login from the device share and the auth share (no server call per signature), after one session check with the server (GET /auth/v1/me, so a removed device stops signing). Before issue 32 the reference server signed it: see the row "personal_sign (frame → server signs, before issue 32)".',
      ],
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * The last figure of the server-signing path (POST /auth/v1/sign, removed by issue 32),
 * measured by this bench on 2026-11-24 on the same machine: kept beside the frame's own
 * signing so the two can be compared (issue 32 asks for it).
 */
export const SERVER_SIGNING_BEFORE_ISSUE_32 = { name: 'personal_sign (frame → server signs, before issue 32; 2026-11-24)', median: 7.4, p99: 12.6, min: 5.1, max: 15.3 }

export function frameMarkdown(result: FrameRoundTripResult): string {
  const ms = (v: number) => v.toFixed(2)
  return [
    `${result.requests} sequential requests of each kind after 3 warm-up calls; ${result.date}.`,
    '',
    '| Request | median ms | p99 ms | min–max ms |',
    '| --- | ---: | ---: | ---: |',
    ...Object.entries(result.kinds).map(([name, s]) => `| ${name} | ${ms(s.median)} | ${ms(s.p99)} | ${ms(s.min)}–${ms(s.max)} |`),
    ((s) => `| ${s.name} | ${ms(s.median)} | ${ms(s.p99)} | ${ms(s.min)}–${ms(s.max)} |`)(SERVER_SIGNING_BEFORE_ISSUE_32),
    '',
    `Login once: CONNECT_EMAIL ${result.loginMs.connectEmail.toFixed(0)} ms (includes the frame's load and its 500 ms post-ready wait), CONNECT_OTP ${result.loginMs.connectOtp.toFixed(0)} ms (creates the wallet key).`,
    '',
    ...result.notes.map((note) => `- ${note}`),
  ].join('\n')
}

/** "median (min–max)" helper reused by the summary line of the main report. */
export const frameSummaryCell = (s: Summary) => range(s, (v) => v.toFixed(1))

if (require.main === module) {
  const args = process.argv.slice(2)
  const at = args.indexOf('--requests')
  const requests = at >= 0 ? Number(args[at + 1]) : 200
  runFrameRoundTrip({ requests }).then(
    (result) => console.log(frameMarkdown(result)),
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
