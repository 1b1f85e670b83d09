import { createFakeApi, startTestFrame } from './test/fakes'
import { createPasskeyFlows, webAuthnClient, type WebAuthnClient } from './passkeyLogin'
import { withPopupFallback, type PasskeyCeremonies } from './passkeyPrf'
import { ReplyError } from './replyError'
import type { PasskeyChoice, PasskeyPrompt } from './passkeyPrompt'

/** The visitor's click in the prompt, played by the test: `choice` for a connect prompt. */
function scriptedPrompt(choice: PasskeyChoice, notify: { open(): void; close(): void }, shown: string[]): PasskeyPrompt {
  return (kind, run) => {
    shown.push(kind)
    notify.open()
    return run(kind === 'add' ? 'add' : choice).finally(() => notify.close())
  }
}

function recordingWebAuthn(refusal?: { name: string }) {
  const seen: Array<[string, Record<string, unknown>]> = []
  const client: WebAuthnClient = {
    supported: () => true,
    async register(options) {
      seen.push(['register', options])
      if (refusal) throw Object.assign(new Error('browser text'), refusal)
      return { id: 'cred', rawId: 'cred', type: 'public-key', response: {} }
    },
    async authenticate(options) {
      seen.push(['authenticate', options])
      if (refusal) throw Object.assign(new Error('browser text'), refusal)
      return { id: 'cred', rawId: 'cred', type: 'public-key', response: {} }
    },
  }
  return { client, seen }
}

async function passkeyFrame(choice: PasskeyChoice, webauthn = recordingWebAuthn()) {
  const api = createFakeApi()
  const shown: string[] = []
  const test = await startTestFrame({ api, passkeys: (notify) => createPasskeyFlows({ api, prompt: scriptedPrompt(choice, notify, shown), webauthn: webauthn.client }) })
  return { ...test, api, shown, webauthn }
}

const posted = (test: Awaited<ReturnType<typeof passkeyFrame>>) => test.host.posted.map(({ message }) => message.type)

