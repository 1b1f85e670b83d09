import type { Browser, BrowserContext, Page } from 'playwright-core'

// A phone in Chromium: Playwright's mobile emulation (touch, an iPhone Safari user agent,
// a phone-sized viewport). Portico opens a wallet's app with `window.open` (a custom
// scheme in the tab, a universal link in a new one); here that call is recorded, not
// followed. Followed, a custom scheme such as `rainbow://` asks Chromium to launch an
// outside app: headless Chromium then stops delivering any input to the page (taps,
// clicks and keys are acknowledged and dropped), which looked like a flaky tap.

export const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

export type PhoneOptions = { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' }

/** A touch context of a phone (390×844 unless told) whose `window.open` calls are recorded. */
export async function newPhoneContext(browser: Browser, { viewport = { width: 390, height: 844 }, colorScheme = 'light' }: PhoneOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true, userAgent: IPHONE_UA, colorScheme })
  await context.addInitScript(() => {
    const opened: { url: string; target: string }[] = []
    Object.assign(window, { openedLinks: opened })
    window.open = (url?: string | URL, target?: string) => {
      opened.push({ url: String(url), target: String(target) })
      return null
    }
  })
  return context
}

/** The links the page opened with `window.open`, oldest first. */
export const openedLinks = (page: Page): Promise<{ url: string; target: string }[]> => page.evaluate(() => (window as unknown as { openedLinks: { url: string; target: string }[] }).openedLinks)

/** Waits until the page has opened at least `count` links. */
export const waitForOpenedLinks = (page: Page, count = 1) => page.waitForFunction((n) => (window as unknown as { openedLinks: unknown[] }).openedLinks.length >= n, count)
