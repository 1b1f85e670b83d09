/** @jest-environment jsdom */
import type { FrameError } from '../errors/frame'
import { ErrorMessages } from '../errors/messages'
import { FrameAbortError, FrameInvalidAppConfigurationError, FrameLoadError, FrameProtocolError, FrameRequestError } from './errors'
import { AppEvents, appType, EventsWithRequestTimeout, frameEventType, successType, type AppEvent } from './protocol'
import { SafeRpcMethods } from './rpc'
import { ADDRESS, SIGNATURE, user, validRequests, validResponses } from './test/fixtures'
import { createHarness, outcome, SECURE_ORIGIN, type Harness } from './test/harness'

let harness: Harness

beforeEach(() => {
  jest.useFakeTimers()
})
afterEach(() => {
  harness?.client.destroy()
  jest.useRealTimers()
  jest.restoreAllMocks()
  document.body.innerHTML = ''
})

const errorOf = (box: ReturnType<typeof outcome>) => {
  if (box.current.status !== 'rejected') throw new Error(`expected a rejection, got ${box.current.status}`)
  return box.current.error as FrameError
}

describe('the hidden iframe (SPEC §2)', () => {
  it('is inserted once, fixed and hidden, at the URL built from projectId, chainId, version and the logger flag', () => {
    harness = createHarness({ chainId: 'eip155:10', logger: {} })
    const iframes = document.querySelectorAll('iframe')
    expect(iframes).toHaveLength(1)
    const url = new URL(harness.iframe.src)
    expect(url.origin).toBe(SECURE_ORIGIN)
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'shop', chainId: 'eip155:10', version: 'test-1.0.0', enableLogger: 'true' })
    expect(harness.iframe.style.position).toBe('fixed')
    expect(harness.iframe.style.display).toBe('none')
    expect(harness.iframe.getAttribute('aria-hidden')).toBe('true')
    expect(harness.iframe.referrerPolicy).toBe('origin')
  })

  it('defaults the chain to eip155:1 and the logger flag to false', () => {
    harness = createHarness()
    const url = new URL(harness.iframe.src)
    expect(url.searchParams.get('chainId')).toBe('eip155:1')
    expect(url.searchParams.get('enableLogger')).toBe('false')
  })

  it('keeps the logger flag off when told, even with a logger for its own warnings', () => {
    harness = createHarness({ logger: {}, enableLogger: false })
    expect(new URL(harness.iframe.src).searchParams.get('enableLogger')).toBe('false')
  })

  it('refuses a secure frame URL that is not http(s) and a malformed project id', () => {
    expect(() => createHarness({ secureOrigin: 'javascript:alert(1)' })).toThrow('Invalid secure frame URL')
    expect(() => createHarness({ secureOrigin: 'https://user:pw@secure.example' })).toThrow('Invalid secure frame URL')
    expect(() => createHarness({ projectId: '../x' })).toThrow('Invalid project id for the embedded wallet')
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })

  it('is shown while the frame shows its approval prompt, then hidden again', async () => {
    harness = createHarness()
    await harness.ready()
    harness.send({ id: crypto.randomUUID(), type: frameEventType('APPROVAL_OPEN'), payload: {} })
    expect(harness.iframe.style.display).toBe('block')
    expect(harness.iframe.hasAttribute('aria-hidden')).toBe(false)
    harness.send({ id: crypto.randomUUID(), type: frameEventType('APPROVAL_CLOSE'), payload: {} })
    expect(harness.iframe.style.display).toBe('none')
    expect(harness.events.map((event) => event.type)).toEqual(['ready', 'approvalOpen', 'approvalClose'])
  })
})

