import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { devAccounts } from '../dev/chain/devAccounts'

// A visitor connects the demo to the development WalletConnect wallet, open in a second
// tab, through the local relay: pick a listed wallet, scan (here: hand the URI to the
// wallet page), approve, see the account; then disconnect.
jest.setTimeout(120_000)

const env = setupStackAndBrowser()

function readState(path: string): unknown {
  const state = (globalThis as unknown as { portico: { getState(): unknown } }).portico.getState()
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], state)
}

describe('WalletConnect through the local relay', () => {
  it('pairs the demo with the wallet page in a second tab, shows the account, and disconnects', async () => {
    const context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    const dapp = await context.newPage()
    const errors = watchPageErrors(dapp)
    await dapp.goto(env.stack().demoUrl)
    await dapp.getByRole('button', { name: 'Connect Wallet' }).click()
    await dapp.getByRole('dialog').getByRole('button', { name: /Trust Wallet/ }).click()
    await dapp.getByRole('dialog').getByRole('button', { name: 'Scan with phone' }).click()
    const qr = dapp.getByTestId('portico-qr')
    await qr.waitFor({ timeout: 20_000 })
    const uri = (await dapp.evaluate(readState, 'walletConnect.uri')) as string
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await screenshot(dapp, 'walletconnect-pairing-light')

    const wallet = await context.newPage()
    await wallet.goto(`${env.stack().walletConnectWalletUrl}?uri=${encodeURIComponent(uri)}&auto=1`)

    await dapp.getByTestId('demo-status').filter({ hasText: /^connected$/ }).waitFor({ timeout: 30_000 })
    const address = await dapp.getByTestId('demo-address').textContent()
    expect(address?.toLowerCase()).toBe(`eip155:1:${devAccounts[0]!.address.toLowerCase()}`)
    expect(await dapp.evaluate(readState, 'account.byNamespace.eip155.connectedWalletInfo.type')).toBe('WALLET_CONNECT')

    await dapp.getByTestId('portico-connect-button').click()
    await dapp.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
    await dapp.getByTestId('demo-status').filter({ hasText: /^disconnected$/ }).waitFor()
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([])
    await context.close()
  })
})
