import { runSaga } from 'redux-saga'
import type { UnknownAction } from '@reduxjs/toolkit'
import { resolveConfig } from '../config/resolveConfig'
import { createFullStore } from '../test/fullStore'
import { smartAccountActions } from '../store/slices/smartAccount'
import { testNetwork } from '../test/fakeNamespacePlugin'
import { eip155 } from '../plugins/eip155'
import type { EmbeddedFrame, SagaContext } from './context'
import type { EmbeddedHolder } from './embeddedFrame'
import { embeddedAccountTypeSaga } from './smartAccount'

// The account type at login against a frame whose answers the test decides: what the
// store shows when the frame lists networks, and when it refuses the preference.

function run(client: Partial<EmbeddedFrame['client']>) {
  const plugin = eip155({ networks: [testNetwork(1, 'Ethereum')] })
  const config = resolveConfig({ projectId: 'shop', plugins: [plugin], devtools: false }, { defaultPlugins: () => [] })
  const store = createFullStore({ config, middleware: [] })
  // A list from an earlier session, which a failed call must not leave behind.
  store.dispatch(smartAccountActions.enabledNetworksLoaded({ networks: ['eip155:1', 'eip155:10'] }))
  const context = { config } as unknown as SagaContext
  const holder: EmbeddedHolder = { frame: { client, transport: {} } as unknown as EmbeddedFrame, wallets: new Map(), attached: new Map() }
  const task = runSaga({ getState: store.getState, dispatch: (action: UnknownAction) => store.dispatch(action), context: { portico: context } }, embeddedAccountTypeSaga, holder, { interactive: true })
  return { store, done: task.toPromise() }
}

describe('embeddedAccountTypeSaga', () => {
  it('empties the smart-account networks when the frame cannot list them (SPEC §4) and still applies the default type', async () => {
    const setPreferredAccount = jest.fn(async () => ({}))
    const { store, done } = run({
      getSmartAccountEnabledNetworks: async () => {
        throw new Error('frame timeout')
      },
      setPreferredAccount,
      getUser: async () => ({ user: { email: 'ada@example.com', address: '0x1111111111111111111111111111111111111111', chainId: 1, preferredAccountType: 'smartAccount' } }),
    } as never)
    await done
    expect(store.getState().smartAccount.enabledNetworks).toEqual([])
    expect(setPreferredAccount).toHaveBeenCalledWith('smartAccount', expect.anything())
    expect(store.getState().smartAccount.error).toBeUndefined()
  })

  it('shows why when the frame refuses the preferred account type, and keeps the account it signed in', async () => {
    const { store, done } = run({
      getSmartAccountEnabledNetworks: async () => ({ smartAccountEnabledNetworks: [1] }),
      setPreferredAccount: async () => {
        throw new Error('No smart account on this network')
      },
      getUser: async () => {
        throw new Error('not reached')
      },
    } as never)
    await done
    expect(store.getState().smartAccount.enabledNetworks).toEqual(['eip155:1'])
    expect(store.getState().smartAccount.error).toMatchObject({ key: 'errors.untranslated', params: { message: 'No smart account on this network' } })
  })
})
