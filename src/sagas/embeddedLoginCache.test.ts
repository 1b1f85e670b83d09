/** @jest-environment jsdom */
import { createLoginCache, LoginCacheKeys, looksSecret } from '../frame/loginCache'
import { FrameLoadError, FrameRequestError } from '../frame/errors'
import type { FrameClientEvent, SettledRequest } from '../frame/client'
import { recordingStore } from '../frame/test/recordingStore'
import { ADDRESS, user } from '../frame/test/fixtures'
import { createHarness } from '../frame/test/harness'
import { applyLoginCacheChanges, loginCacheRules, type LoginCacheChange, type LoginCacheMemory } from './embeddedLoginCache'

const NOW = 1_700_000_000_000
const TOKEN = `pts_${'Q'.repeat(43)}`
const PRIVATE_KEY = `0x${'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'}`
const none: LoginCacheMemory = { loginEmail: undefined }

const succeeded = <R extends SettledRequest>(event: R['event'], payload: unknown, value: unknown): FrameClientEvent =>
  ({ type: 'settled', event, payload, outcome: { ok: true, value } }) as FrameClientEvent
const failed = (event: SettledRequest['event'], payload: unknown, error: Error = new FrameRequestError(event, { message: 'offline' })): FrameClientEvent =>
  ({ type: 'settled', event, payload, outcome: { ok: false, error } }) as FrameClientEvent

/** The changes of a run of events, from an empty memory. */
function run(events: FrameClientEvent[]): LoginCacheChange[] {
  let memory = none
  const changes: LoginCacheChange[] = []
  for (const event of events) {
    const result = loginCacheRules(memory, event, NOW)
    memory = result.memory
    changes.push(...result.changes)
  }
  return changes
}

describe('loginCacheRules: the SPEC §4 login cache rules as a pure function of frame events', () => {
  it('a code sent records its time; the login code then stores the email asked for', () => {
    expect(run([succeeded('CONNECT_EMAIL', { email: 'ada@example.com' }, { action: 'VERIFY_OTP' }), succeeded('CONNECT_OTP', { otp: '123456' }, { user: { ...user, email: undefined } })])).toEqual([
      { type: 'emailCodeSent', time: NOW },
      { type: 'loginSucceeded', login: { email: 'ada@example.com', socialUsername: undefined, chainId: 1 } },
    ])
  })

  it('CONNECT (a live session) is a login with the email asked for', () => {
    expect(run([succeeded('CONNECT_EMAIL', { email: 'ada@example.com' }, { action: 'CONNECT' })])).toEqual([{ type: 'loginSucceeded', login: { email: 'ada@example.com' } }])
  })

  it('a failed CONNECT_EMAIL changes nothing but is remembered for the next code', () => {
    const result = loginCacheRules(none, failed('CONNECT_EMAIL', { email: 'bob@example.com' }), NOW)
    expect(result).toEqual({ memory: { loginEmail: 'bob@example.com' }, changes: [] })
  })

  it('a social, Farcaster or passkey login names its own email and username, never the one typed for a code', () => {
    const memory = { loginEmail: 'ada@example.com' }
    for (const event of ['CONNECT_SOCIAL', 'CONNECT_FARCASTER', 'CONNECT_PASSKEY'] as const) {
      expect(loginCacheRules(memory, succeeded(event, {}, { user: { ...user, email: undefined, userName: 'ada', chainId: 10 } }), NOW).changes).toEqual([
        { type: 'loginSucceeded', login: { email: undefined, socialUsername: 'ada', chainId: 10 } },
      ])
    }
  })

  it('a failed login changes nothing', () => {
    for (const event of ['CONNECT_OTP', 'CONNECT_SOCIAL', 'CONNECT_FARCASTER', 'CONNECT_PASSKEY', 'GET_USER', 'SWITCH_NETWORK', 'UPDATE_EMAIL_SECONDARY_OTP'] as const) {
      expect(loginCacheRules(none, failed(event, {}), NOW).changes).toEqual([])
    }
  })

  it('sign out clears, whether or not the frame could sign out', () => {
    expect(loginCacheRules(none, succeeded('SIGN_OUT', {}, {}), NOW).changes).toEqual([{ type: 'connectionEnded' }])
    expect(loginCacheRules(none, failed('SIGN_OUT', {}), NOW).changes).toEqual([{ type: 'connectionEnded' }])
  })

  it("only the server's negative answer to a connection check clears; a check that failed or said yes keeps the cache", () => {
    expect(loginCacheRules(none, succeeded('IS_CONNECTED', {}, { isConnected: false }), NOW).changes).toEqual([{ type: 'connectionEnded' }])
    expect(loginCacheRules(none, succeeded('IS_CONNECTED', {}, { isConnected: true }), NOW).changes).toEqual([])
    expect(loginCacheRules(none, failed('IS_CONNECTED', {}, new FrameLoadError()), NOW).changes).toEqual([])
  })

  it('the chain of a user, a switch or a chain event is remembered; a new email too; an expired session clears', () => {
    expect(
      run([
        succeeded('GET_USER', {}, { user: { ...user, chainId: 'eip155:137' } }),
        succeeded('SWITCH_NETWORK', { chainId: 'eip155:10' }, { chainId: 10 }),
        { type: 'chainChanged', chainId: 8453 },
        succeeded('UPDATE_EMAIL_SECONDARY_OTP', { otp: '222222' }, { newEmail: 'ada.new@example.com' }),
        { type: 'sessionExpired' },
      ]),
    ).toEqual([
      { type: 'chainChanged', chainId: 'eip155:137' },
      { type: 'chainChanged', chainId: 10 },
      { type: 'chainChanged', chainId: 8453 },
      { type: 'emailChanged', email: 'ada.new@example.com' },
      { type: 'connectionEnded' },
    ])
  })

  it('smart-account networks: loaded, then emptied by a failure', () => {
    expect(run([succeeded('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {}, { smartAccountEnabledNetworks: [1, 10] }), failed('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})])).toEqual([
      { type: 'smartAccountNetworksLoaded', networks: [1, 10] },
      { type: 'smartAccountNetworksFailed' },
    ])
  })

  it('other requests and events change nothing', () => {
    expect(
      run([succeeded('RPC_REQUEST', { method: 'personal_sign', params: [] }, { result: '0x' }), succeeded('GET_DEVICES', {}, { devices: [] }), { type: 'ready' }, { type: 'approvalOpen' }]),
    ).toEqual([])
  })

  it('applyLoginCacheChanges makes the changes on the cache, in order', () => {
    const cache = createLoginCache({ store: recordingStore() })
    applyLoginCacheChanges(cache, [
      { type: 'emailCodeSent', time: NOW },
      { type: 'loginSucceeded', login: { email: 'ada@example.com', chainId: 1 } },
      { type: 'chainChanged', chainId: 10 },
    ])
    expect(cache.read()).toMatchObject({ emailLoginUsed: true, email: 'ada@example.com', lastChainId: 10, lastEmailLoginTime: undefined })
    applyLoginCacheChanges(cache, [{ type: 'connectionEnded' }])
    expect(cache.read()).toMatchObject({ emailLoginUsed: false, email: undefined, lastChainId: undefined })
  })
})

