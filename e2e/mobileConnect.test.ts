import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { devAccounts } from '../dev/chain/devAccounts'
import { seriousA11yViolations } from './axe'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { latestCode, postponeRecovery, readState, secureFrame } from './pageState'
import { newPhoneContext, openedLinks, waitForOpenedLinks } from './phone'
import { unexpectedErrors } from './walletConnectPairing'

// A visitor on a phone (390×844, touch, an iPhone's Safari): the modal opens on All
// Wallets (SPEC §2), which leads to email login, to the wallet of an in-app browser and
// to WalletConnect; a tapped wallet is paired and its app opened by a deep link.
jest.setTimeout(180_000)

const env = setupStackAndBrowser()
const MESSAGE = 'Hello from the Portico demo'

/** A phone's touch context; `window.open` (how Portico opens a wallet's app) is recorded, not followed. */
const phone = (): Promise<BrowserContext> => newPhoneContext(env.browser())

async function openDemo(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage()
  const errors = watchPageErrors(page)
  await page.goto(env.stack().demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).tap()
  await page.getByRole('dialog', { name: 'All Wallets' }).waitFor()
  return { page, errors }
}

/** Screenshots the view at 390×844 and expects no serious axe violation in the modal. */
async function look(page: Page, name: string) {
  await screenshot(page, name)
  expect(await seriousA11yViolations(page, '.portico-root')).toEqual([])
}

const connected = (page: Page) =>
  page
    .getByTestId('demo-status')
    .filter({ hasText: /^connected$/ })
    .waitFor({ timeout: 30_000 })

describe('Portico on a phone', () => {
  it('logs in by email from the mobile All Wallets view and signs a message', async () => {
    const context = await phone()
    const { page, errors } = await openDemo(context)
    await look(page, 'mobile-all-wallets')
    // A wallet with no mobile link says so and offers the other routes.
    await page.getByTestId('portico-wallet-grid').getByRole('button', { name: 'Rabby Wallet' }).tap()
    expect(await page.getByTestId('portico-no-mobile-link').textContent()).toBe('Rabby Wallet has no link to open it on this phone. Connect another way:')
    await look(page, 'mobile-no-mobile-link')
    expect(
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Scan with phone/ })
        .count(),
    ).toBe(0)
    await page.getByRole('button', { name: 'Email, social and other wallets' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.getByRole('button', { name: /WalletConnect/ }).waitFor()
    await look(page, 'mobile-connect-methods')
    const email = `phone.${Date.now()}@example.com`
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Continue', exact: true }).tap()
    await page
      .getByRole('dialog')
      .getByLabel('One-time code')
      .fill(await latestCode(env.stack().serverUrl, email))
    await connected(page)
    await postponeRecovery(page)
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.connectedWalletInfo.type')).toBe('AUTH')
    await page.getByRole('button', { name: 'Sign a message' }).tap()
    await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
    const signature = await page.getByTestId('demo-signature').filter({ hasText: /^0x/ }).textContent()
    const address = (await page.getByTestId('demo-address').textContent())!.split(':')[2] as `0x${string}`
    const chain = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    expect(await chain.verifyMessage({ address, message: MESSAGE, signature: signature as `0x${string}` })).toBe(true)
    expect(unexpectedErrors(errors)).toEqual([])
    await context.close()
  })

  it('in a wallet’s in-app browser, offers that wallet first and connects it in one tap', async () => {
    const context = await phone()
    const { page, errors } = await openDemo(context)
    const first = page.getByTestId('portico-mobile-routes').getByRole('button').first()
    expect(await first.textContent()).toContain('Connect Portico Dev Wallet')
    await first.tap()
    await connected(page)
    expect(await page.getByTestId('demo-address').textContent()).toBe(`eip155:1:${devAccounts[0]!.address}`)
    expect(unexpectedErrors(errors)).toEqual([])
    await context.close()
  })

  it('a tapped wallet is paired and opened by a deep link; the page connects when the visitor comes back; a sign request says where to approve it', async () => {
    const context = await phone()
    const { page: dapp, errors } = await openDemo(context)
    await dapp.getByTestId('portico-wallet-grid').getByRole('button', { name: 'Trust Wallet' }).tap()
    await waitForOpenedLinks(dapp)
    const [link] = await openedLinks(dapp)
    // The WalletConnect Explorer convention for a custom scheme: scheme://wc?uri=<encoded wc: URI>, in this tab.
    expect(link!.target).toBe('_self')
    expect(link!.url).toMatch(/^trust:\/\/wc\?uri=wc%3A[0-9a-f]{64}%402%3F/)
    const uri = new URL(link!.url).searchParams.get('uri')!
    expect(uri).toBe(await dapp.evaluate(readState, 'walletConnect.uri'))
    const view = dapp.getByTestId('portico-continue-in-wallet')
    expect(await view.getByText('Continue in Trust Wallet').count()).toBe(1)
    expect(await view.getByRole('button', { name: 'Try again' }).count()).toBe(1)
    expect(await view.getByRole('button', { name: 'Copy link' }).count()).toBe(1)
    expect(await dapp.getByTestId('portico-qr').count()).toBe(0)
    await look(dapp, 'mobile-continue-in-wallet')

    // The visitor is in the wallet app: the page is hidden and frozen, as a phone's browser does.
    await dapp.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    const cdp = await context.newCDPSession(dapp)
    await cdp.send('Page.setWebLifecycleState', { state: 'frozen' })
    const wallet = await context.newPage()
    await wallet.goto(`${env.stack().walletConnectWalletUrl}?uri=${encodeURIComponent(uri)}&auto=1`)
    await wallet.getByText(/Ready on/).waitFor()
    // Back in the browser: the pairing was kept, and the connection settles.
    await cdp.send('Page.setWebLifecycleState', { state: 'active' })
    await dapp.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await connected(dapp)
    expect(await dapp.evaluate(readState, 'account.byNamespace.eip155.connectedWalletInfo.type')).toBe('WALLET_CONNECT')

    // A sign request over the session: the modal says to open the wallet, with a link that does not pair again.
    await wallet.locator('#auto').uncheck()
    await dapp.getByRole('button', { name: 'Sign a message' }).tap()
    const open = dapp.getByRole('dialog').getByRole('link', { name: 'Open Trust Wallet to approve' })
    await open.waitFor()
    expect(await open.getAttribute('href')).toBe('trust://wc')
    await look(dapp, 'mobile-open-wallet-to-approve')
    await wallet.locator('[data-action="approve"]').click()
    await dapp.getByTestId('demo-signature').filter({ hasText: /^0x/ }).waitFor()
    await dapp.getByRole('dialog').waitFor({ state: 'detached' })
    expect(unexpectedErrors(errors)).toEqual([])
    await context.close()
  })
})
