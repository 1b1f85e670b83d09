import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { addVirtualAuthenticator, disconnectEmbedded, loginByEmail, postponeRecovery, readState, secureFrame } from './pageState'

// "Continue with a passkey" (issue 32) on the local stack, with the DevTools protocol's
// virtual authenticator standing in for the visitor's platform authenticator. The secure
// page is served as http://localhost:<port>: a passkey's relying party must be a domain,
// never an IP address. The demo (the dapp) stays on 127.0.0.1, another site.
jest.setTimeout(240_000)

const env = setupStackAndBrowser({ stack: { secureHost: 'localhost' } })
const MESSAGE = 'Hello from the Portico demo'

/** A fresh browser profile with one platform authenticator (resident keys, user verification, always touched). */
async function visitorWithAuthenticator(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
  const page = await context.newPage()
  const errors = watchPageErrors(page)
  await addVirtualAuthenticator(context, page)
  await page.goto(new URL('?passkey=1', env.stack().demoUrl).href)
  return { context, page, errors }
}

/** "Continue with a passkey" in the modal, then the visitor's choice in the frame's prompt. */
async function continueWithPasskey(page: Page, choice: 'Create a new passkey' | 'Use my passkey', shot?: string) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with a passkey' }).click()
  const prompt = secureFrame(page).getByRole('dialog', { name: 'Continue with a passkey' })
  await prompt.waitFor()
  if (shot) await screenshot(page, shot)
  await prompt.getByRole('button', { name: choice }).click()
  await page
    .getByTestId('demo-status')
    .filter({ hasText: /^connected$/ })
    .waitFor()
  // No recovery is set for these wallets: the frame offers it at each login, and the visitor postpones it.
  await postponeRecovery(page)
  // The EVM account (the demo shows whichever namespace is active; the same user has a Solana one too).
  return (await page.evaluate(readState, 'account.byNamespace.eip155.address')) as string
}

describe('embedded wallet: passkey on the local stack', () => {
  let visitor: Awaited<ReturnType<typeof visitorWithAuthenticator>> | undefined
  afterEach(async () => {
    await visitor?.context.close()
    visitor = undefined
  })

  it('signs up with a passkey alone, signs a message viem verifies, logs out, and logs in again with the passkey to the same address', async () => {
    visitor = await visitorWithAuthenticator()
    const { page, errors } = visitor
    const signedUp = await continueWithPasskey(page, 'Create a new passkey', 'passkey-prompt-light')
    expect(signedUp).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.connectedWalletInfo.type')).toBe('AUTH')
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.user.email')).toBeNull()
    // Nothing secret on the dapp's origin.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
    expect(stored).not.toMatch(/pts_|token|secret|credential/i)

    await page.getByRole('button', { name: 'Sign a message' }).click()
    await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
    const signature = await page.getByTestId('demo-signature').filter({ hasText: /^0x/ }).textContent()
    const chain = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    expect(await chain.verifyMessage({ address: signedUp as `0x${string}`, message: MESSAGE, signature: signature as `0x${string}` })).toBe(true)

    await disconnectEmbedded(page)
    expect(await continueWithPasskey(page, 'Use my passkey')).toBe(signedUp)
    expect(errors).toEqual([])
  })

  it('lets an email user add a passkey from the Account view, then log in with it to the same address', async () => {
    visitor = await visitorWithAuthenticator()
    const { page, errors } = visitor
    await loginByEmail(page, env.stack().serverUrl, `passkey.${Date.now()}@example.com`)
    const byEmail = await page.evaluate(readState, 'account.byNamespace.eip155.address')
    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Add a passkey' }).click()
    const prompt = secureFrame(page).getByRole('dialog', { name: 'Add a passkey' })
    await prompt.waitFor()
    await screenshot(page, 'passkey-add-light')
    await prompt.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByText('Passkey added').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await disconnectEmbedded(page)
    expect(await continueWithPasskey(page, 'Use my passkey')).toBe(byEmail)
    expect(errors).toEqual([])
  })
})
