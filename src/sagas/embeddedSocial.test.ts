import { JSDOM } from 'jsdom'
import createSagaMiddleware, { type Task } from 'redux-saga'
import { all, fork } from 'redux-saga/effects'
import { resolveConfig } from '../config/resolveConfig'
import { createLoginCache, LoginCacheKeys, type AppEvent, type AppResponsePayload } from '../frame'
import { errorType, frameEventType, successType, type FrameErrorPayload } from '../frame/protocol'
import { user } from '../frame/test/fixtures'
import { eip155 } from '../plugins/eip155'
import { createStorage } from '../storage/createStorage'
import { createFullStore } from '../test/fullStore'
import { embeddedActions } from '../store/slices/embedded'
import { modalActions } from '../store/slices/modal'
import { routerActions } from '../store/slices/router'
import { testNetwork } from '../test/fakeNamespacePlugin'
import { connectorsSaga } from './connectors'
import type { SagaContext } from './context'
import { embeddedSaga } from './embedded'
import { modalSaga } from './modal'
import { persistenceSaga } from './persistence'
import { scriptedFrame } from '../test/scriptedFrame'
import { toastSaga } from './toast'

// Social login, Farcaster login, passkey login, the email update's views and the device list, driven by the embedded
// sagas against the REAL frame client in a jsdom page under Jest's fake timers: the test
// plays the secure page (it answers what the client posts to the iframe) and the
// visitor's popup (a window whose location the saga reads).

const T0 = 1_900_000_000_000

let task: Task | undefined
let cleanup: (() => void)[] = []
afterEach(() => {
  task?.cancel()
  for (const run of cleanup) run()
  cleanup = []
  jest.useRealTimers()
})

/** The popup the saga opens: blank, then cross-origin (reading throws), then back on the dapp. */
class FakePopup {
  closed = false
  href = 'about:blank'
  crossOrigin = false
  closes = 0
  close() {
    this.closed = true
    this.closes++
  }
}

function popupWindow(popup: FakePopup) {
  return {
    get closed() {
      return popup.closed
    },
    close: () => popup.close(),
    location: {
      get href() {
        if (popup.crossOrigin) throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError')
        return popup.href
      },
      set href(value: string) {
        popup.href = value
        popup.crossOrigin = !value.startsWith('https://shop.example/')
      },
    },
  }
}

function setup(options: { cache?: Record<string, string>; blockPopups?: boolean } = {}) {
  jest.useFakeTimers({ now: T0 })
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'https://shop.example/' })
  const storage = dom.window.localStorage
  for (const [key, value] of Object.entries(options.cache ?? {})) storage.setItem(key, value)
  const loginCache = createLoginCache({ store: storage })
  const plugin = eip155({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')] })
  const config = resolveConfig({ projectId: 'shop', plugins: [plugin], devtools: false }, { defaultPlugins: () => [] })
  const { frame, posted, loads, send, ofType, lastPosted, client } = scriptedFrame(dom, (run) => cleanup.push(run))
  const popup = new FakePopup()
  const opened: { url: string; name: string; syncWithDispatch: boolean }[] = []
  let dispatching = false
  const fakeWindow = {
    location: { origin: 'https://shop.example' },
    open: (url: string, name: string) => {
      opened.push({ url, name, syncWithDispatch: dispatching })
      return options.blockPopups ? null : popupWindow(popup)
    },
  } as unknown as Window
  const context: SagaContext = {
    config,
    plugins: config.registry.byNamespace,
    window: fakeWindow,
    services: () => Promise.reject(new Error('no services in this test')),
    now: () => Date.now(),
    storage: createStorage({ store: storage }),
    frame,
    loginCache,
  }
  const sagaMiddleware = createSagaMiddleware({ context: { portico: context } })
  const store = createFullStore({ config, middleware: [sagaMiddleware] })
  task = sagaMiddleware.run(function* () {
    yield all([fork(persistenceSaga), fork(modalSaga), fork(connectorsSaga), fork(embeddedSaga), fork(toastSaga)])
  })

  const flush = (ms = 0) => jest.advanceTimersByTimeAsync(ms)
  return {
    popup,
    opened,
    /** SPEC §8: what a saga calls when pending frame requests must end. */
    abortPending: () => client()?.abortPendingRequests(),
    /** Dispatches as a click handler would, recording whether the popup opened inside it. */
    click(action: Parameters<typeof store.dispatch>[0]) {
      dispatching = true
      try {
        store.dispatch(action)
      } finally {
        dispatching = false
      }
    },
    store,
    storage,
    plugin,
    posted,
    loads,
    dom,
    flush,
    ofType,
    lastPosted,
    state: () => store.getState(),
    iframes: () => dom.window.document.querySelectorAll('iframe').length,
    readyEvent: (allowed = true) =>
      send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: allowed ? { version: '1', allowed: true } : { version: '1', allowed: false, reason: 'origin_not_allowed' } }),
    async ready() {
      this.readyEvent()
      await flush(500)
    },
    frameEvent: (type: 'SESSION_EXPIRED', payload: Record<string, never>) => send({ id: crypto.randomUUID(), type: frameEventType(type), payload }),
    async succeed<E extends AppEvent>(event: E, payload: AppResponsePayload<E>) {
      send({ id: lastPosted(event).message.id, type: successType(event), payload })
      await flush()
    },
    async fail(event: AppEvent, payload: FrameErrorPayload) {
      send({ id: lastPosted(event).message.id, type: errorType(event), payload })
      await flush()
    },
  }
}

