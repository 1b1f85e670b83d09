import { PasskeyErrorCodes, type PasskeyCeremonies } from './passkeyPrf'
import { popupCeremonies, PopupMessages, readPopupRequest, readPopupResult, runPasskeyPopup, type PopupEvent, type PopupWindow } from './passkeyPopup'

const SECURE = 'https://secure.example'
const DAPP = 'https://dapp.example'

/** A window's message listeners, to which a test delivers events. */
function messageBus() {
  const listeners = new Set<(event: PopupEvent) => void>()
  return {
    listen: (listener: (event: PopupEvent) => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    deliver: (event: PopupEvent) => {
      for (const listener of [...listeners]) listener(event)
    },
    size: () => listeners.size,
  }
}

/** A window that records what is posted to it and with which target origin. */
function recordingWindow() {
  const posted: Array<{ message: unknown; targetOrigin: string }> = []
  const window: PopupWindow & { closed: boolean } = { closed: false, postMessage: (message, targetOrigin) => void posted.push({ message, targetOrigin }), close: () => undefined }
  return { window, posted }
}

const request = (overrides: Record<string, unknown> = {}) => ({ type: PopupMessages.request, id: 'req-1', ceremony: 'assert-prf', credentialIds: ['Y3JlZA'], prfInput: 'AQID', ...overrides })

describe('the passkey popup page', () => {
  function popupPage(ceremonies: Partial<PasskeyCeremonies> = {}) {
    const bus = messageBus()
    const opener = recordingWindow()
    const asked: Array<() => void> = []
    let done = 0
    const running = runPasskeyPopup(
      { origin: SECURE, opener: opener.window, listen: bus.listen, ask: (start) => void asked.push(start), done: () => void done++ },
      {
        assertPrf: async ({ credentialIds, prfInput }) => ({ credentialId: credentialIds[0]!, prfOutput: Uint8Array.from([...prfInput, 9]) }),
        register: async () => ({ id: 'new' }),
        authenticate: async (options) => ({ id: 'login', challenge: options.challenge }),
        ...ceremonies,
      },
    )
    return { bus, opener, asked, running, done: () => done }
  }

  it('says READY to its opener on the secure origin only, and runs only a well-formed request from its opener on that origin', async () => {
    const { bus, opener, asked, running, done } = popupPage()
    expect(running).toBe(true)
    expect(opener.posted).toEqual([{ message: { type: PopupMessages.ready }, targetOrigin: SECURE }])

    bus.deliver({ origin: DAPP, source: opener.window, data: request() })
    bus.deliver({ origin: SECURE, source: {}, data: request() })
    for (const bad of [
      request({ id: 'a b' }),
      request({ credentialIds: [] }),
      request({ credentialIds: ['not base64url!'] }),
      request({ prfInput: 'x' }),
      request({ ceremony: 'sign' }),
      request({ type: 'OTHER' }),
      'text',
      null,
    ]) {
      bus.deliver({ origin: SECURE, source: opener.window, data: bad })
    }
    expect(asked).toHaveLength(0)

    bus.deliver({ origin: SECURE, source: opener.window, data: request() })
    expect(asked).toHaveLength(1)
    // One request per popup: a second one is not heard.
    bus.deliver({ origin: SECURE, source: opener.window, data: request({ id: 'req-2' }) })
    expect(asked).toHaveLength(1)
    expect(bus.size()).toBe(0)

    // The ceremony starts from the visitor's click (ask's start), not before.
    expect(opener.posted).toHaveLength(1)
    asked[0]!()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(opener.posted[1]).toEqual({ message: { type: PopupMessages.result, id: 'req-1', ok: true, credentialId: 'Y3JlZA', prfOutput: 'AQIDCQ==' }, targetOrigin: SECURE })
    expect(done()).toBe(1)
    expect(opener.posted.every(({ targetOrigin }) => targetOrigin === SECURE)).toBe(true)
  })

  it('runs a login assertion the server will verify, answering its JSON', async () => {
    const { bus, opener, asked } = popupPage()
    bus.deliver({ origin: SECURE, source: opener.window, data: { type: PopupMessages.request, id: 'login-1', ceremony: 'authenticate', options: { challenge: 'abc' } } })
    asked[0]!()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(opener.posted[1]).toEqual({ message: { type: PopupMessages.result, id: 'login-1', ok: true, response: { id: 'login', challenge: 'abc' } }, targetOrigin: SECURE })
  })

  it('answers a failed ceremony with the error name only', async () => {
    const { bus, opener, asked } = popupPage({ assertPrf: async () => Promise.reject(Object.assign(new Error('The user cancelled: details'), { name: 'NotAllowedError' })) })
    bus.deliver({ origin: SECURE, source: opener.window, data: request() })
    asked[0]!()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(opener.posted[1]!.message).toEqual({ type: PopupMessages.result, id: 'req-1', ok: false, error: 'NotAllowedError' })
  })

  it('a page opened without an opener does nothing', () => {
    const bus = messageBus()
    expect(runPasskeyPopup({ origin: SECURE, opener: null, listen: bus.listen, ask: () => undefined, done: () => undefined }, {} as PasskeyCeremonies)).toBe(false)
    expect(bus.size()).toBe(0)
  })
})

describe('the frame’s side of the popup', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  function frameSide(popup: ReturnType<typeof recordingWindow> | null) {
    const bus = messageBus()
    const opened: string[] = []
    const ceremonies = popupCeremonies({ origin: SECURE, open: (url) => (opened.push(url), popup?.window ?? null), listen: bus.listen, pollMs: 100 })
    return { bus, opened, ceremonies }
  }

  it('opens the secure page as the popup, sends the request once it is READY, and takes only its result for that request', async () => {
    const popup = recordingWindow()
    const { bus, opened, ceremonies } = frameSide(popup)
    const answer = ceremonies.assertPrf({ credentialIds: ['Y3JlZA'], prfInput: Uint8Array.from([1, 2, 3]) })
    expect(opened).toEqual([`${SECURE}/?passkeyPopup=1`])

    bus.deliver({ origin: DAPP, source: popup.window, data: { type: PopupMessages.ready } })
    bus.deliver({ origin: SECURE, source: {}, data: { type: PopupMessages.ready } })
    expect(popup.posted).toEqual([])
    bus.deliver({ origin: SECURE, source: popup.window, data: { type: PopupMessages.ready } })
    expect(popup.posted).toHaveLength(1)
    const sent = popup.posted[0]!
    expect(sent.targetOrigin).toBe(SECURE)
    expect(readPopupRequest(sent.message)).toMatchObject({ ceremony: 'assert-prf', credentialIds: ['Y3JlZA'], prfInput: 'AQID' })
    const id = (sent.message as { id: string }).id

    const result = { type: PopupMessages.result, id, ok: true, credentialId: 'Y3JlZA', prfOutput: 'AQIDCQ==' }
    bus.deliver({ origin: DAPP, source: popup.window, data: result })
    bus.deliver({ origin: SECURE, source: {}, data: result })
    bus.deliver({ origin: SECURE, source: popup.window, data: { ...result, id: 'another' } })
    bus.deliver({ origin: SECURE, source: popup.window, data: { ...result, prfOutput: 'not base64' } })
    bus.deliver({ origin: SECURE, source: popup.window, data: result })
    await expect(answer).resolves.toEqual({ credentialId: 'Y3JlZA', prfOutput: Uint8Array.from([1, 2, 3, 9]) })
    expect(bus.size()).toBe(0)
  })

  it('a blocked popup, a popup closed by the visitor and a failed ceremony are told apart', async () => {
    await expect(frameSide(null).ceremonies.assertPrf({ credentialIds: ['a'], prfInput: new Uint8Array(1) })).rejects.toMatchObject({ code: PasskeyErrorCodes.popupBlocked })

    const closing = recordingWindow()
    const closed = frameSide(closing)
    const cancelled = closed.ceremonies.register({ rp: { id: 'secure.example' } })
    closing.window.closed = true
    jest.advanceTimersByTime(100)
    await expect(cancelled).rejects.toMatchObject({ code: PasskeyErrorCodes.cancelled })
    expect(closed.bus.size()).toBe(0)

    const failing = recordingWindow()
    const side = frameSide(failing)
    const failed = side.ceremonies.register({ rp: { id: 'secure.example' } })
    side.bus.deliver({ origin: SECURE, source: failing.window, data: { type: PopupMessages.ready } })
    const id = (failing.posted[0]!.message as { id: string }).id
    side.bus.deliver({ origin: SECURE, source: failing.window, data: { type: PopupMessages.result, id, ok: false, error: 'InvalidStateError' } })
    await expect(failed).rejects.toMatchObject({ name: 'InvalidStateError' })
  })

  it('results have an exact shape', () => {
    const base = { type: PopupMessages.result, id: 'r' }
    expect(readPopupResult({ ...base, ok: true, response: { id: 'x' } }, 'r')).toEqual({ ...base, ok: true, response: { id: 'x' } })
    expect(readPopupResult({ ...base, ok: true, response: { id: 'x' } }, 'other')).toBeUndefined()
    expect(readPopupResult({ ...base, ok: false, error: 'Not allowed!' }, 'r')).toBeUndefined()
    expect(readPopupResult({ ...base, ok: true }, 'r')).toBeUndefined()
    expect(readPopupResult({ ...base, ok: 'yes', credentialId: 'a' }, 'r')).toBeUndefined()
    expect(readPopupResult({ ...base, ok: true, response: { big: 'x'.repeat(20_000) } }, 'r')).toBeUndefined()
  })
})
