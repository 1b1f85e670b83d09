import { fireEvent, screen, within } from '@testing-library/react'
import { accountActions } from '../../store/slices/account'
import { networkActions } from '../../store/slices/network'
import { transactionsActions } from '../../store/slices/transactions'
import { connected, token, tx } from '../test/fixtures'
import { clickAndSettle, renderView } from '../test/renderView'
import { createFakeNamespacePlugin, testNetwork } from '../../test/fakeNamespacePlugin'
import type { CaipNetwork } from '../../types/network'
import { messageRecord } from '../../errors/record'

// Half a minute more, so the view’s clock (read when the tab opened) sees the whole unit.
const minutesAgo = (n: number) => new Date(Date.now() - (n + 0.5) * 60_000).toISOString()

async function account(options: Parameters<typeof renderView>[1] = {}) {
  const view = await renderView(undefined, options)
  view.dispatch(connected())
  await view.open()
  await screen.findByRole('dialog', { name: 'Account' })
  return view
}

describe('Account view', () => {
  it('shows the truncated address, balance with 3 decimals and the network', async () => {
    const { dispatch } = await account()
    expect(screen.getByTestId('portico-account-address').textContent).toBe('0xd8…A96045')
    dispatch(accountActions.balanceLoaded({ namespace: 'eip155', balance: '1.23456', symbol: 'ETH' }))
    expect(screen.getByLabelText('Balance').textContent).toBe('1.235 ETH')
    expect(screen.getByRole('button', { name: /Ethereum/ })).toBeTruthy()
  })

  it('shows the profile name when there is one, and labels the copy button', async () => {
    const { dispatch } = await account()
    dispatch(accountActions.profileLoaded({ namespace: 'eip155', name: 'ada.portico.id', image: undefined }))
    expect(screen.getByTestId('portico-account-address').textContent).toBe('ada.portico.id')
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy()
  })

  it('offers the wallet features in SPEC §9 order where the network allows them', async () => {
    const { store } = await account()
    const features = () => Array.from(screen.getByRole('group', { name: 'Wallet actions' }).querySelectorAll('[data-feature]')).map((b) => b.getAttribute('data-feature'))
    expect(features()).toEqual(['onramp', 'swaps', 'receive', 'send'])
    await clickAndSettle(screen.getByRole('button', { name: 'Send' }))
    expect(store.getState().router.history.at(-1)).toEqual({ view: 'Send' })
  })

  it('leaves out swaps off the swap chains, and features the dapp turned off', async () => {
    const { dispatch } = await account({ config: { features: { onramp: false } } })
    // What the network saga records for a switch: the network, and the account's CAIP address with it.
    dispatch(networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:10' }), accountActions.networkChanged({ namespace: 'eip155', caipNetworkId: 'eip155:10' }))
    expect(screen.getByRole('button', { name: /Optimism/ })).toBeTruthy()
    const features = Array.from(screen.getByRole('group', { name: 'Wallet actions' }).querySelectorAll('[data-feature]')).map((b) => b.getAttribute('data-feature'))
    // Optimism (10) is a swap chain; onramp is off.
    expect(features).toEqual(['swaps', 'receive', 'send'])
  })

  it('has Tokens, NFTs and Activity tabs', async () => {
    await account()
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
  })

  it('Tokens: asks for balances, then loading, error with retry, empty and the list by value', async () => {
    const { dispatch, dispatched, dialog } = await account()
    expect(dispatched('account/balanceRequested')).toEqual([{ namespace: 'eip155' }])
    dispatch(accountActions.tokenBalanceLoading({ namespace: 'eip155' }))
    expect(within(screen.getByRole('tabpanel')).getByRole('status').textContent).toBe('Loading balances…')
    dispatch(accountActions.tokenBalanceFailed({ namespace: 'eip155', at: Date.now() }))
    expect(within(dialog()).getByRole('alert').textContent).toContain('Token Balance Unavailable')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(dispatched('account/balanceRequested').at(-1)).toEqual({ namespace: 'eip155', force: true })
    dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [] }))
    expect(screen.getByText('No tokens on this network yet.')).toBeTruthy()
    dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [token('USDC', '10', 1, 'x'), token('ETH', '1.23456', 3000)] }))
    const rows = within(screen.getByTestId('portico-token-list')).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual(['EETH1.235 ETH$3,703.68$3,000.00 each', 'UUSDC10.000 USDC$10.00$1.00 each'])
  })

  it("Tokens: a Solana account's SOL and SPL tokens, each in its own decimals, as the balance route answers them", async () => {
    const localnet: CaipNetwork = {
      ...testNetwork(1),
      id: 'x',
      chainNamespace: 'solana',
      caipNetworkId: 'solana:x',
      name: 'Solana Localnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    }
    const plugin = createFakeNamespacePlugin({ namespace: 'solana', networks: [localnet], connectors: [] }).plugin
    const view = await renderView(undefined, { config: { plugins: [plugin] } })
    view.dispatch(connected('solana', 'DevWa11etAddress1111111111111111111111111111'))
    await view.open()
    await screen.findByRole('dialog', { name: 'Account' })
    const sol = { ...token('SOL', '10', 150), name: 'Solana', chainId: 'solana:x', quantity: { decimals: '9', numeric: '10' } }
    // 1 000 250 000 base units of a 6-decimal token, as the route sends them: 1000.25.
    const ptt = {
      ...token('PTT', '1000.25', 1, 'solana:x:HBuBHP1TbEuEQcFf4rrtQTUgs6qFt7QbAK8KVputePGp'),
      name: 'Portico Test Token',
      chainId: 'solana:x',
      quantity: { decimals: '6', numeric: '1000.25' },
    }
    view.dispatch(accountActions.tokenBalanceLoaded({ namespace: 'solana', tokens: [ptt, sol] }))
    const rows = within(screen.getByTestId('portico-token-list')).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual(['SSolana10.000 SOL$1,500.00$150.00 each', 'PPortico Test Token1,000.250 PTT$1,000.25$1.00 each'])
  })

  it('Activity: SPEC §9 signs, 3 decimals, truncation, relative time and images', async () => {
    const { dispatch, dispatched } = await account()
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }))
    expect(dispatched('transactions/fetchRequested')).toEqual([undefined])
    expect(screen.getByText('Loading activity…')).toBeTruthy()
    dispatch(
      transactionsActions.pageLoaded({
        append: false,
        next: 'c2',
        items: [
          tx('1', 'receive', [{ direction: 'in', quantity: { numeric: '0.123456' }, fungible_info: { symbol: 'ETH', icon: { url: 'https://img/eth.png' } } }], { minedAt: minutesAgo(5) }),
          tx('2', 'withdraw', [{ direction: 'out', quantity: { numeric: '2' }, fungible_info: { symbol: 'DAI' } }], { minedAt: minutesAgo(60 * 3) }),
          tx('3', 'claim', [{ direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Pass #7', content: { preview: { url: 'https://img/7.png' } } } }], { minedAt: minutesAgo(60 * 24 * 2) }),
          tx('4', 'send', [], { minedAt: minutesAgo(60 * 24 * 400) }),
        ],
      }),
    )
    const rows = screen.getAllByTestId('portico-transaction')
    const text = (i: number) => within(rows[i]!).getByTestId('portico-transaction-description').textContent
    expect(text(0)).toBe('+0.123 ETH · from 0x12…345678')
    expect(text(1)).toBe('-2.000 DAI')
    expect(text(2)).toBe('+Pass #7')
    expect(text(3)).toBe('to 0xab…cdef12')
    expect(rows.map((r) => r.querySelector('time')?.textContent)).toEqual(['5 min ago', '3 hr ago', '2 d ago', '1 yr ago'])
    expect(rows[0]!.querySelector('img')?.getAttribute('src')).toBe('https://img/eth.png')
    expect(rows[2]!.querySelector('img')?.getAttribute('src')).toBe('https://img/7.png')
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(dispatched('transactions/fetchRequested').at(-1)).toEqual({ cursor: 'c2' })
  })

  it('Activity: a contract call that sent a token reads as Sent, with the whole amount and the receiver', async () => {
    const { dispatch } = await account()
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }))
    dispatch(transactionsActions.pageLoaded({ append: false, next: undefined, items: [tx('1', 'execute', [{ direction: 'out', quantity: { numeric: '200000' }, fungible_info: { symbol: 'PTT' } }])] }))
    const row = screen.getByTestId('portico-transaction')
    expect(row.querySelector('.portico-item-title')?.textContent).toBe('Sent')
    const description = within(row).getByTestId('portico-transaction-description')
    expect(description.textContent).toBe('-200,000.000 PTT · to 0xab…cdef12')
    // The amount is one unbreakable part of a description that wraps (no ellipsis).
    expect(Array.from(description.querySelectorAll('.portico-nowrap'), (part) => part.textContent)).toEqual(['-200,000.000 PTT', 'to 0xab…cdef12'])
    expect(description.classList.contains('portico-wrap-parts')).toBe(true)
  })

  it('Activity: empty, error with retry, and pending transactions', async () => {
    const { dispatch, dialog } = await account()
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }))
    dispatch(transactionsActions.fetchFailed({ error: messageRecord('errors.failedToFetchTransactions') }))
    expect(within(dialog()).getByRole('alert').textContent).toContain('Failed to fetch transactions')
    dispatch(transactionsActions.pageLoaded({ items: [], next: undefined, append: false }))
    expect(screen.getByText('No activity yet.')).toBeTruthy()
    dispatch(transactionsActions.pendingAdded('0x9999999999999999999999999999999999999999999999999999999999999999'))
    expect(screen.getByText('Pending')).toBeTruthy()
  })

  it('NFTs: the NFTs held according to history, or empty', async () => {
    const { dispatch } = await account()
    fireEvent.click(screen.getByRole('tab', { name: 'NFTs' }))
    expect(screen.getByText('Loading NFTs…')).toBeTruthy()
    dispatch(transactionsActions.pageLoaded({ items: [], next: undefined, append: false }))
    expect(screen.getByText('No NFTs yet.')).toBeTruthy()
    dispatch(
      transactionsActions.pageLoaded({
        append: false,
        next: undefined,
        items: [tx('1', 'mint', [{ direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Pass #1', content: { preview: { url: 'https://img/1.png' } } } }])],
      }),
    )
    expect(within(screen.getByTestId('portico-nft-grid')).getByText('Pass #1')).toBeTruthy()
  })

  it('hides Activity when history is off, and says it is eip155-only elsewhere', async () => {
    await account({ config: { features: { history: false } } })
    expect(screen.queryByRole('tab', { name: 'Activity' })).toBeNull()
  })

  it("shows Activity for a namespace whose plugin reads history, 'not available' for one without, and always the account's own network", async () => {
    const evm = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] }).plugin
    const chain = (namespace: string, name: string): CaipNetwork => ({ ...testNetwork(1), id: 'x', chainNamespace: namespace, caipNetworkId: `${namespace}:x`, name })
    const withHistory = createFakeNamespacePlugin({ namespace: 'bip122', networks: [chain('bip122', 'Bitcoin Regtest')], connectors: [] }).plugin
    const without = createFakeNamespacePlugin({ namespace: 'acme', networks: [chain('acme', 'Acme Hub')], connectors: [] }).plugin
    const history = { getHistory: async () => ({ items: [], next: undefined }) }
    const view = await renderView(undefined, { config: { plugins: [{ ...evm, features: { ...evm.features, activity: true } }, { ...withHistory, history }, without] } })
    view.dispatch(connected('bip122', 'bcrt1qdevaddress'))
    await view.open()
    await screen.findByRole('dialog', { name: 'Account' })
    // The active network is still Ethereum: the Account view shows the account's own network, and no swap.
    expect(view.store.getState().network.activeCaipNetworkId).toBe('eip155:1')
    expect(screen.getByRole('button', { name: /Bitcoin Regtest/ })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Ethereum/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Swap' })).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }))
    expect(view.dispatched('transactions/fetchRequested')).toEqual([undefined])
    view.dispatch(
      transactionsActions.pageLoaded({ items: [tx('1', 'receive', [{ direction: 'in', quantity: { numeric: '0.01' }, fungible_info: { symbol: 'BTC' } }])], next: undefined, append: false }),
    )
    expect(within(screen.getByTestId('portico-transaction')).getByTestId('portico-transaction-description').textContent).toMatch(/^\+0\.010 BTC/)

    view.dispatch(connected('acme', 'acme1devaddress'))
    expect(screen.getByText('Activity is not available on this network.')).toBeTruthy()
  })

  it('disconnects through the saga', async () => {
    const { dispatched } = await account()
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    expect(dispatched('connectors/disconnectRequested')).toEqual([undefined])
  })
})
