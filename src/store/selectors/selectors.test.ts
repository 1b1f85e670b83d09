import { resolveConfig } from '../../config/resolveConfig'
import type { PorticoConfig } from '../../config/types'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../../test/fakeNamespacePlugin'
import { createFullStore } from '../../test/fullStore'
import { accountActions } from '../slices/account'
import { connectorsActions } from '../slices/connectors'
import { walletsActions } from '../slices/wallets'
import { resolveOpenRoute } from './openRoute'
import { selectConnectMethodOrder, selectSocialOptions } from './connectMethods'
import { orderWallets, selectOrderedWallets } from './walletOrder'
import type { WalletListing } from '../../types/walletListing'

const plugin = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [] }).plugin
const storeWith = (config: Partial<PorticoConfig> = {}) =>
  createFullStore({ config: resolveConfig({ projectId: 'p', plugins: [plugin], devtools: false, ...config }, { defaultPlugins: () => [plugin] }) })

const connect = (store: ReturnType<typeof storeWith>) =>
  store.dispatch(accountActions.connected({ namespace: 'eip155', address: '0x1', caipNetworkId: 'eip155:1', connectedWalletInfo: { connectorId: 'x', name: 'X', type: 'INJECTED' } }))

describe('opening the modal (SPEC §2)', () => {
  it('opens Connect without a connected address', () => {
    expect(resolveOpenRoute(storeWith().getState())).toEqual({ view: 'Connect' })
  })
  it('opens Account with a connected address', () => {
    const store = storeWith()
    connect(store)
    expect(resolveOpenRoute(store.getState())).toEqual({ view: 'Account' })
  })
  it('opens AllWallets on mobile', () => {
    expect(resolveOpenRoute(storeWith({ isMobile: true }).getState())).toEqual({ view: 'AllWallets' })
  })
  it('opens ConnectingWalletConnectBasic with no adapters and nothing connected', () => {
    expect(resolveOpenRoute(storeWith({ plugins: [], networks: [] }).getState())).toEqual({ view: 'ConnectingWalletConnectBasic' })
  })
  it('a requested view overrides the default, connected or not', () => {
    const store = storeWith()
    connect(store)
    expect(resolveOpenRoute(store.getState(), { view: 'Networks' })).toEqual({ view: 'Networks' })
  })
  it('a connected address wins over mobile', () => {
    const store = storeWith({ isMobile: true })
    connect(store)
    expect(resolveOpenRoute(store.getState())).toEqual({ view: 'Account' })
  })
})

describe('connect method order (SPEC §2)', () => {
  it('is email, social, wallet by default', () => {
    expect(selectConnectMethodOrder(storeWith().getState())).toEqual(['email', 'social', 'wallet'])
  })
  it.each(['INJECTED', 'ANNOUNCED'] as const)('is wallet, email, social when an %s wallet is shown', (type) => {
    const store = storeWith()
    store.dispatch(connectorsActions.discovered({ namespace: 'eip155', connectors: [injectedConnector('io.metamask', type)] }))
    expect(selectConnectMethodOrder(store.getState())).toEqual(['wallet', 'email', 'social'])
  })
  it('a WalletConnect-only connector does not move wallets first', () => {
    const store = storeWith()
    store.dispatch(connectorsActions.discovered({ namespace: 'eip155', connectors: [injectedConnector('walletConnect', 'WALLET_CONNECT')] }))
    expect(selectConnectMethodOrder(store.getState())).toEqual(['email', 'social', 'wallet'])
  })
  it('leaves out methods the dapp turned off', () => {
    expect(selectConnectMethodOrder(storeWith({ features: { email: false, socials: false } }).getState())).toEqual(['wallet'])
  })
})

describe('Telegram social filtering (SPEC §5)', () => {
  const socials = (telegramPlatform: PorticoConfig['telegramPlatform']) => selectSocialOptions(storeWith({ telegramPlatform }).getState())
  it('keeps the SPEC §9 socials outside Telegram', () => {
    expect(socials('unknown')).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })
  it('iOS removes google', () => expect(socials('ios')).not.toContain('google'))
  it('Mac removes x', () => {
    expect(socials('macos')).not.toContain('x')
    expect(socials('macos')).toContain('google')
  })
  it('Android removes facebook and x', () => {
    expect(socials('android')).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
  })
})

const listing = (id: string, rdns: string | null = null): WalletListing => ({
  id,
  name: id,
  image_id: null,
  chains: ['eip155:1'],
  rdns,
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
})

describe('connector ordering (SPEC §9)', () => {
  it('orders walletConnect, recent, injected, featured, custom, external, recommended', () => {
    const item = (id: string) => ({ id, name: id, group: 'custom' as const })
    const ordered = orderWallets({
      recommended: [item('rec')],
      external: [item('ext')],
      custom: [item('cus')],
      featured: [item('fea')],
      injected: [item('inj')],
      recent: [item('rcn')],
      walletConnect: [item('wc')],
    })
    expect(ordered.map((w) => w.id)).toEqual(['wc', 'rcn', 'inj', 'fea', 'cus', 'ext', 'rec'])
    expect(ordered.map((w) => w.group)).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
  })

  it('shows a wallet once, in its first group, matching by id or rdns', () => {
    const store = storeWith()
    store.dispatch(connectorsActions.discovered({ namespace: 'eip155', connectors: [injectedConnector('io.metamask')] }))
    store.dispatch(connectorsActions.recentAdded({ id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' }))
    store.dispatch(walletsActions.recommendedLoaded({ recommended: [listing('metamask', 'io.metamask'), listing('rainbow')], featured: [] }))
    const wallets = selectOrderedWallets(store.getState())
    expect(wallets.map((w) => [w.id, w.group])).toEqual([
      ['io.metamask', 'recent'],
      ['rainbow', 'recommended'],
    ])
    // The recent entry is connectable because the announced connector backs it.
    expect(wallets[0]!.connector?.id).toBe('io.metamask')
  })

  it('caps recommended wallets at 4', () => {
    const store = storeWith()
    store.dispatch(walletsActions.recommendedLoaded({ recommended: ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => listing(id)), featured: [] }))
    expect(selectOrderedWallets(store.getState())).toHaveLength(4)
  })
})
