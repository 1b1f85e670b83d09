import type { Page } from 'playwright-core'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { latestMail, secureFrame, waitForMail } from './pageState'

/** The message the demo's "Sign a message" signs. */
export const DEMO_MESSAGE = 'Hello from the Portico demo'
/** Longer than the visibility reports and the 500 ms approval delay after the frame moves. */
export const SETTLE_MS = 1_500

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
