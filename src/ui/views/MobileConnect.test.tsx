import { fireEvent, screen, within } from '@testing-library/react'
import { accountActions } from '../../store/slices/account'
import { modalActions } from '../../store/slices/modal'
import { walletConnectActions } from '../../store/slices/walletConnect'
import { walletsActions } from '../../store/slices/wallets'
import { injectedConnector } from '../../test/fakeNamespacePlugin'
import type { ConnectorInfo } from '../../types/connector'
import type { WalletListing } from '../../types/walletListing'
import { listing } from '../test/fixtures'
import { clickAndSettle, renderView } from '../test/renderView'

// A visitor on a phone (config.isMobile): the modal opens on AllWallets (SPEC §2), which
// leads to every other method; a tap on a wallet pairs and opens its app.
const metamask: WalletListing = { ...listing('metamask', 'io.metamask'), name: 'MetaMask', mobile_link: 'metamask://' }
const rabby: WalletListing = { ...listing('rabby'), name: 'Rabby Wallet', mobile_link: null }
const URI = 'wc:0a1b@2?relay-protocol=irn&symKey=cd'

async function onPhone(connectors: ConnectorInfo[] = []) {
  const utils = await renderView(undefined, { config: { isMobile: true }, connectors })
  const dialog = await utils.open()
  utils.dispatch(walletsActions.pageRequested({ page: 1 }), walletsActions.pageLoaded({ page: 1, data: [metamask, rabby], count: 2 }))
  return { ...utils, dialog }
}

let opened: { url: string; target: string }[]
beforeEach(() => {
  opened = []
  jest.spyOn(window, 'open').mockImplementation((url, target) => {
    opened.push({ url: String(url), target: String(target) })
    return null
  })
})
afterEach(() => jest.restoreAllMocks())

