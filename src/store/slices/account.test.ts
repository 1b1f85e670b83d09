import { accountActions, accountSlice } from './account'

const connected = accountSlice.reducer(
  undefined,
  accountActions.connected({
    namespace: 'eip155',
    address: '0xabc',
    caipNetworkId: 'eip155:1',
    connectedWalletInfo: { connectorId: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' },
  }),
)

describe('account slice', () => {
  it('keeps the SPEC §3 fields per namespace with a CAIP address', () => {
    const account = connected.byNamespace.eip155!
    expect(account.status).toBe('connected')
    expect(account.caipAddress).toBe('eip155:1:0xabc')
    expect(account.allAccounts).toEqual([{ address: '0xabc' }])
    expect(connected.activeNamespace).toBe('eip155')
  })

  it('activate: false joins a second namespace without taking the active place, unless none is active', () => {
    const solana = {
      namespace: 'solana',
      address: 'So1',
      caipNetworkId: 'solana:x' as const,
      connectedWalletInfo: { connectorId: 'auth', name: 'Email wallet', type: 'AUTH' as const },
      activate: false,
    }
    const joined = accountSlice.reducer(connected, accountActions.connected(solana))
    expect(joined.byNamespace.solana).toMatchObject({ status: 'connected', caipAddress: 'solana:x:So1' })
    expect(joined.activeNamespace).toBe('eip155')
    expect(accountSlice.reducer(undefined, accountActions.connected(solana)).activeNamespace).toBe('solana')
  })

  it('goes disconnected → connecting → connected, and back to disconnected when a connect fails', () => {
    const connecting = accountSlice.reducer(undefined, accountActions.connecting({ namespace: 'solana' }))
    expect(connecting.byNamespace.solana!.status).toBe('connecting')
    expect(accountSlice.reducer(connecting, accountActions.connectFailed({ namespace: 'solana' })).byNamespace.solana!.status).toBe('disconnected')
  })

  it('on chain disconnect resets the account data and sets status disconnected (SPEC §4)', () => {
    let state = accountSlice.reducer(connected, accountActions.balanceLoaded({ namespace: 'eip155', balance: '1.5', symbol: 'ETH' }))
    state = accountSlice.reducer(state, accountActions.profileLoaded({ namespace: 'eip155', name: 'vitalik.eth', image: undefined }))
    state = accountSlice.reducer(state, accountActions.preferredAccountTypeSet({ namespace: 'eip155', type: 'eoa' }))
    state = accountSlice.reducer(state, accountActions.chainDisconnected({ namespace: 'eip155' }))
    const account = state.byNamespace.eip155!
    expect(account.status).toBe('disconnected')
    expect(account.address).toBeUndefined()
    expect(account.caipAddress).toBeUndefined()
    expect(account.balance).toBeUndefined()
    expect(account.profileName).toBeUndefined()
    expect(account.connectedWalletInfo).toBeUndefined()
    // A preference is the visitor's choice, not account data.
    expect(account.preferredAccountTypes).toEqual({ eip155: 'eoa' })
    expect(state.activeNamespace).toBeUndefined()
  })

  it('moves the active namespace to another connected one when the active disconnects', () => {
    let state = accountSlice.reducer(
      connected,
      accountActions.connected({ namespace: 'solana', address: 'So1', caipNetworkId: 'solana:x', connectedWalletInfo: { connectorId: 'p', name: 'Phantom', type: 'ANNOUNCED' } }),
    )
    state = accountSlice.reducer(state, accountActions.chainDisconnected({ namespace: 'solana' }))
    expect(state.activeNamespace).toBe('eip155')
  })

  it('an account change drops what belonged to the old address', () => {
    let state = accountSlice.reducer(connected, accountActions.balanceLoaded({ namespace: 'eip155', balance: '2', symbol: 'ETH' }))
    state = accountSlice.reducer(state, accountActions.addressChanged({ namespace: 'eip155', address: '0xdef', caipNetworkId: 'eip155:1' }))
    expect(state.byNamespace.eip155!.caipAddress).toBe('eip155:1:0xdef')
    expect(state.byNamespace.eip155!.balance).toBeUndefined()
  })
})
