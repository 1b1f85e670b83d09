import { fireEvent, screen, within } from '@testing-library/react'
import { accountActions } from '../../store/slices/account'
import { connectorsActions } from '../../store/slices/connectors'
import { siwxActions } from '../../store/slices/siwx'
import { embeddedActions } from '../../store/slices/embedded'
import { walletConnectActions } from '../../store/slices/walletConnect'
import { walletsActions } from '../../store/slices/wallets'
import { injectedConnector } from '../../test/fakeNamespacePlugin'
import { connected, listing } from '../test/fixtures'
import { renderView } from '../test/renderView'
import { messageRecord } from '../../errors/record'
import { toRecord } from '../../errors/toRecord'

describe('ConnectingExternal', () => {
  it('waits for the wallet, then shows its refusal with a retry', async () => {
    const { dispatch, dispatched, dialog } = await renderView({ view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } }, { connectors: [injectedConnector('io.metamask')] })
    dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
    expect(screen.getByText('Continue in MetaMask')).toBeTruthy()
    expect(within(dialog()).getByRole('status').textContent).toBe('Accept the connection request in your wallet.')
    dispatch(connectorsActions.connectFailed({ error: toRecord({ code: 4001, message: 'MetaMask Tx Signature: User denied transaction signature.' }) }))
    expect(screen.getByText('Connection declined')).toBeTruthy()
    expect(within(dialog()).getByRole('alert').textContent).toContain('The user rejected the request.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(dispatched('connectors/connectRequested').at(-1)).toEqual({ connectorId: 'io.metamask', namespace: 'eip155' })
  })
})

describe('WalletConnect views', () => {
  it('ConnectingWalletConnect asks for a pairing for the wallet and waits for its URI', async () => {
    const { dispatch, dispatched, dialog, open } = await renderView(undefined)
    dispatch(walletsActions.recommendedLoaded({ recommended: [listing('rainbow')], featured: [] }))
    await open({ view: 'ConnectingWalletConnect', params: { walletId: 'rainbow' } })
    expect(dispatched('walletConnect/connectRequested')).toEqual([{ walletId: 'rainbow' }])
    expect(screen.getByText('Continue in Rainbow')).toBeTruthy()
    expect(within(dialog()).getByRole('status').textContent).toBe('Preparing a connection link…')
    // No URI is ever made up: without the saga's answer there is no link to copy.
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull()
  })

  it('shows the pairing URI as a QR code, a deep link into the wallet and a copy button; an error offers a fresh URI', async () => {
    const { dispatch, dispatched, open } = await renderView(undefined)
    dispatch(walletsActions.recommendedLoaded({ recommended: [{ ...listing('rainbow'), desktop_link: 'rainbow://' }], featured: [] }))
    await open({ view: 'ConnectingWalletConnect', params: { walletId: 'rainbow' } })
    const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=abcd'
    dispatch(walletConnectActions.uriReceived({ uri, expiresAt: Date.now() + 240_000 }))
    const qr = (await screen.findByTestId('portico-qr')) as HTMLImageElement
    expect(qr.src.startsWith('data:image/svg+xml')).toBe(true)
    expect(decodeURIComponent(qr.src)).toContain('<svg')
    expect(screen.getByRole('link', { name: 'Open Rainbow' }).getAttribute('href')).toBe(`rainbow://wc?uri=${encodeURIComponent(uri)}`)
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()
    dispatch(walletConnectActions.failed({ error: toRecord(new Error('The WalletConnect relay could not be reached.')) }))
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(dispatched('walletConnect/refreshRequested')).toHaveLength(1)
  })

  it('ConnectingWalletConnectBasic asks for a pairing and leads to all wallets', async () => {
    const { dispatched, store } = await renderView({ view: 'ConnectingWalletConnectBasic' })
    expect(dispatched('walletConnect/connectRequested')).toEqual([{}])
    fireEvent.click(screen.getByRole('button', { name: 'All wallets' }))
    expect(store.getState().router.history.at(-1)).toEqual({ view: 'AllWallets' })
  })
})

describe('ConnectingFarcaster and ConnectingSocial', () => {
  it('Farcaster asks the embedded saga for its URI, and shows its error with a retry', async () => {
    const { dispatch, dispatched, dialog } = await renderView({ view: 'ConnectingFarcaster' })
    expect(dispatched('embedded/farcasterRequested')).toHaveLength(1)
    expect(screen.getByText('Log in with Farcaster')).toBeTruthy()
    dispatch(embeddedActions.failed({ error: messageRecord('errors.somethingWentWrong') }))
    expect(within(dialog()).getByRole('alert').textContent).toContain('Something went wrong')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(dispatched('embedded/farcasterRequested')).toHaveLength(2)
  })

  it('Social waits for the provider window, and retries on a click', async () => {
    const { dispatch, dispatched, dialog } = await renderView({ view: 'ConnectingSocial', params: { provider: 'discord' } })
    expect(screen.getByText('Log in with Discord')).toBeTruthy()
    expect(within(dialog()).getByRole('status').textContent).toBe('Continue in Discord')
    dispatch(embeddedActions.failed({ error: messageRecord('errors.requestWasAborted') }))
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(dispatched('embedded/socialRequested')).toEqual([{ provider: 'discord' }])
  })
})

describe('ConnectingSiwe', () => {
  it('asks to sign in to the dapp, or cancels by disconnecting', async () => {
    const { dispatch, dispatched, open } = await renderView(undefined, { config: { metadata: { name: 'Acme', description: '', url: 'https://acme.example', icons: [] } } })
    dispatch(connected())
    await open({ view: 'ConnectingSiwe' })
    expect(screen.getByText('Acme wants you to sign in')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(dispatched('siwx/signInRequested')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(dispatched('connectors/disconnectRequested')).toHaveLength(1)
  })

  it("says the wallet's connection is lost instead of spinning while a WalletConnect wallet's relay is away during signing", async () => {
    const { dispatch, open } = await renderView(undefined)
    dispatch(
      accountActions.connected({
        namespace: 'eip155',
        address: '0x1111111111111111111111111111111111111111',
        caipNetworkId: 'eip155:1',
        connectedWalletInfo: { connectorId: 'walletConnect', name: 'Portico Dev Wallet', type: 'WALLET_CONNECT' },
      }),
    )
    await open({ view: 'ConnectingSiwe' })
    dispatch(siwxActions.signing())
    expect(screen.queryByTestId('portico-siwe-relay-lost')).toBeNull()
    dispatch(walletConnectActions.relayStatusChanged({ connected: false }))
    expect(screen.getByTestId('portico-siwe-relay-lost').textContent).toBe('Connection to your wallet lost, reconnecting…')
    dispatch(walletConnectActions.relayStatusChanged({ connected: true }))
    expect(screen.queryByTestId('portico-siwe-relay-lost')).toBeNull()
  })
})
