import { connectorsActions, connectorsSlice } from './connectors'

describe('connectors slice', () => {
  it('keeps only the 2 latest recent wallets, newest first, without duplicates (SPEC §3)', () => {
    const state = [
      connectorsActions.recentAdded({ id: 'a', name: 'A' }),
      connectorsActions.recentAdded({ id: 'b', name: 'B' }),
      connectorsActions.recentAdded({ id: 'c', name: 'C' }),
      connectorsActions.recentAdded({ id: 'b', name: 'B' }),
    ].reduce(connectorsSlice.reducer, connectorsSlice.getInitialState())
    expect(state.recent.map((w) => w.id)).toEqual(['b', 'c'])
  })

  it('replaces a namespace list on each discovery report', () => {
    let state = connectorsSlice.reducer(undefined, connectorsActions.discovered({ namespace: 'eip155', connectors: [{ id: 'x', name: 'X', type: 'INJECTED', chain: 'eip155' }] }))
    state = connectorsSlice.reducer(state, connectorsActions.discovered({ namespace: 'eip155', connectors: [] }))
    expect(state.byNamespace.eip155).toEqual([])
  })
})
