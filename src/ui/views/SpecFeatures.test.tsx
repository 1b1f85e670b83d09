import { act, fireEvent, screen, within } from '@testing-library/react'
import { accountActions } from '../../store/slices/account'
import { optionsActions } from '../../store/slices/options'
import { walletsActions } from '../../store/slices/wallets'
import { injectedConnector } from '../../test/fakeNamespacePlugin'
import { listing } from '../test/fixtures'
// (The accessible names below allow a space before the final period: jsdom's name
// computation puts one after an inline link, Chromium does not.)
import { renderView } from '../test/renderView'

const legal = { features: { legalCheckbox: true }, termsConditionsUrl: 'https://shop.example/terms', privacyPolicyUrl: 'https://shop.example/privacy' }

describe('legal checkbox (features.legalCheckbox)', () => {
  it('links both documents and keeps every connect method disabled, and says why, until ticked', async () => {
    const { dispatched, dialog } = await renderView({ view: 'Connect' }, { config: legal, connectors: [injectedConnector('io.metamask')] })
    const checkbox = within(dialog()).getByRole('checkbox', { name: /^I agree to the Terms of Service and the Privacy Policy ?\.$/ })
    expect(within(dialog()).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('https://shop.example/terms')
    expect(within(dialog()).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('https://shop.example/privacy')
    const methods = screen.getByTestId('portico-connect-methods')
    const controls = () => within(methods).queryAllByRole('button').concat(within(methods).queryAllByRole('textbox'))
    expect(controls().length).toBeGreaterThan(3)
    expect(controls().every((c) => (c as HTMLButtonElement).matches(':disabled'))).toBe(true)
    expect(screen.getByText('Tick the box above to agree before you connect.')).toBeTruthy()
    // (jsdom still dispatches a click on a control its fieldset disables; Chromium does not,
    // which e2e/specFeatures.test.ts checks with a real click.)

    act(() => void fireEvent.click(checkbox))
    expect(controls().some((c) => (c as HTMLButtonElement).matches(':disabled'))).toBe(false)
    expect(screen.queryByText('Tick the box above to agree before you connect.')).toBeNull()
    fireEvent.click(within(methods).getByRole('button', { name: /MetaMask/ }))
    expect(dispatched('connectors/connectRequested')).toEqual([{ connectorId: 'io.metamask', namespace: 'eip155' }])
  })

  it('names only the document the dapp gave', async () => {
    const { dialog } = await renderView({ view: 'Connect' }, { config: { features: { legalCheckbox: true }, termsConditionsUrl: 'https://shop.example/terms' } })
    expect(within(dialog()).getByRole('checkbox', { name: /^I agree to the Terms of Service ?\.$/ })).toBeTruthy()
    expect(within(dialog()).queryByRole('link', { name: 'Privacy Policy' })).toBeNull()
  })

  it('blocks the wallets of AllWallets too (where mobile visitors land)', async () => {
    const { dispatch, dispatched, dialog } = await renderView({ view: 'AllWallets' }, { config: legal })
    dispatch(walletsActions.pageLoaded({ page: 1, data: [listing('rainbow')], count: 1 }))
    const tile = within(screen.getByTestId('portico-wallet-grid')).getByRole('button', { name: /Rainbow/ })
    expect(tile.matches(':disabled')).toBe(true)
    act(() => void fireEvent.click(within(dialog()).getByRole('checkbox')))
    expect(tile.matches(':disabled')).toBe(false)
    fireEvent.click(tile)
    expect(dispatched('router/push')).toEqual([{ view: 'WalletDetails', params: { walletId: 'rainbow' } }])
  })

  it('shows no checkbox when the feature is off', async () => {
    const { dialog } = await renderView({ view: 'Connect' })
    expect(within(dialog()).queryByRole('checkbox')).toBeNull()
  })
})

describe('collapsed wallets (features.collapseWallets)', () => {
  it('folds the wallet list into one button beside email and socials, and unfolds it in place', async () => {
    await renderView({ view: 'Connect' }, { config: { features: { collapseWallets: true } }, connectors: [injectedConnector('io.metamask')] })
    expect(screen.queryByRole('list', { name: 'Wallets' })).toBeNull()
    const button = screen.getByRole('button', { name: 'Continue with a wallet' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    act(() => void fireEvent.click(button))
    const list = screen.getByRole('list', { name: 'Wallets' })
    expect(within(list).getByRole('button', { name: /MetaMask/ })).toBeTruthy()
    expect(list.contains(document.activeElement)).toBe(true)
  })

  it('has nothing to fold into when wallets are the only way to connect', async () => {
    await renderView({ view: 'Connect' }, { config: { features: { collapseWallets: true, email: false, socials: false } } })
    expect(screen.getByRole('list', { name: 'Wallets' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
  })
})

describe('wallet pictures wait for their preload (SPEC §9, 2 s)', () => {
  it('shows the initial while loading and after a failure, and the picture once loaded', async () => {
    const { dispatch } = await renderView({ view: 'AllWallets' })
    dispatch(walletsActions.pageLoaded({ page: 1, data: [listing('rainbow'), listing('zerion')], count: 2 }), walletsActions.imagesPreloading(['rainbow', 'zerion']))
    const tile = (name: RegExp) => within(screen.getByTestId('portico-wallet-grid')).getByRole('button', { name })
    expect(tile(/Rainbow/).querySelector('img')).toBeNull()
    expect(tile(/Rainbow/).querySelector('.portico-avatar')!.textContent).toBe('R')
    dispatch(walletsActions.imagePreloaded({ imageId: 'rainbow', loaded: true }), walletsActions.imagePreloaded({ imageId: 'zerion', loaded: false }))
    expect(
      tile(/Rainbow/)
        .querySelector('img')!
        .getAttribute('src'),
    ).toContain('/getWalletImage/rainbow?projectId=p')
    expect(tile(/Zerion/).querySelector('img')).toBeNull()
    expect(tile(/Zerion/).querySelector('.portico-avatar')!.textContent).toBe('Z')
  })
})

describe('restricted time zones hide the onramp (SPEC §9)', () => {
  const account = accountActions.connected({
    namespace: 'eip155',
    address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
    caipNetworkId: 'eip155:1',
    connectedWalletInfo: { connectorId: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' },
  })

  it('offers Buy elsewhere', async () => {
    const { dispatch, dialog, open } = await renderView(undefined)
    dispatch(account)
    await open({ view: 'Account' })
    expect(within(dialog()).queryByRole('button', { name: 'Buy' })).not.toBeNull()
  })

  it('hides Buy in a restricted zone, and the view says it is unavailable when opened directly', async () => {
    const { dispatch, dialog, open } = await renderView(undefined)
    // What the region saga puts when the visitor's time zone is on the list.
    dispatch(account, optionsActions.onrampRestrictedSet(true))
    await open({ view: 'Account' })
    expect(within(dialog()).queryByRole('button', { name: 'Buy' })).toBeNull()
    await open({ view: 'Buy' })
    expect(within(dialog()).getByText('Buying crypto is not available in your region.')).toBeTruthy()
  })
})
