import type { BrowserContext, Page } from 'playwright-core'
import { Secret, TOTP } from 'otpauth'
import { privateKeyToAccount } from 'viem/accounts'
import { setupStackAndBrowser, watchPageErrors } from './browser'
import { disconnectEmbedded, eoaOf, framePosts, latestCode, latestMail, loginByEmail, promptShown, readState, recordMessages, secureFrame, themedScreenshots } from './pageState'

// A second factor in the secure frame (issue 32, docs/security.md "Second factor"): the
// visitor turns on an authenticator app from the Account view, by the QR code's setup key
// and a first code, in the frame. From then on key export asks for the app's code and no
// longer offers an emailed one, and changing the email asks for it in the frame ("Confirm
// it is you") before the server sends any code. The test plays the authenticator app with
// `otpauth` on the setup key it reads from the FRAME's document.
jest.setTimeout(240_000)

const env = setupStackAndBrowser()
const FRAME = 'iframe[data-portico-secure-frame]'

const framePrompt = (page: Page, name: string) => secureFrame(page).getByRole('dialog', { name })

/** Clicks a button of a frame prompt once the frame counts it as visible for 500 ms (approvalGesture.ts). */
async function press(page: Page, prompt: string, name: string): Promise<void> {
  const button = framePrompt(page, prompt).getByRole('button', { name, exact: true })
  await button.waitFor()
  for (let i = 0; i < 100 && !(await button.isEnabled()); i++) await page.waitForTimeout(100)
  await button.click()
}

/** The authenticator app: the code for a time step after the last one used (the server takes each step once, and one step ahead). */
function authenticatorApp(setupKey: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(setupKey), algorithm: 'SHA1', digits: 6, period: 30 })
  let lastStep = -1
  return async (page: Page): Promise<string> => {
    let step = Math.floor(Date.now() / 30_000)
    if (step <= lastStep) step = lastStep + 1
    // More than one step ahead of the server's clock is refused: wait for time to catch up.
    while (step > Math.floor(Date.now() / 30_000) + 1) await page.waitForTimeout(1_000)
    lastStep = step
    return totp.generate({ timestamp: step * 30_000 + 1_000 })
  }
}

