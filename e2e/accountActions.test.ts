import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, parseEther, type Address } from 'viem'
import { devAccounts } from '../dev/chain/devAccounts'
import { seriousA11yViolations } from './axe'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { readState, waitForValue } from './pageState'

// A visitor on the demo with the development injected wallet swaps ETH for the test
// token through the stack's real pool, and buys ETH through the stack's test onramp
// provider, in its own window. Balances are checked on the real local chain.
jest.setTimeout(150_000)

const env = setupStackAndBrowser()
let page: Page
let errors: string[]
const visitor = devAccounts[0]!.address

beforeAll(async () => {
  page = await env.browser().newPage({ viewport: { width: 900, height: 860 } })
  errors = watchPageErrors(page)
  await page.goto(env.stack().demoUrl)
})

const chain = () => createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
const ptt = () => chain().readContract({ address: env.stack().chains.chains[0]!.token.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [visitor] })
const eth = () => chain().getBalance({ address: visitor })
const dialog = (name?: string) => page.getByRole('dialog', name ? { name } : undefined)

async function screenshots(name: string) {
  const problems: string[] = []
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => (globalThis as unknown as { portico: { setThemeMode(m: string): void } }).portico.setThemeMode(m), mode)
    await page.waitForTimeout(100)
    await screenshot(page, `${name}-${mode}`)
    for (const violation of await seriousA11yViolations(page, '.portico-root')) problems.push(`${name} (${mode}): ${violation}`)
  }
  await page.evaluate(() => (globalThis as unknown as { portico: { setThemeMode(m: string): void } }).portico.setThemeMode('light'))
  expect(problems).toEqual([])
}

const waitForState = (path: string, expected: unknown, timeoutMs?: number) => waitForValue(page, path, expected, timeoutMs)

describe('account actions on the local stack', () => {
  it('connects with the injected dev wallet', async () => {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog()
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^connected$/ })
      .waitFor()
    await waitForState('account.byNamespace.eip155.tokenBalanceStatus', 'loaded')
  })

  it('swaps ETH for PTT in the Swap view: both balances move', async () => {
    const [ethBefore, pttBefore] = [await eth(), await ptt()]
    await page.getByTestId('portico-connect-button').click()
    await dialog('Account').getByRole('button', { name: 'Swap', exact: true }).click()
    const swap = dialog('Swap')
    await swap.getByLabel('You pay: Amount').waitFor()
    expect(await swap.getByLabel('You pay: Token').locator('option:checked').textContent()).toBe('ETH')
    expect(await swap.getByLabel('You receive: Token').locator('option:checked').textContent()).toBe('PTT')
    await swap.getByLabel('You pay: Amount').fill('1')
    await swap.getByText('Minimum received').waitFor()
    const received = await swap.getByLabel('You receive: Amount').inputValue()
    expect(Number(received)).toBeGreaterThan(1900)
    await screenshots('swap-quoted')
    await swap.getByRole('button', { name: 'Swap', exact: true }).click()
    await waitForState('swap.status', 'done', 60_000)
    // The swap ends on its result in the Swap view: what was paid and received, the hash
    // (shortened, whole in its title), no explorer link on the local chain, and Done.
    const result = swap.getByTestId('portico-transaction-result')
    await result.waitFor()
    const hash = (await page.evaluate(readState, 'swap.hash')) as string
    expect(await result.getByRole('status').textContent()).toMatch(/^Swapped1\.000 ETH for [\d,]+\.\d{3} PTT$/)
    expect(await result.locator('code').getAttribute('title')).toBe(hash)
    expect(await result.getByRole('link').count()).toBe(0)
    await screenshots('swap-result')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'swap-result-phone')
    await page.setViewportSize({ width: 900, height: 860 })
    await result.getByRole('button', { name: 'Done' }).click()
    await dialog('Account').waitFor()
    const gained = (await ptt()) - pttBefore
    expect(Number(gained / 10n ** 15n) / 1000).toBeCloseTo(Number(received), 2)
    const spent = ethBefore - (await eth())
    expect(spent > parseEther('1') && spent < parseEther('1.01')).toBe(true)
    // The account's balances are read again after the swap.
    await waitForState('account.byNamespace.eip155.tokenBalanceStatus', 'loaded')
    await page.keyboard.press('Escape')
  })

  it('buys ETH through the test provider in its own window: the balance grows', async () => {
    const before = await eth()
    await page.getByTestId('portico-connect-button').click()
    await dialog('Account').getByRole('button', { name: 'Buy', exact: true }).click()
    const buy = dialog('Buy Crypto')
    await buy.getByRole('button', { name: 'Buy with Portico Test Provider' }).waitFor()
    await buy.getByLabel('Amount').fill('100')
    await buy.getByText(/You get about/).waitFor()
    await screenshots('buy-quoted')
    const [popup] = await Promise.all([page.waitForEvent('popup'), buy.getByRole('button', { name: 'Buy with Portico Test Provider' }).click()])
    await popup.waitForURL(/\/onramp\/test-provider\?session=/)
    await buy.getByText(/Waiting for the funds to arrive/).waitFor()
    await screenshots('buy-waiting')
    // The checkout page cannot reach back into the dapp.
    expect(await popup.evaluate(() => window.opener)).toBeNull()
    await popup.getByRole('button', { name: 'Buy' }).click()
    await popup.locator('#result[data-state="completed"]').waitFor()
    await popup.close()
    await waitForState('onramp.purchase.status', 'completed', 30_000)
    await buy.getByText(/Received [0-9.]+ ETH\./).waitFor()
    // The toast writes the received amount as the view (and the account panel) do: one formatter.
    const shown = (await buy.getByText(/Received [0-9.]+ ETH\./).textContent())!.match(/Received ([0-9.]+) ETH/)![1]!
    expect(shown).toMatch(/^\d+\.\d{3}$/)
    await page.getByTestId('portico-toast').filter({ hasText: 'Received' }).waitFor()
    expect(await page.getByTestId('portico-toast').textContent()).toBe(`Received ${shown} ETH`)
    await screenshots('buy-completed')
    expect((await eth()) > before).toBe(true)
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([])
  })
})
