import { seriousA11yViolations } from './axe'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'

jest.setTimeout(60_000)

const env = setupStackAndBrowser()

/** The locale chunks the page fetched (esbuild names each after its file: ar-HASH.js). */
const localeChunks = (names: string[]) => names.map((n) => /\/(es|fr|de|pt|it|ja|ko|zh-CN|ru|tr|ar)-[\w-]+\.js$/.exec(n)?.[1]).filter(Boolean)

describe('the demo in another language, in Chromium', () => {
  it('shows the buttons and the modal in Arabic, right to left (?locale=ar), fetching only the Arabic strings', async () => {
    const page = await env.browser().newPage({ viewport: { width: 900, height: 720 } })
    const errors = watchPageErrors(page)
    await page.goto(`${env.stack().demoUrl}?locale=ar`)
    const button = page.getByRole('button', { name: 'ربط المحفظة' }).first()
    await button.waitFor()
    expect(await button.getAttribute('dir')).toBe('rtl')
    expect(await button.getAttribute('lang')).toBe('ar')
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'ربط المحفظة' })
    await dialog.waitFor()
    const root = page.locator('.portico-root')
    expect(await root.getAttribute('dir')).toBe('rtl')
    expect(await root.getAttribute('lang')).toBe('ar')
    // Right to left: the close button sits at the start of the header, which is now its left end.
    const close = await dialog.getByRole('button', { name: 'إغلاق' }).boundingBox()
    const title = await dialog.getByRole('heading').boundingBox()
    expect(close!.x).toBeLessThan(title!.x)
    expect(await dialog.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')
    await screenshot(page, 'modal-connect-ar-rtl')
    expect(await seriousA11yViolations(page, '.portico-root')).toEqual([])
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))
    expect(localeChunks(fetched)).toEqual(['ar'])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
    await page.close()
  })

  it('follows the browser’s language when the dapp sets none (French), and fetches no catalogue in English', async () => {
    const french = await env.browser().newPage({ locale: 'fr-FR', viewport: { width: 900, height: 720 } })
    const errors = watchPageErrors(french)
    await french.goto(env.stack().demoUrl)
    await french.getByRole('button', { name: 'Connecter un portefeuille' }).first().click()
    await french.getByRole('dialog', { name: 'Connecter un portefeuille' }).waitFor()
    expect(await french.locator('.portico-root').getAttribute('dir')).toBe('ltr')
    expect(errors).toEqual([])
    await french.close()

    const english = await env.browser().newPage({ locale: 'en-US', viewport: { width: 900, height: 720 } })
    await english.goto(env.stack().demoUrl)
    await english.getByRole('button', { name: 'Connect Wallet' }).first().click()
    await english.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    expect(localeChunks(await english.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)))).toEqual([])
    await english.close()
  })

  it('shows a connected account in Arabic with its amounts written by Intl, then switches to Russian (portico.setLocale)', async () => {
    const page = await env.browser().newPage({ viewport: { width: 900, height: 900 } })
    const errors = watchPageErrors(page)
    await page.goto(`${env.stack().demoUrl}?locale=ar`)
    await page.getByRole('button', { name: 'ربط المحفظة' }).first().click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .first()
      .click()
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^connected$/ })
      .waitFor()
    await page.evaluate(() => (globalThis as unknown as { portico: { open(o: { view: string }): void } }).portico.open({ view: 'Account' }))
    const dialog = page.getByRole('dialog', { name: 'الحساب' })
    await dialog.waitFor()
    expect(await page.locator('.portico-root').getAttribute('dir')).toBe('rtl')
    // The balance is read from the local chain, then written the way Chromium's Intl writes Arabic numbers.
    const balance = dialog.getByLabel('الرصيد')
    await balance.filter({ hasText: /ETH/ }).waitFor()
    const expected = await page.evaluate(() => {
      const state = (globalThis as unknown as { portico: { getState(): { account: { byNamespace: Record<string, { balance?: string; balanceSymbol?: string }> } } } }).portico.getState()
      const account = state.account.byNamespace.eip155!
      return `${new Intl.NumberFormat('ar', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(Number(account.balance))} ${account.balanceSymbol}`
    })
    expect(await balance.textContent()).toBe(expected)
    await dialog.getByRole('tab', { name: 'الرموز' }).waitFor()
    await screenshot(page, 'modal-account-ar-rtl')
    await page.evaluate(() => (globalThis as unknown as { portico: { setLocale(l: string): void } }).portico.setLocale('ru'))
    await page.getByRole('dialog', { name: 'Аккаунт' }).waitFor()
    expect(await page.locator('.portico-root').getAttribute('dir')).toBe('ltr')
    await screenshot(page, 'modal-account-ru')
    expect(errors).toEqual([])
    await page.close()
  })
})
