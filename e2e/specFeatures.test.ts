import type { Request } from 'playwright-core'
import { seriousA11yViolations } from './axe'
import { contextPerTest, screenshot, setupStackAndBrowser } from './browser'
import { readState, waitForValue } from './pageState'

// SPEC features that only show in a real browser: the legal checkbox stopping a real
// click, and the wallet search sending one request for a burst of typing.
jest.setTimeout(90_000)

const env = setupStackAndBrowser()
const pages = contextPerTest(env, { width: 900, height: 900 })

describe('legal checkbox (features.legalCheckbox, the demo with ?legal=1)', () => {
  it('blocks a connect until the visitor agrees, then lets the same click connect', async () => {
    const page = await (await pages.newContext()).newPage()
    await page.goto(`${env.stack().demoUrl}?legal=1`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.waitFor()
    const wallet = dialog.getByRole('button', { name: /Portico Dev Wallet/ })
    await wallet.waitFor()
    expect(await wallet.isDisabled()).toBe(true)
    expect(await dialog.getByRole('textbox', { name: 'Email' }).isDisabled()).toBe(true)
    expect(await dialog.getByText('Tick the box above to agree before you connect.').isVisible()).toBe(true)
    expect(await dialog.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(`${new URL(env.stack().demoUrl).origin}/terms`)
    await screenshot(page, 'legal-checkbox-unticked')
    expect(await seriousA11yViolations(page, '.portico-root')).toEqual([])

    // A real mouse click on the disabled wallet: the browser sends no click, nothing connects.
    await wallet.click({ force: true })
    await page.waitForTimeout(500)
    expect(await page.evaluate(readState, 'connectors.active')).toEqual({})

    await dialog.getByRole('checkbox').check()
    expect(await wallet.isDisabled()).toBe(false)
    await screenshot(page, 'legal-checkbox-ticked')
    await wallet.click()
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^connected$/ })
      .waitFor()
    await waitForValue(page, 'modal.legalAccepted', true)
  })
})

describe('collapsed wallets (features.collapseWallets, the demo with ?collapse=1)', () => {
  it('shows one row for the wallets beside email and socials, which unfolds the list', async () => {
    const page = await (await pages.newContext()).newPage()
    await page.goto(`${env.stack().demoUrl}?collapse=1`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    const row = dialog.getByRole('button', { name: 'Continue with a wallet' })
    await row.waitFor()
    expect(await dialog.getByRole('list', { name: 'Wallets' }).count()).toBe(0)
    expect(await row.getAttribute('aria-expanded')).toBe('false')
    await screenshot(page, 'collapsed-wallets')
    expect(await seriousA11yViolations(page, '.portico-root')).toEqual([])
    await row.click()
    await dialog
      .getByRole('list', { name: 'Wallets' })
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .waitFor()
    expect(await page.evaluate(() => document.activeElement?.closest('[aria-label="Wallets"]') !== null)).toBe(true)
  })
})

describe('theme sync to the secure frame (SPEC §3)', () => {
  it("gives the secure page the dapp's themeVariables when the frame is ready and when they change", async () => {
    const { page } = await pages.openDemo()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    // Email is on: opening the modal creates the frame, which then becomes ready.
    await waitForValue(page, 'embedded.frameStatus', 'ready')
    const secure = () => page.frames().find((frame) => frame.url().startsWith(env.stack().secureUrl))!
    const accent = () => secure().evaluate(() => document.documentElement.style.getPropertyValue('--portico-accent'))
    expect(await accent()).toBe('')
    await page.evaluate(() => (globalThis as unknown as { portico: { setThemeVariables(v: Record<string, string>): void } }).portico.setThemeVariables({ '--portico-accent': '#0a7d55' }))
    await secure().waitForFunction(() => document.documentElement.style.getPropertyValue('--portico-accent') === '#0a7d55')
    expect(await accent()).toBe('#0a7d55')
    // The logger flag stays off unless the dapp sets enableFrameLogger.
    expect(new URL(secure().url()).searchParams.get('enableLogger')).toBe('false')
  })
})

describe('wallet search', () => {
  it('sends one request to the wallet-listing server for a burst of typing', async () => {
    const { page } = await pages.openDemo()
    const searches: string[] = []
    page.on('request', (request: Request) => {
      const url = new URL(request.url())
      if (url.pathname === '/getWallets' && url.searchParams.has('search')) searches.push(url.searchParams.get('search')!)
    })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'All wallets' }).click()
    const search = page.getByRole('searchbox', { name: 'Search wallets' })
    await search.waitFor()
    // When each keystroke reached the page: on a loaded machine a keystroke can arrive
    // after the 300 ms pause, and then the pause rightly searches for what was typed so far.
    await search.evaluate((input: HTMLInputElement) => {
      const typed: { at: number; value: string }[] = []
      ;(globalThis as unknown as { typed: typeof typed }).typed = typed
      input.addEventListener('input', () => typed.push({ at: performance.now(), value: input.value }))
    })
    // Eight keystrokes, 60 ms apart: each meant to come before the 300 ms pause ends.
    await search.pressSequentially('metamask', { delay: 60 })
    await page
      .getByTestId('portico-wallet-grid')
      .getByRole('button', { name: /MetaMask/ })
      .waitFor()
    await page.waitForTimeout(700)
    const typed = await page.evaluate(() => (globalThis as unknown as { typed: { at: number; value: string }[] }).typed)
    expect(typed.map((t) => t.value).at(-1)).toBe('metamask')
    // A prefix may be searched only when the next keystroke came at least 250 ms after it
    // (the pause, less a little for timer order on a busy page); the whole word always is, once.
    const paused = typed.filter((t, i) => i < typed.length - 1 && typed[i + 1]!.at - t.at >= 250).map((t) => t.value)
    expect(searches.at(-1)).toBe('metamask')
    expect(searches.filter((s) => s === 'metamask')).toHaveLength(1)
    expect(searches.slice(0, -1).filter((s) => !paused.includes(s))).toEqual([])
    await screenshot(page, 'wallet-search-metamask')
  })
})
