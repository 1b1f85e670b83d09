import { isPairingExpired, walletConnectActions as wc, walletConnectSlice } from './walletConnect'

const reduce = (...actions: Parameters<typeof walletConnectSlice.reducer>[1][]) => actions.reduce(walletConnectSlice.reducer, walletConnectSlice.getInitialState())
const session = { topic: 't', peer: { name: 'W', url: 'https://w', icons: [] }, namespaces: ['eip155'], expiry: 1 }

describe('walletConnect slice', () => {
  it('starts idle with nothing to show', () => {
    expect(walletConnectSlice.getInitialState()).toEqual({
      uri: undefined,
      pairingExpiresAt: undefined,
      status: 'idle',
      error: undefined,
      walletId: undefined,
      session: undefined,
      relayConnected: true,
      waitingRequests: 0,
    })
  })

  it("follows the relay's socket, and a session's end forgets a lost relay", () => {
    const lost = reduce(wc.relayStatusChanged({ connected: false }))
    expect(lost.relayConnected).toBe(false)
    expect(walletConnectSlice.reducer(lost, wc.relayStatusChanged({ connected: true })).relayConnected).toBe(true)
    expect(walletConnectSlice.reducer(lost, wc.disconnected()).relayConnected).toBe(true)
  })

  it('pairing: request, start, URI with its expiry, expiry drops the URI', () => {
    const pairing = reduce(wc.connectRequested({ walletId: 'rainbow' }), wc.pairingStarted(), wc.uriReceived({ uri: 'wc:a@2', expiresAt: 240_000 }))
    expect(pairing).toMatchObject({ status: 'pairing', uri: 'wc:a@2', pairingExpiresAt: 240_000, walletId: 'rainbow' })
    expect(walletConnectSlice.reducer(pairing, wc.expired())).toMatchObject({ status: 'expired', uri: undefined })
  })

  it('a late expiry does not undo a connection', () => {
    const state = reduce(wc.pairingStarted(), wc.uriReceived({ uri: 'wc:a@2', expiresAt: 1 }), wc.connected(session), wc.expired())
    expect(state).toMatchObject({ status: 'connected', session, uri: undefined, pairingExpiresAt: undefined })
  })

  it('failure keeps the message until the visitor asks again', () => {
    const failed = reduce(wc.pairingStarted(), wc.failed({ error: { code: 4001, key: 'errors.userRejectedRequest', params: {} } }))
    expect(failed).toMatchObject({ status: 'error', error: { code: 4001, key: 'errors.userRejectedRequest', params: {} }, uri: undefined })
    expect(walletConnectSlice.reducer(failed, wc.connectRequested({}))).toMatchObject({ error: undefined })
  })

  it('session updates apply to the current session only; disconnect forgets it', () => {
    const connected = reduce(wc.connected(session))
    expect(walletConnectSlice.reducer(connected, wc.sessionUpdated({ ...session, topic: 'other', namespaces: [] })).session).toEqual(session)
    expect(walletConnectSlice.reducer(connected, wc.sessionUpdated({ ...session, namespaces: ['eip155', 'solana'] })).session?.namespaces).toEqual(['eip155', 'solana'])
    expect(walletConnectSlice.reducer(connected, wc.disconnected())).toMatchObject({ status: 'idle', session: undefined })
  })

  it("the UI intent type is this slice's connectRequested", () => {
    expect(wc.connectRequested.type).toBe('walletConnect/connectRequested')
  })

  it('SPEC §4: expired within 10 s of the 4-minute expiry', () => {
    expect(isPairingExpired(240_000, 229_999)).toBe(false)
    expect(isPairingExpired(240_000, 230_000)).toBe(true)
  })
})
