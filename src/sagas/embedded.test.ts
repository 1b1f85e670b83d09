import { JSDOM } from 'jsdom'
import createSagaMiddleware, { type Task } from 'redux-saga'
import { all, fork } from 'redux-saga/effects'
import { resolveConfig } from '../config/resolveConfig'
import { createLoginCache, LoginCacheKeys, type AppEvent, type AppResponsePayload } from '../frame'
import { errorType, frameEventType, successType, type FrameErrorPayload } from '../frame/protocol'
import { ADDRESS, user } from '../frame/test/fixtures'
import { eip155 } from '../plugins/eip155'
import { createStorage } from '../storage/createStorage'
import { createFullStore } from '../test/fullStore'
import { connectorsActions } from '../store/slices/connectors'
import { embeddedActions } from '../store/slices/embedded'
import { modalActions } from '../store/slices/modal'
import { optionsActions } from '../store/slices/options'
import type { ThemeVariables } from '../config/types'
import { testNetwork } from '../test/fakeNamespacePlugin'
import { connectorsSaga } from './connectors'
import type { SagaContext } from './context'
import { embeddedSaga } from './embedded'
import { modalSaga } from './modal'
import { persistenceSaga } from './persistence'
import { scriptedFrame, SECURE_ORIGIN } from '../test/scriptedFrame'
import { accountActions } from '../store/slices/account'

// The embedded-wallet sagas against the REAL frame client in a jsdom page, under Jest's
// fake timers; the test plays the secure page (it reads what the client posts to the
// iframe and answers as the frame). secure/ is exercised with the real server in
// embedded.integration.test.ts.

const T0 = 1_900_000_000_000

let task: Task | undefined
let cleanup: (() => void)[] = []
afterEach(() => {
  task?.cancel()
  for (const run of cleanup) run()
  cleanup = []
  jest.useRealTimers()
})

