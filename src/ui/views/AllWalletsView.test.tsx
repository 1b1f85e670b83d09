import { fireEvent, screen, within } from '@testing-library/react'
import { walletsActions } from '../../store/slices/wallets'
import { injectedConnector } from '../../test/fakeNamespacePlugin'
import { listing } from '../test/fixtures'
import { renderView } from '../test/renderView'
import { toRecord } from '../../errors/toRecord'
import { HttpNetworkError, HttpStatusError } from '../../errors'

const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => listing(`w${from + i}`))
const tiles = () => within(screen.getByTestId('portico-wallet-grid')).getAllByRole('button')

describe('AllWallets view', () => {
  it('asks for page 1 on arrival and shows the loading state', async () => {
    const { dispatched, dialog } = await renderView({ view: 'AllWallets' })
    expect(dispatched('wallets/pageRequested')).toEqual([{ page: 1 }])
    expect(within(dialog()).getByRole('status').textContent).toBe('Loading wallets…')
  })

  it('shows pages of 40 and asks for the next page with "Load more"', async () => {
    const { dispatch, dispatched } = await renderView({ view: 'AllWallets' })
    dispatch(walletsActions.pageLoaded({ page: 1, data: page(0, 40), count: 90 }))
    expect(tiles()).toHaveLength(40)
    expect(screen.getByText('Showing 40 of 90')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(dispatched('wallets/pageRequested')).toEqual([{ page: 1 }, { page: 2 }])
    expect(screen.getAllByText('Loading wallets…')).toHaveLength(1)
    dispatch(walletsActions.pageLoaded({ page: 2, data: page(40, 40), count: 90 }))
    dispatch(walletsActions.pageRequested({ page: 3 }), walletsActions.pageLoaded({ page: 3, data: page(80, 10), count: 90 }))
    expect(tiles()).toHaveLength(90)
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('does not ask again when pages are already loaded', async () => {
    const { dispatch, dispatched, store } = await renderView({ view: 'Connect' })
    dispatch(walletsActions.pageRequested({ page: 1 }), walletsActions.pageLoaded({ page: 1, data: page(0, 3), count: 3 }))
    fireEvent.click(screen.getByRole('button', { name: 'All wallets' }))
    await screen.findByRole('dialog', { name: 'All Wallets' })
    expect(dispatched('wallets/pageRequested')).toHaveLength(1)
    expect(store.getState().wallets.list).toHaveLength(3)
  })

  it('shows a failed page with a retry', async () => {
    const { dispatch, dispatched, dialog } = await renderView({ view: 'AllWallets' })
    dispatch(walletsActions.pageFailed({ error: toRecord(new HttpStatusError(500, 'https://wallets.test/page')) }))
    expect(within(dialog()).getByRole('alert').textContent).toContain('HTTP status code: 500')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(dispatched('wallets/pageRequested')).toEqual([{ page: 1 }, { page: 1 }])
  })

  it('sends each query to the search saga and shows loading, results, empty and error', async () => {
    const { dispatch, dispatched, dialog } = await renderView({ view: 'AllWallets' })
    const search = screen.getByRole('searchbox', { name: 'Search wallets' })
    fireEvent.change(search, { target: { value: 'rai' } })
    expect(dispatched('wallets/searchRequested')).toEqual([{ query: 'rai' }])
    expect(within(dialog()).getByRole('status').textContent).toBe('Searching…')
    dispatch(walletsActions.searchLoaded({ query: 'rai', results: [listing('rainbow')] }))
    expect(tiles().map((t) => t.textContent)).toEqual(['Rainbow'])
    fireEvent.change(search, { target: { value: 'zz' } })
    dispatch(walletsActions.searchLoaded({ query: 'zz', results: [] }))
    expect(screen.getByText('No wallet found for “zz”.')).toBeTruthy()
    fireEvent.change(search, { target: { value: 'zzz' } })
    dispatch(walletsActions.searchFailed({ query: 'zzz', error: toRecord(new HttpNetworkError('https://wallets.test/search')) }))
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(dispatched('wallets/searchRequested').at(-1)).toEqual({ query: 'zzz' })
    fireEvent.change(search, { target: { value: '' } })
    expect(screen.queryByTestId('portico-wallet-grid')).toBeNull()
  })

  it('connects an installed wallet by rdns, else opens its details', async () => {
    const { dispatch, dispatched, store } = await renderView({ view: 'AllWallets' }, { connectors: [injectedConnector('io.metamask')] })
    dispatch(walletsActions.pageLoaded({ page: 1, data: [listing('metamask', 'io.metamask'), listing('rainbow')], count: 2 }))
    fireEvent.click(screen.getByRole('button', { name: 'Metamask' }))
    expect(dispatched('connectors/connectRequested')).toEqual([{ connectorId: 'io.metamask', namespace: 'eip155' }])
    fireEvent.click(screen.getByRole('button', { name: 'Rainbow' }))
    expect(store.getState().router.history.at(-1)).toEqual({ view: 'WalletDetails', params: { walletId: 'rainbow' } })
  })
})