describe('the handshake (SPEC §4: ready event, then 500 ms)', () => {
  it('posts nothing before ready, and nothing until 500 ms after it', async () => {
    harness = createHarness()
    const box = outcome(harness.client.getChainId())
    await harness.flush(5_000)
    expect(harness.posted).toHaveLength(0)
    harness.send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: true } })
    await harness.flush(499)
    expect(harness.posted).toHaveLength(0)
    expect(harness.client.status()).toBe('loading')
    await harness.flush(1)
    expect(harness.client.status()).toBe('ready')
    expect(harness.posted).toHaveLength(1)
    harness.succeed('GET_CHAIN_ID', { chainId: 1 })
    await harness.flush()
    expect(box.current).toEqual({ status: 'resolved', value: { chainId: 1 } })
  })

  it("posts only to the secure page's exact origin, never '*'", async () => {
    harness = createHarness()
    await harness.ready()
    for (const event of AppEvents) void harness.client.request(event, validRequests[event] as never).catch(() => undefined)
    await harness.flush()
    expect(harness.posted).toHaveLength(AppEvents.length)
    for (const { targetOrigin } of harness.posted) expect(targetOrigin).toBe(SECURE_ORIGIN)
  })

  it('every message carries a fresh random id', async () => {
    harness = createHarness()
    await harness.ready()
    for (let i = 0; i < 50; i++) void harness.client.getChainId().catch(() => undefined)
    await harness.flush()
    const ids = harness.posted.map(({ message }) => message.id)
    expect(new Set(ids).size).toBe(50)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('READY { allowed: false } is the Invalid App Configuration condition: pending and later requests fail with it', async () => {
    harness = createHarness()
    const pending = outcome(harness.client.getUser())
    harness.send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: false, reason: 'origin_not_allowed' } })
    await harness.flush()
    expect(errorOf(pending)).toBeInstanceOf(FrameInvalidAppConfigurationError)
    expect(errorOf(pending).shortMessage).toBe('Invalid App Configuration')
    await expect(harness.client.connectEmail('ada@example.com')).rejects.toThrow('Invalid App Configuration')
    expect(harness.events.filter((event) => event.type !== 'settled')).toEqual([{ type: 'invalidAppConfiguration', error: expect.any(FrameInvalidAppConfigurationError) }])
    expect(harness.client.status()).toBe('invalid')
    // A later READY { allowed: true } from the same frame does not undo it.
    await harness.ready()
    expect(harness.client.status()).toBe('invalid')
    expect(harness.posted).toHaveLength(0)
  })

  it('an unknown project reads as Invalid Project ID', async () => {
    harness = createHarness()
    const pending = outcome(harness.client.getUser())
    harness.send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: false, reason: 'invalid_project' } })
    await harness.flush()
    expect(errorOf(pending).shortMessage).toBe('Invalid Project ID')
  })
})

describe('who is listened to (origin AND source window)', () => {
  it('ignores a READY from another origin, and from the right origin but another window', async () => {
    harness = createHarness()
    const other = document.createElement('iframe')
    document.body.append(other)
    harness.send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: true } }, { origin: 'https://evil.example' })
    harness.send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: true } }, { source: other.contentWindow })
    harness.send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: true } }, { source: window })
    harness.send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: true } }, { source: null })
    harness.send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: true } }, { origin: `${SECURE_ORIGIN}:443` })
    harness.send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: true } }, { origin: 'null' })
    await harness.flush(1_000)
    expect(harness.client.status()).toBe('loading')
  })

  it('ignores replies from another origin or window, even with the right id', async () => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.getUser())
    await harness.flush()
    const { id } = harness.lastPosted('GET_USER').message
    const forged = { id, type: successType('GET_USER'), payload: { user: { ...user, address: '0x000000000000000000000000000000000000dEaD' } } }
    harness.send(forged, { origin: 'https://evil.example' })
    harness.send(forged, { source: window })
    await harness.flush()
    expect(box.current.status).toBe('pending')
    harness.succeed('GET_USER', { user })
    await harness.flush()
    expect(box.current).toEqual({ status: 'resolved', value: { user } })
  })
})

