import type { Page } from 'playwright-core'
import { devAccounts } from '../dev/chain/devAccounts'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { readState, waitForValue } from './pageState'

// A visitor on the demo with the development injected wallet, against the local stack's
// real server and chains: token balances with their value, the NFTs held, the activity
// after a send, registering a name (shown on the account button), and Sign-in with
// Ethereum (`?siwx=1`) that survives a reload and ends on disconnect.
jest.setTimeout(180_000)

const env = setupStackAndBrowser()
let page: Page
let errors: string[]
const receiver = devAccounts[6]!.address

beforeAll(async () => {
  page = await env.browser().newPage({ viewport: { width: 900, height: 900 } })
  errors = watchPageErrors(page)
  await page.goto(env.stack().demoUrl)
})

const dialog = (name?: string) => (name ? page.getByRole('dialog', { name }) : page.getByRole('dialog'))
const setTheme = (on: Page, mode: 'light' | 'dark') => on.evaluate((m) => (globalThis as unknown as { portico: { setThemeMode(m: string): void } }).portico.setThemeMode(m), mode)

/** Screenshots of the open modal in light and dark. */
async function both(on: Page, name: string) {
  await setTheme(on, 'light')
  await screenshot(on, `${name}-light`)
  await setTheme(on, 'dark')
  await screenshot(on, `${name}-dark`)
  await setTheme(on, 'light')
}

async function connect(on: Page) {
  await on.getByRole('button', { name: 'Connect Wallet' }).click()
  await on
    .getByRole('dialog')
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await on
    .getByTestId('demo-status')
    .filter({ hasText: /^connected$/ })
    .waitFor()
}

