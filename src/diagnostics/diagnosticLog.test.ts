import { Limits } from '../config/constants'
import { createDiagnosticLog, redactDiagnostic } from './diagnosticLog'

describe('createDiagnosticLog', () => {
  it('keeps lines in order with their time, level and source', () => {
    let clock = Date.UTC(2026, 0, 2, 3, 4, 5)
    const log = createDiagnosticLog({ now: () => clock++ })
    log.record('debug', 'action', 'modal/opened')
    log.record('warn', 'frame', 'frame: ignored an invalid message')
    expect(log.entries()).toEqual([
      { time: '2026-01-02T03:04:05.000Z', level: 'debug', source: 'action', message: 'modal/opened' },
      { time: '2026-01-02T03:04:05.001Z', level: 'warn', source: 'frame', message: 'frame: ignored an invalid message' },
    ])
  })

  it('holds at most the SPEC buffer of 1,024,000 bytes, dropping the oldest lines first', () => {
    const log = createDiagnosticLog({ now: () => 0 })
    const line = 'x'.repeat(1000)
    for (let i = 0; i < 2000; i++) log.record('info', 'test', `${i} ${line}`)
    expect(Limits.logBufferBytes).toBe(1_024_000)
    expect(log.bytes()).toBeLessThanOrEqual(1_024_000)
    expect(log.bytes()).toBeGreaterThan(1_024_000 - 1100)
    const kept = log.entries()
    expect(kept.at(-1)!.message.startsWith('1999 ')).toBe(true)
    // Everything kept is the newest, without a gap.
    const first = Number(kept[0]!.message.split(' ')[0])
    expect(kept.map((e) => Number(e.message.split(' ')[0]))).toEqual(Array.from({ length: 2000 - first }, (_, i) => first + i))
    expect(new TextEncoder().encode(kept.map((e) => JSON.stringify(e)).join('\n') + '\n').length).toBe(log.bytes())
  })

  it('counts bytes, not characters, and cuts one huge message instead of flushing the log', () => {
    const log = createDiagnosticLog({ maxBytes: 400, now: () => 0 })
    log.record('info', 'test', 'first')
    log.record('info', 'test', 'é'.repeat(5000))
    expect(log.entries()).toHaveLength(1)
    expect(log.entries()[0]!.message).toBe('first')
    log.record('info', 'test', 'é'.repeat(100))
    expect(log.bytes()).toBeLessThanOrEqual(400)
    expect(log.entries().map((e) => e.message.length)).toEqual([5, 100])
  })

  it('empties on clear', () => {
    const log = createDiagnosticLog()
    log.record('info', 'test', 'a')
    log.clear()
    expect([log.entries(), log.bytes()]).toEqual([[], 0])
  })
})

describe('redactDiagnostic', () => {
  it('removes emails, keys and signatures, tokens and query strings, and keeps addresses', () => {
    const key = `0x${'ab'.repeat(32)}`
    const signature = `0x${'cd'.repeat(65)}`
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl'
    const address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
    expect(redactDiagnostic(`login ada.lovelace+x@example.co.uk key ${key} sig ${signature} jwt ${jwt}`)).toBe('login [email] key [hex] sig [hex] jwt [token]')
    expect(redactDiagnostic('GET https://api.example/v1/x?projectId=p&code=042137 failed')).toBe('GET https://api.example/v1/x?[query] failed')
    expect(redactDiagnostic(`connected ${address}`)).toBe(`connected ${address}`)
  })
})