describe('requests and replies (SPEC §4: matched by id; a success or error event ends it)', () => {
  it.each(AppEvents)('%s: resolves with its typed success payload', async (event) => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.request(event, validRequests[event] as never))
    await harness.flush()
    expect(harness.lastPosted(event).message).toEqual({ id: expect.any(String), type: appType(event), payload: validRequests[event] })
    harness.succeed(event, validResponses[event] as never)
    await harness.flush()
    expect(box.current).toEqual({ status: 'resolved', value: event === 'RPC_REQUEST' ? SIGNATURE : validResponses[event] })
  })

  it('matches replies by id, in any order', async () => {
    harness = createHarness()
    await harness.ready()
    const first = outcome(harness.client.getChainId())
    const second = outcome(harness.client.getChainId())
    await harness.flush()
    const [a, b] = harness.posted.map(({ message }) => message.id)
    harness.succeed('GET_CHAIN_ID', { chainId: 2 }, b)
    harness.succeed('GET_CHAIN_ID', { chainId: 1 }, a)
    await harness.flush()
    expect(first.current).toEqual({ status: 'resolved', value: { chainId: 1 } })
    expect(second.current).toEqual({ status: 'resolved', value: { chainId: 2 } })
  })

  it('a reply ends its request: a second reply with the same id is ignored', async () => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.getChainId())
    await harness.flush()
    const { id } = harness.lastPosted('GET_CHAIN_ID').message
    harness.succeed('GET_CHAIN_ID', { chainId: 1 }, id)
    harness.fail('GET_CHAIN_ID', { message: 'late' }, id)
    await harness.flush()
    expect(box.current).toEqual({ status: 'resolved', value: { chainId: 1 } })
  })

  it('an error event rejects with its message, code and retry time', async () => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.connectEmail('ada@example.com'))
    await harness.flush()
    harness.fail('CONNECT_EMAIL', { message: 'Please try again after 12 seconds', code: 'EMAIL_COOLDOWN', retryAfter: 12 })
    await harness.flush()
    const error = errorOf(box) as FrameRequestError
    expect(error).toBeInstanceOf(FrameRequestError)
    expect(error.shortMessage).toBe('Please try again after 12 seconds')
    expect(error.remoteCode).toBe('EMAIL_COOLDOWN')
    expect(error.retryAfter).toBe(12)
    expect(error.code).toBe('frame_error')
  })

  it("an error event without a message is 'An error occurred' (SPEC §8)", async () => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.getUser())
    await harness.flush()
    harness.fail('GET_USER', {})
    await harness.flush()
    expect(errorOf(box).shortMessage).toBe(ErrorMessages.anErrorOccurred)
  })

  it('an RPC error keeps its JSON-RPC code (4001: the visitor declined)', async () => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.rpcRequest('personal_sign', ['0x68656c6c6f', ADDRESS]))
    await harness.flush()
    harness.fail('RPC_REQUEST', { message: 'User rejected the request.', code: 4001 })
    await harness.flush()
    expect((errorOf(box) as FrameRequestError).remoteCode).toBe(4001)
  })

  it('a reply that fails its schema ends the request with a clear error, not a bad value', async () => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.getUser())
    await harness.flush()
    harness.succeed('GET_USER', { user: { ...user, address: 'javascript:alert(1)' } } as never)
    await harness.flush()
    expect(errorOf(box)).toBeInstanceOf(FrameProtocolError)
    expect(errorOf(box).shortMessage).toBe('Invalid response from the embedded wallet')
  })

  it('a reply of another type with the id of a pending request ends it as invalid', async () => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.getUser())
    await harness.flush()
    harness.send({ id: harness.lastPosted('GET_USER').message.id, type: successType('IS_CONNECTED'), payload: { isConnected: true } })
    await harness.flush()
    expect(errorOf(box).details).toContain('does not answer GET_USER')
  })

  it('checks each RPC result against its method (a signature must look like one)', async () => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.rpcRequest('personal_sign', ['0x68656c6c6f', ADDRESS]))
    await harness.flush()
    harness.succeed('RPC_REQUEST', { result: 'not a signature' })
    await harness.flush()
    expect(errorOf(box)).toBeInstanceOf(FrameProtocolError)
  })

  it('refuses to send an invalid request, and posts nothing', async () => {
    harness = createHarness()
    await harness.ready()
    await expect(harness.client.connectEmail('ada@')).rejects.toThrow('Invalid CONNECT_EMAIL request')
    await expect(harness.client.connectOtp('12 34')).rejects.toThrow(FrameProtocolError)
    await expect(harness.client.rpcRequest('eth_sign' as never, [] as never)).rejects.toThrow("RPC method 'eth_sign' is not allowed by the embedded wallet")
    await expect(harness.client.rpcRequest('wallet_getCapabilities', [] as never)).rejects.toThrow('Invalid RPC params')
    expect(harness.posted).toHaveLength(0)
  })

  it('ignores replies to nothing pending', async () => {
    harness = createHarness()
    await harness.ready()
    harness.succeed('GET_USER', { user }, crypto.randomUUID())
    await harness.flush()
    expect(harness.events.map((event) => event.type)).toEqual(['ready'])
  })
})

