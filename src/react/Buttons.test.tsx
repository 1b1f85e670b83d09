import { act, fireEvent, render, screen } from '@testing-library/react'
import { createPortico, type Portico } from '../createPortico'
import { accountActions } from '../store/slices/account'
import { networkActions } from '../store/slices/network'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { AccountButton } from './AccountButton'
import { ConnectButton } from './ConnectButton'
import { NetworkButton } from './NetworkButton'
import { PorticoProvider } from './PorticoProvider'

const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

function setup(config: Parameters<typeof createPortico>[0] = {}) {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')], connectors: [] })
  const portico = createPortico({ projectId: 'p', plugins: [wallet.plugin], devtools: false, ...config })
  instances.push(portico)
  render(
    <PorticoProvider portico={portico} preload="interaction">
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
    </PorticoProvider>,
  )
  return portico
}

const connect = (portico: Portico) =>
  act(() => {
    portico.store.dispatch(
      accountActions.connected({ namespace: 'eip155', address: '0x1234567890abcdef1234567890abcdef12345678', caipNetworkId: 'eip155:1', connectedWalletInfo: { connectorId: 'x', name: 'X', type: 'INJECTED' } }),
    )
    portico.store.dispatch(accountActions.balanceLoaded({ namespace: 'eip155', balance: '0.51234', symbol: 'ETH' }))
  })

describe('buttons for the dapp', () => {
  it('AccountButton is a connect button while disconnected, then shows balance and short address and opens Account', async () => {
    const portico = setup()
    const button = screen.getByTestId('portico-account-button')
    expect(button.textContent).toBe('Connect Wallet')
    connect(portico)
    expect(button.textContent).toBe('0.512 ETH0x12…345678')
    expect(screen.getByRole('button', { name: 'Account 0x12…345678' })).toBe(button)
    fireEvent.click(button)
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
  })

  it('NetworkButton names the active network and opens Networks, or UnsupportedChain', async () => {
    const portico = setup()
    const button = screen.getByRole('button', { name: 'Network: Ethereum' })
    fireEvent.click(button)
    expect(await screen.findByRole('dialog', { name: 'Choose Network' })).toBeTruthy()
    act(() => portico.close())
    act(() => void portico.store.dispatch(networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:10' })))
    expect(screen.getByRole('button', { name: 'Network: Optimism' })).toBeTruthy()
    // Allowed, so the unsupported-chain saga does not open the modal by itself.
    act(() => void portico.store.dispatch(networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:137' })))
    fireEvent.click(screen.getByTestId('portico-network-button'))
    expect(await screen.findByRole('dialog', { name: 'Switch Network' })).toBeTruthy()
    expect(screen.getByTestId('portico-network-button').textContent).toBe('Unsupported network')
  })

  it('use the dapp’s strings', () => {
    setup({ strings: { connectWallet: 'Se connecter' } })
    expect(screen.getByTestId('portico-connect-button').textContent).toBe('Se connecter')
    expect(screen.getByTestId('portico-account-button').textContent).toBe('Se connecter')
  })
})
