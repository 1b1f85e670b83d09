import { act, fireEvent, screen, within } from '@testing-library/react'
import { connectorsActions } from '../../store/slices/connectors'
import { embeddedActions } from '../../store/slices/embedded'
import { networkActions } from '../../store/slices/network'
import { walletsActions } from '../../store/slices/wallets'
import { injectedConnector } from '../../test/fakeNamespacePlugin'
import { listing } from '../test/fixtures'
import { renderView } from '../test/renderView'
import { messageRecord } from '../../errors/record'

const methods = () => Array.from(screen.getByTestId('portico-connect-methods').querySelectorAll('[data-method]')).map((s) => s.getAttribute('data-method'))
const walletNames = () =>
  within(screen.getByRole('list', { name: 'Wallets' }))
    .getAllByRole('button')
    .map((b) => `${b.querySelector('.portico-row-label')?.textContent}:${b.getAttribute('data-group') ?? ''}`)

describe('Connect view', () => {
  it("while a network switch waits for its namespace: says so and lists only that namespace's browser wallets", async () => {
    const { dispatch } = await renderView({ view: 'Connect' }, { connectors: [injectedConnector('io.metamask')] })
    dispatch(connectorsActions.discovered({ namespace: 'bip122', connectors: [{ ...injectedConnector('sats-connect:dev', 'INJECTED'), name: 'Dev Bitcoin', chain: 'bip122' }] }))
    expect(walletNames()).toEqual(['WalletConnect:walletConnect', 'MetaMask:injected', 'Dev Bitcoin:injected', 'All wallets:'])
    expect(screen.queryByTestId('portico-connect-for-network')).toBeNull()
    dispatch(networkActions.connectionAwaited({ caipNetworkId: 'eip155:10' }))
    expect(screen.getByTestId('portico-connect-for-network').textContent).toBe('Connect a wallet for Optimism to switch to it.')
    expect(walletNames()).toEqual(['WalletConnect:walletConnect', 'MetaMask:injected', 'All wallets:'])
    dispatch(networkActions.connectionAwaitEnded())
    expect(walletNames()).toContain('Dev Bitcoin:injected')
  })

  it('orders methods email, social, wallet without a browser wallet (SPEC §2)', async () => {
    await renderView({ view: 'Connect' })
    expect(methods()).toEqual(['email', 'social', 'wallet'])
  })

  it('puts wallets first when an injected or announced wallet is shown', async () => {
    await renderView({ view: 'Connect' }, { connectors: [injectedConnector('io.metamask', 'INJECTED')] })
    expect(methods()).toEqual(['wallet', 'email', 'social'])
  })

  it('lists recent wallets first, then installed, then at most 4 recommended (SPEC §9)', async () => {
    const { dispatch } = await renderView({ view: 'Connect' }, { connectors: [injectedConnector('io.metamask')] })
    dispatch(
      connectorsActions.recentAdded({ id: 'rabby', name: 'Rabby' }),
      walletsActions.recommendedLoaded({ recommended: ['rainbow', 'trust', 'zerion', 'okx', 'ledger'].map((id) => listing(id)), featured: [] }),
    )
    expect(walletNames()).toEqual([
      'WalletConnect:walletConnect',
      'Rabby:recent',
      'MetaMask:injected',
      'Rainbow:recommended',
      'Trust:recommended',
      'Zerion:recommended',
      'Okx:recommended',
      'All wallets:',
    ])
  })

  it('offers WalletConnect first, as its own entry, opening the QR pairing (SPEC §9 connector order)', async () => {
    const { store } = await renderView({ view: 'Connect' }, { connectors: [injectedConnector('io.metamask')] })
    expect(walletNames()[0]).toBe('WalletConnect:walletConnect')
    fireEvent.click(screen.getByRole('button', { name: 'WalletConnect QR code' }))
    expect(store.getState().router.history.at(-1)).toEqual({ view: 'ConnectingWalletConnectBasic' })
  })

  it('leaves WalletConnect out without a project id, which pairing needs', async () => {
    await renderView({ view: 'Connect' }, { config: { projectId: undefined } })
    expect(screen.queryByRole('button', { name: /WalletConnect/ })).toBeNull()
  })

  it('connects an installed wallet and opens the details of a listed one', async () => {
    const { dispatch, dispatched, store } = await renderView({ view: 'Connect' }, { connectors: [injectedConnector('io.metamask')] })
    dispatch(walletsActions.recommendedLoaded({ recommended: [listing('rainbow')], featured: [] }))
    fireEvent.click(screen.getByRole('button', { name: /MetaMask/ }))
    expect(dispatched('connectors/connectRequested')).toEqual([{ connectorId: 'io.metamask', namespace: 'eip155' }])
    fireEvent.click(screen.getByRole('button', { name: 'Rainbow' }))
    expect(store.getState().router.history.at(-1)).toEqual({ view: 'WalletDetails', params: { walletId: 'rainbow' } })
  })

  it('says so when there is no wallet at all', async () => {
    await renderView({ view: 'Connect' }, { config: { features: { allWallets: false } } })
    expect(screen.getByText(/No browser wallet found/)).toBeTruthy()
  })

  it('validates the email (SPEC §5) before sending it to the embedded-wallet saga', async () => {
    const { dispatched } = await renderView({ view: 'Connect' })
    const input = screen.getByLabelText('Email')
    fireEvent.change(input, { target: { value: 'ada@' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe('Invalid email')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(dispatched('embedded/emailSubmitted')).toEqual([])
    fireEvent.change(input, { target: { value: ' ada@example.com ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(dispatched('embedded/emailSubmitted')).toEqual([{ email: 'ada@example.com' }])
  })

  it('shows the pending state and the saga’s error', async () => {
    const { dispatch } = await renderView({ view: 'Connect' })
    dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    expect(screen.getByRole('button', { name: 'Sending a code…' })).toBeTruthy()
    dispatch(embeddedActions.failed({ error: messageRecord('errors.somethingWentWrong') }))
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe('Something went wrong')
  })

  it('counts the email cooldown down (SPEC §5)', async () => {
    jest.useFakeTimers({ now: 1_000_000 })
    try {
      const { dispatch, dispatched } = await renderView({ view: 'Connect' })
      dispatch(embeddedActions.cooldownStarted({ until: 1_000_000 + 30_000 }))
      expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe('Please try again after 30 seconds')
      act(() => void jest.advanceTimersByTime(12_000))
      expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe('Please try again after 18 seconds')
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } })
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
      expect(dispatched('embedded/emailSubmitted')).toEqual([])
      act(() => void jest.advanceTimersByTime(18_000))
      expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull()
    } finally {
      jest.useRealTimers()
    }
  })

  it('social buttons are labelled, ask the saga on the click and show the social view; Farcaster has its own', async () => {
    const { dispatched, store } = await renderView({ view: 'Connect' })
    fireEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }))
    expect(dispatched('embedded/socialRequested')).toEqual([{ provider: 'github' }])
    expect(store.getState().router.history.at(-1)).toEqual({ view: 'ConnectingSocial', params: { provider: 'github' } })
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Farcaster' }))
    expect(store.getState().router.history.at(-1)).toEqual({ view: 'ConnectingFarcaster' })
  })

  it('offers "Continue with a passkey" beside email with features.passkey, asking the saga on the click and showing it waits', async () => {
    const { dispatched, dispatch } = await renderView({ view: 'Connect' }, { config: { features: { passkey: true } } })
    const email = screen.getByTestId('portico-connect-methods').querySelector('[data-method="email"]')!
    fireEvent.click(within(email as HTMLElement).getByRole('button', { name: 'Continue with a passkey' }))
    expect(dispatched(embeddedActions.passkeyRequested.type)).toHaveLength(1)
    expect(
      within(email as HTMLElement)
        .getByRole('button', { name: 'Waiting for your passkey…' })
        .getAttribute('aria-disabled'),
    ).toBe('true')
    dispatch(embeddedActions.failed({ error: messageRecord('errors.enterEmailFirst') }))
    expect(within(email as HTMLElement).getByRole('button', { name: 'Continue with a passkey' })).toBeTruthy()
  })

  it('leaves the passkey out by default', async () => {
    await renderView({ view: 'Connect' })
    expect(screen.queryByRole('button', { name: 'Continue with a passkey' })).toBeNull()
  })

  it('keeps the passkey when email is off', async () => {
    await renderView({ view: 'Connect' }, { config: { features: { email: false, passkey: true } } })
    expect(methods()).toEqual(['email', 'social', 'wallet'])
    expect(screen.queryByLabelText('Email')).toBeNull()
    expect(screen.getByRole('button', { name: 'Continue with a passkey' })).toBeTruthy()
  })

  it('filters socials for Telegram on iOS (SPEC §5)', async () => {
    await renderView({ view: 'Connect' }, { config: { telegramPlatform: 'ios' } })
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeTruthy()
  })
})