type Setup = ReturnType<typeof setup>

const socialUser = { ...user, email: null, userName: 'alice' }
const RESULT = `https://shop.example/#portico_social=ptr_${'r'.repeat(43)}`

async function untilRedirectUri(t: Setup, provider: 'google' | 'github' = 'google') {
  t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
  t.click(embeddedActions.socialRequested({ provider }))
  await t.flush()
  await t.ready()
  expect(t.lastPosted('GET_SOCIAL_REDIRECT_URI').message.payload).toEqual({ provider })
  await t.succeed('GET_SOCIAL_REDIRECT_URI', { uri: `https://oidc.example/authorize?client_id=portico-${provider}` })
}

describe('social login (SPEC §3 social providers)', () => {
  it('opens the popup inside the click, sends it to the provider, and connects the user it comes back with', async () => {
    const t = setup()
    await untilRedirectUri(t)
    // The popup opened synchronously in the dispatch (a browser allows it only there), blank.
    expect(t.opened).toEqual([{ url: 'about:blank', name: 'portico-social', syncWithDispatch: true }])
    expect(t.popup.href).toBe('https://oidc.example/authorize?client_id=portico-google')
    // At the provider: nothing to read, nothing sent yet.
    await t.flush(1000)
    expect(t.ofType('CONNECT_SOCIAL')).toHaveLength(0)
    // The server's callback sends the popup back to the dapp's origin.
    t.popup.href = RESULT
    t.popup.crossOrigin = false
    await t.flush(250)
    expect(t.lastPosted('CONNECT_SOCIAL').message.payload).toEqual({ uri: RESULT })
    expect(t.popup.closed).toBe(true)
    await t.succeed('CONNECT_SOCIAL', { user: socialUser })
    await t.flush()
    const account = t.state().account.byNamespace.eip155
    expect(account).toMatchObject({ status: 'connected', socialProvider: 'google', user: { userName: 'alice', email: null } })
    expect(account?.connectedWalletInfo?.type).toBe('AUTH')
    expect(t.state().router.history.at(-1)).toEqual({ view: 'Account' })
    // SPEC §3 cached login state: the social username.
    expect(t.storage.getItem(LoginCacheKeys.socialUsername)).toBe('alice')
  })

  it('says so when the browser blocked the popup, and asks the frame nothing', async () => {
    const t = setup({ blockPopups: true })
    t.click(embeddedActions.socialRequested({ provider: 'github' }))
    await t.flush()
    expect(t.state().embedded.error).toEqual({ code: null, key: 'errors.loginPopupBlocked', params: {} })
    expect(t.ofType('GET_SOCIAL_REDIRECT_URI')).toHaveLength(0)
  })

  it('ends the login when the visitor closes the popup before it comes back', async () => {
    const t = setup()
    await untilRedirectUri(t)
    t.popup.closed = true
    await t.flush(250)
    expect(t.state().embedded).toMatchObject({ pending: false, error: { code: 'wallet/social-popup-closed', key: 'errors.loginPopupClosed' } })
    expect(t.ofType('CONNECT_SOCIAL')).toHaveLength(0)
  })

  it('shows the frame’s refusal (a cancelled login) and closes the popup', async () => {
    const t = setup()
    await untilRedirectUri(t)
    t.popup.href = 'https://shop.example/#portico_social_error=access_denied'
    t.popup.crossOrigin = false
    await t.flush(250)
    await t.fail('CONNECT_SOCIAL', { message: 'The login was cancelled', code: 'LOGIN_FAILED' })
    // The frame's own sentence has no key: it passes through, with the frame's code.
    expect(t.state().embedded.error).toEqual({ code: 'LOGIN_FAILED', key: 'errors.untranslated', params: { message: 'The login was cancelled' } })
    expect(t.state().account.byNamespace.eip155?.status ?? 'disconnected').toBe('disconnected')
    expect(t.popup.closed).toBe(true)
  })

  it('closes the popup and aborts the request when the modal closes', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    t.click(embeddedActions.socialRequested({ provider: 'google' }))
    await t.flush()
    await t.ready()
    t.store.dispatch(modalActions.closed())
    await t.flush()
    expect(t.popup.closed).toBe(true)
    expect(t.state().embedded).toMatchObject({ pending: false, error: undefined })
  })
})

