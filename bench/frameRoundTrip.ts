// Frame round trip: app → secure frame → app, timed in a real browser on the local
// stack. A dapp page (its own origin) uses `createFrameClient`; the secure page (built
// by secure/build.ts, served on another origin with its CSP) talks to the reference
// server (auth, key shares) and to a real anvil chain (reads); it signs itself. The harness logs in by
// email code (read from the dev mailbox), then times N requests of each kind.
//
//   npx tsx bench/frameRoundTrip.ts [--requests 200]
import { startLocalChain } from '../dev/chain/localChain'
import { openFrameBenchPage } from './framePage'
import { userOperationsMarkdown, type UserOperationsResult } from './userOperations'
import { range, summarize, type Summary } from './stats'

export type FrameRoundTripResult = {
  date: string
  requests: number
  /** Login (CONNECT_EMAIL + CONNECT_OTP), once, ms. */
  loginMs: { connectEmail: number; connectOtp: number }
  /** Per kind of request, ms: frame-local answer, a chain read, a message signed in the frame. */
  kinds: Record<string, Summary>
  notes: string[]
  /** wallet_sendCalls → receipt from the smart account, sponsored and not (bench/userOperations.ts), run beside the round trips. */
  userOperations?: UserOperationsResult | { error: string }
}

type PageTimings = Record<string, number[]>

export async function runFrameRoundTrip({ requests = 200, log = console.log }: { requests?: number; log?: (line: string) => void } = {}): Promise<FrameRoundTripResult> {
  const cleanups: (() => Promise<unknown>)[] = []
  try {
    const chain = await startLocalChain({ chainId: 1 })
    cleanups.push(() => chain.stop())
    const bench = await openFrameBenchPage({ rpcUrls: { 'eip155:1': chain.rpcUrl }, log })
    cleanups.push(() => bench.close())
    const { page, pageErrors, loginMs } = bench

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
      { count: requests, address: bench.address },
    )
    if (pageErrors.length > 0) throw new Error(`frame: page errors: ${pageErrors.join('; ')}`)
    return {
      date: new Date().toISOString(),
      requests,
      loginMs,
      kinds: Object.fromEntries(Object.entries(timings).map(([name, times]) => [name, summarize(times)])),
      notes: [
        'Sequential requests (one in flight), timed with performance.now() in the dapp page from the client call to its typed, schema-checked result.',
        'In-frame approval is off (requireApproval: false): the prompt waits for a person, which is not transport.',
        'personal_sign is signed in the secure frame with the key rebuilt at login from the device share and the auth share (no server call per signature), after one session check with the server (GET /auth/v1/me, so a removed device stops signing). Before issue 32 the reference server signed it: see the row "personal_sign (frame → server signs, before issue 32)".',
      ],
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
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
    ...(result.userOperations === undefined
      ? []
      : ['', '### User operations (wallet_sendCalls → receipt)', '', 'error' in result.userOperations ? `FAILED: ${result.userOperations.error}` : userOperationsMarkdown(result.userOperations)]),
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
