import type { Page } from 'playwright-core'
import { seriousA11yViolations } from './axe'
import { screenshot, watchPageErrors, setupStackAndBrowser } from './browser'

jest.setTimeout(60_000)

const env = setupStackAndBrowser()

async function openDemo(colorScheme: 'light' | 'dark'): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser().newPage({ colorScheme, viewport: { width: 900, height: 720 } })
  const errors = watchPageErrors(page)
  await page.goto(env.stack().demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
  return { page, errors }
}

describe('the demo dapp in Chromium, served under a strict CSP', () => {
  it.each(['light', 'dark'] as const)('opens the modal on Connect (%s theme), passes axe, and closes with Escape', async (scheme) => {
    const { page, errors } = await openDemo(scheme)
    // The modal's code is a separate chunk: the entry script has none of it; the chunk
    // arrives when the page is idle (preload) or on first open.
    const entry = await page.evaluate(async () => (await fetch('./main.js')).text())
    expect(entry).not.toContain('portico-dialog')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.waitFor()
    const chunks = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => /\/Modal-[\w-]+\.js$/.test(n)),
    )
    expect(chunks).toHaveLength(1)
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    expect(await page.locator('.portico-root').getAttribute('data-theme')).toBe(scheme)
    const width = await page.locator('.portico-dialog').evaluate((el) => el.getBoundingClientRect().width)
    expect(width).toBe(360)
    await screenshot(page, `modal-connect-${scheme}`)
    expect(await seriousA11yViolations(page, '.portico-root')).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
    await page.close()
  })

  it('switches network from the Networks view and shows it on the page', async () => {
    const { page, errors } = await openDemo('light')
    await page.getByRole('button', { name: 'Network: Ethereum' }).click()
    await page.getByRole('dialog', { name: 'Choose Network' }).waitFor()
    await screenshot(page, 'modal-networks-light')
    expect(await seriousA11yViolations(page, '.portico-root')).toEqual([])
    await page.getByRole('dialog').getByRole('button', { name: 'OP Mainnet' }).click()
    await page.getByTestId('demo-network').filter({ hasText: 'eip155:10' }).waitFor()
    // Opened on the list by the network button: the chosen network ends the errand and the modal closes.
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(errors).toEqual([])
    await page.close()
  })

  it('keeps focus inside the dialog while tabbing', async () => {
    const { page } = await openDemo('light')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').waitFor()
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true)
    }
    await page.close()
  })
})