describe('embedded wallet: an authenticator app as the second factor, set up and used in the frame', () => {
  const email = `second.${Date.now()}@example.com`
  let context: BrowserContext
  let page: Page
  let errors: string[]
  let nextCode: (page: Page) => Promise<string>
  let setupKey = ''
  let loggedInAt = 0

  beforeAll(async () => {
    context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    await recordMessages(context)
    page = await context.newPage()
    errors = watchPageErrors(page)
    await page.goto(env.stack().demoUrl)
    await loginByEmail(page, env.stack().serverUrl, email)
    loggedInAt = Date.now()
  })
  afterAll(async () => context?.close())

  it('turns on an authenticator app from the Account view: a QR code and its setup key, then a first right code', async () => {
    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Two-step verification' }).click()
    const prompt = framePrompt(page, 'Two-step verification')
    await prompt.getByText('Authenticator app: off.').waitFor()
    expect(await page.locator(FRAME).isVisible()).toBe(true)
    await promptShown(page, prompt)
    await press(page, 'Two-step verification', 'Set up an authenticator app')

    const qr = prompt.getByRole('img', { name: 'QR code that adds this wallet to an authenticator app' })
    await qr.waitFor()
    // The QR code is drawn: the image decoded to its full size in the frame.
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    setupKey = (await prompt.locator('#mfa-secret').textContent())!.replace(/\s/g, '')
    expect(setupKey).toMatch(/^[A-Z2-7]{32}$/)
    nextCode = authenticatorApp(setupKey)
    await themedScreenshots(page, 'second-factor-qr')

    await prompt.getByLabel('Code from your authenticator app').fill('000000')
    await press(page, 'Two-step verification', 'Turn on')
    await prompt.getByText('The code is not correct; enter the 6 digits your authenticator app shows now').waitFor()
    await prompt.getByLabel('Code from your authenticator app').fill(await nextCode(page))
    await press(page, 'Two-step verification', 'Turn on')
    await prompt.getByText('Authenticator app: on.').waitFor()
    await prompt.getByText('Your authenticator app is on.', { exact: false }).waitFor()
    expect(await prompt.locator('#mfa-secret').count()).toBe(0)
    await themedScreenshots(page, 'second-factor-on')
    await press(page, 'Two-step verification', 'Close')
    await prompt.waitFor({ state: 'detached' })
    await page.locator(FRAME).waitFor({ state: 'hidden' })
    // Nothing about the secret reached the dapp's page.
    expect((await framePosts(page)).join('\n')).not.toContain(setupKey)
  })

  it('key export now asks for the app’s code, not an email; with it the key is shown and viem imports it to the connected address', async () => {
    const mailBefore = (await latestMail(env.stack().serverUrl, email))?.id
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Export private key' }).click()
    const prompt = framePrompt(page, 'Export private key')
    await prompt.getByRole('button', { name: 'Use my authenticator app' }).waitFor()
    expect(await prompt.getByRole('button', { name: 'Email me a code' }).count()).toBe(0)
    await press(page, 'Export private key', 'Use my authenticator app')
    await prompt.getByLabel('Code from your authenticator app').fill(await nextCode(page))
    await press(page, 'Export private key', 'Confirm')
    await press(page, 'Export private key', 'Show private key')
    const key = (await prompt.locator('#export-key').textContent())!
    expect(privateKeyToAccount(key as `0x${string}`).address).toBe(await eoaOf(page))
    await press(page, 'Export private key', 'Close')
    await prompt.waitFor({ state: 'detached' })
    // No code was emailed for it.
    expect((await latestMail(env.stack().serverUrl, email))?.id).toBe(mailBefore)
  })

  it('changing the email, in a new session, asks for the app’s code in the frame first; Cancel changes nothing, the code lets the change go on', async () => {
    // The export's proof counts for 5 minutes on its session: sign in again for a session without one.
    // Closed by its button: after the frame's prompt, the keyboard's focus may still be in the frame.
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await disconnectEmbedded(page)
    // A new login code for this address and device is sent 30 s after the last one at the earliest (SPEC §5).
    await page.waitForTimeout(Math.max(0, loggedInAt + 31_000 - Date.now()))
    await loginByEmail(page, env.stack().serverUrl, email)
    await page.getByTestId('portico-connect-button').click()
    const dialog = page.getByRole('dialog', { name: 'Change Email' })
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Change email' }).click()
    await dialog.getByLabel('New email').fill(`changed.${Date.now()}@example.com`)
    const mailBefore = (await latestMail(env.stack().serverUrl, email))?.id
    await dialog.getByRole('button', { name: 'Send code' }).click()
    const prompt = framePrompt(page, 'Confirm it is you')
    await prompt.getByText('Changing the email of your wallet needs your second factor.').waitFor()
    await promptShown(page, prompt)
    await themedScreenshots(page, 'second-factor-confirm')
    await press(page, 'Confirm it is you', 'Cancel')
    await prompt.waitFor({ state: 'detached' })
    expect((await latestMail(env.stack().serverUrl, email))?.id).toBe(mailBefore)
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.user.email')).toBe(email)

    await dialog.getByRole('button', { name: 'Send code' }).click()
    await press(page, 'Confirm it is you', 'Use my authenticator app')
    await prompt.getByLabel('Code from your authenticator app').fill(await nextCode(page))
    await press(page, 'Confirm it is you', 'Confirm')
    await page.getByRole('dialog', { name: 'Confirm Current Email' }).waitFor()
    expect(await latestCode(env.stack().serverUrl, email, mailBefore)).toMatch(/^[0-9]{6}$/)
    // The refusal before the code and the wrong first code are the only failed requests.
    expect(errors.filter((error) => !/status of (400|403) \(/.test(error))).toEqual([])
  })
})
