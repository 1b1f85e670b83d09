/** @jest-environment jsdom */
import type { KeyValueStore } from '../storage/createStorage'
import { createLoginCache, LoginCacheKeys, looksSecret } from './loginCache'
import { ADDRESS, user } from './test/fixtures'
import { createHarness, type Harness } from './test/harness'

const TOKEN = `pts_${'Q'.repeat(43)}`
const PRIVATE_KEY = `0x${'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'}`

function recordingStore(): KeyValueStore & { writes: [string, string][]; map: Map<string, string> } {
  const map = new Map<string, string>()
  const writes: [string, string][] = []
  return {
    map,
    writes,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      writes.push([key, value])
      map.set(key, value)
    },
    removeItem: (key) => void map.delete(key),
  }
}

describe('login cache rules (SPEC §4)', () => {
  it('starts empty', () => {
    expect(createLoginCache({ store: recordingStore() }).read()).toEqual({
      emailLoginUsed: false,
      email: undefined,
      socialUsername: undefined,
      lastChainId: undefined,
      lastEmailLoginTime: undefined,
      smartAccountEnabledNetworks: [],
    })
  })

  it('successful login: the email is stored, the used flag is set and the last login time is cleared', () => {
    const cache = createLoginCache({ store: recordingStore() })
    cache.emailCodeSent(1_700_000_000_000)
    expect(cache.read().lastEmailLoginTime).toBe(1_700_000_000_000)
    cache.loginSucceeded({ email: 'ada@example.com', chainId: 1 })
    expect(cache.read()).toMatchObject({ emailLoginUsed: true, email: 'ada@example.com', lastChainId: 1, lastEmailLoginTime: undefined })
  })

  it('disconnect, or a failed or negative connection check: flag, email, chain and social username are removed', () => {
    const cache = createLoginCache({ store: recordingStore() })
    cache.loginSucceeded({ email: 'ada@example.com', socialUsername: 'ada', chainId: 'eip155:10' })
    cache.smartAccountNetworksLoaded([1])
    cache.connectionEnded()
    expect(cache.read()).toEqual({
      emailLoginUsed: false,
      email: undefined,
      socialUsername: undefined,
      lastChainId: undefined,
      lastEmailLoginTime: undefined,
      smartAccountEnabledNetworks: [1],
    })
  })

  it('smart-account networks call fails: the cached list becomes empty', () => {
    const cache = createLoginCache({ store: recordingStore() })
    cache.smartAccountNetworksLoaded([1, 8453])
    expect(cache.read().smartAccountEnabledNetworks).toEqual([1, 8453])
    cache.smartAccountNetworksFailed()
    expect(cache.read().smartAccountEnabledNetworks).toEqual([])
  })

  it('refuses values that are not what they claim, and reads corrupt storage as empty', () => {
    const store = recordingStore()
    const cache = createLoginCache({ store })
    cache.loginSucceeded({ email: 'not an email', socialUsername: 'x'.repeat(65), chainId: 'eip155' })
    cache.emailCodeSent(Number.NaN)
    expect(cache.read()).toMatchObject({ emailLoginUsed: true, email: undefined, socialUsername: undefined, lastChainId: undefined, lastEmailLoginTime: undefined })
    store.map.set(LoginCacheKeys.lastChainId, '{not json')
    store.map.set(LoginCacheKeys.smartAccountEnabledNetworks, '[1,"2",-3,4.5]')
    store.map.set(LoginCacheKeys.email, 'x')
    expect(cache.read()).toMatchObject({ lastChainId: undefined, smartAccountEnabledNetworks: [1], email: undefined })
  })

  it('survives a storage that throws (private mode, quota)', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    const cache = createLoginCache({ store: broken })
    expect(() => cache.loginSucceeded({ email: 'ada@example.com' })).not.toThrow()
    expect(() => cache.connectionEnded()).not.toThrow()
    expect(cache.read().emailLoginUsed).toBe(false)
    expect(createLoginCache({ store: undefined }).read().email).toBeUndefined()
  })
})

