/** @jest-environment jsdom */
import type { KeyValueStore } from '../storage/createStorage'
import { createLoginCache, LoginCacheKeys, looksSecret } from './loginCache'
import { ADDRESS } from './test/fixtures'
import { recordingStore } from './test/recordingStore'

const TOKEN = `pts_${'Q'.repeat(43)}`
const PRIVATE_KEY = `0x${'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'}`

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
})