describe('timeouts (SPEC §9) with fake timers', () => {
  it("iframe load: 20 000 ms, then iframe_load_failed / 'Unable to load email login dependency'", async () => {
    harness = createHarness()
    const box = outcome(harness.client.getUser())
    await harness.flush(19_999)
    expect(box.current.status).toBe('pending')
    await harness.flush(1)
    const error = errorOf(box)
    expect(error.shortMessage).toBe('Unable to load email login dependency')
    expect(error.code).toBe('iframe_load_failed')
    expect(harness.events).toEqual([
      { type: 'notLoaded', error: expect.any(FrameLoadError) },
      { type: 'settled', event: 'GET_USER', payload: {}, outcome: { ok: false, error } },
      { type: 'loadFailed', event: 'GET_USER', error },
    ])
    // The request is gone: a late READY does not post it.
    await harness.ready()
    expect(harness.posted).toHaveLength(0)
  })

  it.each(['SYNC_THEME', 'SYNC_DAPP_DATA', 'SET_PREFERRED_ACCOUNT'] as const)('%s skips the load timeout and waits for READY', async (event) => {
    harness = createHarness()
    const box = outcome(harness.client.request(event, validRequests[event] as never))
    await harness.flush(120_000)
    expect(box.current.status).toBe('pending')
    await harness.ready()
    harness.succeed(event, validResponses[event] as never)
    await harness.flush()
    expect(box.current.status).toBe('resolved')
  })

  it.each(EventsWithRequestTimeout)('%s: 30 000 ms without an answer, then iframe_request_timeout and the request is aborted', async (event) => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.request(event, validRequests[event] as never))
    await harness.flush(29_999)
    expect(box.current.status).toBe('pending')
    await harness.flush(1)
    const error = errorOf(box)
    expect(error.code).toBe('iframe_request_timeout')
    expect(error.shortMessage).toBe(ErrorMessages.requestWasAborted)
    expect(harness.events).toContainEqual({ type: 'requestTimedOut', event, error })
    // A late answer is ignored.
    harness.succeed(event, validResponses[event] as never)
    await harness.flush()
    expect(errorOf(box)).toBe(error)
  })

  it('other requests have no request timeout (a signature waits for the visitor)', async () => {
    harness = createHarness()
    await harness.ready()
    const sign = outcome(harness.client.rpcRequest('personal_sign', ['0x68656c6c6f', ADDRESS]))
    const userBox = outcome(harness.client.getUser())
    await harness.flush(10 * 60_000)
    expect(sign.current.status).toBe('pending')
    expect(userBox.current.status).toBe('pending')
  })
})

