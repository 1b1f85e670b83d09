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
      accountActions.connected({
        namespace: 'eip155',
        address: '0x1234567890abcdef1234567890abcdef12345678',
        caipNetworkId: 'eip155:1',
        connectedWalletInfo: { connectorId: 'x', name: 'X', type: 'INJECTED' },
      }),
    )
    portico.store.dispatch(accountActions.balanceLoaded({ namespace: 'eip155', balance: '0.51234', symbol: 'ETH' }))
  })

describe('buttons for the dapp', () => {
  it('AccountButton is a connect button while disconnected, then shows balance and short address and opens Account', async () => {
    const portico = setup()
    const button = screen.getByTestId('portico-account-button')
    expect(button.textContent).toBe('Connect Wallet')
    connect(portico)
    expect(button.textContent).toBe('0.512 ETH 0x12…345678')
    // The name holds the visible balance too (WCAG 2.5.3, axe's label-content-name-mismatch).
    expect(screen.getByRole('button', { name: 'Account 0.512 ETH 0x12…345678' })).toBe(button)
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

  it('AccountButton without the balance names only what it shows', () => {
    const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })
    const portico = createPortico({ projectId: 'p', plugins: [wallet.plugin], devtools: false })
    instances.push(portico)
    render(
      <PorticoProvider portico={portico}>
        <AccountButton balance={false} />
      </PorticoProvider>,
    )
    connect(portico)
    expect(screen.getByRole('button', { name: 'Account 0x12…345678' }).textContent).toBe('0x12…345678')
  })
})

describe('buttons under the modal’s theme', () => {
  const buttons = () => ['portico-connect-button', 'portico-account-button', 'portico-network-button'].map((id) => screen.getByTestId(id))

  it('carry the dapp’s themeVariables, with the dapp’s own style over them, and follow later changes', () => {
    const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })
    const portico = createPortico({
      projectId: 'p',
      plugins: [wallet.plugin],
      devtools: false,
      themeVariables: { '--portico-accent': 'rgb(200, 30, 90)', '--portico-font-family': 'Georgia, serif', '--portico-border-radius-master': '2px' },
    })
    instances.push(portico)
    render(
      <PorticoProvider portico={portico}>
        <ConnectButton style={{ marginLeft: '4px' }} />
        <AccountButton />
        <NetworkButton className="mine" />
      </PorticoProvider>,
    )
    for (const button of buttons()) {
      expect(button.classList.contains('portico-button')).toBe(true)
      expect(button.style.getPropertyValue('--portico-accent')).toBe('rgb(200, 30, 90)')
      expect(button.style.getPropertyValue('--portico-font-family')).toBe('Georgia, serif')
      expect(button.style.getPropertyValue('--portico-border-radius-master')).toBe('2px')
    }
    expect(screen.getByTestId('portico-connect-button').style.marginLeft).toBe('4px')
    expect(screen.getByTestId('portico-network-button').className).toBe('portico-button portico-network-button mine')
    act(() => portico.setThemeVariables({ '--portico-accent': 'rgb(0, 128, 0)' }))
    for (const button of buttons()) expect(button.style.getPropertyValue('--portico-accent')).toBe('rgb(0, 128, 0)')
  })

  it('leave data-theme off while following the system, and carry the mode once the dapp picks one', () => {
    const portico = setup()
    for (const button of buttons()) expect(button.hasAttribute('data-theme')).toBe(false)
    act(() => portico.setThemeMode('dark'))
    for (const button of buttons()) expect(button.dataset.theme).toBe('dark')
  })

  it('carry the configured theme mode from the first render', () => {
    setup({ themeMode: 'light' })
    for (const button of buttons()) expect(button.dataset.theme).toBe('light')
  })
})