describe('nothing secret reaches the dapp origin through the rules', () => {
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
    document.body.innerHTML = ''
    window.localStorage.clear()
  })

  it('a whole session through the real frame client writes only the listed keys, none of them secret, and the client writes nothing of its own', async () => {
    jest.useFakeTimers()
    const store = recordingStore()
    const cache = createLoginCache({ store })
    const localWrites: string[] = []
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string) {
      localWrites.push(key)
    })
    const harness = createHarness()
    let memory = none
    harness.client.subscribe((event) => {
      const result = loginCacheRules(memory, event, NOW)
      memory = result.memory
      try {
        applyLoginCacheChanges(cache, result.changes)
      } catch {
        // A refused value is not written; the session goes on.
      }
    })
    await harness.ready()
    const step = async <T>(call: Promise<T>, answer: () => void) => {
      await harness.flush()
      answer()
      return call.catch(() => undefined)
    }
    await step(harness.client.connectEmail('ada@example.com'), () => harness.succeed('CONNECT_EMAIL', { action: 'VERIFY_DEVICE' }))
    await step(harness.client.connectDevice('123456'), () => harness.succeed('CONNECT_DEVICE', { action: 'VERIFY_OTP' }))
    // A frame trying to hand the app a token or a key is refused by the schema.
    await step(harness.client.connectOtp('123456'), () => harness.succeed('CONNECT_OTP', { user: { ...user, token: TOKEN } } as never))
    await step(harness.client.connectOtp('123456'), () => harness.succeed('CONNECT_OTP', { user: { ...user, userName: TOKEN } }))
    await step(harness.client.getUser(), () => harness.succeed('GET_USER', { user: { ...user, email: `${TOKEN.slice(0, 40)}@example.com` } }))
    await step(harness.client.rpcRequest('personal_sign', ['0x68656c6c6f', ADDRESS]), () => harness.succeed('RPC_REQUEST', { result: PRIVATE_KEY }))
    await step(harness.client.switchNetwork(10), () => harness.succeed('SWITCH_NETWORK', { chainId: 10 }))
    await step(harness.client.getSmartAccountEnabledNetworks(), () => harness.succeed('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [1] }))
    expect(cache.read()).toMatchObject({ emailLoginUsed: true, lastChainId: 10, smartAccountEnabledNetworks: [1] })
    await step(harness.client.signOut(), () => harness.succeed('SIGN_OUT', {}))
    harness.client.destroy()

    const allowedKeys = new Set<string>(Object.values(LoginCacheKeys))
    expect(store.writes.length).toBeGreaterThan(3)
    for (const [key, value] of store.writes) {
      expect(allowedKeys.has(key)).toBe(true)
      expect(looksSecret(value)).toBe(false)
      expect(value).not.toContain('pts_')
      expect(value.toLowerCase()).not.toContain(PRIVATE_KEY.slice(2, 20))
    }
    expect(localWrites).toEqual([])
  })
})
