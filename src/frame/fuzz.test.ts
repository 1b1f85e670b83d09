/** @jest-environment jsdom */
/**
 * Thousands of malformed and hostile messages thrown at the app side: each is ignored or
 * ends the request it names with a clear error; nothing throws; nothing resolves with a
 * value that failed its schema; the client keeps working afterwards.
 */
import fc from 'fast-check'
import { FrameProtocolError } from './errors'
import { validateFrameMessage } from './schemas/validate'
import { ADDRESS, user } from './test/fixtures'
import { createHarness, outcome, SECURE_ORIGIN, type Harness } from './test/harness'
import { frameMessages, hostileValues } from './test/hostile'

jest.setTimeout(60_000)

let harness: Harness
const uncaught: unknown[] = []
const onError = (event: ErrorEvent) => uncaught.push(event.error ?? event.message)
const onRejection = (reason: unknown) => uncaught.push(reason)

beforeEach(async () => {
  jest.useFakeTimers()
  uncaught.length = 0
  window.addEventListener('error', onError)
  process.on('unhandledRejection', onRejection)
  harness = createHarness()
  await harness.ready()
})
afterEach(() => {
  harness.client.destroy()
  window.removeEventListener('error', onError)
  process.off('unhandledRejection', onRejection)
  jest.useRealTimers()
  jest.restoreAllMocks()
  document.body.innerHTML = ''
})

const trusted = (data: unknown) => {
  const result = validateFrameMessage(data)
  return result.ok
}

async function stillWorks() {
  const box = outcome(harness.client.getUser())
  await harness.flush()
  harness.succeed('GET_USER', { user })
  await harness.flush()
  expect(box.current).toEqual({ status: 'resolved', value: { user } })
}

describe('fuzz: the app side', () => {
  it('from anyone but the frame, every message is ignored, valid or not', async () => {
    const pending = outcome(harness.client.rpcRequest('personal_sign', ['0x68656c6c6f', ADDRESS]))
    await harness.flush()
    const pendingId = harness.lastPosted('RPC_REQUEST').message.id
    const other = document.createElement('iframe')
    document.body.append(other)
    const senders = fc.constantFrom(
      { origin: 'https://evil.example', source: harness.frameWindow },
      { origin: 'null', source: harness.frameWindow },
      { origin: SECURE_ORIGIN, source: window as Window },
      { origin: SECURE_ORIGIN, source: other.contentWindow },
      { origin: SECURE_ORIGIN, source: null },
    )
    fc.assert(
      fc.property(frameMessages([pendingId]), senders, (data, from) => {
        harness.send(data, from)
      }),
      { numRuns: 3_000 },
    )
    for (const data of hostileValues()) harness.send(data, { origin: 'https://evil.example' })
    await harness.flush()
    expect(uncaught).toEqual([])
    expect(pending.current.status).toBe('pending')
    expect(harness.client.status()).toBe('ready')
    expect(harness.events.map((event) => event.type)).toEqual(['ready'])
    await stillWorks()
  })

  it('from the frame, invalid messages are ignored, or end the request they name with a clear error', async () => {
    const boxes = [outcome(harness.client.getUser()), outcome(harness.client.connectEmail('ada@example.com')), outcome(harness.client.rpcRequest('eth_getBalance', [ADDRESS, 'latest']))]
    await harness.flush()
    const pendingIds = harness.posted.map(({ message }) => message.id)
    let sent = 0
    fc.assert(
      fc.property(frameMessages(pendingIds), (data) => {
        fc.pre(!trusted(data))
        harness.send(data)
        sent++
      }),
      { numRuns: 3_000 },
    )
    for (const data of hostileValues()) harness.send(data)
    await harness.flush()
    expect(sent).toBeGreaterThan(2_000)
    expect(uncaught).toEqual([])
    for (const box of boxes) {
      // Never resolved with an unchecked value.
      if (box.current.status === 'rejected') expect(box.current.error).toBeInstanceOf(FrameProtocolError)
      else expect(box.current.status).toBe('pending')
    }
    expect(harness.client.status()).toBe('ready')
    await stillWorks()
  })
})
