import type { WalletListing } from '../../types/walletListing'
import { walletsActions, walletsSlice } from './wallets'

const wallet = (id: string): WalletListing => ({ id, name: id, image_id: id, chains: ['eip155:1'], rdns: null, mobile_link: null, desktop_link: null, webapp_link: null })
const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => wallet(`w${from + i}`))

describe('wallets slice', () => {
  it('appends later pages, skipping wallets already listed, and knows when more remain', () => {
    let state = walletsSlice.reducer(undefined, walletsActions.pageLoaded({ page: 1, data: page(0, 40), count: 85 }))
    expect(walletsSlice.selectors.selectHasMoreWallets({ wallets: state })).toBe(true)
    state = walletsSlice.reducer(state, walletsActions.pageLoaded({ page: 2, data: [...page(39, 41)], count: 85 }))
    expect(state.list).toHaveLength(80)
    expect(state.page).toBe(2)
    state = walletsSlice.reducer(state, walletsActions.pageLoaded({ page: 3, data: page(80, 5), count: 85 }))
    expect(walletsSlice.selectors.selectHasMoreWallets({ wallets: state })).toBe(false)
  })

  it('page 1 replaces the list (a refresh)', () => {
    let state = walletsSlice.reducer(undefined, walletsActions.pageLoaded({ page: 1, data: page(0, 3), count: 3 }))
    state = walletsSlice.reducer(state, walletsActions.pageLoaded({ page: 1, data: page(10, 2), count: 2 }))
    expect(state.list.map((w) => w.id)).toEqual(['w10', 'w11'])
  })

  it('an empty query clears the search without a request', () => {
    let state = walletsSlice.reducer(undefined, walletsActions.searchRequested({ query: 'x' }))
    state = walletsSlice.reducer(state, walletsActions.searchLoaded({ query: 'x', results: page(0, 2) }))
    state = walletsSlice.reducer(state, walletsActions.searchRequested({ query: '' }))
    expect(state.search).toEqual({ query: '', results: [], status: 'idle', error: undefined })
  })
})
