// portico.on: the dapp's typed events, from a real store and sagas driving a scripted
// wallet (the plugins' own tests cover real wallets).
import { createPortico, type Portico } from '../createPortico'
import { RpcError, toRecord } from '../errors'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { memoryKeyValueStore } from '../test/devWalletPortico'
import { untilState } from '../test/untilState'
import type { KeyValueStore } from '../storage/createStorage'
import { sendActions } from '../store/slices/send'
import { siwxActions } from '../store/slices/siwx'
import { PorticoEventNames, type PorticoEvent } from './types'
import { connectorsActions } from '../store/slices/connectors'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'

const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

function start(storage: KeyValueStore = memoryKeyValueStore(), configure?: (fake: ReturnType<typeof createFakeNamespacePlugin>) => void) {
  const fake = createFakeNamespacePlugin({ networks: [testNetwork(1), testNetwork(10)], connectors: [injectedConnector()], address: ADDRESS })
  configure?.(fake)
  const portico = createPortico({ projectId: 'p', plugins: [fake.plugin], devtools: false, features: { email: false, socials: false } }, { storage })
  instances.push(portico)
  const events: PorticoEvent[] = []
  for (const name of PorticoEventNames) portico.on(name, (_data, event) => events.push(event))
  return { portico, fake, events }
}

async function connect(portico: Portico) {
  portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
  await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'connected')
}

const names = (events: PorticoEvent[]) => events.map((e) => e.name)

describe('portico.on', () => {
  it('MODAL_OPEN and MODAL_CLOSE, once each, with the view and whether a wallet is connected', async () => {
    const { portico, events } = start()
    await portico.ready()
    portico.open()
    portico.open({ view: 'Networks' })
    portico.close()
    portico.close()
    expect(events).toEqual([
      { name: 'MODAL_OPEN', data: { view: 'Connect', connected: false } },
      { name: 'MODAL_CLOSE', data: { connected: false } },
    ])
  })

  it('CONNECT_SUCCESS with the account, network and wallet; then a network switch', async () => {
    const { portico, events } = start()
    portico.open()
    await connect(portico)
    expect(events.find((e) => e.name === 'CONNECT_SUCCESS')).toEqual({
      name: 'CONNECT_SUCCESS',
      data: { namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:1', connector: { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' }, reconnected: false },
    })
    // A connect closes the modal (SPEC §2), after the connection is announced.
    expect(names(events).slice(-1)).toEqual(['MODAL_CLOSE'])
    events.length = 0
    await portico.switchNetwork('eip155:10')
    expect(events).toEqual([{ name: 'SWITCH_NETWORK', data: { caipNetworkId: 'eip155:10', previous: 'eip155:1' } }])
  })

  it('CONNECT_ERROR with the wallet’s reason: its code (4001), the catalogue key and the English sentence', async () => {
    const { portico, fake, events } = start()
    fake.behaviour.connect = async () => {
      throw new RpcError(4001)
    }
    await untilState(portico, (s) => (s.connectors.byNamespace.eip155 ?? []).length > 0)
    portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
    await untilState(portico, (s) => s.connectors.error !== undefined)
    expect(portico.getState().connectors.error).toEqual({ code: 4001, key: 'errors.userRejectedRequest', params: {} })
    expect(events).toEqual([{ name: 'CONNECT_ERROR', data: { code: 4001, key: 'errors.userRejectedRequest', params: {}, message: 'The user rejected the request.', method: 'wallet' } }])
  })

  it('ACCOUNT_CHANGED when the wallet moves to another account, DISCONNECT_SUCCESS when it disconnects', async () => {
    const { portico, fake, events } = start()
    await connect(portico)
    events.length = 0
    fake.emit({ type: 'accountsChanged', accounts: [OTHER] })
    await untilState(portico, (s) => s.account.byNamespace.eip155?.address === OTHER)
    fake.emit({ type: 'disconnect' })
    await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'disconnected')
    expect(events).toEqual([
      { name: 'ACCOUNT_CHANGED', data: { namespace: 'eip155', address: OTHER, caipNetworkId: 'eip155:1' } },
      { name: 'DISCONNECT_SUCCESS', data: { namespace: 'eip155' } },
    ])
  })

  it('CONNECT_SUCCESS says reconnected when a remembered connection is restored after a reload', async () => {
    const storage = memoryKeyValueStore()
    const first = start(storage)
    await connect(first.portico)
    first.portico.destroy()
    const { portico, events } = start(storage, (fake) => {
      fake.behaviour.reconnect = async () => ({ address: ADDRESS, accounts: [{ address: ADDRESS }], caipNetworkId: 'eip155:1' })
    })
    await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'connected')
    expect(events).toEqual([expect.objectContaining({ name: 'CONNECT_SUCCESS', data: expect.objectContaining({ reconnected: true }) })])
    expect(portico.getState().connectors.restoring).toEqual({})
  })

  it('SEND_SUCCESS, SEND_ERROR and SIWX_AUTH_SUCCESS from the send and sign-in flows', async () => {
    const { portico, events } = start()
    // The send form's slice answers once the saga runtime (which brings its reducer) runs.
    await portico.ready()
    portico.store.dispatch(sendActions.amountSet('0.5'))
    portico.store.dispatch(sendActions.receiverSet({ address: OTHER }))
    portico.store.dispatch(sendActions.sent({ hash: `0x${'ab'.repeat(32)}` }))
    portico.store.dispatch(sendActions.sendFailed({ error: toRecord(new RpcError(4001), { key: 'signatureDeclined' }) }))
    portico.store.dispatch(siwxActions.signedIn({ address: ADDRESS, chainId: 'eip155:1' }))
    expect(events).toEqual([
      { name: 'SEND_SUCCESS', data: { hash: `0x${'ab'.repeat(32)}`, caipNetworkId: 'eip155:1', amount: '0.5', token: undefined, receiver: OTHER } },
      { name: 'SEND_ERROR', data: { code: 4001, key: 'errors.signatureDeclined', params: {}, message: 'Signature declined' } },
      { name: 'SIWX_AUTH_SUCCESS', data: { address: ADDRESS, chainId: 'eip155:1' } },
    ])
  })

  it('returns the unsubscribe function; a throwing listener does not stop the others and is reported', () => {
    const { portico } = start()
    const heard: string[] = []
    const stop = portico.on('MODAL_OPEN', ({ view }) => heard.push(view))
    portico.on('MODAL_OPEN', () => {
      throw new Error('the dapp’s own bug')
    })
    const reported = jest.spyOn(console, 'error').mockImplementation(() => {})
    portico.open()
    expect(reported).toHaveBeenCalledWith('Portico: an event listener threw', new Error('the dapp’s own bug'))
    reported.mockRestore()
    portico.close()
    stop()
    portico.open()
    expect(heard).toEqual(['Connect'])
  })
})
