import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devAccounts, DEV_PRIVATE_KEYS } from '../dev/chain/devAccounts'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { approveAccountChange, embeddedAccounts, readState, waitForState, secureFrame, loginByEmail } from './pageState'

// The embedded wallet's smart account on the local stack (docs/smart-accounts.md): the
// stack deploys EntryPoint v0.7 and the account factory and runs the development bundler;
// the visitor logs in by email code, switches account type in the Account view, and
// sends ETH from the smart account through the bundler on the real local chain.
jest.setTimeout(180_000)

const env = setupStackAndBrowser()
const receiver = devAccounts[4]!.address

const demoAddress = async (page: Page) => ((await page.getByTestId('demo-address').textContent()) ?? '').split(':')[2] as Address

describe('embedded wallet: smart account on the local chain', () => {
  let page: Page
  let errors: string[]
  const email = `smart.${Date.now()}@example.com`
  let eoa: Address
  let smart: Address

  beforeAll(async () => {
    page = await env.browser().newPage({ viewport: { width: 900, height: 860 } })
    errors = watchPageErrors(page)
    await page.goto(env.stack().demoUrl)
  })
  afterAll(() => page?.close())

  it('logs in by email code; the account list holds the EOA and the smart account, the smart one in effect (SPEC §9)', async () => {
    await loginByEmail(page, env.stack().serverUrl, email)
    const accounts = await embeddedAccounts(page)
    eoa = accounts.eoa
    smart = accounts.smart
    expect(smart).not.toBe(eoa)
    expect(await page.evaluate(readState, 'smartAccount.enabledNetworks')).toContain('eip155:1')
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.preferredAccountTypes.eip155')).toBe('smartAccount')
    await page.getByTestId('demo-address').filter({ hasText: smart }).waitFor()
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.smartAccountDeployed')).toBe(false)
  })

  it('switches to the EOA and back to the smart account from the Account view', async () => {
    await page.getByTestId('portico-connect-button').click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByRole('button', { name: 'Account type: Smart account. Switch to EOA' }).click()
    // The switch goes through the frame's prompt, which names the key that will sign (issue 25).
    await secureFrame(page).getByRole('dialog', { name: 'Change account' }).getByText(`the owner key of smart account ${smart}`).waitFor()
    await page.waitForTimeout(1_000)
    await screenshot(page, 'embedded-account-type-prompt-account-view-light')
    await approveAccountChange(page)
    await page.getByTestId('demo-address').filter({ hasText: eoa }).waitFor()
    await account.getByRole('button', { name: 'Account type: EOA. Switch to Smart account' }).waitFor()
    await account.locator(`[data-testid="portico-account-address"][title="${eoa}"]`).waitFor()
    await screenshot(page, 'embedded-account-type-eoa-light')
    await account.getByRole('button', { name: 'Account type: EOA. Switch to Smart account' }).click()
    await approveAccountChange(page)
    await page.getByTestId('demo-address').filter({ hasText: smart }).waitFor()
    await account.getByRole('button', { name: 'Account type: Smart account. Switch to EOA' }).waitFor()
    await account.locator(`[data-testid="portico-account-address"][title="${smart}"]`).waitFor()
    await screenshot(page, 'embedded-account-type-smart-light')
    await page.keyboard.press('Escape')
  })

  it('sends ETH from the smart account through the bundler; the receiver holds it and the account is deployed', async () => {
    const rpcUrl = env.stack().chains.chains[0]!.rpcUrl
    const chain = createPublicClient({ transport: http(rpcUrl) })
    const funder = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[7]), transport: http(rpcUrl) })
    await chain.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: smart, value: parseEther('1'), chain: null }) })
    expect(await chain.getCode({ address: smart })).toBeUndefined()
    const before = await chain.getBalance({ address: receiver })
    const eoaBefore = await chain.getBalance({ address: eoa })
    expect(await demoAddress(page)).toBe(smart)

    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click()
    const form = page.getByRole('dialog', { name: 'Send' })
    await form.getByLabel('Amount').fill('0.3')
    await form.getByLabel('Receiver address').fill(receiver)
    await form.getByRole('button', { name: 'Send' }).click()
    // The approval in the secure frame names the smart account as the sender.
    await secureFrame(page).getByText(`${smart} (smart account)`).waitFor()
    await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
    await waitForState(page, 'send.status', (value) => value === 'sent', 'sent', 60_000)
    const hash = (await page.evaluate(readState, 'send.hash')) as `0x${string}`
    expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await chain.getBalance({ address: receiver })).toBe(before + parseEther('0.3'))
    expect(await chain.getBalance({ address: eoa })).toBe(eoaBefore)
    expect(await chain.getCode({ address: smart })).toMatch(/^0x[0-9a-f]+$/)
    await page.keyboard.press('Escape')
  })

  it('switching back to the EOA shows the EOA address, the smart account now deployed', async () => {
    await page.getByTestId('portico-connect-button').click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByRole('button', { name: 'Account type: Smart account. Switch to EOA' }).click()
    await approveAccountChange(page)
    await page.getByTestId('demo-address').filter({ hasText: eoa }).waitFor()
    await account.locator(`[data-testid="portico-account-address"][title="${eoa}"]`).waitFor()
    // The address moves first (the frame's ACCOUNT_CHANGED); the user is read again right after.
    await waitForState(page, 'account.byNamespace.eip155.user.preferredAccountType', (value) => value === 'eoa', 'eoa', 60_000)
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.smartAccountDeployed')).toBe(true)
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.preferredAccountTypes.eip155')).toBe('eoa')
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
  })
})