describe('Farcaster login (SPEC §2 ConnectingFarcaster, §8)', () => {
  it('puts the Farcaster URL in the store for the QR code, then connects the user on CONNECT_FARCASTER', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    t.store.dispatch(embeddedActions.farcasterRequested())
    await t.flush()
    await t.ready()
    await t.succeed('GET_FARCASTER_URI', { url: 'https://relay.example/~/siwf?channelToken=1' })
    expect(t.state().embedded.farcasterUrl).toBe('https://relay.example/~/siwf?channelToken=1')
    expect(t.ofType('CONNECT_FARCASTER')).toHaveLength(1)
    // No request timeout: the visitor may take minutes in their Farcaster app.
    await t.flush(120_000)
    expect(t.state().embedded.error).toBeUndefined()
    await t.succeed('CONNECT_FARCASTER', { user: { ...user, email: null, userName: 'portico-dev' } })
    await t.flush()
    expect(t.state().account.byNamespace.eip155).toMatchObject({ status: 'connected', socialProvider: 'farcaster', user: { userName: 'portico-dev' } })
  })

  it("shows 'Something went wrong' when the connect request is aborted, but never aborts the farcaster URI request", async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    t.store.dispatch(embeddedActions.farcasterRequested())
    await t.flush()
    await t.ready()
    // SPEC §8: the URI request stays pending through an abort of pending requests…
    t.abortPending()
    await t.flush()
    expect(t.state().embedded.error).toBeUndefined()
    await t.succeed('GET_FARCASTER_URI', { url: 'https://relay.example/~/siwf?channelToken=2' })
    expect(t.state().embedded.farcasterUrl).toBe('https://relay.example/~/siwf?channelToken=2')
    // …and the connect request that follows is aborted with 'Something went wrong'.
    t.abortPending()
    await t.flush()
    expect(t.state().embedded).toMatchObject({ pending: false, error: { key: 'errors.somethingWentWrong' } })
  })
})

/** The visitor pressed "Continue with a passkey" and the frame is ready. */
async function untilPasskeyAsked() {
  const t = setup()
  t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
  t.store.dispatch(embeddedActions.passkeyRequested())
  await t.flush()
  await t.ready()
  return t
}

describe('passkey login (issue 32)', () => {
  it('sends CONNECT_PASSKEY, waits for the visitor in the frame without a timeout, and connects the user as for email', async () => {
    const t = await untilPasskeyAsked()
    expect(t.lastPosted('CONNECT_PASSKEY').message.payload).toEqual({})
    await t.flush(120_000)
    expect(t.state().embedded).toMatchObject({ pending: true, error: undefined })
    await t.succeed('CONNECT_PASSKEY', { user: { ...user, email: null } })
    await t.flush()
    expect(t.state().account.byNamespace.eip155).toMatchObject({ status: 'connected', connectedWalletInfo: { type: 'AUTH' } })
  })

  it('shows the frame’s refusal, and adding a passkey reports its outcome as a toast', async () => {
    const t = await untilPasskeyAsked()
    await t.fail('CONNECT_PASSKEY', { message: 'The passkey request was cancelled, timed out or refused by the browser', code: 'PASSKEY_CANCELLED' })
    expect(t.state().embedded.pending).toBe(false)
    expect(t.state().embedded.error).toBeDefined()
    expect(t.state().account.byNamespace.eip155?.status).not.toBe('connected')

    t.store.dispatch(embeddedActions.passkeyAddRequested())
    await t.flush()
    await t.succeed('ADD_PASSKEY', { credentialId: 'Y3JlZGVudGlhbA' })
    expect(t.state().alerts.toast).toMatchObject({ variant: 'success', message: { key: 'notices.passkeyAdded' } })
  })
})