describe('the client applies the rules as requests settle', () => {
  let harness: Harness
  let store: ReturnType<typeof recordingStore>
  let cache: ReturnType<typeof createLoginCache>
  const now = () => 1_700_000_000_000

  beforeEach(async () => {
    jest.useFakeTimers()
    store = recordingStore()
    cache = createLoginCache({ store })
    harness = createHarness({ loginCache: cache, now })
    await harness.ready()
  })
  afterEach(() => {
    harness.client.destroy()
    jest.useRealTimers()
    jest.restoreAllMocks()
    document.body.innerHTML = ''
  })

  async function login(email = 'ada@example.com') {
    const started = harness.client.connectEmail(email)
    await harness.flush()
    harness.succeed('CONNECT_EMAIL', { action: 'VERIFY_OTP' })
    await started
    expect(cache.read().lastEmailLoginTime).toBe(now())
    const verified = harness.client.connectOtp('123456')
    await harness.flush()
    harness.succeed('CONNECT_OTP', { user: { ...user, email } })
    await verified
  }

  it('email login: code sent, then logged in', async () => {
    await login()
    expect(cache.read()).toMatchObject({ emailLoginUsed: true, email: 'ada@example.com', lastChainId: 1, lastEmailLoginTime: undefined })
  })

  it('CONNECT (a live session) counts as a login with the email asked for', async () => {
    const started = harness.client.connectEmail('ada@example.com')
    await harness.flush()
    harness.succeed('CONNECT_EMAIL', { action: 'CONNECT' })
    await started
    expect(cache.read()).toMatchObject({ emailLoginUsed: true, email: 'ada@example.com' })
  })

  it('sign out clears, even when the frame fails to sign out', async () => {
    await login()
    const out = harness.client.signOut()
    await harness.flush()
    harness.fail('SIGN_OUT', { message: 'offline' })
    await expect(out).rejects.toThrow('offline')
    expect(cache.read()).toMatchObject({ emailLoginUsed: false, email: undefined, lastChainId: undefined })
  })

  it("a negative connection check (the server's answer: the session is gone) clears", async () => {
    await login()
    const check = harness.client.isConnected()
    await harness.flush()
    harness.succeed('IS_CONNECTED', { isConnected: false })
    await check
    expect(cache.read()).toMatchObject({ emailLoginUsed: false, email: undefined })
  })

  it('a connection check that fails (the server or the network did not answer) keeps the cache', async () => {
    await login()
    const check = harness.client.isConnected().catch((error: unknown) => error)
    await harness.flush()
    harness.fail('IS_CONNECTED', { message: 'The embedded-wallet server could not be reached' })
    expect(await check).toBeInstanceOf(Error)
    expect(cache.read()).toMatchObject({ emailLoginUsed: true, email: 'ada@example.com', lastChainId: 1 })
  })

  it('a connection check the frame never answers (it did not load) keeps the cache', async () => {
    await login()
    harness.client.destroy()
    document.body.innerHTML = ''
    // A page load with the server down: the frame never says READY.
    harness = createHarness({ loginCache: cache, now })
    const check = harness.client.isConnected().catch((error: unknown) => error)
    await harness.flush(20_000)
    expect(await check).toMatchObject({ name: 'FrameLoadError' })
    expect(cache.read()).toMatchObject({ emailLoginUsed: true, email: 'ada@example.com' })
  })

  it('a positive connection check keeps the cache', async () => {
    await login()
    const check = harness.client.isConnected()
    await harness.flush()
    harness.succeed('IS_CONNECTED', { isConnected: true })
    await check
    expect(cache.read().emailLoginUsed).toBe(true)
  })

  it('switch network and the new email are remembered; an expired session clears', async () => {
    await login()
    const switched = harness.client.switchNetwork('eip155:10')
    await harness.flush()
    harness.succeed('SWITCH_NETWORK', { chainId: 10 })
    await switched
    expect(cache.read().lastChainId).toBe(10)
    const changed = harness.client.updateEmailSecondaryOtp('222222')
    await harness.flush()
    harness.succeed('UPDATE_EMAIL_SECONDARY_OTP', { newEmail: 'ada.new@example.com' })
    await changed
    expect(cache.read().email).toBe('ada.new@example.com')
    harness.send({ id: crypto.randomUUID(), type: '@portico-frame/SESSION_EXPIRED', payload: {} })
    expect(cache.read().emailLoginUsed).toBe(false)
  })

  it('smart-account networks: loaded, then emptied by a failure', async () => {
    const first = harness.client.getSmartAccountEnabledNetworks()
    await harness.flush()
    harness.succeed('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [1, 10] })
    await first
    expect(cache.read().smartAccountEnabledNetworks).toEqual([1, 10])
    const second = harness.client.getSmartAccountEnabledNetworks().catch(() => undefined)
    await harness.flush()
    harness.fail('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})
    await second
    expect(cache.read().smartAccountEnabledNetworks).toEqual([])
  })
})

describe('nothing secret is stored on the dapp origin', () => {
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
    document.body.innerHTML = ''
    window.localStorage.clear()
  })

  it('looksSecret spots tokens and keys', () => {
    expect(looksSecret(TOKEN)).toBe(true)
    expect(looksSecret(PRIVATE_KEY)).toBe(true)
    expect(looksSecret(`Bearer ${TOKEN}`)).toBe(true)
    expect(looksSecret('ada@example.com')).toBe(false)
    expect(looksSecret('"eip155:1"')).toBe(false)
    expect(looksSecret(ADDRESS)).toBe(false)
  })

  it('a whole session through the client writes only the listed keys, none of them secret', async () => {
    jest.useFakeTimers()
    const store = recordingStore()
    const localWrites: string[] = []
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string) {
      localWrites.push(key)
    })
    const harness = createHarness({ loginCache: createLoginCache({ store }), now: () => 1_700_000_000_000 })
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
    // The client itself writes nothing to the page's localStorage: only the cache it is given.
    expect(localWrites).toEqual([])
    setItem.mockRestore()
  })
})
