import type { BrowserContext, Page } from 'playwright-core'
import type { Stack } from '../dev/stack'
import { screenshot, watchPageErrors } from './browser'
import { readState } from './pageState'

/**
 * Opens the demo in a fresh page of `context` and pairs it with the WalletConnect dev
 * wallet page in a second tab, as a visitor does: Connect Wallet, a listed wallet, "Scan
 * with phone", then the wallet page opened on the pairing URI with everything approved
 * (`auto=1`; untick "Approve everything automatically" on `wallet` to approve by hand).
 * `demoQuery` ('?walletRequestTimeout=15000') sets demo options.
 */
export async function pairWithWalletPage(stack: Stack, context: BrowserContext, demoQuery = ''): Promise<{ dapp: Page; wallet: Page; errors: string[] }> {
  const dapp = await context.newPage()
  const errors = watchPageErrors(dapp)
  try {
    await dapp.goto(`${stack.demoUrl}${demoQuery}`)
    await dapp.getByRole('button', { name: 'Connect Wallet' }).click()
    await dapp
      .getByRole('dialog')
      .getByRole('button', { name: /Trust Wallet/ })
      .click()
    await dapp.getByRole('dialog').getByRole('button', { name: 'Scan with phone' }).click()
    await dapp.getByTestId('portico-qr').waitFor({ timeout: 20_000 })
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await describePage(dapp, errors)}`, { cause: error })
  }
  const uri = (await dapp.evaluate(readState, 'walletConnect.uri')) as string
  if (!/^wc:[0-9a-f]{64}@2\?/.test(uri)) throw new Error(`Not a WalletConnect URI: ${uri}`)
  const wallet = await context.newPage()
  await wallet.goto(`${stack.walletConnectWalletUrl}?uri=${encodeURIComponent(uri)}&auto=1`)
  await dapp
    .getByTestId('demo-status')
    .filter({ hasText: /^connected$/ })
    .waitFor({ timeout: 30_000 })
  return { dapp, wallet, errors }
}

/**
 * What the page showed when a pairing step failed: the dialog's text, the WalletConnect
 * state and the page's errors, with a screenshot, so a failure in CI says why.
 */
async function describePage(page: Page, errors: string[]): Promise<string> {
  const file = await screenshot(page, `pairing-failed-${Date.now()}`).catch(() => 'none')
  const dialog = await page
    .getByRole('dialog')
    .allTextContents()
    .catch(() => [])
  const walletConnect = await page.evaluate(readState, 'walletConnect').catch((e: Error) => e.message)
  const view = await page.evaluate(readState, 'router').catch((e: Error) => e.message)
  return [`dialog: ${JSON.stringify(dialog)}`, `router: ${JSON.stringify(view)}`, `walletConnect: ${JSON.stringify(walletConnect)}`, `errors: ${JSON.stringify(errors)}`, `screenshot: ${file}`].join(
    '\n',
  )
}

/**
 * Page errors other than a refused balance request: the reference server's balance route
 * may refuse a chain it does not index; the saga then reads the chain, and the console
 * reports the failed resource.
 */
export const unexpectedErrors = (errors: string[]) => errors.filter((e) => !/status of 40[04]/.test(e))

/** Disconnects from the Account view and waits for the demo to say so. */
export async function disconnectDemo(dapp: Page): Promise<void> {
  await dapp.getByTestId('portico-connect-button').click()
  await dapp.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
  await dapp
    .getByTestId('demo-status')
    .filter({ hasText: /^disconnected$/ })
    .waitFor()
}
