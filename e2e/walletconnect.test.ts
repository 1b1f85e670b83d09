import type { BrowserContext } from 'playwright-core'
import { createPublicClient, http, parseEther } from 'viem'
import { screenshot, setupStackAndBrowser } from './browser'
import { devAccounts } from '../dev/chain/devAccounts'
import { readState, setThemeMode, waitForValue } from './pageState'
import { disconnectDemo, pairWithWalletPage, unexpectedErrors } from './walletConnectPairing'

// A visitor connects the demo to the development WalletConnect wallet, open in a second
// tab, through the local relay: pick a listed wallet, scan (here: hand the URI to the
// wallet page), approve, see the account; send over the session; reload; disconnect.
jest.setTimeout(120_000)

const env = setupStackAndBrowser()

const pair = (context: BrowserContext) => pairWithWalletPage(env.stack(), context)
const disconnect = disconnectDemo

const unexpected = unexpectedErrors

describe('WalletConnect through the local relay', () => {
  it('pairs the demo with the wallet page in a second tab, shows the account, and disconnects', async () => {
    const context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    const { dapp, errors } = await pair(context)
    const address = await dapp.getByTestId('demo-address').textContent()
    expect(address?.toLowerCase()).toBe(`eip155:1:${devAccounts[0]!.address.toLowerCase()}`)
    expect(await dapp.evaluate(readState, 'account.byNamespace.eip155.connectedWalletInfo.type')).toBe('WALLET_CONNECT')
    await disconnect(dapp)
    expect(unexpected(errors)).toEqual([])
    await context.close()
  })

  it("while the dapp's sign request waits in the wallet, the page says which wallet to approve it in", async () => {
    const context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    const { dapp, wallet, errors } = await pair(context)
    await dapp.keyboard.press('Escape')
    await wallet.locator('#auto').uncheck()
    await dapp.getByRole('button', { name: 'Sign a message' }).click()
    const notice = dapp.getByTestId('portico-wallet-request')
    await notice.waitFor()
    expect(await notice.textContent()).toBe('Approve in Portico Dev Wallet (WalletConnect)')
    expect(await dapp.evaluate(readState, 'modal.open')).toBe(false)
    for (const mode of ['light', 'dark'] as const) {
      await setThemeMode(dapp, mode)
      await screenshot(dapp, `walletconnect-request-waiting-${mode}`)
    }
    await setThemeMode(dapp, 'light')
    await wallet.locator('[data-action="approve"]').click()
    await dapp
      .getByTestId('demo-signature')
      .filter({ hasText: /^0x[0-9a-f]+$/ })
      .waitFor()
    await notice.waitFor({ state: 'detached' })
    await disconnect(dapp)
    expect(unexpected(errors)).toEqual([])
    await context.close()
  })

  it('sends ETH over the session (the wallet signs, the chain mines it), and the connection survives a reload', async () => {
    const context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    const { dapp, errors } = await pair(context)
    const receiver = devAccounts[6]!.address
    const chain = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    const before = await chain.getBalance({ address: receiver })

    await dapp.getByTestId('portico-connect-button').click()
    await dapp.getByRole('dialog').getByRole('button', { name: 'Send' }).click()
    const form = dapp.getByRole('dialog', { name: 'Send' })
    await form.waitFor()
    const select = form.getByLabel('Token')
    await waitForValue(dapp, 'account.byNamespace.eip155.tokenBalanceStatus', 'loaded')
    const option = await select.locator('option', { hasText: 'ETH' }).first().getAttribute('value')
    await select.selectOption(option!)
    await form.getByLabel('Amount').fill('0.75')
    await form.getByLabel('Receiver address').fill(receiver)
    await form.getByRole('button', { name: 'Send' }).click()
    await waitForValue(dapp, 'send.status', 'sent')
    const hash = (await dapp.evaluate(readState, 'send.hash')) as `0x${string}`
    const receipt = await chain.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(devAccounts[0]!.address.toLowerCase())
    expect(await chain.getBalance({ address: receiver })).toBe(before + parseEther('0.75'))
    await dapp.keyboard.press('Escape')

    // Reload: the sign-client restores the session from IndexedDB; Portico reconnects silently.
    const topic = await dapp.evaluate(readState, 'walletConnect.session.topic')
    await dapp.reload()
    await dapp
      .getByTestId('demo-status')
      .filter({ hasText: /^connected$/ })
      .waitFor({ timeout: 20_000 })
    expect(await dapp.evaluate(readState, 'walletConnect.session.topic')).toBe(topic)
    expect(await dapp.evaluate(readState, 'modal.open')).toBe(false)
    expect((await dapp.getByTestId('demo-address').textContent())?.toLowerCase()).toBe(`eip155:1:${devAccounts[0]!.address.toLowerCase()}`)
    await screenshot(dapp, 'walletconnect-restored-after-reload')
    // Only the sign-client's own storage holds the session keys; Portico's localStorage entry names the connector.
    const stored = await dapp.evaluate(() => JSON.stringify(Object.entries(localStorage)))
    expect(stored).not.toMatch(/symKey|wc@2/)

    await disconnect(dapp)
    expect(unexpected(errors)).toEqual([])
    await context.close()
  })
})
