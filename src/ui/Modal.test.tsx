import { act, fireEvent, screen, within } from '@testing-library/react'
import { SpecViews, type Route } from '../store/routes'
import { alertsActions } from '../store/slices/alerts'
import { modalActions } from '../store/slices/modal'
import { optionsActions } from '../store/slices/options'
import { routerActions } from '../store/slices/router'
import { clickAndSettle, renderView } from './test/renderView'
import { messageRecord } from '../errors/record'

/** One route per view, with parameters where the view takes them. */
const everyRoute: Route[] = [
  { view: 'Connect' },
  { view: 'Account' },
  { view: 'AllWallets' },
  { view: 'ConnectingWalletConnectBasic' },
  { view: 'ConnectingWalletConnect', params: { walletId: 'rainbow' } },
  { view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } },
  { view: 'ConnectingSiwe' },
  { view: 'ConnectingFarcaster' },
  { view: 'UnsupportedChain' },
  { view: 'ApproveTransaction' },
  { view: 'RegisterAccountName' },
  { view: 'RegisterAccountNameSuccess', params: { name: 'ada' } },
  { view: 'Swap' },
  { view: 'Networks' },
  { view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:10' } },
  { view: 'Send' },
  { view: 'Buy' },
  { view: 'EmailVerifyOtp', params: { email: 'ada@example.com' } },
  { view: 'EmailVerifyDevice', params: { email: 'ada@example.com' } },
  { view: 'ConnectingSocial', params: { provider: 'google' } },
  { view: 'WalletDetails', params: { walletId: 'rainbow' } },
]

describe('the modal shell', () => {
  it('covers every SPEC §2 view', () => {
    expect(SpecViews.every((v) => everyRoute.some((r) => r.view === v))).toBe(true)
  })

  it.each(everyRoute.map((r) => [r.view, r] as const))('%s renders a labelled dialog with content', async (_name, route) => {
    const { dialog } = await renderView(route)
    await act(async () => {
      for (let i = 0; i < 50; i++) await Promise.resolve()
    })
    const title = dialog().getAttribute('aria-labelledby')!
    expect(document.getElementById(title)?.textContent).toBeTruthy()
    expect(screen.queryByTestId('portico-view-loading')).toBeNull()
    expect(dialog().querySelector('.portico-body')!.textContent!.length).toBeGreaterThan(0)
    // CSP: the modal never injects a <style> element.
    expect(document.querySelectorAll('style')).toHaveLength(0)
  })

  it('is a labelled, modal dialog with the master sizes as overridable CSS variables', async () => {
    const { dispatch, dialog } = await renderView({ view: 'Connect' })
    expect(dialog().getAttribute('aria-modal')).toBe('true')
    dispatch(optionsActions.themeVariablesSet({ '--portico-font-size-master': '12px', '--portico-z-index': 5000 }))
    const root = dialog().closest('.portico-root') as HTMLElement
    expect(root.style.getPropertyValue('--portico-font-size-master')).toBe('12px')
    expect(root.style.getPropertyValue('--portico-z-index')).toBe('5000')
  })

  it('shows the loading state', async () => {
    const { dispatch, dialog } = await renderView({ view: 'Connect' })
    dispatch(modalActions.setLoading(true))
    expect(dialog().getAttribute('aria-busy')).toBe('true')
    expect(within(dialog()).getByRole('status').textContent).toBe('Loading…')
  })

  it('renders SPEC §8 alerts as alerts, dismissible', async () => {
    const { dispatch, dispatched, dialog } = await renderView({ view: 'Connect' })
    dispatch(alertsActions.alertRaised('invalidAppConfiguration'))
    const alert = within(dialog()).getByRole('alert')
    expect(alert.textContent).toContain('Invalid App Configuration')
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss: Invalid App Configuration' }))
    expect(dispatched('alerts/alertDismissed')).toEqual(['invalidAppConfiguration'])
    expect(within(dialog()).queryByRole('alert')).toBeNull()
  })

  it('shows the Project ID Not Configured alert without a project id (SPEC §5)', async () => {
    await renderView({ view: 'Connect' }, { config: { projectId: undefined } })
    expect(screen.getByText('Project ID Not Configured')).toBeTruthy()
  })

  it('renders toasts in live regions, translated from their records: errors as alert, others as status, even when closed', async () => {
    const { dispatch } = await renderView(undefined)
    dispatch(alertsActions.toastShown({ message: messageRecord('errors.tokenBalanceUnavailable'), variant: 'error' }))
    const region = screen.getByRole('region', { name: 'Notifications' })
    expect(within(region).getByRole('alert').textContent).toBe('Token Balance Unavailable')
    dispatch(alertsActions.toastShown({ message: messageRecord('notices.copied'), variant: 'success' }))
    // The first status region is the WalletConnect request notice, empty while nothing waits.
    expect(
      within(region)
        .getAllByRole('status')
        .map((node) => node.textContent),
    ).toEqual(['', 'Copied'])
    expect(within(region).getByRole('alert').textContent).toBe('')
  })

  it('takes the dapp’s strings (partial override, merged)', async () => {
    const { dispatch } = await renderView({ view: 'Connect' }, { config: { strings: { titles: { Connect: 'Se connecter' }, allWallets: 'Tous les portefeuilles' } } })
    expect(screen.getByRole('dialog', { name: 'Se connecter' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Tous les portefeuilles' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy()
    dispatch(optionsActions.stringsSet({ close: 'Fermer' }))
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it('moves focus to the new view’s field or title when the view changes', async () => {
    const { dispatch } = await renderView({ view: 'Connect' })
    await clickAndSettle(screen.getByRole('button', { name: 'All wallets' }))
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search wallets' }))
    dispatch(routerActions.push({ view: 'Networks' }))
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose Network' }))
  })

  it('marks the close button disabled where closing is blocked (SPEC §4)', async () => {
    await renderView({ view: 'ApproveTransaction' })
    expect(screen.getByRole('button', { name: 'Close' }).getAttribute('aria-disabled')).toBe('true')
  })
})
