import { act, fireEvent, screen, within } from '@testing-library/react'
import { accountActions } from '../../store/slices/account'
import { optionsActions } from '../../store/slices/options'
import { transactionsActions } from '../../store/slices/transactions'
import { connected, token, tx } from '../test/fixtures'
import { renderView, settleLazy } from '../test/renderView'

// Intl joins a number and its unit with no-break spaces; compare what a reader sees.
const visible = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')

describe('the modal in the Portico’s language', () => {
  it('opens in Arabic, right to left, once the Arabic catalogue has loaded', async () => {
    const { dialog } = await renderView({ view: 'Connect' }, { config: { locale: 'ar' } })
    const root = dialog().closest('.portico-root')!
    expect(root.getAttribute('dir')).toBe('rtl')
    expect(root.getAttribute('lang')).toBe('ar')
    expect(screen.getByRole('heading', { name: 'ربط المحفظة' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'إغلاق' })).toBeTruthy()
  })

  it('follows a regional tag to its language, left to right', async () => {
    const { dialog } = await renderView({ view: 'Connect' }, { config: { locale: 'pt-BR' } })
    expect(dialog().closest('.portico-root')!.getAttribute('dir')).toBe('ltr')
    expect(dialog().closest('.portico-root')!.getAttribute('lang')).toBe('pt-BR')
    expect(screen.getByRole('heading', { name: 'Conectar carteira' })).toBeTruthy()
  })

  it('changes language while open when the locale changes (portico.setLocale)', async () => {
    const { dispatch, dialog } = await renderView({ view: 'Connect' }, { config: { locale: 'fr' } })
    expect(screen.getByRole('heading', { name: 'Connecter un portefeuille' })).toBeTruthy()
    await dispatch(optionsActions.localeSet('de'))
    await act(settleLazy)
    expect(await screen.findByRole('heading', { name: 'Wallet verbinden' })).toBeTruthy()
    expect(dialog().closest('.portico-root')!.getAttribute('lang')).toBe('de')
  })

  it('lays the dapp’s own strings over the chosen language', async () => {
    await renderView({ view: 'Connect' }, { config: { locale: 'es', strings: { titles: { Connect: 'Entrar' } } } })
    expect(screen.getByRole('heading', { name: 'Entrar' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy()
  })

  it('shows English for a locale with no catalogue', async () => {
    await renderView({ view: 'Connect' }, { config: { locale: 'nl' } })
    expect(screen.getByRole('heading', { name: 'Connect Wallet' })).toBeTruthy()
  })
})

describe('amounts and times in the Portico’s locale', () => {
  it('writes the Account view’s balance, tokens and Activity the German way', async () => {
    const view = await renderView(undefined, { config: { locale: 'de-DE' } })
    view.dispatch(connected())
    await view.open()
    await screen.findByRole('dialog', { name: 'Konto' })
    view.dispatch(accountActions.balanceLoaded({ namespace: 'eip155', balance: '1234.56789', symbol: 'ETH' }))
    expect(screen.getByLabelText('Guthaben').textContent).toBe('1.234,568 ETH')
    view.dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [token('ETH', '1.23456', 3000)] }))
    const row = within(screen.getByTestId('portico-token-list')).getByRole('listitem')
    expect(visible(row.textContent)).toBe('EETH1,235 ETH3.703,68 $3.000,00 $ pro Stück')
    fireEvent.click(screen.getByRole('tab', { name: 'Aktivität' }))
    const fiveMinutesAgo = new Date(Date.now() - 5.5 * 60_000).toISOString()
    view.dispatch(
      transactionsActions.pageLoaded({
        append: false,
        next: undefined,
        items: [tx('1', 'receive', [{ direction: 'in', quantity: { numeric: '2500.5' }, fungible_info: { symbol: 'DAI' } }], { minedAt: fiveMinutesAgo })],
      }),
    )
    const item = screen.getByTestId('portico-transaction')
    expect(visible(within(item).getByTestId('portico-transaction-description').textContent)).toBe('+2.500,500 DAI · von 0x12…345678')
    expect(visible(item.querySelector('time')?.textContent)).toBe('vor 5 Min.')
  })
})