describe('a frame that failed to load is made again (issue 33)', () => {
  const frames = () => [...document.querySelectorAll('iframe')]
  const from = (frame: HTMLIFrameElement, data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, origin: SECURE_ORIGIN, source: frame.contentWindow }))
  const readyFrom = (frame: HTMLIFrameElement) => from(frame, { id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: true } })
  async function failFirstLoad() {
    harness = createHarness()
    const first = outcome(harness.client.getUser())
    await harness.flush(20_000)
    expect(errorOf(first).code).toBe('iframe_load_failed')
  }

  it('on the next request: a new iframe at the same URL takes the request once it is ready', async () => {
    await failFirstLoad()
    const login = outcome(harness.client.connectEmail('ada@example.com'))
    expect(frames()).toHaveLength(1)
    const [iframe] = frames() as [HTMLIFrameElement]
    expect(iframe).not.toBe(harness.iframe)
    expect(harness.iframe.isConnected).toBe(false)
    expect(iframe.src).toBe(harness.iframe.src)
    const posted: { id: string; type: string }[] = []
    jest.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(((message: { id: string; type: string }) => posted.push(message)) as never)
    readyFrom(iframe)
    await harness.flush(500)
    expect(posted.map((m) => m.type)).toEqual([appType('CONNECT_EMAIL')])
    // The old iframe's window is no longer listened to; the new one is.
    harness.succeed('CONNECT_EMAIL', { action: 'CONNECT' }, posted[0]!.id)
    from(iframe, { id: posted[0]!.id, type: successType('CONNECT_EMAIL'), payload: { action: 'VERIFY_OTP' } })
    await harness.flush()
    expect(login.current).toEqual({ status: 'resolved', value: { action: 'VERIFY_OTP' } })
    expect(harness.client.status()).toBe('ready')
  })

  it('on online, before anything asks', async () => {
    await failFirstLoad()
    window.dispatchEvent(new Event('online'))
    expect(frames()).toHaveLength(1)
    expect(frames()[0]).not.toBe(harness.iframe)
    expect(frames()[0]!.src).toBe(harness.iframe.src)
  })

  it('a frame still loading, or loaded, is left alone', async () => {
    harness = createHarness()
    const first = outcome(harness.client.getUser())
    await harness.flush(10_000)
    window.dispatchEvent(new Event('online'))
    outcome(harness.client.getChainId())
    expect(frames()).toEqual([harness.iframe])
    await harness.ready()
    expect(first.current.status).toBe('pending')
    window.dispatchEvent(new Event('online'))
    expect(frames()).toEqual([harness.iframe])
  })

  it('a frame silent for the whole load timeout, with no request waiting, is made again by the next request', async () => {
    harness = createHarness()
    await harness.flush(20_000)
    outcome(harness.client.connectEmail('ada@example.com'))
    expect(frames()).toHaveLength(1)
    expect(frames()[0]).not.toBe(harness.iframe)
  })

  it('a destroyed client makes no frame on online', async () => {
    await failFirstLoad()
    harness.client.destroy()
    window.dispatchEvent(new Event('online'))
    expect(frames()).toEqual([])
  })
})

describe('aborting (SPEC §8, §9)', () => {
  const rpc = (h: Harness, method: string, params: unknown[]) => outcome(h.client.request('RPC_REQUEST', { method, params } as never))

  it("'Request was aborted' for RPC requests, 'Something went wrong' for others; safe reads and the farcaster URI stay pending", async () => {
    harness = createHarness()
    await harness.ready()
    const sign = rpc(harness, 'personal_sign', ['0x68656c6c6f', ADDRESS])
    const send = rpc(harness, 'eth_sendTransaction', [{ to: ADDRESS, value: '0x1' }])
    const balance = rpc(harness, 'eth_getBalance', [ADDRESS, 'latest'])
    const capabilities = rpc(harness, 'wallet_getCapabilities', [ADDRESS])
    const email = outcome(harness.client.connectEmail('ada@example.com'))
    const farcaster = outcome(harness.client.getFarcasterUri())
    const waiting = outcome(harness.client.syncTheme({ themeMode: 'dark' }))
    await harness.flush()
    harness.client.abortPendingRequests()
    await harness.flush()
    for (const box of [sign, send]) {
      expect(errorOf(box)).toBeInstanceOf(FrameAbortError)
      expect(errorOf(box).shortMessage).toBe('Request was aborted')
    }
    expect(errorOf(email).shortMessage).toBe('Something went wrong')
    expect(errorOf(waiting).shortMessage).toBe('Something went wrong')
    for (const box of [balance, capabilities, farcaster]) expect(box.current.status).toBe('pending')
    harness.succeed('GET_FARCASTER_URI', { url: 'https://warpcast.com/~/siwf?channel=1' })
    await harness.flush()
    expect(farcaster.current.status).toBe('resolved')
  })

  it('every safe RPC method is left pending', async () => {
    harness = createHarness()
    await harness.ready()
    const boxes = SafeRpcMethods.map((method) => outcome(harness.client.request('RPC_REQUEST', { method } as never)))
    await harness.flush()
    harness.client.abortPendingRequests()
    await harness.flush()
    // Some reads need params and were refused before sending; none was aborted.
    for (const box of boxes) {
      if (box.current.status === 'rejected') expect(box.current.error).not.toBeInstanceOf(FrameAbortError)
    }
  })

  it('an AbortSignal ends one request with the same messages', async () => {
    harness = createHarness()
    await harness.ready()
    const controller = new AbortController()
    const box = outcome(harness.client.getUser(undefined, { signal: controller.signal }))
    const other = outcome(harness.client.getChainId())
    await harness.flush()
    controller.abort()
    await harness.flush()
    expect(errorOf(box).shortMessage).toBe('Something went wrong')
    expect(other.current.status).toBe('pending')
    await expect(harness.client.getUser(undefined, { signal: controller.signal })).rejects.toThrow('Something went wrong')
  })

  it("after destroy: pending requests are aborted, the iframe is gone, and posting fails with 'W3mFrame: iframe is not set'", async () => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.rpcRequest('personal_sign', ['0x68656c6c6f', ADDRESS]))
    await harness.flush()
    harness.client.destroy()
    await harness.flush()
    expect(errorOf(box).shortMessage).toBe('Request was aborted')
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
    expect(document.querySelectorAll('[data-portico-secure-frame-backdrop]')).toHaveLength(0)
    await expect(harness.client.getUser()).rejects.toThrow(ErrorMessages.iframeNotSet)
  })

  it("an iframe removed from the page fails with 'W3mFrame: iframe is not set'", async () => {
    harness = createHarness()
    await harness.ready()
    harness.iframe.remove()
    await expect(harness.client.getUser()).rejects.toMatchObject({ shortMessage: ErrorMessages.iframeNotSet, code: 'frame_not_set' })
  })
})