describe('email update views (SPEC §4)', () => {
  it('pushes UpdateEmailPrimaryOtp, replaces it with UpdateEmailSecondaryOtp, starts the resend cooldown, and returns to Account with the new email', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush()
    await t.ready()
    await t.succeed('CONNECT_EMAIL', { action: 'VERIFY_OTP' })
    t.store.dispatch(embeddedActions.otpSubmitted({ otp: '042137' }))
    await t.flush()
    await t.succeed('CONNECT_OTP', { user })
    await t.flush(30_000)
    t.store.dispatch(modalActions.opened({ route: { view: 'Account' } }))
    t.store.dispatch(routerActions.push({ view: 'UpdateEmail' }))
    t.store.dispatch(embeddedActions.updateEmailRequested({ email: 'ada.new@example.com' }))
    await t.flush()
    await t.succeed('UPDATE_EMAIL', { action: 'VERIFY_PRIMARY_OTP' })
    expect(t.state().router.history.at(-1)).toEqual({ view: 'UpdateEmailPrimaryOtp', params: { email: 'ada@example.com', newEmail: 'ada.new@example.com' } })
    expect(t.state().embedded.cooldownUntil).toBe(Date.now() + 30_000)
    // A wrong code: the server's message with the attempts left, still on the step.
    t.store.dispatch(embeddedActions.otpSubmitted({ otp: '000000' }))
    await t.flush()
    await t.fail('UPDATE_EMAIL_PRIMARY_OTP', { message: 'The code is not correct; 4 attempts left', code: 'OTP_INVALID' })
    expect(t.state().embedded).toMatchObject({ step: 'VERIFY_PRIMARY_OTP', error: { key: 'errors.untranslated', params: { message: 'The code is not correct; 4 attempts left' } } })
    t.store.dispatch(embeddedActions.otpSubmitted({ otp: '111111' }))
    await t.flush()
    await t.succeed('UPDATE_EMAIL_PRIMARY_OTP', { action: 'VERIFY_SECONDARY_OTP' })
    const depth = t.state().router.history.length
    expect(t.state().router.history.at(-1)).toEqual({ view: 'UpdateEmailSecondaryOtp', params: { newEmail: 'ada.new@example.com' } })
    t.store.dispatch(embeddedActions.otpSubmitted({ otp: '222222' }))
    await t.flush()
    await t.succeed('UPDATE_EMAIL_SECONDARY_OTP', { newEmail: 'ada.new@example.com' })
    expect(depth).toBe(3)
    expect(t.state().router.history).toEqual([{ view: 'Account' }])
    expect(t.state().account.byNamespace.eip155?.user?.email).toBe('ada.new@example.com')
  })

  it("refuses another change during the server's cooldown with 'Please try again after {n} seconds'", async () => {
    const t = setup()
    t.store.dispatch(embeddedActions.updateEmailRequested({ email: 'ada.new@example.com' }))
    await t.flush()
    await t.ready()
    await t.fail('UPDATE_EMAIL', { message: 'Please try again after 12 seconds', code: 'EMAIL_COOLDOWN', retryAfter: 12 })
    expect(t.state().embedded).toMatchObject({ error: { key: 'errors.tryAgainAfter', params: { seconds: 12 } }, cooldownUntil: Date.now() + 12_000 })
  })
})

