import { resolveConfig } from '../config/resolveConfig'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { createStore } from './createStore'
import { hydrateAction, serverState } from './hydrate'
import { accountActions } from './slices/account'
import { connectorsActions } from './slices/connectors'

function store() {
  const { plugin } = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [], address: '0x1' })
  return createStore({ config: resolveConfig({ projectId: 'p', plugins: [plugin], devtools: false }, { defaultPlugins: () => [] }) })
}

const lastVisit = { recentWallets: [{ id: 'io.metamask', name: 'MetaMask' }], connections: { eip155: 'io.metamask', acme: 'acme-wallet' } }

describe('hydrating a store with the last visit', () => {
  it('shows each remembered connection of a served namespace as reconnecting and active, and leaves out the others', () => {
    const s = store()
    s.dispatch(hydrateAction(s.getState(), lastVisit))
    const state = s.getState()
    expect(state.connectors.restoring).toEqual({ eip155: 'io.metamask' })
    expect(state.connectors.recent).toEqual([{ id: 'io.metamask', name: 'MetaMask' }])
    expect(state.account.byNamespace.eip155?.status).toBe('reconnecting')
    expect(state.account.byNamespace.acme).toBeUndefined()
    expect(state.account.activeNamespace).toBe('eip155')
  })

  it('ends reconnecting as connected when the restore connects, and as disconnected (no active account) when it gives up', () => {
    const restored = store()
    restored.dispatch(hydrateAction(restored.getState(), lastVisit))
    restored.dispatch(
      accountActions.connected({ namespace: 'eip155', address: '0x1', caipNetworkId: 'eip155:1', connectedWalletInfo: { connectorId: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' } }),
    )
    restored.dispatch(connectorsActions.connectSucceeded({ connectorId: 'io.metamask', namespace: 'eip155' }))
    restored.dispatch(connectorsActions.restoreEnded({ namespace: 'eip155' }))
    expect(restored.getState().account.byNamespace.eip155?.status).toBe('connected')

    const forgotten = store()
    forgotten.dispatch(hydrateAction(forgotten.getState(), lastVisit))
    forgotten.dispatch(connectorsActions.restoreEnded())
    expect(forgotten.getState().account.byNamespace.eip155?.status).toBe('disconnected')
    expect(forgotten.getState().account.activeNamespace).toBeUndefined()
  })

  it('never marks an account the visitor is connecting or connected with as reconnecting', () => {
    const s = store()
    s.dispatch(accountActions.connecting({ namespace: 'eip155' }))
    s.dispatch(hydrateAction(s.getState(), lastVisit))
    expect(s.getState().account.byNamespace.eip155?.status).toBe('connecting')
    s.dispatch(connectorsActions.restoreEnded({ namespace: 'eip155' }))
    expect(s.getState().account.byNamespace.eip155?.status).toBe('connecting')
  })

  it('gives the state a server renders: the last visit on no account of the live store, or nothing remembered', () => {
    const s = store()
    s.dispatch(accountActions.connected({ namespace: 'eip155', address: '0x1', caipNetworkId: 'eip155:1', connectedWalletInfo: { connectorId: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' } }))
    const rendered = serverState(s.getState(), lastVisit)
    expect(rendered.account.byNamespace.eip155?.status).toBe('reconnecting')
    expect(rendered.account.byNamespace.eip155?.address).toBeUndefined()
    expect(rendered.options).toBe(s.getState().options)
    const empty = serverState(s.getState(), undefined)
    expect(empty.account.byNamespace).toEqual({})
    expect(empty.connectors.recent).toEqual([])
  })
})
