import { act, render, screen } from '@testing-library/react'
import { createPortico, type Portico } from '../../createPortico'
import { ConnectButton } from '../../react/ConnectButton'
import { NetworkButton } from '../../react/NetworkButton'
import { PorticoProvider } from '../../react/PorticoProvider'
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
