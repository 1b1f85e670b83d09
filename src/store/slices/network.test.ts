import { testNetwork } from '../../test/fakeNamespacePlugin'
import { networkActions, networkSlice } from './network'
import { routerActions } from './router'
import { sendActions, sendSlice } from './send'

const base = { ...networkSlice.getInitialState(), networks: [testNetwork(1), testNetwork(10)], activeCaipNetworkId: 'eip155:1' as const }

describe('network slice', () => {
  it('moves to a configured network and clears the unsupported flag', () => {
    const state = networkSlice.reducer({ ...base, unsupportedCaipNetworkId: 'eip155:5' }, networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:10' }))
    expect(state.activeCaipNetworkId).toBe('eip155:10')
    expect(state.unsupportedCaipNetworkId).toBeUndefined()
  })

  it('marks a network outside the configured list as unsupported and keeps the last supported one active', () => {
    const state = networkSlice.reducer(base, networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:5' }))
    expect(state.unsupportedCaipNetworkId).toBe('eip155:5')
    expect(state.activeCaipNetworkId).toBe('eip155:1')
  })

  it('switching the active network clears any pending send (SPEC §4)', () => {
    let send = sendSlice.reducer(undefined, sendActions.amountSet('1.5'))
    send = sendSlice.reducer(send, sendActions.receiverSet({ address: '0xabc' }))
    send = sendSlice.reducer(send, networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:10' }))
    expect(send).toEqual(sendSlice.getInitialState())
  })
})

describe('send slice', () => {
  it('starts a fresh form when Send is opened after a finished send, but keeps a failed one to fix', () => {
    let send = sendSlice.reducer(undefined, sendActions.amountSet('1'))
    send = sendSlice.reducer(send, sendActions.sendFailed({ error: { code: 4001, key: 'errors.userRejectedRequest', params: {} } }))
    expect(sendSlice.reducer(send, routerActions.push({ view: 'Send' }))).toBe(send)
    send = sendSlice.reducer(send, sendActions.sent({ hash: '0xabc' }))
    expect(sendSlice.reducer(send, routerActions.push({ view: 'Send' }))).toEqual(sendSlice.getInitialState())
    expect(sendSlice.reducer(send, routerActions.push({ view: 'Networks' }))).toBe(send)
  })
})
