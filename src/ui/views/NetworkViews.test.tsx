import { fireEvent, screen, within } from '@testing-library/react'
import { networkActions } from '../../store/slices/network'
import { walletsActions } from '../../store/slices/wallets'
import { injectedConnector } from '../../test/fakeNamespacePlugin'
import { connected, listing } from '../test/fixtures'
import { renderView } from '../test/renderView'

describe('Networks', () => {
  it('marks the active network and asks the network saga to switch', async () => {
    const { dispatch, dispatched } = await renderView({ view: 'Networks' })
    expect(screen.getByRole('button', { name: 'Ethereum' }).getAttribute('aria-current')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Optimism' }))
    expect(dispatched('network/switchRequested')).toEqual([{ caipNetworkId: 'eip155:10' }])
    dispatch(networkActions.switchStarted({ caipNetworkId: 'eip155:10' }))
    expect(screen.getByText('Switching…')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: /Ethereum|Optimism/ }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true)
    dispatch(networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:10' }))
    expect(screen.getByRole('button', { name: 'Optimism' }).getAttribute('aria-current')).toBe('true')
  })
})

describe('SwitchNetwork', () => {
  it('asks for the switch on arrival and follows it to the end, or offers a retry', async () => {
    const { dispatch, dispatched, dialog } = await renderView({ view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:10' } })
    expect(dispatched('network/switchRequested')).toEqual([{ caipNetworkId: 'eip155:10' }])
    dispatch(networkActions.switchStarted({ caipNetworkId: 'eip155:10' }))
    expect(within(dialog()).getByRole('status').textContent).toContain('Approve the network switch in your wallet.')
    dispatch(networkActions.switchFailed())
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(dispatched('network/switchRequested')).toHaveLength(2)
    dispatch(networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:10' }))
    expect(within(dialog()).getByRole('status').textContent).toBe('Switched to Optimism.')
  })
})

describe('UnsupportedChain', () => {
  it('names the unsupported network, lists the supported ones and offers to disconnect', async () => {
    const { dispatch, dispatched, open } = await renderView(undefined)
    dispatch(connected(), networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:137' }))
    await open({ view: 'UnsupportedChain' })
    expect(screen.getByText(/eip155:137/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Ethereum' }).getAttribute('aria-current')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    expect(dispatched('connectors/disconnectRequested')).toHaveLength(1)
  })
})

describe('WalletDetails', () => {
  it('offers the installed extension, WalletConnect and the wallet’s links', async () => {
    const { dispatch, dispatched, store, open } = await renderView(undefined, { connectors: [injectedConnector('io.metamask')] })
    dispatch(walletsActions.pageLoaded({ page: 1, data: [listing('metamask', 'io.metamask')], count: 1 }))
    await open({ view: 'WalletDetails', params: { walletId: 'metamask' } })
    expect(screen.getByText('Works on Ethereum')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Open web app' }).getAttribute('href')).toBe('https://metamask.example')
    fireEvent.click(screen.getByRole('button', { name: /Connect Metamask/ }))
    expect(dispatched('connectors/connectRequested')).toEqual([{ connectorId: 'io.metamask', namespace: 'eip155' }])
    fireEvent.click(screen.getByRole('button', { name: 'Scan with phone' }))
    expect(store.getState().router.history.at(-1)).toEqual({ view: 'ConnectingWalletConnect', params: { walletId: 'metamask' } })
  })

  it('says so when the wallet is not in any list', async () => {
    const { dialog } = await renderView({ view: 'WalletDetails', params: { walletId: 'gone' } })
    expect(within(dialog()).getByRole('alert').textContent).toContain('This wallet is no longer in the list.')
  })
})
