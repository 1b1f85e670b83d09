import { startRelay, type Relay } from '../../dev/relay'
import type { DevWalletEvent } from '../../dev/wallets/walletconnect/wallet'
import { toRecord } from '../errors'
import { PROTOCOL_MIN_REQUEST_EXPIRY_S, requestExpirySeconds } from './client'
import { nextDappEvent, settleSignClientTimers, startHarness, type Harness } from './test/harness'

// Issue 33, the ghost request: with the relay away, a request the dapp gave up on must
// never reach the wallet when the relay comes back.
afterAll(settleSignClientTimers)

describe('the expiry a request carries', () => {
  it('is the configured wait in whole seconds on a self-hosted relay', () => {
    expect(requestExpirySeconds(20_000, 'ws://127.0.0.1:8789')).toBe(20)
    expect(requestExpirySeconds(1_500, 'ws://relay.example.com')).toBe(2)
  })

  it("is raised to the protocol's 5-minute floor on WalletConnect's hosted relays", () => {
    expect(requestExpirySeconds(20_000, 'wss://relay.walletconnect.org')).toBe(PROTOCOL_MIN_REQUEST_EXPIRY_S)
    expect(requestExpirySeconds(600_000, 'wss://relay.walletconnect.com')).toBe(600)
  })
})

describe('a request sent while the relay is away', () => {
  let h: Harness
  let restarted: Relay | undefined
  const walletEvents: DevWalletEvent[] = []
  beforeAll(async () => {
    h = await startHarness({ dapp: { requestTimeoutMs: 3_000 } })
    h.wallet.on((event) => walletEvents.push(event))
    const { uri, approval } = await h.dapp.connect()
    await h.wallet.pair(uri)
    await approval
  }, 30_000)
  afterAll(async () => {
    await h?.stop()
    await restarted?.stop()
  })

  it('fails in words at its expiry, and the wallet drops it unanswered when the relay is back', async () => {
    const port = h.relay.port
    const relayDown = nextDappEvent(h.dapp, 'relay')
    await h.relay.stop()
    expect(await relayDown).toEqual({ type: 'relay', connected: false })

    // The page hears that the request waits in the wallet, and when it stops waiting.
    const waiting: unknown[] = []
    const stopListening = h.dapp.onEvent((event) => {
      if (event.type === 'walletRequest') waiting.push(event)
    })
    const started = Date.now()
    const error = await h.dapp.request({ method: 'personal_sign', params: ['0x68656c6c6f', h.wallet.address] }).then(
      () => undefined,
      (e: unknown) => e,
    )
    const waited = Date.now() - started
    expect(toRecord(error)).toEqual({ code: 'wallet/relay-unreachable', key: 'errors.walletConnectionLost', params: {} })
    // Told at the expiry (3 s), not before it: the request may be delivered until then.
    expect(waited).toBeGreaterThanOrEqual(2_900)
    expect(waited).toBeLessThan(5_000)
    stopListening()
    expect(waiting).toEqual([
      { type: 'walletRequest', waiting: true, method: 'personal_sign' },
      { type: 'walletRequest', waiting: false, method: 'personal_sign' },
    ])

    const relayUp = nextDappEvent(h.dapp, 'relay')
    restarted = await startRelay({ port })
    expect(await relayUp).toEqual({ type: 'relay', connected: true })
    // The held-up publish goes out on reconnect; the wallet sees it past its expiry.
    const deadline = Date.now() + 15_000
    while (!walletEvents.some((e) => e.type === 'expired') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    expect(walletEvents.filter((e) => e.type === 'expired').map((e) => (e as { request: { method: string } }).request.method)).toContain('personal_sign')
    expect(walletEvents.filter((e) => e.type === 'request' || e.type === 'responded')).toEqual([])
  }, 40_000)
})
