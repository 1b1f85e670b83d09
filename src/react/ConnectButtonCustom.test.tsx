import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { createPortico, type Portico } from '../createPortico'
import { accountActions } from '../store/slices/account'
import { connectorsActions } from '../store/slices/connectors'
import { networkActions } from '../store/slices/network'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { ConnectButton } from './ConnectButton'
import type { ConnectButtonRenderProps } from './ConnectButtonCustom'
import { PorticoProvider } from './PorticoProvider'

const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

function createInstance() {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')], connectors: [] })
  const portico = createPortico({ projectId: 'p', plugins: [wallet.plugin], devtools: false }, { storage: null })
  instances.push(portico)
  return portico
}

/** A dapp's own button, drawn from the render props; the last props are kept for the assertions. */
function DappButton({ seen }: { seen: ConnectButtonRenderProps[] }) {
  return (
    <ConnectButton.Custom>
      {(props) => {
        seen.push(props)
        const { account, network, status, mounted, openConnect, openAccount, openNetworks } = props
        if (!mounted) return <span data-testid="placeholder" />
        return (
          <div>
            <span data-testid="status">{status}</span>
            <button type="button" onClick={openNetworks}>
              {network?.unsupported ? 'Wrong network' : (network?.name ?? 'No network')}
            </button>
            {account ? (
              <button type="button" onClick={openAccount}>{`${account.displayName} (${account.displayBalance ?? '…'})`}</button>
            ) : (
              <button type="button" onClick={openConnect}>
                Sign in
              </button>
            )}
          </div>
        )
      }}
    </ConnectButton.Custom>
  )
}

function setup() {
  const portico = createInstance()
  const seen: ConnectButtonRenderProps[] = []
  render(
    <PorticoProvider portico={portico}>
      <DappButton seen={seen} />
    </PorticoProvider>,
  )
  return { portico, seen, last: () => seen[seen.length - 1]! }
}

describe('ConnectButton.Custom', () => {
  it('renders unmounted on the server, so the first client render can match it', () => {
    const portico = createInstance()
    const seen: ConnectButtonRenderProps[] = []
    const html = renderToString(
      <PorticoProvider portico={portico}>
        <DappButton seen={seen} />
      </PorticoProvider>,
    )
    expect(html).toBe('<span data-testid="placeholder"></span>')
    expect(seen.map((p) => p.mounted)).toEqual([false])
  })

  it('hands a disconnected status and the network once mounted, and openConnect opens the Connect view', async () => {
    const { last } = setup()
    expect(last()).toMatchObject({ mounted: true, status: 'disconnected', account: undefined })
    expect(last().network).toEqual({ caipNetworkId: 'eip155:1', id: 1, name: 'Ethereum', unsupported: false })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    // The first open in this file loads the modal's chunk and its catalogue.
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 5000 })).toBeTruthy()
  })

  it('follows connecting, then connected with the display name and balance, and openAccount opens Account', async () => {
    const { portico, last } = setup()
    act(() => void portico.store.dispatch(accountActions.connecting({ namespace: 'eip155' })))
    expect(last().status).toBe('connecting')
    expect(screen.getByTestId('status').textContent).toBe('connecting')
    act(() => {
      portico.store.dispatch(accountActions.connected({ namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:1', connectedWalletInfo: { connectorId: 'x', name: 'X', type: 'INJECTED' } }))
      portico.store.dispatch(accountActions.balanceLoaded({ namespace: 'eip155', balance: '1.23456', symbol: 'ETH' }))
    })
    expect(last().status).toBe('connected')
    expect(last().account).toEqual({ address: ADDRESS, namespace: 'eip155', displayName: '0x12…345678', balance: '1.23456', balanceSymbol: 'ETH', displayBalance: '1.235 ETH' })
    fireEvent.click(screen.getByRole('button', { name: '0x12…345678 (1.235 ETH)' }))
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
  })

  it('says reconnecting while the last visit’s connection is restored, then what the restore found', async () => {
    const { portico, last } = setup()
    // What the server's cookie or the storage hands over before any process runs (src/store/hydrate.ts).
    act(() => void portico.store.dispatch(connectorsActions.hydrated({ recentWallets: [], connections: { eip155: 'io.metamask' } })))
    expect(last().status).toBe('reconnecting')
    expect(last().account).toBeUndefined()
    act(() => void portico.store.dispatch(connectorsActions.restoreEnded({ namespace: 'eip155' })))
    await waitFor(() => expect(last().status).toBe('disconnected'))
  })

  it('marks an unsupported network, and openNetworks opens UnsupportedChain there and Networks elsewhere', async () => {
    const { portico, last } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Ethereum' }))
    expect(await screen.findByRole('dialog', { name: 'Choose Network' })).toBeTruthy()
    act(() => portico.close())
    // Allowed, so the unsupported-chain saga does not open the modal by itself.
    act(() => void portico.store.dispatch(networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:137' })))
    expect(last().network?.unsupported).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Wrong network' }))
    expect(await screen.findByRole('dialog', { name: 'Switch Network' })).toBeTruthy()
  })
})