describe('CONNECT_PASSKEY', () => {
  it('logs in with a passkey from the frame’s prompt, shown like an approval, and keeps the session in the frame', async () => {
    const test = await passkeyFrame('login')
    const reply = await test.ask('CONNECT_PASSKEY', { chainId: 1 })
    expect(reply.type).toBe('@portico-frame/CONNECT_PASSKEY_SUCCESS')
    expect(reply.payload.user).toMatchObject({ email: null, chainId: 1 })
    expect(test.shown).toEqual(['connect'])
    expect(test.webauthn.seen).toEqual([['authenticate', { challenge: 'Y2hhbGxlbmdl' }]])
    expect(test.api.calls.filter((call) => call.includes('Passkey'))).toEqual(['startPasskey login', 'finishPasskey login login-2'])
    expect(posted(test)).toEqual(expect.arrayContaining(['@portico-frame/APPROVAL_OPEN', '@portico-frame/APPROVAL_CLOSE']))
    expect((await test.ask('GET_USER', {})).type).toBe('@portico-frame/GET_USER_SUCCESS')
  })

  it('signs up with a new passkey when the visitor chooses to create one', async () => {
    const test = await passkeyFrame('signup')
    expect((await test.ask('CONNECT_PASSKEY', {})).type).toBe('@portico-frame/CONNECT_PASSKEY_SUCCESS')
    expect(test.webauthn.seen.map(([kind]) => kind)).toEqual(['register'])
    expect(test.api.calls.filter((call) => call.includes('Passkey'))).toEqual(['startPasskey signup', 'finishPasskey signup signup-2'])
  })

  it('answers a cancelled browser prompt with PASSKEY_CANCELLED, never the browser’s own text', async () => {
    const test = await passkeyFrame('login', recordingWebAuthn({ name: 'NotAllowedError' }))
    const reply = await test.ask('CONNECT_PASSKEY', {})
    expect(reply).toMatchObject({
      type: '@portico-frame/CONNECT_PASSKEY_ERROR',
      payload: { code: 'PASSKEY_CANCELLED', message: 'The passkey request was cancelled, timed out or refused by the browser' },
    })
    expect(test.api.calls).not.toContain(expect.stringMatching(/^finishPasskey/))
  })

  it('answers PASSKEY_UNAVAILABLE for any other refusal (a SecurityError: no valid relying party here) and without WebAuthn', async () => {
    const test = await passkeyFrame('login', recordingWebAuthn({ name: 'SecurityError' }))
    expect((await test.ask('CONNECT_PASSKEY', {})).payload).toMatchObject({ code: 'PASSKEY_UNAVAILABLE', message: 'This browser cannot use a passkey in the wallet frame' })
    const without = recordingWebAuthn()
    without.client.supported = () => false
    const old = await passkeyFrame('login', without)
    expect((await old.ask('CONNECT_PASSKEY', {})).payload).toMatchObject({ code: 'PASSKEY_UNAVAILABLE' })
    expect(old.shown).toEqual([])
  })

  it('where the browser refuses WebAuthn in the frame, signs in through the popup; a blocked popup is said as such', async () => {
    const refusedHere: PasskeyCeremonies = {
      assertPrf: async () => Promise.reject(new Error('unused')),
      register: async () => Promise.reject(Object.assign(new Error('not focused'), { name: 'NotAllowedError' })),
      authenticate: async () => Promise.reject(Object.assign(new Error('not focused'), { name: 'NotAllowedError' })),
    }
    const inPopup = recordingWebAuthn()
    const asRecord = (run: (options: Record<string, unknown>) => Promise<object>) => async (options: Record<string, unknown>) => (await run(options)) as Record<string, unknown>
    const popup: PasskeyCeremonies = { assertPrf: refusedHere.assertPrf, register: asRecord(inPopup.client.register), authenticate: asRecord(inPopup.client.authenticate) }
    const test = await passkeyFrame('login', { client: webAuthnClient(withPopupFallback(refusedHere, popup, { framed: true }), () => true), seen: inPopup.seen })
    expect((await test.ask('CONNECT_PASSKEY', {})).type).toBe('@portico-frame/CONNECT_PASSKEY_SUCCESS')
    expect(inPopup.seen).toEqual([['authenticate', { challenge: 'Y2hhbGxlbmdl' }]])

    const blocked = new ReplyError('The browser blocked the passkey window: allow pop-ups for this site and try again', 'PASSKEY_POPUP_BLOCKED')
    const noPopup: PasskeyCeremonies = { ...popup, authenticate: async () => Promise.reject(blocked) }
    const refused = await passkeyFrame('login', { client: webAuthnClient(withPopupFallback(refusedHere, noPopup, { framed: true }), () => true), seen: [] })
    expect((await refused.ask('CONNECT_PASSKEY', {})).payload).toMatchObject({ code: 'PASSKEY_POPUP_BLOCKED', message: blocked.message })
  })

  it('is not available when the page has no passkey flows', async () => {
    const test = await startTestFrame()
    expect((await test.ask('CONNECT_PASSKEY', {})).payload).toEqual({ message: 'Passkey login is not available on this server', code: 4200 })
  })
})

describe('ADD_PASSKEY', () => {
  it('needs a session, then adds a passkey to the signed-in wallet from the prompt', async () => {
    const test = await passkeyFrame('login')
    expect((await test.ask('ADD_PASSKEY', {})).payload).toMatchObject({ code: 'UNAUTHORIZED' })
    expect((await test.ask('CONNECT_EMAIL', { email: 'ada@example.com' })).payload).toEqual({ action: 'VERIFY_OTP' })
    await test.ask('CONNECT_OTP', { otp: test.api.codes.get('ada@example.com') })
    const reply = await test.ask('ADD_PASSKEY', {})
    expect(reply).toMatchObject({ type: '@portico-frame/ADD_PASSKEY_SUCCESS', payload: { credentialId: 'Y3JlZGVudGlhbA' } })
    expect(test.shown).toEqual(['add'])
    expect(test.api.calls.filter((call) => call.includes('Passkey'))).toEqual(['startAddPasskey ada@example.com', expect.stringMatching(/^finishAddPasskey add-/)])
  })
})