describe('AllWallets on a phone', () => {
  it('opens on AllWallets and leads to email, social and WalletConnect through the Connect view', async () => {
    const { store } = await onPhone()
    expect(screen.getByRole('dialog', { name: 'All Wallets' })).toBeTruthy()
    await clickAndSettle(screen.getByRole('button', { name: 'Email, social and other wallets' }))
    expect(store.getState().router.history.at(-1)).toEqual({ view: 'Connect' })
    expect(screen.getByRole('button', { name: /WalletConnect/ })).toBeTruthy()
  })

  it('WalletConnect and All wallets in the Connect view go back to the list of wallet apps, with no QR code on the way', async () => {
    const { store } = await onPhone()
    await clickAndSettle(screen.getByRole('button', { name: 'Email, social and other wallets' }))
    const walletConnect = screen.getByRole('button', { name: /WalletConnect/ })
    expect(walletConnect.textContent).not.toContain('QR')
    await clickAndSettle(walletConnect)
    expect(store.getState().router.history).toEqual([{ view: 'AllWallets' }])
    await clickAndSettle(screen.getByRole('button', { name: 'Email, social and other wallets' }))
    await clickAndSettle(screen.getByRole('button', { name: /All Wallets/i }))
    expect(store.getState().router.history).toEqual([{ view: 'AllWallets' }])
    expect(screen.queryByTestId('portico-qr')).toBeNull()
  })

  it('offers the wallet found in the page first and connects it in one tap (a wallet’s in-app browser)', async () => {
    const { dispatched } = await onPhone([injectedConnector('io.metamask', 'INJECTED')])
    const routes = within(screen.getByTestId('portico-mobile-routes')).getAllByRole('button')
    expect(routes[0]!.textContent).toContain('Connect MetaMask')
    fireEvent.click(routes[0]!)
    expect(dispatched('connectors/connectRequested')).toEqual([{ connectorId: 'io.metamask', namespace: 'eip155' }])
  })

  it('pairs on a tap and opens the wallet with the pairing URI, without a QR code', async () => {
    const { dispatch, dispatched } = await onPhone()
    await clickAndSettle(within(screen.getByTestId('portico-wallet-grid')).getByRole('button', { name: 'MetaMask' }))
    expect(dispatched('walletConnect/connectRequested')).toEqual([{ walletId: 'metamask' }])
    expect(screen.getByText('Continue in MetaMask')).toBeTruthy()
    expect(opened).toEqual([])
    dispatch(walletConnectActions.uriReceived({ uri: URI, expiresAt: Date.now() + 240_000 }))
    expect(opened).toEqual([{ url: `metamask://wc?uri=${encodeURIComponent(URI)}`, target: '_self' }])
    expect(screen.queryByTestId('portico-qr')).toBeNull()
    expect(screen.queryByText('Scan with phone')).toBeNull()
    // The URI in the store again (a re-render) does not open the app a second time; "Try again" does.
    dispatch(walletConnectActions.relayStatusChanged({ connected: true }))
    expect(opened).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(opened).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()
  })

  it('opens a universal-link wallet in a new tab, so the page holding the pairing stays', async () => {
    const { dispatch } = await onPhone()
    dispatch(
      walletsActions.searchRequested({ query: 'uni' }),
      walletsActions.searchLoaded({ query: 'uni', results: [{ ...listing('uniwallet'), name: 'Uni Wallet', mobile_link: 'https://uni.example/app' }] }),
    )
    await clickAndSettle(within(screen.getByTestId('portico-wallet-grid')).getByRole('button', { name: 'Uni Wallet' }))
    dispatch(walletConnectActions.uriReceived({ uri: URI, expiresAt: Date.now() + 240_000 }))
    expect(opened).toEqual([{ url: `https://uni.example/app/wc?uri=${encodeURIComponent(URI)}`, target: '_blank' }])
  })

  it('says a wallet with no mobile link cannot be opened here, and offers the other routes', async () => {
    const { store } = await onPhone()
    await clickAndSettle(within(screen.getByTestId('portico-wallet-grid')).getByRole('button', { name: 'Rabby Wallet' }))
    expect(screen.getByTestId('portico-no-mobile-link').textContent).toBe('Rabby Wallet has no link to open it on this phone. Connect another way:')
    expect(screen.queryByText('Scan with phone')).toBeNull()
    await clickAndSettle(screen.getByRole('button', { name: 'Email, social and other wallets' }))
    expect(store.getState().router.history.at(-1)).toEqual({ view: 'Connect' })
  })

  it('during a request over the session, links to the wallet without a new pairing', async () => {
    const utils = await onPhone()
    utils.dispatch(
      walletConnectActions.connectRequested({ walletId: 'metamask' }),
      accountActions.connected({
        namespace: 'eip155',
        address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        caipNetworkId: 'eip155:1',
        connectedWalletInfo: { connectorId: 'walletConnect', name: 'MetaMask', type: 'WALLET_CONNECT' },
      }),
    )
    await utils.open({ view: 'ApproveTransaction' })
    const link = screen.getByRole('link', { name: 'Open MetaMask to approve' })
    expect(link.getAttribute('href')).toBe('metamask://wc')
  })

  it("while a dapp's request waits in the wallet with the modal closed, says which wallet to approve in, with the link to open it", async () => {
    const utils = await onPhone()
    utils.dispatch(
      walletConnectActions.connectRequested({ walletId: 'metamask' }),
      walletConnectActions.connected({ topic: 't', peer: { name: 'MetaMask', url: 'https://metamask.io', icons: [] }, namespaces: ['eip155'], expiry: Date.now() + 86_400_000 }),
      accountActions.connected({
        namespace: 'eip155',
        address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        caipNetworkId: 'eip155:1',
        connectedWalletInfo: { connectorId: 'walletConnect', name: 'MetaMask', type: 'WALLET_CONNECT' },
      }),
    )
    utils.dispatch(modalActions.closed())
    expect(screen.queryByTestId('portico-wallet-request')).toBeNull()
    utils.dispatch(walletConnectActions.walletRequestSent())
    const notice = screen.getByTestId('portico-wallet-request')
    expect(notice.parentElement?.getAttribute('role')).toBe('status')
    expect(notice.textContent).toBe('Approve in MetaMaskOpen MetaMask to approve')
    expect(within(notice).getByRole('link', { name: 'Open MetaMask to approve' }).getAttribute('href')).toBe('metamask://wc')
    // Not twice while the modal shows ApproveTransaction, which says it itself.
    await utils.open({ view: 'ApproveTransaction' })
    expect(screen.queryByTestId('portico-wallet-request')).toBeNull()
    utils.dispatch(modalActions.closed())
    expect(screen.getByTestId('portico-wallet-request')).toBeTruthy()
    // Gone when the wallet answers.
    utils.dispatch(walletConnectActions.walletRequestSettled())
    expect(screen.queryByTestId('portico-wallet-request')).toBeNull()
  })

  it('on a desktop says which wallet to approve in, without a link', async () => {
    const utils = await renderView(undefined)
    utils.dispatch(walletConnectActions.connected({ topic: 't', peer: { name: 'Rainbow', url: 'https://rainbow.me', icons: [] }, namespaces: ['eip155'], expiry: Date.now() + 86_400_000 }))
    utils.dispatch(walletConnectActions.walletRequestSent())
    const notice = screen.getByTestId('portico-wallet-request')
    expect(notice.textContent).toBe('Approve in Rainbow')
    expect(within(notice).queryByRole('link')).toBeNull()
  })
})
