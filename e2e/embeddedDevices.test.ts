import type { BrowserContext, Page } from 'playwright-core'
import type { Address } from 'viem'
import { setupStackAndBrowser, watchPageErrors } from './browser'
import { framePosts, loginByEmail, loginOnNewDevice, recordMessages, recoveryPrompt, secureFrame, signDemoMessageAndVerify as signAndVerifyOn, themedScreenshots } from './pageState'

// Device removal (issue 32, docs/security.md "Removing a device"): device A makes the
// wallet and sets a recovery password; device B (a second browser context) recovers it
// with the password; both sign. B lists the two devices in the modal's Account → Devices
// and removes A; the secure frame asks in its own prompt first. A's next signature is then
// refused (its session is over and the server gives it no share), while B still signs.
jest.setTimeout(240_000)

const env = setupStackAndBrowser()
const PASSWORD = 'plum orchard quietly 47'
const FRAME = 'iframe[data-portico-secure-frame]'

const signAndVerify = (page: Page) => signAndVerifyOn(page, env.stack().chains.chains[0]!.rpcUrl)

/** Opens Account → Devices and waits for the list of `count` devices. */
async function openDevices(page: Page, count: number) {
  await page.getByTestId('portico-connect-button').click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Devices' }).click()
  const view = page.getByRole('dialog', { name: 'Devices' })
  const items = view.getByTestId('portico-device')
  await items.nth(count - 1).waitFor()
  expect(await items.count()).toBe(count)
  return view
}

describe('embedded wallet: a device removed from another one can no longer sign', () => {
  const email = `devices.${Date.now()}@example.com`
  let contextA: BrowserContext
  let contextB: BrowserContext
  let pageA: Page
  let pageB: Page
  let errorsA: string[]
  let address: Address

  beforeAll(async () => {
    contextA = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    contextB = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    await Promise.all([recordMessages(contextA), recordMessages(contextB)])
    pageA = await contextA.newPage()
    pageB = await contextB.newPage()
    errorsA = watchPageErrors(pageA)
    watchPageErrors(pageB)
    await Promise.all([pageA.goto(env.stack().demoUrl), pageB.goto(env.stack().demoUrl)])
  })
  afterAll(async () => {
    await contextA?.close()
    await contextB?.close()
  })

  it('device A makes the wallet and sets a recovery password; device B recovers it with the password; both sign (viem verifies)', async () => {
    await loginByEmail(pageA, env.stack().serverUrl, email, { recovery: 'keep' })
    const setUp = recoveryPrompt(pageA, 'Set a recovery password')
    await setUp.getByLabel('Recovery password').fill(PASSWORD)
    await setUp.getByLabel('Confirm the password').fill(PASSWORD)
    await setUp.getByRole('button', { name: 'Set password' }).click()
    await setUp.waitFor({ state: 'detached', timeout: 60_000 })
    await pageA.locator(FRAME).waitFor({ state: 'hidden' })
    address = await signAndVerify(pageA)

    await loginOnNewDevice(pageB, env.stack().serverUrl, email)
    const recover = recoveryPrompt(pageB, 'Recover your wallet')
    await recover.getByLabel('Recovery password').fill(PASSWORD)
    await recover.getByRole('button', { name: 'Recover wallet' }).click()
    await recover.waitFor({ state: 'detached', timeout: 60_000 })
    await pageB.locator(FRAME).waitFor({ state: 'hidden' })
    expect(await signAndVerify(pageB)).toBe(address)
  })

  it('device B lists both devices, itself marked; Remove asks in the frame’s own prompt, where Cancel changes nothing', async () => {
    const view = await openDevices(pageB, 2)
    const current = view.locator('[data-testid="portico-device"][data-current="true"]')
    await current.getByText('This device').waitFor()
    expect(await current.getByRole('button').count()).toBe(0)
    await themedScreenshots(pageB, 'devices', { frame: false })

    const remove = view.getByRole('button', { name: /^Remove / })
    expect(await remove.count()).toBe(1)
    await remove.click()
    const prompt = secureFrame(pageB).getByRole('dialog', { name: 'Remove this device?' })
    await prompt.waitFor()
    await prompt.getByText('It will no longer be able to sign', { exact: false }).waitFor()
    await themedScreenshots(pageB, 'device-remove-prompt')
    await prompt.getByRole('button', { name: 'Cancel' }).click()
    await prompt.waitFor({ state: 'detached' })
    expect(await view.getByTestId('portico-device').count()).toBe(2)
  })

  it('confirmed in the prompt, A is removed: the list shows B alone, A’s next signature is refused with a clear error, and B still signs', async () => {
    const view = pageB.getByRole('dialog', { name: 'Devices' })
    await view.getByRole('button', { name: /^Remove / }).click()
    const prompt = secureFrame(pageB).getByRole('dialog', { name: 'Remove this device?' })
    await prompt.getByRole('button', { name: 'Remove', exact: true }).click()
    await prompt.waitFor({ state: 'detached' })
    await pageB.getByText('Device removed').waitFor()
    expect(await view.getByTestId('portico-device').count()).toBe(1)
    await pageB.keyboard.press('Escape')

    // A still holds the key in its frame's memory, but the frame checks its session after the approval and before signing.
    await pageA.getByTestId('demo-signature').evaluate((node) => (node.textContent = ''))
    await pageA.getByRole('button', { name: 'Sign a message' }).click()
    await secureFrame(pageA).getByRole('button', { name: 'Approve' }).click()
    const refused = await pageA
      .getByTestId('demo-signature')
      .filter({ hasText: /^Error: / })
      .textContent()
    expect(refused).toContain('This device is no longer signed in to the wallet (it was removed from the account, or signed out)')

    expect(await signAndVerify(pageB)).toBe(address)
    for (const page of [pageA, pageB]) expect((await framePosts(page)).join('\n')).not.toMatch(/"(authShare|envelope|secret|password|deviceShare)"\s*:/i)
    expect(errorsA.filter((error) => !error.includes('status of 401'))).toEqual([])
  })
})
