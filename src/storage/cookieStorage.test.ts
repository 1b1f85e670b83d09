/**
 * @jest-environment jsdom
 */
// jsdom's document.cookie is a real cookie jar (tough-cookie): attributes, expiry and
// removal behave as in a browser.
import { cookieStorage, createCookieStorage, readCookie } from './cookieStorage'
import { createStorage, STORAGE_KEY, STORAGE_VERSION } from './createStorage'
import { cookieToInitialState } from './initialState'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'

const lastVisit = { recentWallets: [{ id: 'io.metamask', name: 'MetaMask; "the fox"', rdns: 'io.metamask' }], connections: { eip155: 'io.metamask' } }

afterEach(() => cookieStorage.removeItem(STORAGE_KEY))

describe('cookie storage', () => {
  it('keeps what Portico persists in a cookie the server receives, and reads it back', () => {
    const storage = createStorage({ store: cookieStorage })
    storage.write(lastVisit)
    expect(document.cookie).toContain(`${STORAGE_KEY}=`)
    expect(storage.read()).toEqual(lastVisit)
    // What a server gets in the Cookie header parses to the same last visit.
    expect(cookieToInitialState({}, `theme=dark; ${document.cookie}`)).toEqual(lastVisit)
  })

  it('forgets the cookie on clear', () => {
    const storage = createStorage({ store: cookieStorage })
    storage.write(lastVisit)
    storage.clear()
    expect(document.cookie).not.toContain(STORAGE_KEY)
    expect(storage.read()).toEqual({ recentWallets: [], connections: {} })
  })

  it('drops wallet icons, then recent wallets, rather than write a cookie the browser would refuse', () => {
    const icon = `data:image/svg+xml;base64,${'A'.repeat(4_000)}`
    const storage = createStorage({ store: cookieStorage })
    storage.write({ recentWallets: [{ id: 'a', name: 'A', imageUrl: icon }], connections: { eip155: 'a' } })
    expect(storage.read()).toEqual({ recentWallets: [{ id: 'a', name: 'A' }], connections: { eip155: 'a' } })
    storage.write({ recentWallets: [{ id: 'b'.repeat(4_000), name: 'B' }], connections: { eip155: 'a' } })
    expect(storage.read()).toEqual({ recentWallets: [], connections: { eip155: 'a' } })
  })

  it('writes the attributes a dapp asks for', () => {
    const writes: string[] = []
    const doc = {
      set cookie(value: string) {
        writes.push(value)
      },
      get cookie() {
        return ''
      },
    }
    createCookieStorage({ document: doc, sameSite: 'Strict', secure: true, maxAge: 60, domain: 'example.com' }).setItem('k', 'v w')
    expect(writes).toEqual(['k=v%20w; Path=/; Domain=example.com; Max-Age=60; SameSite=Strict; Secure'])
  })

  it('does nothing without a document (a server render) instead of throwing', () => {
    const store = createCookieStorage({ document: undefined })
    const saved = globalThis.document
    // @ts-expect-error: as on a server, where there is no document
    delete globalThis.document
    try {
      expect(store.getItem(STORAGE_KEY)).toBeNull()
      expect(() => store.setItem(STORAGE_KEY, '{}')).not.toThrow()
    } finally {
      globalThis.document = saved
    }
  })
})

describe('readCookie', () => {
  it('finds one cookie among others, and treats a malformed one as absent', () => {
    expect(readCookie('a=1; portico.store=%7B%7D;b=2', 'portico.store')).toBe('{}')
    expect(readCookie('xportico.store=1; a=2', 'portico.store')).toBeNull()
    expect(readCookie('portico.store=%E0%A4%A', 'portico.store')).toBeNull()
  })
})

describe('cookieToInitialState', () => {
  const { plugin } = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [], address: '0x1' })
  const cookieOf = (state: unknown) => `${STORAGE_KEY}=${encodeURIComponent(JSON.stringify(state))}`

  it('is undefined for a visitor with no cookie, an empty one, or one that does not parse', () => {
    expect(cookieToInitialState({}, undefined)).toBeUndefined()
    expect(cookieToInitialState({}, null)).toBeUndefined()
    expect(cookieToInitialState({}, 'theme=dark')).toBeUndefined()
    expect(cookieToInitialState({}, `${STORAGE_KEY}=%7Bnot%20json`)).toBeUndefined()
    expect(cookieToInitialState({}, cookieOf({ version: 0, state: lastVisit }))).toBeUndefined()
    expect(cookieToInitialState({}, cookieOf({ version: STORAGE_VERSION, state: { recentWallets: [], connections: {} } }))).toBeUndefined()
  })

  it('keeps only the connections of namespaces the config has a plugin for (eip155 when it names none)', () => {
    const cookie = cookieOf({ version: STORAGE_VERSION, state: { recentWallets: [], connections: { eip155: 'io.metamask', solana: 'phantom' } } })
    expect(cookieToInitialState({}, cookie)?.connections).toEqual({ eip155: 'io.metamask' })
    expect(cookieToInitialState({ plugins: [] }, cookie)).toBeUndefined()
    expect(cookieToInitialState({ plugins: [plugin] }, cookie)?.connections).toEqual({ eip155: 'io.metamask' })
  })

  it('carries nothing but recent wallets and connector ids, whatever else the cookie holds', () => {
    const cookie = cookieOf({ version: STORAGE_VERSION, state: { ...lastVisit, email: 'ada@example.com', token: 'pts_abc' } })
    expect(cookieToInitialState({}, cookie)).toEqual(lastVisit)
  })
})
