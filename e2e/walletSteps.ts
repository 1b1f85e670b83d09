import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { screenshot } from './browser'
import { latestMail, secureFrame, setThemeMode, waitForMail } from './pageState'

/** The message the demo's "Sign a message" signs. */
export const DEMO_MESSAGE = 'Hello from the Portico demo'
/** Longer than the visibility reports and the 500 ms approval delay after the frame moves. */
export const SETTLE_MS = 1_500

/** Every message the dapp's window receives, as JSON: what crosses postMessage from the frame. */
export async function recordMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(globalThis as unknown as { framePosts: string[] }).framePosts = seen
    window.addEventListener('message', (event) => seen.push(JSON.stringify(event.data)))
  })
}
export const framePosts = (page: Page) => page.evaluate(() => (globalThis as unknown as { framePosts: string[] }).framePosts)

/** Signs the demo's message after approving it in the frame; viem checks it for the account in effect, as the chain would. */
export async function signAndVerify(page: Page, rpcUrl: string): Promise<Address> {
  await page.getByTestId('demo-signature').evaluate((node) => (node.textContent = ''))
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
  const signature = (await page.getByTestId('demo-signature').filter({ hasText: /^0x/ }).textContent()) as Hex
  const address = (await page.getByTestId('demo-address').textContent())!.split(':')[2] as Address
  const chain = createPublicClient({ transport: http(rpcUrl) })
  expect(await chain.verifyMessage({ address, message: DEMO_MESSAGE, signature })).toBe(true)
  return address
}

/**
 * Light and dark at the page's size, then dark at a phone's 390×844. With `frame` (the
 * default) the secure frame's prompt is shown, and each shot waits for its theme too.
 */
export async function themedScreenshots(page: Page, name: string, { frame = true }: { frame?: boolean } = {}): Promise<void> {
  const size = page.viewportSize()!
  const themed = (mode: 'light' | 'dark') => (frame ? secureFrame(page).locator(`html[data-theme="${mode}"]`).waitFor() : Promise.resolve())
  await setThemeMode(page, 'light')
  await themed('light')
  await screenshot(page, `${name}-light`)
  await setThemeMode(page, 'dark')
  await themed('dark')
  await screenshot(page, `${name}-dark`)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-phone-dark`)
  await page.setViewportSize(size)
  await setThemeMode(page, 'light')
  // The frame moved with the viewport: its main button counts as visible again only after the approval delay (approvalGesture.ts).
  await page.waitForTimeout(SETTLE_MS)
}

/**
 * Logs a known user in on a browser that is a new device for them: Connect Wallet, the
 * email, the code that approves the device, then the login code; resolves once the demo
 * shows "connected" (the frame then asks for the recovery password).
 */
export async function loginOnNewDevice(page: Page, serverUrl: string, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email').fill(email)
  const before = (await latestMail(serverUrl, email))?.id
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  const deviceMail = await waitForMail(serverUrl, email, before)
  await dialog.getByLabel('One-time code').fill(deviceMail.code)
  const loginMail = await waitForMail(serverUrl, email, deviceMail.id)
  await dialog.getByLabel('One-time code').fill(loginMail.code)
  await page
    .getByTestId('demo-status')
    .filter({ hasText: /^connected$/ })
    .waitFor()
}
