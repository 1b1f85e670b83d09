import { act } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { createPortico, type Portico, type PorticoRuntime } from '../createPortico'
import { cookieStorage } from '../storage/cookieStorage'
import { createStorage, STORAGE_KEY, type KeyValueStore } from '../storage/createStorage'
import { cookieToInitialState } from '../storage/initialState'
import type { PorticoInitialState } from '../store/hydrate'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import { AccountButton } from './AccountButton'
import { ConnectButton } from './ConnectButton'
import { PorticoProvider } from './PorticoProvider'

// A server render (react-dom/server) and the browser's hydration of its HTML
// (hydrateRoot) in one test, as Next.js does them: the visitor's cookie travels from
// the browser's document.cookie to the server's Cookie header.
const address = '0x1234567890abcdef1234567890abcdef12345678'
const instances: Portico[] = []
const roots: Root[] = []
let errors: unknown[][]
beforeEach(() => {
  errors = []
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args))
})
afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()))
  instances.splice(0).forEach((p) => p.destroy())
  cookieStorage.removeItem(STORAGE_KEY)
  localStorage.clear()
  jest.restoreAllMocks()
})

function instance(runtime: PorticoRuntime, reconnects = true) {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [injectedConnector()], address })
  if (reconnects) wallet.behaviour.reconnect = async () => ({ address, accounts: [{ address }], caipNetworkId: 'eip155:1' })
  const portico = createPortico({ projectId: 'p', plugins: [wallet.plugin], devtools: false, features: { email: false, socials: false } }, runtime)
  instances.push(portico)
  return portico
}

const app = (portico: Portico, initialState?: PorticoInitialState) => (
  <PorticoProvider portico={portico} initialState={initialState} preload="interaction">
    <ConnectButton />
    <AccountButton />
  </PorticoProvider>
)

/** Hydrates `html` in the browser; resolves with the recoverable errors React reported (mismatches). */
function hydrate(html: string, element: React.ReactNode) {
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const recoverable: unknown[] = []
  act(() => {
    roots.push(hydrateRoot(container, element, { onRecoverableError: (error) => void recoverable.push(error) }))
  })
  return { container, recoverable }
}

const rememberInCookie = () => createStorage({ store: cookieStorage }).write({ recentWallets: [{ id: 'io.metamask', name: 'MetaMask' }], connections: { eip155: 'io.metamask' } })
const connectText = (container: HTMLElement) => container.querySelector('[data-testid="portico-connect-button"]')!.textContent

describe('server rendering with the cookie', () => {
  it('renders the remembered connection as reconnecting on the server and in the hydrating browser, then the account', async () => {
    rememberInCookie()
    const initialState = cookieToInitialState({}, document.cookie)
    // The server's instance, made per request with what the cookie says (no storage there).
    const html = renderToString(app(instance({ storage: null, initialState }, false)))
    expect(html).toContain('Reconnecting…')
    expect(html).not.toContain('Connect Wallet')

    const browser = instance({ storage: cookieStorage, initialState })
    const { container, recoverable } = hydrate(html, app(browser))
    expect(recoverable).toEqual([])
    expect(errors).toEqual([])
    expect(connectText(container)).toBe('Reconnecting…')
    await act(() => untilState(browser, (s) => s.account.byNamespace.eip155?.status === 'connected'))
    expect(connectText(container)).toBe('0x12…345678')
  })

  it('takes the initial state from <PorticoProvider> for an instance made at module scope, without touching that instance', () => {
    rememberInCookie()
    const initialState = cookieToInitialState({}, document.cookie)
    const shared = instance({ storage: null }, false)
    const html = renderToString(app(shared, initialState))
    expect(html).toContain('Reconnecting…')
    // One instance serves every request on a server: a visitor's cookie must not stay in it.
    expect(shared.getState().account.byNamespace).toEqual({})

    const { recoverable } = hydrate(html, app(instance({ storage: cookieStorage }), initialState))
    expect(recoverable).toEqual([])
    expect(errors).toEqual([])
  })

  it('without a cookie (localStorage), hydrates what the server rendered and shows reconnecting right after', async () => {
    const memory = new Map<string, string>()
    const store: KeyValueStore = { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) }
    createStorage({ store }).write({ recentWallets: [], connections: { eip155: 'io.metamask' } })
    const html = renderToString(app(instance({ storage: null }, false)))
    expect(html).toContain('Connect Wallet')

    const browser = instance({ storage: store })
    const { container, recoverable } = hydrate(html, app(browser))
    expect(recoverable).toEqual([])
    expect(errors).toEqual([])
    expect(connectText(container)).not.toBe('Connect Wallet')
    await act(() => untilState(browser, (s) => s.account.byNamespace.eip155?.status === 'connected'))
    expect(connectText(container)).toBe('0x12…345678')
  })
})
