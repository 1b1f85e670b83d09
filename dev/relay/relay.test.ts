import { createHash } from 'node:crypto'
import { WebSocket } from 'ws'
import { RelayErrorCodes, RelayTags, startRelay, type Relay } from './relay'

// The relay's wire protocol, spoken by raw websocket clients. The sign-client pairing
// through it is tested in src/walletconnect/pairing.test.ts.

type Push = { id: number; method: string; params: { id: string; data: { topic: string; message: string; publishedAt: number; tag: number; attestation?: string } } }

const token = (iss: string) => `${Buffer.from('{"alg":"EdDSA","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss, sub: 'x' })).toString('base64url')}.c2ln`

class TestClient {
  readonly pushes: Push[] = []
  readonly pings: number[] = []
  private nextId = 1
  private pending = new Map<number, (body: { result?: unknown; error?: { code: number; message: string } }) => void>()
  private waiters: (() => void)[] = []

  private constructor(
    readonly socket: WebSocket,
    readonly ack: boolean,
  ) {
    socket.on('message', (raw) => {
      const body = JSON.parse(raw.toString()) as { id: number; method?: string; result?: unknown; error?: { code: number; message: string } }
      if (body.method === 'irn_subscription') {
        this.pushes.push(body as Push)
        if (this.ack) socket.send(JSON.stringify({ id: body.id, jsonrpc: '2.0', result: true }))
        this.waiters.splice(0).forEach((wake) => wake())
      } else {
        this.pending.get(body.id)?.(body)
      }
    })
    socket.on('ping', () => this.pings.push(Date.now()))
  }

  static async open(relay: Relay, options: { clientId?: string; ack?: boolean; autoPong?: boolean; auth?: string } = {}) {
    const auth = options.auth ?? (options.clientId ? token(options.clientId) : undefined)
    const socket = new WebSocket(`${relay.url}/?${auth ? `auth=${auth}&` : ''}projectId=p&ua=test`, { autoPong: options.autoPong ?? true })
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    return new TestClient(socket, options.ack ?? true)
  }

  call(method: string, params: unknown) {
    const id = this.nextId++
    return new Promise<{ result?: unknown; error?: { code: number; message: string } }>((resolve) => {
      this.pending.set(id, resolve)
      this.socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    })
  }

  async request(method: string, params: unknown) {
    const body = await this.call(method, params)
    if (body.error) throw new Error(`${body.error.code} ${body.error.message}`)
    return body.result
  }