describe('the Devices view (issue 32)', () => {
  const phone = { id: '0f8e6a52-3c1d-4e7b-9a20-5d4c3b2a1f00', label: 'Safari on iOS', addedAt: '2030-01-01T00:00:00.000Z', lastUsedAt: '2030-01-01T00:00:00.000Z', current: false }
  const laptop = { ...phone, id: '1f8e6a52-3c1d-4e7b-9a20-5d4c3b2a1f00', label: 'Chrome on macOS', current: true }

  async function devicesListed() {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Account' } }))
    t.store.dispatch(embeddedActions.devicesRequested())
    await t.flush()
    await t.ready()
    expect(t.state().embedded.devices.status).toBe('loading')
    await t.succeed('GET_DEVICES', { devices: [laptop, phone] })
    expect(t.state().embedded.devices).toMatchObject({ status: 'loaded', items: [laptop, phone] })
    return t
  }

  it('lists the devices through the frame, and keeps the frame’s refusal to show with a retry', async () => {
    const t = await devicesListed()
    t.store.dispatch(embeddedActions.devicesRequested())
    await t.flush()
    await t.fail('GET_DEVICES', { message: 'Sign in to the embedded wallet first', code: 'UNAUTHORIZED' })
    expect(t.state().embedded.devices).toMatchObject({ status: 'error', error: { params: { message: 'Sign in to the embedded wallet first' } } })
  })

  it('removes a device after the frame’s prompt; Cancel (4001) changes nothing and says nothing; a refusal is a toast', async () => {
    const t = await devicesListed()
    t.store.dispatch(embeddedActions.deviceRemoveRequested({ id: phone.id }))
    await t.flush()
    expect(t.lastPosted('REMOVE_DEVICE').message.payload).toEqual({ id: phone.id })
    expect(t.state().embedded.devices.removing).toBe(phone.id)
    await t.fail('REMOVE_DEVICE', { message: 'User rejected the request.', code: 4001 })
    expect(t.state().embedded.devices).toMatchObject({ removing: undefined, items: [laptop, phone] })
    expect(t.state().alerts.toast).toBeUndefined()

    t.store.dispatch(embeddedActions.deviceRemoveRequested({ id: phone.id }))
    await t.flush()
    await t.fail('REMOVE_DEVICE', { message: 'Only a device that can sign for this wallet can remove another device', code: 'DEVICE_CANNOT_SIGN' })
    expect(t.state().alerts.toast).toMatchObject({ variant: 'error' })
    expect(t.state().embedded.devices.items).toHaveLength(2)
    // The error toast goes away before the next one shows.
    await t.flush(30_000)

    t.store.dispatch(embeddedActions.deviceRemoveRequested({ id: phone.id }))
    await t.flush()
    await t.succeed('REMOVE_DEVICE', { removed: true })
    expect(t.state().embedded.devices).toMatchObject({ removing: undefined, items: [laptop] })
    expect(t.state().alerts.toast).toMatchObject({ variant: 'success', message: { key: 'notices.deviceRemoved' } })
  })
})

describe('two-step verification (issue 32)', () => {
  it('sends MANAGE_SECOND_FACTOR, waits for the visitor without a timeout, and is no longer busy once the frame answers; a refusal is a toast', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Account' } }))
    t.store.dispatch(embeddedActions.secondFactorRequested())
    await t.flush()
    await t.ready()
    expect(t.lastPosted('MANAGE_SECOND_FACTOR').message.payload).toEqual({})
    expect(t.state().embedded.secondFactorPending).toBe(true)
    await t.flush(120_000)
    expect(t.state().embedded.secondFactorPending).toBe(true)
    await t.succeed('MANAGE_SECOND_FACTOR', {})
    expect(t.state().embedded.secondFactorPending).toBe(false)
    expect(t.state().alerts.toast).toBeUndefined()

    t.store.dispatch(embeddedActions.secondFactorRequested())
    await t.flush()
    await t.fail('MANAGE_SECOND_FACTOR', { message: 'Sign in to the embedded wallet first', code: 'UNAUTHORIZED' })
    expect(t.state().embedded.secondFactorPending).toBe(false)
    expect(t.state().alerts.toast).toMatchObject({ variant: 'error' })
  })
})

describe('changing the recovery (issue 32)', () => {
  it('sends CHANGE_RECOVERY and says so once saved; a cancel (4001) says nothing', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Account' } }))
    t.store.dispatch(embeddedActions.recoveryChangeRequested())
    await t.flush()
    await t.ready()
    expect(t.lastPosted('CHANGE_RECOVERY').message.payload).toEqual({})
    await t.fail('CHANGE_RECOVERY', { message: 'User rejected the request.', code: 4001 })
    expect(t.state().embedded.recoveryChangePending).toBe(false)
    expect(t.state().alerts.toast).toBeUndefined()
    t.store.dispatch(embeddedActions.recoveryChangeRequested())
    await t.flush()
    await t.succeed('CHANGE_RECOVERY', {})
    expect(t.state().alerts.toast).toMatchObject({ variant: 'success', message: { key: 'notices.recoveryChanged' } })
  })
})