describe('reload and the frame restarting', () => {
  it('RELOAD resolves, then requests wait for the next READY', async () => {
    harness = createHarness()
    await harness.ready()
    const reload = outcome(harness.client.reload())
    await harness.flush()
    harness.succeed('RELOAD', {})
    await harness.flush()
    expect(reload.current.status).toBe('resolved')
    expect(harness.client.status()).toBe('loading')
    const box = outcome(harness.client.getChainId())
    await harness.flush()
    expect(harness.posted.filter(({ message }) => message.type === appType('GET_CHAIN_ID'))).toHaveLength(0)
    await harness.ready()
    expect(harness.lastPosted('GET_CHAIN_ID')).toBeDefined()
    harness.succeed('GET_CHAIN_ID', { chainId: 1 })
    await harness.flush()
    expect(box.current.status).toBe('resolved')
  })

  it('a second READY aborts what the old page was asked (it cannot answer any more)', async () => {
    harness = createHarness()
    await harness.ready()
    const box = outcome(harness.client.getUser())
    await harness.flush()
    await harness.ready()
    expect(errorOf(box).shortMessage).toBe('Something went wrong')
  })
})

describe("the frame's own events, through subscribe", () => {
  it('reports account and chain changes and an expired session', async () => {
    harness = createHarness()
    await harness.ready()
    harness.send({ id: crypto.randomUUID(), type: frameEventType('ACCOUNT_CHANGED'), payload: { address: ADDRESS, chainId: 1, type: 'eoa' } })
    harness.send({ id: crypto.randomUUID(), type: frameEventType('CHAIN_CHANGED'), payload: { chainId: 'eip155:10' } })
    harness.send({ id: crypto.randomUUID(), type: frameEventType('SESSION_EXPIRED'), payload: {} })
    expect(harness.events.slice(1)).toEqual([{ type: 'accountChanged', address: ADDRESS, chainId: 1, accountType: 'eoa' }, { type: 'chainChanged', chainId: 'eip155:10' }, { type: 'sessionExpired' }])
  })

  it('reports each request as it settles, with what was asked and its answer or error, before its promise settles', async () => {
    harness = createHarness()
    await harness.ready()
    const order: string[] = []
    harness.client.subscribe((event) => {
      if (event.type === 'settled') order.push(`settled ${event.event} ${event.outcome.ok ? 'ok' : 'failed'}`)
    })
    const sent = harness.client.connectEmail('ada@example.com').then(() => order.push('resolved'))
    await harness.flush()
    harness.succeed('CONNECT_EMAIL', { action: 'VERIFY_OTP' })
    await sent
    const out = harness.client.signOut().catch(() => order.push('rejected'))
    await harness.flush()
    harness.fail('SIGN_OUT', { message: 'offline' })
    await out
    expect(order).toEqual(['settled CONNECT_EMAIL ok', 'resolved', 'settled SIGN_OUT failed', 'rejected'])
    expect(harness.events.filter((event) => event.type === 'settled')).toEqual([
      { type: 'settled', event: 'CONNECT_EMAIL', payload: { email: 'ada@example.com' }, outcome: { ok: true, value: { action: 'VERIFY_OTP' } } },
      { type: 'settled', event: 'SIGN_OUT', payload: {}, outcome: { ok: false, error: expect.objectContaining({ message: expect.stringContaining('offline') }) } },
    ])
  })

  it('a subscriber that throws does not stop the others, and unsubscribe works', async () => {
    harness = createHarness()
    const seen: string[] = []
    harness.client.subscribe(() => {
      throw new Error('bad subscriber')
    })
    const unsubscribe = harness.client.subscribe((event) => seen.push(event.type))
    await harness.ready()
    unsubscribe()
    harness.send({ id: crypto.randomUUID(), type: frameEventType('SESSION_EXPIRED'), payload: {} })
    expect(seen).toEqual(['ready'])
  })
})

