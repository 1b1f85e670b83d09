/**
 * Thousands of malformed and hostile messages thrown at the secure page: from anyone
 * but its allowed parent they get no answer at all; from the parent, an invalid message
 * gets one clear error reply (when it names an id and an event) or nothing; nothing
 * throws, and the wallet's state (session, chain, server calls) is untouched.
 */
import fc from 'fast-check'
import { validateAppMessage, validateFrameMessage } from '../src/frame/schemas/validate'
import { appMessages, hostileValues } from '../src/frame/test/hostile'
import { PARENT, startTestFrame, type TestFrame } from './test/fakes'

jest.setTimeout(60_000)

const uncaught: unknown[] = []
const onRejection = (reason: unknown) => uncaught.push(reason)
beforeEach(() => {
  uncaught.length = 0
  process.on('unhandledRejection', onRejection)
})
afterEach(() => {
  process.off('unhandledRejection', onRejection)
})

const settle = () => new Promise((resolve) => setImmediate(resolve))

async function signedIn(): Promise<TestFrame & { snapshot(): unknown }> {
  const test = await startTestFrame()
  await test.ask('CONNECT_EMAIL', { email: 'ada@example.com' })
  await test.ask('CONNECT_OTP', { otp: '123456' })
  await test.ask('SWITCH_NETWORK', { chainId: 10 })
  const snapshot = () => ({
    session: test.sessionStore.getItem('portico.secure.session/shop'),
    device: test.sessionStore.getItem('portico.secure.deviceId'),
    apiCalls: test.api.calls.length,
    chainCalls: test.chain.calls.length,
  })
  return Object.assign(test, { snapshot })
}

async function unchanged(test: Awaited<ReturnType<typeof signedIn>>, before: unknown) {
  expect(test.snapshot()).toEqual(before)
  expect((await test.ask('GET_CHAIN_ID', {})).payload).toEqual({ chainId: 10 })
  expect((await test.ask('IS_CONNECTED', {})).payload).toEqual({ isConnected: true })
}

describe('fuzz: the secure page', () => {
  it('from anyone but the allowed parent window, nothing is answered, valid or not', async () => {
    const test = await signedIn()
    const before = test.snapshot()
    const posted = test.host.posted.length
    const senders = fc.constantFrom(
      { origin: 'https://evil.example', source: test.host.parent },
      { origin: 'https://app.shop.example', source: test.host.parent },
      { origin: 'null', source: test.host.parent },
      { origin: PARENT, source: {} },
      { origin: PARENT, source: null },
      { origin: PARENT.toUpperCase(), source: test.host.parent },
    )
    fc.assert(
      fc.property(appMessages(), senders, (data, from) => {
        test.host.deliver(data, from)
      }),
      { numRuns: 3_000 },
    )
    for (const data of hostileValues()) test.host.deliver(data, { origin: 'https://evil.example' })
    await settle()
    expect(uncaught).toEqual([])
    expect(test.host.posted.length).toBe(posted)
    await unchanged(test, before)
  })

  it('from the parent, each invalid message gets one clear error reply or is ignored', async () => {
    const test = await signedIn()
    const before = test.snapshot()
    let sent = 0
    await fc.assert(
      fc.asyncProperty(appMessages(), async (data) => {
        fc.pre(!validateAppMessage(data).ok)
        const start = test.host.posted.length
        test.host.deliver(data)
        await settle()
        sent++
        const replies = test.host.posted.slice(start)
        expect(replies.length).toBeLessThanOrEqual(1)
        for (const { message, targetOrigin } of replies) {
          expect(targetOrigin).toBe(PARENT)
          expect(validateFrameMessage(message)).toMatchObject({ ok: true, parsed: { kind: 'error' } })
          expect(message.payload.code).toBe('INVALID_MESSAGE')
          expect(message.id).toBe((data as { id: string }).id)
        }
      }),
      { numRuns: 2_000 },
    )
    for (const data of hostileValues()) test.host.deliver(data)
    await settle()
    expect(sent).toBeGreaterThan(1_000)
    expect(uncaught).toEqual([])
    await unchanged(test, before)
  })

  it('hostile RPC params never reach the chain or the signer', async () => {
    const test = await signedIn()
    const before = test.snapshot()
    const methods = fc.constantFrom('personal_sign', 'eth_sendTransaction', 'wallet_sendCalls', 'wallet_getCapabilities', 'eth_signTypedData_v4', 'solana_signTransaction', 'eth_getBalance')
    await fc.assert(
      fc.asyncProperty(methods, fc.anything({ maxDepth: 3 }), async (method, params) => {
        const reply = await test.ask('RPC_REQUEST', { method, params })
        expect(validateFrameMessage(reply).ok).toBe(true)
        if (reply.type.endsWith('_SUCCESS')) return
        expect(typeof reply.payload.message).toBe('string')
      }),
      { numRuns: 1_000 },
    )
    // Only well-formed params got anywhere: anything that reached the signer was valid for its method.
    const after = test.snapshot() as { apiCalls: number }
    expect(after.apiCalls - (before as { apiCalls: number }).apiCalls).toBeLessThan(50)
    expect(uncaught).toEqual([])
  })
})
