import { act, render, screen } from '@testing-library/react'
import { createPortico, type Portico } from '../../createPortico'
import { AccountButton } from '../../react/AccountButton'
import { ConnectButton } from '../../react/ConnectButton'
import { NetworkButton } from '../../react/NetworkButton'
import { PorticoProvider } from '../../react/PorticoProvider'
import { accountActions } from '../../store/slices/account'
import { createFakeNamespacePlugin, testNetwork } from '../../test/fakeNamespacePlugin'
import { loadedCatalogue } from './load'

const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

function setup(config: Parameters<typeof createPortico>[0]) {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })
  const portico = createPortico({ projectId: 'p', plugins: [wallet.plugin], devtools: false, ...config })
  instances.push(portico)
  render(
    <PorticoProvider portico={portico} preload="interaction">
      <ConnectButton />
      <NetworkButton />
      <AccountButton />
    </PorticoProvider>,
  )
  return portico
}

describe('the buttons in the Portico’s language', () => {
  it('label themselves in Arabic, right to left, on the first render, and start fetching the modal’s Arabic strings', async () => {
    setup({ locale: 'ar' })
    const button = screen.getByTestId('portico-connect-button')
    expect(button.textContent).toBe('ربط المحفظة')
    expect(button.getAttribute('dir')).toBe('rtl')
    expect(button.getAttribute('lang')).toBe('ar')
    expect(screen.getByRole('button', { name: 'الشبكة: Ethereum' })).toBeTruthy()
    await act(async () => {
      for (let i = 0; i < 50 && !loadedCatalogue('ar'); i++) await Promise.resolve()
    })
    expect(loadedCatalogue('ar')?.titles.Connect).toBe('ربط المحفظة')
  })

  it('change language with portico.setLocale, and refuse what is not a language tag', () => {
    const portico = setup({ locale: 'en' })
    expect(screen.getByTestId('portico-connect-button').textContent).toBe('Connect Wallet')
    act(() => portico.setLocale('ja-JP'))
    expect(screen.getByTestId('portico-connect-button').textContent).toBe('ウォレットを接続')
    expect(screen.getByTestId('portico-connect-button').getAttribute('dir')).toBe('ltr')
    expect(() => portico.setLocale('not a tag!')).toThrow("locale must be a BCP 47 language tag such as 'fr' or 'pt-BR'.")
    expect(portico.getState().options.locale).toBe('ja-JP')
  })

  it('write the account’s balance as the locale writes numbers', () => {
    const portico = setup({ locale: 'de' })
    act(() => {
      portico.store.dispatch(
        accountActions.connected({
          namespace: 'eip155',
          address: '0x1234567890abcdef1234567890abcdef12345678',
          caipNetworkId: 'eip155:1',
          connectedWalletInfo: { connectorId: 'x', name: 'X', type: 'INJECTED' },
        }),
      )
      portico.store.dispatch(accountActions.balanceLoaded({ namespace: 'eip155', balance: '1234.51254', symbol: 'ETH' }))
    })
    const button = screen.getByTestId('portico-account-button')
    expect(button.querySelector('.portico-account-button-balance')?.textContent).toBe('1.234,513 ETH')
    expect(button.getAttribute('aria-label')).toBe('Konto 1.234,513 ETH 0x12…345678')
  })

  it('follow the browser’s languages when the dapp sets none', () => {
    const languages = jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en'])
    try {
      setup({})
      expect(screen.getByTestId('portico-connect-button').textContent).toBe('Wallet verbinden')
    } finally {
      languages.mockRestore()
    }
  })
})
