import type { BrowserContext, Page } from 'playwright-core'
import type { Address } from 'viem'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { disconnectEmbedded, eoaOf, framePosts, loginByEmail, loginOnNewDevice, postponeRecovery, recordMessages, recoveryPrompt, signDemoMessageAndVerify, themedScreenshots } from './pageState'

// Recovery by password in the secure frame (issue 32, docs/security.md "Recovery prompts"):
// a new wallet is offered a recovery password at login; postponed, the wallet still signs
// and the offer comes back at the next login; once set, a second browser context (a new
// device, with no key share) gets the wallet back with it and signs as the same account,
// while the first device keeps signing. The dapp's page never sees the password or a share.
jest.setTimeout(240_000)

const env = setupStackAndBrowser()
const PASSWORD = 'plum orchard quietly 47'
const FRAME = 'iframe[data-portico-secure-frame]'
/** The server refuses a second code to the same address and device within 30 s (DEFAULT_AUTH_LIMITS.resendCooldownMs). */
const RESEND_COOLDOWN_MS = 30_000

const signAndVerify = (page: Page) => signDemoMessageAndVerify(page, env.stack().chains.chains[0]!.rpcUrl)

describe('embedded wallet: a recovery password set in the frame brings the wallet to a new device', () => {
  const email = `recovery.${Date.now()}@example.com`
  let contextA: BrowserContext
  let contextB: BrowserContext
  let pageA: Page
  let pageB: Page
  let errorsA: string[]
  let errorsB: string[]
  let addressA: Address
  let firstCodeAt = 0

  beforeAll(async () => {
    contextA = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    await recordMessages(contextA)
    pageA = await contextA.newPage()
    errorsA = watchPageErrors(pageA)
    await pageA.goto(env.stack().demoUrl)
  })
  afterAll(async () => {
    await contextA?.close()
    await contextB?.close()
  })

  it('a new user is offered a recovery password at login, in the visible frame; the password rules are shown there; Later closes it', async () => {
    await loginByEmail(pageA, env.stack().serverUrl, email, { recovery: 'keep' })
    // The code was mailed before this point.
    firstCodeAt = Date.now()
    const prompt = recoveryPrompt(pageA, 'Set a recovery password')
    await prompt.waitFor()
    expect(await pageA.locator(FRAME).isVisible()).toBe(true)
    await prompt.getByText('If you choose Later and this device is lost or its browser data is cleared, the wallet and its funds are lost.', { exact: false }).waitFor()
    await themedScreenshots(pageA, 'recovery-setup')

    const set = prompt.getByRole('button', { name: 'Set password' })
    await prompt.getByLabel('Recovery password').fill('too short')
    await prompt.getByLabel('Confirm the password').fill('too short')
    await set.click()
    await prompt.getByText('The password must be at least 12 characters long.').waitFor()
    await prompt.getByLabel('Recovery password').fill(PASSWORD)
    await prompt.getByLabel('Confirm the password').fill(`${PASSWORD}!`)
    await set.click()
    await prompt.getByText('The two passwords are not the same.').waitFor()

    await postponeRecovery(pageA)
    await pageA.locator(FRAME).waitFor({ state: 'hidden' })
  })

  it('postponed, the wallet signs (viem verifies); the offer comes back at the next login, and the password is set', async () => {
    addressA = await signAndVerify(pageA)
    await disconnectEmbedded(pageA)
    // The same address and device may be mailed a new code only after the resend cooldown.
    await pageA.waitForTimeout(Math.max(0, firstCodeAt + RESEND_COOLDOWN_MS + 1_000 - Date.now()))
    await loginByEmail(pageA, env.stack().serverUrl, email, { recovery: 'keep' })
    const prompt = recoveryPrompt(pageA, 'Set a recovery password')
    await prompt.getByLabel('Recovery password').fill(PASSWORD)
    await prompt.getByLabel('Confirm the password').fill(PASSWORD)
    await prompt.getByRole('button', { name: 'Set password' }).click()
    await prompt.waitFor({ state: 'detached', timeout: 60_000 })
    await pageA.locator(FRAME).waitFor({ state: 'hidden' })
  })

  it('a new device (second browser context) asks for the recovery password; a wrong one is refused in the prompt; the right one recovers and it signs as the same account', async () => {
    contextB = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    await recordMessages(contextB)
    pageB = await contextB.newPage()
    errorsB = watchPageErrors(pageB)
    await pageB.goto(env.stack().demoUrl)
    // A new device: a code to approve it, then the login code.
    await loginOnNewDevice(pageB, env.stack().serverUrl, email)

    const prompt = recoveryPrompt(pageB, 'Recover your wallet')
    await prompt.waitFor()
    expect(await pageB.locator(FRAME).isVisible()).toBe(true)
    await prompt.getByText('This is a new device for this wallet', { exact: false }).waitFor()
    await themedScreenshots(pageB, 'recovery-new-device')

    await prompt.getByLabel('Recovery password').fill('not the password at all')
    await prompt.getByRole('button', { name: 'Recover wallet' }).click()
    await prompt.getByText('This password does not open the wallet’s recovery. Check it and try again.').waitFor({ timeout: 60_000 })
    await screenshot(pageB, 'recovery-new-device-wrong-light')
    await prompt.getByLabel('Recovery password').fill(PASSWORD)
    await prompt.getByRole('button', { name: 'Recover wallet' }).click()
    await prompt.waitFor({ state: 'detached', timeout: 60_000 })
    await pageB.locator(FRAME).waitFor({ state: 'hidden' })

    expect(await eoaOf(pageB)).toBe(await eoaOf(pageA))
    expect(await signAndVerify(pageB)).toBe(addressA)
  })

  it('the first device still signs; neither dapp page received the password or a key share', async () => {
    expect(await signAndVerify(pageA)).toBe(addressA)
    for (const page of [pageA, pageB]) {
      const posts = (await framePosts(page)).join('\n')
      expect(posts).toContain('APPROVAL_OPEN')
      expect(posts).not.toContain(PASSWORD)
      expect(posts).not.toMatch(/"(authShare|envelope|secret|password|deviceShare)"\s*:/i)
    }
    expect(errorsA).toEqual([])
    // The new device asked whether the server still held a full key to migrate, one per namespace: 404 NOT_CUSTODIAL.
    expect(errorsB).toEqual(Array(2).fill('console: Failed to load resource: the server responded with a status of 404 (Not Found)'))
  })
})
