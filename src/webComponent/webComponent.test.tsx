import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createPortico, type Portico } from '../createPortico'
import { PorticoError } from '../errors'
import { accountActions } from '../store/slices/account'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { definePorticoElements, mountPortico, type PorticoElement } from '.'

const instances: Portico[] = []
const unmounts: (() => void)[] = []
afterEach(() => {
  act(() => unmounts.splice(0).forEach((unmount) => unmount()))
  instances.splice(0).forEach((p) => p.destroy())
  document.body.innerHTML = ''
})

function createInstance() {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')], connectors: [injectedConnector()] })
  const portico = createPortico({ projectId: 'p', plugins: [wallet.plugin], devtools: false }, { storage: null })
  instances.push(portico)
  return portico
}

/** A page written as HTML, as a dapp without React writes it. */
function page(html: string) {
  document.body.insertAdjacentHTML('beforeend', html)
}

const mount = (element: Element, portico: Portico) => act(() => void unmounts.push(mountPortico(element, portico)))

describe('portico/web-component', () => {
  it('mountPortico shows the buttons in their elements, opens the modal and shows the account once connected', async () => {
    page(
      '<div id="portico"></div><header><portico-network-button></portico-network-button><portico-connect-button></portico-connect-button></header><portico-account-button balance="hide"></portico-account-button>',
    )
    const portico = createInstance()
    mount(document.getElementById('portico')!, portico)
    const connect = document.querySelector('portico-connect-button')!
    expect(within(connect as HTMLElement).getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
    expect(within(document.querySelector('portico-network-button') as HTMLElement).getByRole('button', { name: 'Network: Ethereum' })).toBeTruthy()
    fireEvent.click(within(connect as HTMLElement).getByRole('button'))
    // The modal's chunk (and its catalogue) load on this first open.
    await screen.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 5000 })
    fireEvent.click(await screen.findByRole('button', { name: /MetaMask/ }))
    await waitFor(() => expect(portico.getState().account.byNamespace.eip155?.status).toBe('connected'))
    act(() => void portico.store.dispatch(accountActions.balanceLoaded({ namespace: 'eip155', balance: '2', symbol: 'ETH' })))
    const account = document.querySelector('portico-account-button') as HTMLElement
    // balance="hide": the name alone.
    expect(within(account).getByRole('button', { name: 'Account 0x11…111111' })).toBeTruthy()
    fireEvent.click(within(account).getByRole('button'))
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
    // One modal for all the elements.
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
  })

  it('an element with its own instance needs no mountPortico, even when it was set before the element was defined', async () => {
    page('<portico-connect-button label="Sign in"></portico-connect-button>')
    const element = document.querySelector('portico-connect-button') as PorticoElement
    const portico = createInstance()
    element.portico = portico
    act(() => definePorticoElements())
    const button = await within(element).findByRole('button', { name: 'Sign in' })
    fireEvent.click(button)
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
    act(() => element.remove())
  })

  it('waits for an instance, follows attribute changes, and lets go of a removed element', async () => {
    act(() => definePorticoElements())
    page('<portico-connect-button></portico-connect-button><portico-account-button></portico-account-button>')
    const connect = document.querySelector('portico-connect-button') as HTMLElement
    expect(connect.childElementCount).toBe(0)
    const portico = createInstance()
    mount(document.body.appendChild(document.createElement('div')), portico)
    expect(within(connect).getByRole('button').textContent).toBe('Connect Wallet')
    // The element names the instance it shows.
    expect((connect as PorticoElement).portico).toBe(portico)
    act(() => connect.setAttribute('label', 'Log in'))
    expect(within(connect).getByRole('button').textContent).toBe('Log in')
    const account = document.querySelector('portico-account-button') as HTMLElement
    act(() => account.remove())
    expect(account.childElementCount).toBe(0)
    // Put back, it shows again.
    act(() => void document.body.appendChild(account))
    expect(within(account).getByRole('button').textContent).toBe('Connect Wallet')
  })

  it('the unmount function takes the buttons and the modal down', async () => {
    page('<div id="host"></div><portico-connect-button></portico-connect-button>')
    const portico = createInstance()
    let unmount: () => void = () => {}
    act(() => void (unmount = mountPortico(document.getElementById('host')!, portico)))
    act(() => portico.open())
    expect(await screen.findByRole('dialog')).toBeTruthy()
    act(() => unmount())
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.querySelector('portico-connect-button')!.childElementCount).toBe(0)
  })

  it('refuses what is not an element or not a Portico instance', () => {
    const portico = createInstance()
    expect(() => mountPortico(null as unknown as Element, portico)).toThrow(new PorticoError('mountPortico needs a DOM element to render into.'))
    expect(() => mountPortico(document.body, {} as Portico)).toThrow(new PorticoError('mountPortico needs the instance that createPortico returned.'))
    expect(() => mountPortico(null as unknown as Element, portico)).toThrow(expect.objectContaining({ messageKey: 'mountPorticoNeedsElement' }))
    expect(() => mountPortico(document.body, {} as Portico)).toThrow(expect.objectContaining({ messageKey: 'mountPorticoNeedsInstance' }))
  })
})