  /** Resolves once `count` pushes arrived in all. */
  async pushesUntil(count: number, timeoutMs = 2000) {
    const deadline = Date.now() + timeoutMs
    while (this.pushes.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} pushes, got ${this.pushes.length}`)
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve)
        setTimeout(resolve, 20)
      })
    }
    return this.pushes
  }

  close() {
    this.socket.terminate()
    return new Promise((resolve) => (this.socket.readyState === WebSocket.CLOSED ? resolve(undefined) : this.socket.once('close', resolve)))
  }
}

const quiet = (ms = 60) => new Promise((resolve) => setTimeout(resolve, ms))
const topic = (n: number) => createHash('sha256').update(`topic-${n}`).digest('hex')

let relay: Relay
let clock = 1_700_000_000_000
const clients: TestClient[] = []
async function client(options?: Parameters<typeof TestClient.open>[1]) {
  const c = await TestClient.open(relay, options)
  clients.push(c)
  return c
}

beforeEach(async () => {
  clock = 1_700_000_000_000
  relay = await startRelay({ now: () => clock })
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
  await relay.stop()
})

describe('local WalletConnect relay', () => {
  it('listens on 127.0.0.1 and answers irn_subscribe with the id a sign-client computes (sha256 of topic + client id)', async () => {
    expect(relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const dapp = await client({ clientId: 'did:key:z6MkDapp' })
    const id = await dapp.request('irn_subscribe', { topic: topic(1) })
    expect(id).toBe(
      createHash('sha256')
        .update(topic(1) + 'did:key:z6MkDapp')
        .digest('hex'),
    )
  })

  it('pushes irn_subscription { id, data: { topic, message, publishedAt, tag } } to subscribers and never echoes to the publisher', async () => {
    const dapp = await client({ clientId: 'did:key:dapp' })
    const wallet = await client({ clientId: 'did:key:wallet' })
    const walletSubscription = await wallet.request('irn_subscribe', { topic: topic(1) })
    await dapp.request('irn_subscribe', { topic: topic(1) })
    expect(await dapp.request('irn_publish', { topic: topic(1), message: 'hello', ttl: 300, tag: 1108, prompt: true })).toBe(true)
    const [push] = await wallet.pushesUntil(1)
    expect(push).toMatchObject({ method: 'irn_subscription', params: { id: walletSubscription, data: { topic: topic(1), message: 'hello', publishedAt: clock, tag: 1108 } } })
    await quiet()
    expect(dapp.pushes).toEqual([])
  })

  it('stores messages per topic until their TTL and delivers them to later subscribers', async () => {
    const dapp = await client({ clientId: 'did:key:dapp' })
    await dapp.request('irn_publish', { topic: topic(1), message: 'short', ttl: 30, tag: 1 })
    await dapp.request('irn_publish', { topic: topic(1), message: 'long', ttl: 300, tag: 2 })
    expect(relay.storedMessages()).toBe(2)

    clock += 31_000
    const wallet = await client({ clientId: 'did:key:wallet' })
    await wallet.request('irn_subscribe', { topic: topic(1) })
    const pushes = await wallet.pushesUntil(1)
    await quiet()
    expect(pushes.map((p) => p.params.data.message)).toEqual(['long'])
    expect(relay.storedMessages()).toBe(1)

    clock += 300_000
    expect(relay.storedMessages()).toBe(0)
  })

  it('delivers a message once per client, and again after a reconnect when it was never acknowledged', async () => {
    const dapp = await client({ clientId: 'did:key:dapp' })
    await dapp.request('irn_publish', { topic: topic(1), message: 'm', ttl: 300, tag: 1 })
    // The same message published again (a retry) is neither stored nor delivered twice.
    await dapp.request('irn_publish', { topic: topic(1), message: 'm', ttl: 300, tag: 1 })
    expect(relay.storedMessages()).toBe(1)

    const forgetful = await client({ clientId: 'did:key:wallet', ack: false })
    await forgetful.request('irn_subscribe', { topic: topic(1) })
    await forgetful.pushesUntil(1)
    await forgetful.request('irn_subscribe', { topic: topic(1) })
    await quiet()
    expect(forgetful.pushes).toHaveLength(1)
    await forgetful.close()

    const back = await client({ clientId: 'did:key:wallet' })
    await back.request('irn_subscribe', { topic: topic(1) })
    expect((await back.pushesUntil(1))[0]!.params.data.message).toBe('m')
    await back.close()

    const again = await client({ clientId: 'did:key:wallet' })
    await again.request('irn_subscribe', { topic: topic(1) })
    await quiet()
    expect(again.pushes).toEqual([])
  })

  it('answers the batch calls: batchSubscribe, batchPublish, batchFetchMessages, batchUnsubscribe', async () => {
    const dapp = await client({ clientId: 'did:key:dapp' })
    const wallet = await client({ clientId: 'did:key:wallet' })
    await dapp.request('irn_batchPublish', { messages: [1, 2, 3].map((n) => ({ topic: topic(n), message: `m${n}`, ttl: 300, tag: 1000 + n })) })
    expect(relay.storedMessages()).toBe(3)

    // A client that fetches right after subscribing gets what it was not pushed yet.
    const fetched = wallet.call('irn_batchFetchMessages', { topics: [topic(1), topic(2)] })
    expect(await fetched).toMatchObject({ result: { messages: [], hasMore: false } })
    const ids = await wallet.request('irn_batchSubscribe', { topics: [topic(1), topic(2)] })
    expect(ids).toHaveLength(2)
    const result = (await wallet.request('irn_batchFetchMessages', { topics: [topic(1), topic(2)] })) as { messages: { message: string; tag: number }[]; hasMore: boolean }
    await quiet()
    const seen = [...result.messages.map((m) => m.message), ...wallet.pushes.map((p) => p.params.data.message)].sort()
    expect(seen).toEqual(['m1', 'm2'])

    expect(await wallet.request('irn_batchUnsubscribe', { subscriptions: [{ topic: topic(1), id: (ids as string[])[0] }] })).toBe(true)
    const before = wallet.pushes.length
    await dapp.request('irn_publish', { topic: topic(1), message: 'after', ttl: 300, tag: 1 })
    await dapp.request('irn_publish', { topic: topic(2), message: 'still', ttl: 300, tag: 1 })
    await wallet.pushesUntil(before + 1)
    await quiet()
    expect(wallet.pushes.map((p) => p.params.data.message)).not.toContain('after')
    expect(wallet.pushes.map((p) => p.params.data.message)).toContain('still')
  })

  it('irn_unsubscribe stops delivery', async () => {
    const dapp = await client({ clientId: 'did:key:dapp' })
    const wallet = await client({ clientId: 'did:key:wallet' })
    const id = await wallet.request('irn_subscribe', { topic: topic(1) })
    expect(await wallet.request('irn_unsubscribe', { topic: topic(1), id })).toBe(true)
    await dapp.request('irn_publish', { topic: topic(1), message: 'm', ttl: 300, tag: 1 })
    await quiet()
    expect(wallet.pushes).toEqual([])
  })

  it('wc_proposeSession stores the proposal on the pairing topic (tag 1100) and subscribes the dapp there', async () => {
    const dapp = await client({ clientId: 'did:key:dapp' })
    const pairing = topic(1)
    expect(await dapp.request('wc_proposeSession', { pairingTopic: pairing, sessionProposal: 'proposal', ttl: 300, correlationId: 1 })).toBe(true)

    const wallet = await client({ clientId: 'did:key:wallet' })
    await wallet.request('irn_subscribe', { topic: pairing })
    expect((await wallet.pushesUntil(1))[0]!.params.data).toMatchObject({ topic: pairing, message: 'proposal', tag: RelayTags.sessionPropose })

    // wc_approveSession: the response goes to the dapp on the pairing topic (1101), the
    // settle request is stored on the session topic (1102), and the wallet now listens there.
    const session = topic(2)
    await wallet.request('wc_approveSession', { pairingTopic: pairing, sessionTopic: session, sessionProposalResponse: 'response', sessionSettlementRequest: 'settle', ttl: 300 })
    expect((await dapp.pushesUntil(1))[0]!.params.data).toMatchObject({ topic: pairing, message: 'response', tag: RelayTags.sessionProposeResponse })
    await dapp.request('irn_subscribe', { topic: session })
    expect((await dapp.pushesUntil(2))[1]!.params.data).toMatchObject({ topic: session, message: 'settle', tag: RelayTags.sessionSettle })

    await dapp.request('irn_publish', { topic: session, message: 'settle-ack', ttl: 300, tag: 1103 })
    expect((await wallet.pushesUntil(2))[1]!.params.data).toMatchObject({ topic: session, message: 'settle-ack', tag: 1103 })
    await quiet()
    expect(wallet.pushes.map((p) => p.params.data.message)).toEqual(['proposal', 'settle-ack'])
  })

  it('answers JSON-RPC errors: unknown method, invalid params, parse error', async () => {
    const c = await client({ clientId: 'did:key:dapp' })
    expect((await c.call('irn_nope', {})).error).toMatchObject({ code: RelayErrorCodes.methodNotFound })
    expect((await c.call('irn_publish', { topic: topic(1), message: 'm' })).error).toMatchObject({ code: RelayErrorCodes.invalidParams, message: expect.stringContaining('ttl') })
    expect((await c.call('irn_subscribe', { topic: '' })).error).toMatchObject({ code: RelayErrorCodes.invalidParams })
    expect((await c.call('irn_subscribe', [topic(1)])).error).toMatchObject({ code: RelayErrorCodes.invalidParams })
    const parseError = new Promise((resolve) => c.socket.once('message', (raw) => resolve(JSON.parse(raw.toString()))))
    c.socket.send('{not json')
    expect(await parseError).toMatchObject({ id: null, error: { code: RelayErrorCodes.parseError } })
  })

  it('ignores the auth query: clients without one, or with a malformed one, still work and stay apart', async () => {
    const a = await client()
    const b = await client({ auth: 'garbage' })
    await b.request('irn_subscribe', { topic: topic(1) })
    await a.request('irn_publish', { topic: topic(1), message: 'm', ttl: 300, tag: 1 })
    expect((await b.pushesUntil(1))[0]!.params.data.message).toBe('m')
  })
})

describe('websocket pings', () => {
  it('pings every socket each period and drops one that stops answering', async () => {
    await relay.stop()
    relay = await startRelay({ pingIntervalMs: 40 })
    const lively = await client({ clientId: 'did:key:a' })
    const silent = await client({ clientId: 'did:key:b', autoPong: false })
    const closed = new Promise((resolve) => silent.socket.once('close', resolve))
    await closed
    expect(lively.socket.readyState).toBe(WebSocket.OPEN)
    expect(lively.pings.length).toBeGreaterThanOrEqual(2)
    for (let i = 0; i < 100 && relay.connections() !== 1; i++) await quiet(5)
    expect(relay.connections()).toBe(1)
  })

  it('pings every 15 s by default', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
    const spin = async (predicate: () => boolean) => {
      for (let i = 0; i < 500 && !predicate(); i++) await new Promise((resolve) => setImmediate(resolve))
    }
    const fake = await startRelay()
    const c = await TestClient.open(fake, { clientId: 'did:key:a' })
    try {
      jest.advanceTimersByTime(14_999)
      await spin(() => false)
      expect(c.pings).toHaveLength(0)
      jest.advanceTimersByTime(1)
      await spin(() => c.pings.length > 0)
      expect(c.pings).toHaveLength(1)
    } finally {
      jest.useRealTimers()
      await c.close()
      await fake.stop()
    }
  })
})