describe('typed helpers', () => {
  const cases: [string, (h: Harness) => Promise<unknown>, AppEvent, unknown][] = [
    ['connectDevice', (h) => h.client.connectDevice('123456'), 'CONNECT_DEVICE', { otp: '123456' }],
    ['getSocialRedirectUri', (h) => h.client.getSocialRedirectUri('github'), 'GET_SOCIAL_REDIRECT_URI', { provider: 'github' }],
    ['connectSocial', (h) => h.client.connectSocial({ uri: 'https://app.example/cb?code=1' }), 'CONNECT_SOCIAL', { uri: 'https://app.example/cb?code=1' }],
    ['connectFarcaster', (h) => h.client.connectFarcaster(), 'CONNECT_FARCASTER', {}],
    ['switchNetwork', (h) => h.client.switchNetwork(10), 'SWITCH_NETWORK', { chainId: 10 }],
    ['updateEmail', (h) => h.client.updateEmail('new@example.com'), 'UPDATE_EMAIL', { email: 'new@example.com' }],
    ['updateEmailPrimaryOtp', (h) => h.client.updateEmailPrimaryOtp('111111'), 'UPDATE_EMAIL_PRIMARY_OTP', { otp: '111111' }],
    ['updateEmailSecondaryOtp', (h) => h.client.updateEmailSecondaryOtp('222222'), 'UPDATE_EMAIL_SECONDARY_OTP', { otp: '222222' }],
    ['syncDappData', (h) => h.client.syncDappData({ sdkType: 'portico', sdkVersion: '1', projectId: 'shop' }), 'SYNC_DAPP_DATA', { sdkType: 'portico', sdkVersion: '1', projectId: 'shop' }],
    ['getSmartAccountEnabledNetworks', (h) => h.client.getSmartAccountEnabledNetworks(), 'GET_SMART_ACCOUNT_ENABLED_NETWORKS', {}],
    ['setPreferredAccount', (h) => h.client.setPreferredAccount('eoa'), 'SET_PREFERRED_ACCOUNT', { type: 'eoa' }],
    ['signOut', (h) => h.client.signOut(), 'SIGN_OUT', {}],
    ['isConnected', (h) => h.client.isConnected(), 'IS_CONNECTED', {}],
    ['rpcRequest with a chain', (h) => h.client.rpcRequest('eth_chainId', [], { chainId: 'eip155:10' }), 'RPC_REQUEST', { method: 'eth_chainId', params: [], chainId: 'eip155:10' }],
  ]
  it.each(cases)('%s posts its event', async (_name, call, event, payload) => {
    harness = createHarness()
    await harness.ready()
    void call(harness).catch(() => undefined)
    await harness.flush()
    expect(harness.lastPosted(event).message.payload).toEqual(payload)
  })
})
