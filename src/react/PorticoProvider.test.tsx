import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createPortico, type Portico } from '../createPortico'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { ConnectButton } from './ConnectButton'
import { useAccount, useModal, useNetwork } from './hooks'
import { PorticoProvider } from './PorticoProvider'

const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

function setup() {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')], connectors: [injectedConnector()] })
  const portico = createPortico({ projectId: 'p', plugins: [wallet.plugin], devtools: false })
  instances.push(portico)
  function Status() {
    const account = useAccount()
    const { network } = useNetwork()
    const { isOpen, view } = useModal()
    return <output data-testid="status">{`${account.status}|${network?.name}|${isOpen ? view : 'closed'}`}</output>
  }
  const utils = render(
    <PorticoProvider portico={portico}>
      <ConnectButton />
      <Status />
    </PorticoProvider>,
  )
  return { portico, wallet, ...utils }
}

const status = () => screen.getByTestId('status').textContent

describe('PorticoProvider, hooks and ConnectButton', () => {
  it('renders the button without loading the modal', () => {
    setup()
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(status()).toBe('disconnected|Ethereum|closed')
  })

  it('opens an accessible dialog on Connect with the methods in SPEC §2 order', async () => {
    setup()
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    button.focus()
    fireEvent.click(button)
    // The file's first open: the modal's chunk (and its catalogue) load now, slowly on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 5000 })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    // An announced wallet is shown, so wallets come first.
    const sections = Array.from(dialog.querySelectorAll('[data-method]')).map((s) => s.getAttribute('data-method'))
    expect(sections).toEqual(['wallet', 'email', 'social'])
    expect(status()).toBe('disconnected|Ethereum|Connect')
  })

  it('moves focus into the dialog, traps Tab, closes on Escape and gives focus back', async () => {
    setup()
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    button.focus()
    fireEvent.click(button)
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    const controls = dialog.querySelectorAll<HTMLElement>('button:not([disabled]), input')
    const last = controls[controls.length - 1]!
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(document.activeElement).toBe(controls[0])
    fireEvent.keyDown(controls[0]!, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(button)
  })

  it('hears Escape and Tab even when focus fell onto the page (a control became disabled)', async () => {
    const { portico } = setup()
    act(() => portico.open())
    const dialog = await screen.findByRole('dialog')
    ;(document.activeElement as HTMLElement | null)?.blur()
    expect(document.activeElement).toBe(document.body)
    fireEvent.keyDown(document.body, { key: 'Tab' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    ;(document.activeElement as HTMLElement).blur()
    fireEvent.keyDown(document.body, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('closes on a backdrop click', async () => {
    setup()
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    await screen.findByRole('dialog')
    fireEvent.click(screen.getByTestId('portico-backdrop'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('blocks Escape in ApproveTransaction and shakes instead (SPEC §4)', async () => {
    const { portico } = setup()
    act(() => portico.open({ view: 'ApproveTransaction' }))
    const dialog = await screen.findByRole('dialog', { name: 'Approve Transaction' })
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.getByRole('dialog').className).toContain('portico-shake')
    act(() => portico.close({ force: true }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('blocks the close button and the backdrop in ApproveTransaction too, until forced', async () => {
    const { portico } = setup()
    act(() => portico.open({ view: 'ApproveTransaction' }))
    await screen.findByRole('dialog', { name: 'Approve Transaction' })
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    fireEvent.click(screen.getByTestId('portico-backdrop'))
    expect(screen.getByRole('dialog').className).toContain('portico-shake')
    act(() => portico.close({ force: true }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('connects through a wallet row, then shows the short address on the button', async () => {
    const { portico } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    fireEvent.click(await screen.findByRole('button', { name: /MetaMask/ }))
    await waitFor(() => expect(status()).toBe('connected|Ethereum|closed'))
    expect(screen.getByTestId('portico-connect-button').textContent).toBe('0x11…111111')
    act(() => portico.open())
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
  })

  it('goes back through the router history with the Back button', async () => {
    const { portico } = setup()
    act(() => portico.open())
    fireEvent.click(await screen.findByRole('button', { name: 'All wallets' }))
    expect(await screen.findByRole('dialog', { name: 'All Wallets' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it('switches network from the Networks view, which then closes (the dapp opened the modal on it)', async () => {
    const { portico } = setup()
    act(() => portico.open({ view: 'Networks' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Optimism' }))
    await waitFor(() => expect(status()).toBe('disconnected|Optimism|closed'))
    act(() => portico.open({ view: 'Networks' }))
    expect((await screen.findByRole('button', { name: 'Optimism' })).getAttribute('aria-current')).toBe('true')
  })

  it('applies theme mode and theme variables to the modal root', async () => {
    const { portico } = setup()
    act(() => {
      portico.setThemeMode('dark')
      portico.setThemeVariables({ '--portico-accent': 'rgb(255, 0, 0)' })
      portico.open()
    })
    const root = (await screen.findByRole('dialog')).closest('.portico-root') as HTMLElement
    expect(root.dataset.theme).toBe('dark')
    expect(root.style.getPropertyValue('--portico-accent')).toBe('rgb(255, 0, 0)')
  })
})