describe('account data on the local stack', () => {
  it('shows token balances with their price and value', async () => {
    await connect(page)
    await waitForValue(page, 'account.byNamespace.eip155.tokenBalanceStatus', 'loaded')
    await page.getByTestId('portico-connect-button').click()
    const list = dialog('Account').getByTestId('portico-token-list')
    await list.waitFor()
    const eth = list.getByRole('listitem').filter({ hasText: 'ETH' }).first()
    expect(await eth.getByTestId('portico-token-price').textContent()).toMatch(/\$[\d,]+\.\d{2} each/)
    expect(await eth.getByTestId('portico-token-value').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/)
    await both(page, 'account-tokens')
  })

  it('shows the NFT the dev account holds', async () => {
    await dialog('Account').getByRole('tab', { name: 'NFTs' }).click()
    const grid = dialog('Account').getByTestId('portico-nft-grid')
    await grid.waitFor({ timeout: 30_000 })
    expect(await grid.textContent()).toMatch(/#1\b/)
    await both(page, 'account-nfts')
  })

  it('lists a send in the activity: pending first, then mined', async () => {
    await dialog('Account').getByRole('button', { name: 'Send' }).click()
    const form = dialog('Send')
    await form.waitFor()
    const select = form.getByLabel('Token')
    const option = await select.locator('option', { hasText: 'ETH' }).first().getAttribute('value')
    await select.selectOption(option!)
    await form.getByLabel('Amount').fill('0.125')
    await form.getByLabel('Receiver address').fill(receiver)
    await form.getByRole('button', { name: 'Send' }).click()
    await waitForValue(page, 'send.status', 'sent')
    const hash = (await page.evaluate(readState, 'send.hash')) as string
    // Send ends on its result: the amount and receiver, the hash, Done back to the account.
    const result = form.getByTestId('portico-transaction-result')
    expect(await result.getByRole('status').textContent()).toBe(`Sent0.125 ETH to ${receiver.slice(0, 4)}…${receiver.slice(-6)}`)
    expect(await result.locator('code').getAttribute('title')).toBe(hash)
    await both(page, 'send-result')
    await result.getByRole('button', { name: 'Done' }).click()
    await dialog('Account').getByRole('tab', { name: 'Activity' }).click()
    const activity = dialog('Account').getByTestId('portico-activity')
    await activity.waitFor()
    await waitForValue(page, 'transactions.pending', [], 45_000)
    const row = activity.getByTestId('portico-transaction').filter({ hasText: '0.125 ETH' }).first()
    await row.waitFor()
    // SPEC §9: addresses truncated in the middle, 4 characters at the start and 6 at the end.
    expect((await row.textContent())?.toLowerCase()).toContain(`to ${receiver.slice(0, 4)}…${receiver.slice(-6)}`.toLowerCase())
    const items = (await page.evaluate(readState, 'transactions.items')) as { metadata: { hash: string } }[]
    expect(items.some((i) => i.metadata.hash.toLowerCase() === hash.toLowerCase())).toBe(true)
    await both(page, 'account-activity')
  })

  it('registers a name and shows it on the account button', async () => {
    const label = `visitor${Date.now().toString(36)}`
    await dialog('Account').getByRole('button', { name: 'Choose a name' }).click()
    const form = dialog('Choose Name')
    await form.getByLabel('Name').fill(label)
    await form.getByTestId('portico-name-available').waitFor({ timeout: 15_000 })
    await both(page, 'register-account-name')
    await form.getByRole('button', { name: 'Register name' }).click()
    const success = dialog('Name Registered')
    await success.getByText(`${label}.portico.id is now your account name.`).waitFor({ timeout: 20_000 })
    await both(page, 'register-account-name-success')
    await success.getByRole('button', { name: 'Back to account' }).click()
    expect(await dialog('Account').getByTestId('portico-account-address').textContent()).toBe(`${label}.portico.id`)
    await page.keyboard.press('Escape')
    await dialog().waitFor({ state: 'detached' })
    expect(await page.getByTestId('portico-connect-button').textContent()).toContain(`${label}.portico.id`)
  })

  it('signs in with Ethereum, stays signed in after a reload, and signs out on disconnect', async () => {
    const siwe = await env.browser().newPage({ viewport: { width: 900, height: 900 } })
    const siweErrors = watchPageErrors(siwe)
    await siwe.goto(`${env.stack().demoUrl}${env.stack().demoUrl.includes('?') ? '&' : '?'}siwx=1`)
    await connect(siwe)
    const view = siwe.getByRole('dialog', { name: 'Sign In' })
    await view.waitFor()
    await both(siwe, 'connecting-siwe')
    await view.getByRole('button', { name: 'Sign in' }).click()
    await waitForValue(siwe, 'siwx.status', 'signedIn')
    await view.waitFor({ state: 'detached' })

    // Reload. The dev wallet remembers its authorisation, as a real extension does, so
    // Portico restores the connection without a click; the session is still there, so
    // there is no ConnectingSiwe.
    await siwe.reload()
    await siwe
      .getByTestId('demo-status')
      .filter({ hasText: /^connected$/ })
      .waitFor()
    await waitForValue(siwe, 'siwx.status', 'signedIn')
    await siwe.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await siwe.evaluate(readState, 'router.history')).not.toContainEqual({ view: 'ConnectingSiwe' })

    await siwe.getByTestId('portico-connect-button').click()
    await siwe.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
    await waitForValue(siwe, 'siwx.status', 'idle')
    await siwe.reload()
    await siwe
      .getByTestId('demo-status')
      .filter({ hasText: /^disconnected$/ })
      .waitFor()
    expect(siweErrors).toEqual([])
    await siwe.close()
  })

  it('one token contract missing: ETH is still shown', async () => {
    // The chain restarted without the test token: no code at its configured address.
    const chain = env.stack().chains.chains[0]!
    const rpc = async (method: string, params: unknown[]) => {
      const response = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
      return ((await response.json()) as { result: unknown }).result
    }
    const code = await rpc('eth_getCode', [chain.token.address, 'latest'])
    await rpc('anvil_setCode', [chain.token.address, '0x'])
    const fresh = await env.browser().newPage({ viewport: { width: 900, height: 900 } })
    try {
      // Past the server's balance cache (5 s), so the chain is read again.
      await fresh.waitForTimeout(5_500)
      await fresh.goto(env.stack().demoUrl)
      await connect(fresh)
      await waitForValue(fresh, 'account.byNamespace.eip155.tokenBalanceStatus', 'loaded')
      await fresh.getByTestId('portico-connect-button').click()
      const list = fresh.getByRole('dialog', { name: 'Account' }).getByTestId('portico-token-list')
      await list.waitFor()
      expect(await list.getByRole('listitem').filter({ hasText: 'ETH' }).count()).toBeGreaterThan(0)
      expect(await list.getByRole('listitem').filter({ hasText: 'PTT' }).count()).toBe(0)
    } finally {
      await fresh.close()
      await rpc('anvil_setCode', [chain.token.address, code])
    }
  })

  it('logged no console errors', () => {
    expect(errors).toEqual([])
  })
})
