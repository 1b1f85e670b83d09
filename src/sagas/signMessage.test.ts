import { runSaga, stdChannel } from 'redux-saga'
import type { UnknownAction } from '@reduxjs/toolkit'
import { WALLET_CONNECT_CONNECTOR_ID } from '../config/constants'
import { resolveConfig } from '../config/resolveConfig'
import { accountActions } from '../store/slices/account'
import { connectorsActions } from '../store/slices/connectors'
import { modalActions } from '../store/slices/modal'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { createFullStore } from '../test/fullStore'
import { testSagaContext } from '../test/sagaContext'
import { dappSignMessageSaga } from './signMessage'

// portico.signMessage on a phone: a wallet connected over WalletConnect is another app,
// so the modal shows ApproveTransaction ("Open … to approve") while it is asked.
const ADDRESS = '0x1111111111111111111111111111111111111111'

function setup({ isMobile, connectorId }: { isMobile: boolean; connectorId: string }) {
  const fake = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })
  const config = resolveConfig({ projectId: 'p', plugins: [fake.plugin], devtools: false, isMobile }, { defaultPlugins: () => [] })
  const store = createFullStore({ config })
  store.dispatch(connectorsActions.connectSucceeded({ connectorId, namespace: 'eip155' }))
  store.dispatch(accountActions.connected({ namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:1', connectedWalletInfo: { connectorId, name: 'MetaMask', type: 'WALLET_CONNECT' } }))
  const seen: string[] = []
  let release: (signature: string) => void = () => undefined
  fake.behaviour.signMessage = () =>
    new Promise<string>((resolve) => {
      seen.push(`${store.getState().modal.open ? 'open' : 'closed'}:${store.getState().router.history.at(-1)?.view ?? ''}`)
      release = resolve
    })
  const channel = stdChannel<UnknownAction>()
  const environment = {
    channel,
    dispatch: (action: UnknownAction) => {
      store.dispatch(action)
      // The close saga is not running here: a forced close closes, as it would.
      if (action.type === modalActions.closeRequested.type) store.dispatch(modalActions.closed())
    },
    getState: store.getState,
    context: { portico: testSagaContext(config, fake.plugin) },
  }
  const sign = () => runSaga(environment, dappSignMessageSaga, { message: 'hi' }).toPromise()
  return { store, seen, sign, release: (s: string) => release(s) }
}

describe('dappSignMessageSaga', () => {
  it('on a phone over WalletConnect, opens the modal on ApproveTransaction while the wallet is asked, and closes it after', async () => {
    const { store, seen, sign, release } = setup({ isMobile: true, connectorId: WALLET_CONNECT_CONNECTOR_ID })
    const result = sign()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(seen).toEqual(['open:ApproveTransaction'])
    release('0xabc')
    await expect(result).resolves.toEqual({ signature: '0xabc', address: ADDRESS })
    expect(store.getState().modal.open).toBe(false)
  })

  it('leaves the modal alone for a browser wallet, or off a phone', async () => {
    for (const options of [
      { isMobile: true, connectorId: 'io.metamask' },
      { isMobile: false, connectorId: WALLET_CONNECT_CONNECTOR_ID },
    ]) {
      const { seen, sign, release } = setup(options)
      const result = sign()
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(seen).toHaveLength(1)
      expect(seen[0]).toMatch(/^closed:/)
      release('0xabc')
      await result
    }
  })
})
