import { FAST_REFUSAL_MS, shouldUsePopup, withPopupFallback, type PasskeyCeremonies } from './passkeyPrf'

const named = (name: string) => Object.assign(new Error(name), { name })

describe('when the passkey ceremony moves to the popup', () => {
  it('only in a frame, on SecurityError, or on NotAllowedError faster than a visitor can answer a prompt', () => {
    const framed = { framed: true, elapsedMs: 20 }
    expect(shouldUsePopup(named('NotAllowedError'), framed)).toBe(true)
    expect(shouldUsePopup(named('SecurityError'), framed)).toBe(true)
    expect(shouldUsePopup(named('SecurityError'), { framed: true, elapsedMs: 30_000 })).toBe(true)
    // A visitor's cancel, or a timeout: not the browser refusing the frame.
    expect(shouldUsePopup(named('NotAllowedError'), { framed: true, elapsedMs: FAST_REFUSAL_MS })).toBe(false)
    expect(shouldUsePopup(named('AbortError'), framed)).toBe(false)
    expect(shouldUsePopup(named('InvalidStateError'), framed)).toBe(false)
    expect(shouldUsePopup(new TypeError('bad'), framed)).toBe(false)
    expect(shouldUsePopup(null, framed)).toBe(false)
    // The page on top already: a popup would be refused the same way.
    expect(shouldUsePopup(named('NotAllowedError'), { framed: false, elapsedMs: 20 })).toBe(false)
    expect(FAST_REFUSAL_MS).toBe(1_000)
  })

  it('runs in the frame first and in the popup only after a refusal there; a cancel is not retried', async () => {
    let clock = 0
    const calls: string[] = []
    const failing = (error: Error, after: number): PasskeyCeremonies => ({
      assertPrf: async () => {
        calls.push('frame assert')
        clock += after
        throw error
      },
      register: async () => {
        calls.push('frame register')
        clock += after
        throw error
      },
      authenticate: async () => {
        calls.push('frame authenticate')
        clock += after
        throw error
      },
    })
    const popup: PasskeyCeremonies = {
      assertPrf: async ({ credentialIds }) => (calls.push('popup assert'), { credentialId: credentialIds[0]!, prfOutput: new Uint8Array(32) }),
      register: async () => (calls.push('popup register'), { id: 'new' }),
      authenticate: async () => (calls.push('popup authenticate'), { id: 'login' }),
    }
    const request = { credentialIds: ['cred'], prfInput: new Uint8Array(3) }

    const refused = withPopupFallback(failing(named('NotAllowedError'), 5), popup, { framed: true, now: () => clock })
    expect(await refused.assertPrf(request)).toEqual({ credentialId: 'cred', prfOutput: new Uint8Array(32) })
    expect(await refused.register({})).toEqual({ id: 'new' })
    expect(await refused.authenticate({})).toEqual({ id: 'login' })
    expect(calls).toEqual(['frame assert', 'popup assert', 'frame register', 'popup register', 'frame authenticate', 'popup authenticate'])

    calls.length = 0
    const cancelled = named('NotAllowedError')
    await expect(withPopupFallback(failing(cancelled, 4_000), popup, { framed: true, now: () => clock }).assertPrf(request)).rejects.toBe(cancelled)
    await expect(withPopupFallback(failing(named('SecurityError'), 5), undefined, { framed: true, now: () => clock }).assertPrf(request)).rejects.toMatchObject({ name: 'SecurityError' })
    expect(calls).toEqual(['frame assert', 'frame assert'])

    const working: PasskeyCeremonies = { assertPrf: async () => (calls.push('frame ok'), { credentialId: 'x' }), register: async () => ({}), authenticate: async () => ({}) }
    calls.length = 0
    expect(await withPopupFallback(working, popup, { framed: true }).assertPrf(request)).toEqual({ credentialId: 'x' })
    expect(calls).toEqual(['frame ok'])
  })
})
