// The server load's figures against a real HTTP server whose every answer takes 50 ms:
// the rate is the requests over the real elapsed time, and the latencies come from
// every request.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { runPhase } from './serverLoad'

jest.setTimeout(30_000)

const ANSWER_MS = 50
let server: Server
let url: string
beforeAll(async () => {
  server = createServer((_request, response) => {
    setTimeout(() => response.end('ok'), ANSWER_MS)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

const target = () => ({ urls: [url], connections: 1, requests: [{ method: 'GET' as const, path: '/' }] })

describe('a load phase', () => {
  it('reports the requests over the real elapsed time, not over whole seconds', async () => {
    // One connection, 24 answers of 50 ms: about 1.2 s. autocannon ends a run on its next
    // one-second sample, so its own duration says 2 s (12/s instead of about 20/s).
    const phase = await runPhase('slow', '/', target(), { count: 24 })
    expect(phase.requests).toBe(24)
    expect(phase.durationS).toBeGreaterThanOrEqual((24 * ANSWER_MS) / 1000)
    expect(phase.durationS).toBeLessThan(1.8)
    expect(phase.requestsPerSecond).toBeCloseTo(24 / phase.durationS, 6)
    expect(phase.requestsPerSecond).toBeGreaterThan(24 / 1.8)
  })

  it('takes p50 and p99 from every request, to the fraction of a millisecond', async () => {
    const phase = await runPhase('slow', '/', target(), { count: 20 })
    expect(phase.latencyMs.p50).toBeGreaterThanOrEqual(ANSWER_MS)
    expect(phase.latencyMs.p99).toBeGreaterThanOrEqual(phase.latencyMs.p50)
    expect(phase.latencyMs.max).toBeGreaterThanOrEqual(phase.latencyMs.p99)
    expect(Number.isInteger(phase.latencyMs.p50) && Number.isInteger(phase.latencyMs.p99)).toBe(false)
  })

  it('runs for a duration when given one, in two halves whose rates it reports', async () => {
    const started = performance.now()
    const phase = await runPhase('slow', '/', target(), { seconds: 1, batch: 4 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000)
    expect(phase.durationS).toBeGreaterThanOrEqual(1)
    expect(phase.halves).toHaveLength(2)
    for (const rate of phase.halves ?? []) expect(rate).toBeGreaterThan(0)
    expect(phase.requests).toBeGreaterThanOrEqual(16)
  })
})