function setup(options: { cache?: Record<string, string>; connections?: Record<string, string>; themeVariables?: ThemeVariables } = {}) {
  jest.useFakeTimers({ now: T0 })
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'https://shop.example/' })
  const storage = dom.window.localStorage
  for (const [key, value] of Object.entries(options.cache ?? {})) storage.setItem(key, value)
  // As the persistence saga left it: the namespaces and the connector they were connected with.
  if (options.connections) createStorage({ store: storage }).write({ recentWallets: [], connections: options.connections })
  const loginCache = createLoginCache({ store: storage })
  const plugin = eip155({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')] })
  const config = resolveConfig({ projectId: 'shop', plugins: [plugin], devtools: false, themeVariables: options.themeVariables }, { defaultPlugins: () => [] })
  const { frame, posted, loads, send, ofType, lastPosted } = scriptedFrame(dom, (run) => cleanup.push(run))
  const context: SagaContext = {
    config,
    plugins: config.registry.byNamespace,
    window: undefined,
    services: () => Promise.reject(new Error('no services in this test')),
    now: () => Date.now(),
    storage: createStorage({ store: storage }),
    frame,
    loginCache,
  }
  const sagaMiddleware = createSagaMiddleware({ context: { portico: context } })
  const store = createFullStore({ config, middleware: [sagaMiddleware] })
  task = sagaMiddleware.run(function* () {
    yield all([fork(persistenceSaga), fork(modalSaga), fork(connectorsSaga), fork(embeddedSaga)])
  })

  const flush = (ms = 0) => jest.advanceTimersByTimeAsync(ms)
  return {
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

/** Email submitted, frame ready, CONNECT_EMAIL answered VERIFY_OTP. */
async function untilCodeStep(t: Setup, email = 'ada@example.com') {
  t.store.dispatch(embeddedActions.emailSubmitted({ email }))
  await t.flush()
  await t.ready()
  await t.succeed('CONNECT_EMAIL', { action: 'VERIFY_OTP' })
}

/** Through the code step to a connected account. */
async function login(t: Setup) {
  t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
  await untilCodeStep(t)
  t.store.dispatch(embeddedActions.otpSubmitted({ otp: '042137' }))
  await t.flush()
  await t.succeed('CONNECT_OTP', { user })
  await t.flush()
}

describe('when the iframe is created', () => {
  it('creates nothing at start without a cached login, and creates the frame when the modal opens (email on)', async () => {
    const t = setup()
    await t.flush(1_000)
    expect(t.iframes()).toBe(0)
    expect(t.state().embedded.frameStatus).toBe('idle')
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    await t.flush()
    expect(t.iframes()).toBe(1)
    expect(t.state().embedded.frameStatus).toBe('loading')
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    await t.flush()
    expect(t.iframes()).toBe(1)
  })

  it("marks a frame that says nothing for the 20 s load timeout 'failed', with no alert while nothing was asked, and 'ready' when a new one answers", async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    await t.flush(19_999)
    expect(t.state().embedded.frameStatus).toBe('loading')
    await t.flush(1)
    expect(t.state().embedded.frameStatus).toBe('failed')
    expect(t.state().alerts.alerts).toEqual([])
    // The next request makes the frame again; its READY brings the status back.
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush()
    await t.ready()
    expect(t.state().embedded.frameStatus).toBe('ready')
  })
})

describe('handshake (SPEC §4: ready event, then 500 ms)', () => {
  it('holds CONNECT_EMAIL until READY + 500 ms, mirrors the status, then syncs dapp data and theme', async () => {
    const t = setup()
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush()
    expect(t.state().embedded).toMatchObject({ frameStatus: 'loading', pending: true, email: 'ada@example.com' })
    t.readyEvent()
    await t.flush(499)
    expect(t.state().embedded.frameStatus).toBe('loading')
    expect(t.posted).toEqual([])
    await t.flush(1)
    expect(t.state().embedded.frameStatus).toBe('ready')
    expect(t.lastPosted('CONNECT_EMAIL')).toMatchObject({ targetOrigin: SECURE_ORIGIN, message: { payload: { email: 'ada@example.com' } } })
    expect(t.lastPosted('SYNC_DAPP_DATA').message.payload).toMatchObject({ projectId: 'shop', sdkType: 'portico' })
    expect(t.lastPosted('SYNC_THEME').message.payload).toEqual({ themeMode: 'light', themeVariables: {} })
    expect(t.posted.every((p) => p.targetOrigin === SECURE_ORIGIN)).toBe(true)
  })

  it("sends the dapp's themeVariables with the theme sync, and again when the dapp changes them", async () => {
    const t = setup({ themeVariables: { '--portico-accent': '#0a7d55', '--portico-border-radius-master': '2px' } })
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush()
    await t.ready()
    expect(t.lastPosted('SYNC_THEME').message.payload).toEqual({
      themeMode: 'light',
      themeVariables: { '--portico-accent': '#0a7d55', '--portico-border-radius-master': '2px' },
    })
    // A name the frame protocol refuses is left out; the rest still reaches the frame.
    t.store.dispatch(optionsActions.themeVariablesSet({ '--portico-accent': '#7d0a55', '--portico-z-index': 1200, ...({ '--Bad Name': 'red' } as ThemeVariables) }))
    await t.flush()
    expect(t.lastPosted('SYNC_THEME').message.payload).toEqual({ themeMode: 'light', themeVariables: { '--portico-accent': '#7d0a55', '--portico-z-index': 1200 } })
  })

  it("raises 'Network Error - Could not load embedded wallet' when READY does not come within 20 s", async () => {
    const t = setup()
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush(19_999)
    expect(t.state().alerts.alerts).toEqual([])
    await t.flush(1)
    expect(t.state().alerts.alerts).toEqual(['embeddedWalletLoadFailed'])
    expect(t.state().embedded).toMatchObject({ frameStatus: 'failed', pending: false, error: { code: 'iframe_load_failed', key: 'errors.unableToLoadEmailLoginDependency' } })
  })

  it("raises 'Invalid App Configuration' when the frame refuses this origin", async () => {
    const t = setup()
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush()
    t.readyEvent(false)
    await t.flush()
    expect(t.state().alerts.alerts).toEqual(['invalidAppConfiguration'])
    expect(t.state().embedded).toMatchObject({ frameStatus: 'failed', pending: false, error: { code: 'frame_error', key: 'errors.invalidAppConfiguration' } })
  })
})

describe('email login (SPEC §4, §5)', () => {
  it('pushes EmailVerifyOtp on VERIFY_OTP and blocks another attempt for 30 s with the SPEC message', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    await untilCodeStep(t)
    expect(t.state().router.history.at(-1)).toEqual({ view: 'EmailVerifyOtp', params: { email: 'ada@example.com' } })
    expect(t.state().embedded).toMatchObject({ step: 'VERIFY_OTP', pending: false, cooldownUntil: T0 + 500 + 30_000 })

    await t.flush(10_000)
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush()
    expect(t.state().embedded.error).toMatchObject({ key: 'errors.tryAgainAfter', params: { seconds: 20 } })
    expect(t.ofType('CONNECT_EMAIL')).toHaveLength(1)

    await t.flush(20_500)
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush()
    expect(t.ofType('CONNECT_EMAIL')).toHaveLength(2)
    await t.succeed('CONNECT_EMAIL', { action: 'VERIFY_OTP' })
    // A resend replaces the code view instead of stacking another.
    expect(t.state().router.history.map((r) => r.view)).toEqual(['Connect', 'EmailVerifyOtp'])
  })

  it("takes the server's cooldown (EMAIL_COOLDOWN, retryAfter) as the store's, with 'Please try again after {n} seconds'", async () => {
    const t = setup()
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush()
    await t.ready()
    await t.fail('CONNECT_EMAIL', { message: 'Please try again after 12 seconds', code: 'EMAIL_COOLDOWN', retryAfter: 12 })
    expect(t.state().embedded).toMatchObject({ error: { key: 'errors.tryAgainAfter', params: { seconds: 12 } }, pending: false, cooldownUntil: Date.now() + 12_000 })
  })

  it("reports a login request with no answer in 30 s as 'Embedded Wallet Request Timed Out' and aborts it", async () => {
    const t = setup()
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush()
    await t.ready()
    await t.flush(29_999)
    expect(t.state().embedded.pending).toBe(true)
    await t.flush(1)
    expect(t.state().alerts.alerts).toEqual(['embeddedWalletRequestTimedOut'])
    expect(t.state().embedded).toMatchObject({ pending: false, error: { code: 'iframe_request_timeout', key: 'errors.requestWasAborted' } })
    await t.succeed('CONNECT_EMAIL', { action: 'VERIFY_OTP' })
    expect(t.state().embedded.step).toBe('idle')
  })

  it('aborts the pending login request when the modal closes, keeping the cooldown rules', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush()
    await t.ready()
    t.store.dispatch(modalActions.closeRequested())
    await t.flush()
    expect(t.state().embedded).toMatchObject({ pending: false, step: 'idle', error: undefined })
    await t.succeed('CONNECT_EMAIL', { action: 'VERIFY_OTP' })
    expect(t.state().embedded.step).toBe('idle')
    expect(t.state().router.history.map((r) => r.view)).not.toContain('EmailVerifyOtp')
  })

  it('goes through the new-device step: EmailVerifyDevice, CONNECT_DEVICE with the code, then EmailVerifyOtp', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    t.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    await t.flush()
    await t.ready()
    await t.succeed('CONNECT_EMAIL', { action: 'VERIFY_DEVICE' })
    expect(t.state().router.history.at(-1)).toEqual({ view: 'EmailVerifyDevice', params: { email: 'ada@example.com' } })
    t.store.dispatch(embeddedActions.otpSubmitted({ otp: '123456' }))
    await t.flush()
    expect(t.lastPosted('CONNECT_DEVICE').message.payload).toEqual({ otp: '123456' })
    await t.succeed('CONNECT_DEVICE', { action: 'VERIFY_OTP' })
    expect(t.state().embedded.step).toBe('VERIFY_OTP')
    expect(t.state().router.history.map((r) => r.view)).toEqual(['Connect', 'EmailVerifyOtp'])
    expect(t.ofType('CONNECT_OTP')).toHaveLength(0)
  })

  it('connects the user as an AUTH connector in eip155 on CONNECT_OTP, shows Account, closes the modal and caches the login', async () => {
    const t = setup()
    await login(t)
    const account = t.state().account.byNamespace.eip155!
    expect(account).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:1:${ADDRESS}`,
      connectedWalletInfo: { connectorId: 'auth', type: 'AUTH' },
      user: { email: 'ada@example.com', address: ADDRESS },
    })
    expect(t.state().connectors.active).toEqual({ eip155: 'auth' })
    expect(t.state().router.history).toEqual([{ view: 'Account' }])
    expect(t.state().modal.open).toBe(false)
    expect(t.state().embedded).toMatchObject({ step: 'idle', pending: false })
    expect(t.storage.getItem(LoginCacheKeys.emailLoginUsed)).toBe('true')
    expect(t.storage.getItem(LoginCacheKeys.email)).toBe('ada@example.com')
    expect(t.storage.getItem(LoginCacheKeys.lastEmailLoginTime)).toBeNull()
  })

  it('moves the frame to the dapp’s network when the user signs in on another chain', async () => {
    const t = setup()
    t.store.dispatch(modalActions.opened({ route: { view: 'Connect' } }))
    await untilCodeStep(t)
    t.store.dispatch(embeddedActions.otpSubmitted({ otp: '042137' }))
    await t.flush()
    await t.succeed('CONNECT_OTP', { user: { ...user, chainId: 8453 } })
    expect(t.lastPosted('GET_USER').message.payload).toEqual({ chainId: 'eip155:1' })
    await t.succeed('GET_USER', { user })
    await t.flush()
    expect(t.state().account.byNamespace.eip155?.caipAddress).toBe(`eip155:1:${ADDRESS}`)
  })

  it('shows a wrong code as the frame’s message and stays on the code step', async () => {
    const t = setup()
    await untilCodeStep(t)
    t.store.dispatch(embeddedActions.otpSubmitted({ otp: '000000' }))
    await t.flush()
    await t.fail('CONNECT_OTP', { message: 'The code is not correct; 4 attempts left', code: 'OTP_INVALID' })
    expect(t.state().embedded).toMatchObject({ step: 'VERIFY_OTP', pending: false, error: { key: 'errors.untranslated', params: { message: 'The code is not correct; 4 attempts left' } } })
    expect(t.state().account.byNamespace.eip155?.status ?? 'disconnected').toBe('disconnected')
  })
})

describe('the connected embedded wallet', () => {
  it('signs through the eip155 plugin with no special case: personal_sign goes to the frame', async () => {
    const t = setup()
    await login(t)
    const signature = t.plugin.connectors!.signMessage!({ connectorId: 'auth', address: ADDRESS, message: 'hello' })
    await t.flush()
    expect(t.lastPosted('RPC_REQUEST').message.payload).toEqual({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS], chainId: 1 })
    await t.succeed('RPC_REQUEST', { result: `0x${'cd'.repeat(65)}` })
    await expect(signature).resolves.toBe(`0x${'cd'.repeat(65)}`)
  })

  it('disconnects with SIGN_OUT, resets the account and clears the login cache (SPEC §4)', async () => {
    const t = setup()
    await login(t)
    t.store.dispatch(connectorsActions.disconnectRequested({ namespace: 'eip155' }))
    await t.flush()
    expect(t.ofType('SIGN_OUT')).toHaveLength(1)
    await t.succeed('SIGN_OUT', {})
    await t.flush()
    expect(t.state().account.byNamespace.eip155?.status).toBe('disconnected')
    expect(t.state().connectors.active).toEqual({})
    expect(t.storage.getItem(LoginCacheKeys.emailLoginUsed)).toBeNull()
    expect(t.storage.getItem(LoginCacheKeys.email)).toBeNull()
    await expect(t.plugin.connectors!.signMessage!({ connectorId: 'auth', address: ADDRESS, message: 'hello' })).rejects.toThrow('Address or auth connector not found')
  })

  it("ends the connection and raises 'Session Expired' when the frame says the session expired", async () => {
    const t = setup()
    await login(t)
    t.frameEvent('SESSION_EXPIRED', {})
    await t.flush()
    expect(t.state().alerts.alerts).toContain('sessionExpired')
    expect(t.state().account.byNamespace.eip155?.status).toBe('disconnected')
    expect(t.storage.getItem(LoginCacheKeys.emailLoginUsed)).toBeNull()
  })
})

describe('reconnect on reload (SPEC §3 cached login state)', () => {
  const cached = { [LoginCacheKeys.emailLoginUsed]: 'true', [LoginCacheKeys.email]: 'ada@example.com', [LoginCacheKeys.lastChainId]: '1' }

  it('restores the session with IS_CONNECTED then GET_USER when the cache says an email login was used', async () => {
    const t = setup({ cache: cached, connections: { eip155: 'auth' } })
    await t.flush()
    expect(t.iframes()).toBe(1)
    expect(t.state().account.byNamespace.eip155?.status).toBe('connecting')
    await t.ready()
    await t.succeed('IS_CONNECTED', { isConnected: true })
    expect(t.lastPosted('GET_USER').message.payload).toEqual({ chainId: 'eip155:1' })
    await t.succeed('GET_USER', { user })
    await t.flush()
    expect(t.state().account.byNamespace.eip155).toMatchObject({ status: 'connected', address: ADDRESS, connectedWalletInfo: { type: 'AUTH' } })
    // Restored silently: the modal was never opened.
    expect(t.state().modal.open).toBe(false)
  })

  it('stays signed out and clears the cache when the session is gone', async () => {
    const t = setup({ cache: cached })
    await t.flush()
    await t.ready()
    await t.succeed('IS_CONNECTED', { isConnected: false })
    await t.flush()
    expect(t.ofType('GET_USER')).toHaveLength(0)
    expect(t.state().account.byNamespace.eip155?.status).toBe('disconnected')
    expect(t.storage.getItem(LoginCacheKeys.emailLoginUsed)).toBeNull()
  })

  it('keeps the email cooldown across the reload from the cached last login time', async () => {
    const t = setup({ cache: { [LoginCacheKeys.lastEmailLoginTime]: String(T0 - 10_000) } })
    await t.flush()
    expect(t.iframes()).toBe(0)
    expect(t.state().embedded.cooldownUntil).toBe(T0 + 20_000)
  })
})

describe('email update (SPEC §4)', () => {
  it('goes UPDATE_EMAIL → VERIFY_PRIMARY_OTP → VERIFY_SECONDARY_OTP → newEmail, which becomes the wallet’s email', async () => {
    const t = setup()
    await login(t)
    t.store.dispatch(embeddedActions.updateEmailRequested({ email: 'ada.new@example.com' }))
    await t.flush()
    expect(t.lastPosted('UPDATE_EMAIL').message.payload).toEqual({ email: 'ada.new@example.com' })
    await t.succeed('UPDATE_EMAIL', { action: 'VERIFY_PRIMARY_OTP' })
    expect(t.state().embedded).toMatchObject({ step: 'VERIFY_PRIMARY_OTP', newEmail: 'ada.new@example.com' })
    t.store.dispatch(embeddedActions.otpSubmitted({ otp: '111111' }))
    await t.flush()
    await t.succeed('UPDATE_EMAIL_PRIMARY_OTP', { action: 'VERIFY_SECONDARY_OTP' })
    expect(t.state().embedded.step).toBe('VERIFY_SECONDARY_OTP')
    t.store.dispatch(embeddedActions.otpSubmitted({ otp: '222222' }))
    await t.flush()
    expect(t.lastPosted('UPDATE_EMAIL_SECONDARY_OTP').message.payload).toEqual({ otp: '222222' })
    await t.succeed('UPDATE_EMAIL_SECONDARY_OTP', { newEmail: 'ada.new@example.com' })
    expect(t.state().embedded).toMatchObject({ step: 'idle', email: 'ada.new@example.com', newEmail: undefined, pending: false })
    expect(t.state().account.byNamespace.eip155?.user?.email).toBe('ada.new@example.com')
    expect(t.storage.getItem(LoginCacheKeys.email)).toBe('ada.new@example.com')
  })

  it('gives the new email to every account of the embedded wallet (its Solana one too), whichever is shown', async () => {
    const t = setup()
    await login(t)
    const user = t.state().account.byNamespace.eip155!.user!
    // The embedded wallet's Solana account, shown (as after a switch to a Solana network).
    t.store.dispatch(
      accountActions.connected({
        namespace: 'solana',
        address: 'So1anaAddress1111111111111111111111111111111',
        caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        connectedWalletInfo: { connectorId: 'auth', name: 'Email wallet', type: 'AUTH' },
      }),
    )
    t.store.dispatch(connectorsActions.connectSucceeded({ connectorId: 'auth', namespace: 'solana' }))
    t.store.dispatch(accountActions.userLoaded({ namespace: 'solana', user }))
    t.store.dispatch(embeddedActions.updateEmailRequested({ email: 'ada.new@example.com' }))
    await t.flush()
    await t.succeed('UPDATE_EMAIL', { action: 'VERIFY_PRIMARY_OTP' })
    t.store.dispatch(embeddedActions.otpSubmitted({ otp: '111111' }))
    await t.flush()
    await t.succeed('UPDATE_EMAIL_PRIMARY_OTP', { action: 'VERIFY_SECONDARY_OTP' })
    t.store.dispatch(embeddedActions.otpSubmitted({ otp: '222222' }))
    await t.flush()
    await t.succeed('UPDATE_EMAIL_SECONDARY_OTP', { newEmail: 'ada.new@example.com' })
    expect(t.state().account.byNamespace.eip155?.user?.email).toBe('ada.new@example.com')
    expect(t.state().account.byNamespace.solana?.user?.email).toBe('ada.new@example.com')
  })
})
