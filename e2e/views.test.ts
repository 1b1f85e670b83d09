import type { Page } from 'playwright-core'
import { seriousA11yViolations } from './axe'
import { screenshot, watchPageErrors, setupStackAndBrowser } from './browser'
import * as fx from './fixtures'
import { dispatchActions, openView } from './pageState'

// Every view of the modal reachable without a wallet, in light and dark: each is
// screenshotted into test-artifacts/screenshots/ and checked with axe (no serious or
// critical violations). Views that need a connected account get their state from the
// same actions the sagas put (fixtures.ts); views of later issues' flows show their
// waiting states.
jest.setTimeout(90_000)

const env = setupStackAndBrowser()

type Scheme = 'light' | 'dark'

async function openDemo(scheme: Scheme): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser().newPage({ colorScheme: scheme, viewport: { width: 760, height: 820 } })
  const errors = watchPageErrors(page)
  await page.goto(env.stack().demoUrl)
  await page.getByTestId('portico-connect-button').waitFor()
  return { page, errors }
}

const open = openView
const dispatch = dispatchActions

/** Runs axe on the dapp's Portico buttons (connect or account, network), the modal closed. */
async function checkButtons(page: Page, name: string, scheme: Scheme, problems: string[]) {
  for (const violation of await seriousA11yViolations(page, '.portico-button')) problems.push(`${name} (${scheme}): ${violation}`)
}

/** Waits for the dialog titled `title`, then screenshots it and runs axe. */
async function check(page: Page, name: string, scheme: Scheme, title: string, problems: string[]) {
  await page.getByRole('dialog', { name: title }).waitFor()
  // Let lazy view chunks and images settle before the picture.
  await page.getByTestId('portico-view-loading').waitFor({ state: 'detached' })
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.portico-root img')).every((img) => img.complete))
  await screenshot(page, `${name}-${scheme}`)
  for (const violation of await seriousA11yViolations(page, '.portico-root')) problems.push(`${name} (${scheme}): ${violation}`)
}

describe.each(['light', 'dark'] as const)('every view in %s theme', (scheme) => {
  it('views reachable from Connect', async () => {
    const { page, errors } = await openDemo(scheme)
    const problems: string[] = []
    const dialog = page.getByRole('dialog')
    await checkButtons(page, 'buttons-disconnected', scheme, problems)

    await page.getByTestId('portico-connect-button').click()
    await check(page, 'connect', scheme, 'Connect Wallet', problems)

    // Email validation message (SPEC §8 schema default).
    await dialog.getByLabel('Email').fill('not-an-email')
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog.getByText('Invalid email').waitFor()
    await screenshot(page, `connect-invalid-email-${scheme}`)

    await dialog.getByRole('button', { name: 'All wallets' }).click()
    await dialog.getByTestId('portico-wallet-grid').waitFor()
    await check(page, 'all-wallets', scheme, 'All Wallets', problems)

    await dialog.getByLabel('Search wallets').fill('rain')
    await dialog.getByRole('button', { name: /Rainbow/ }).waitFor()
    await check(page, 'all-wallets-search', scheme, 'All Wallets', problems)

    await dialog.getByLabel('Search wallets').fill('zzzz-no-such-wallet')
    await dialog.getByText(/No wallet found/).waitFor()
    await screenshot(page, `all-wallets-search-empty-${scheme}`)

    await dialog.getByLabel('Search wallets').fill('rain')
    await dialog.getByRole('button', { name: /Rainbow/ }).click()
    await check(page, 'wallet-details', scheme, 'Wallet', problems)

    await dialog.getByRole('button', { name: 'Scan with phone' }).click()
    await check(page, 'connecting-walletconnect', scheme, 'WalletConnect', problems)

    // Back through the router history, to Connect.
    for (let i = 0; i < 3; i++) await dialog.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()

    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    await check(page, 'connecting-social', scheme, 'Social Login', problems)
    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByRole('button', { name: 'Continue with Farcaster' }).click()
    await check(page, 'connecting-farcaster', scheme, 'Farcaster', problems)

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    await page.getByTestId('portico-network-button').click()
    await check(page, 'networks', scheme, 'Choose Network', problems)

    expect(problems).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('views opened by the dapp, and the waiting states of later flows', async () => {
    const { page, errors } = await openDemo(scheme)
    const problems: string[] = []
    const dialog = page.getByRole('dialog')
    const views: [string, string, string, unknown?][] = [
      ['email-verify-otp', 'EmailVerifyOtp', 'Confirm Email', { email: 'ada@example.com' }],
      ['email-verify-device', 'EmailVerifyDevice', 'Register Device', { email: 'ada@example.com' }],
      ['connecting-walletconnect-basic', 'ConnectingWalletConnectBasic', 'WalletConnect'],
      ['connecting-external', 'ConnectingExternal', 'Connecting', { connectorId: 'io.metamask' }],
      ['unsupported-chain', 'UnsupportedChain', 'Switch Network'],
      ['switch-network', 'SwitchNetwork', 'Switch Network', { caipNetworkId: 'eip155:10' }],
      ['update-email', 'UpdateEmail', 'Change Email'],
      ['update-email-primary-otp', 'UpdateEmailPrimaryOtp', 'Confirm Current Email', { email: 'ada@example.com', newEmail: 'ada@new.example' }],
      ['update-email-secondary-otp', 'UpdateEmailSecondaryOtp', 'Confirm New Email', { newEmail: 'ada@new.example' }],
    ]
    for (const [name, view, title, params] of views) {
      await open(page, view, params)
      await check(page, name, scheme, title, problems)
    }

    // OTP: a short code gets the length message.
    await open(page, 'EmailVerifyOtp', { email: 'ada@example.com' })
    await dialog.getByLabel('One-time code').fill('123')
    await page.keyboard.press('Enter')
    await dialog.getByText('Enter the 6-digit code').waitFor()
    await screenshot(page, `email-verify-otp-invalid-${scheme}`)

    // ApproveTransaction: Escape is refused (SPEC §4) and the dialog shakes.
    await open(page, 'ApproveTransaction')
    await check(page, 'approve-transaction', scheme, 'Approve Transaction', problems)
    await page.keyboard.press('Escape')
    await page.locator('.portico-shake').waitFor()
    expect(await dialog.count()).toBe(1)
    await page.evaluate(() => (globalThis as unknown as { portico: { close(o: unknown): void } }).portico.close({ force: true }))
    await dialog.waitFor({ state: 'detached' })

    expect(problems).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('account views with a connected account', async () => {
    const { page, errors } = await openDemo(scheme)
    const problems: string[] = []
    const dialog = page.getByRole('dialog')
    await dispatch(page, fx.connected)
    // The balance saga fetches for the new account; let it settle, then show known balances.
    await page.waitForFunction(() => {
      const state = (globalThis as unknown as { portico: { getState(): { account: { byNamespace: Record<string, { tokenBalanceStatus: string }> } } } }).portico.getState()
      return state.account.byNamespace.eip155?.tokenBalanceStatus !== 'loading'
    })
    // First in the history, a contract call that sent a large amount of a token.
    const bigSend = {
      id: 't5',
      metadata: {
        operationType: 'execute',
        hash: '0x05',
        minedAt: new Date(Date.now() - 60_000).toISOString(),
        sentFrom: fx.ADDRESS,
        sentTo: '0x2222222222222222222222222222222222222222',
        status: 'confirmed',
      },
      transfers: [{ direction: 'out', quantity: { numeric: '1234567.891234' }, fungible_info: { symbol: 'PTT' } }],
    }
    const history = { ...fx.history, payload: { ...fx.history.payload, items: [bigSend, ...fx.history.payload.items] } }
    await dispatch(page, fx.tokensLoaded, fx.balanceLoaded, history, fx.swapTokens, fx.onrampProviders)
    await checkButtons(page, 'buttons-connected', scheme, problems)

    await page.getByTestId('portico-connect-button').click()
    await check(page, 'account-tokens', scheme, 'Account', problems)
    // The dialog hangs from a fixed top: a tab of another height does not move its top edge.
    const top = async () => (await dialog.boundingBox())!.y
    const topOnTokens = await top()
    const tabs = dialog.getByRole('tablist')
    await tabs.getByRole('tab', { name: 'Tokens' }).focus()
    await page.keyboard.press('ArrowRight')
    expect(await tabs.getByRole('tab', { name: 'NFTs' }).getAttribute('aria-selected')).toBe('true')
    await check(page, 'account-nfts', scheme, 'Account', problems)
    await page.keyboard.press('ArrowRight')
    await dialog.getByTestId('portico-activity').waitFor()
    await check(page, 'account-activity', scheme, 'Account', problems)
    expect(await top()).toBe(topOnTokens)
    // The contract call reads as what it did, and its amount shows whole (the description
    // wraps between its parts; nothing is clipped).
    const row = dialog.getByTestId('portico-transaction').first()
    expect(await row.locator('.portico-item-title').textContent()).toBe('Sent')
    const description = row.getByTestId('portico-transaction-description')
    expect(await description.textContent()).toBe('-1,234,567.891 PTT · to 0x22…222222')
    expect(await description.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true)

    await dialog.getByRole('button', { name: 'Send', exact: true }).first().click()
    await check(page, 'send', scheme, 'Send', problems)
    // A problem shows inline as it is typed, and Send is disabled until it is fixed.
    const sendButton = dialog.getByRole('button', { name: 'Send', exact: true })
    await dialog.getByLabel('Amount').fill('0.1')
    await dialog.getByLabel('Receiver address').fill('0x123')
    await dialog.getByText('Invalid receiver address').waitFor()
    expect(await sendButton.isDisabled()).toBe(true)
    await screenshot(page, `send-invalid-${scheme}`)
    await dialog.getByLabel('Receiver address').fill('0x2222222222222222222222222222222222222222')
    await dialog.getByLabel('Amount').fill('200000')
    await dialog.getByText('The amount is more than the balance').waitFor()
    expect(await sendButton.isDisabled()).toBe(true)
    await screenshot(page, `send-amount-over-balance-${scheme}`)
    await dialog.getByRole('button', { name: 'Back' }).click()

    await dialog.getByRole('button', { name: 'Swap' }).click()
    await check(page, 'swap', scheme, 'Swap', problems)
    await dialog.getByRole('button', { name: 'Back' }).click()

    await dialog.getByRole('button', { name: 'Buy' }).click()
    await check(page, 'buy', scheme, 'Buy Crypto', problems)
    await dialog.getByLabel('Amount').fill('5')
    await dialog.getByText('Enter an amount between 10 and 7,500 USD').waitFor()
    await screenshot(page, `buy-out-of-range-${scheme}`)
    await dialog.getByRole('button', { name: 'Back' }).click()

    await dialog.getByRole('button', { name: 'Choose a name' }).click()
    await check(page, 'register-account-name', scheme, 'Choose Name', problems)
    await dialog.getByLabel('Name').fill('ab_')
    await dialog.getByText('Use only letters, digits and hyphens').waitFor()
    await screenshot(page, `register-account-name-invalid-${scheme}`)

    await open(page, 'RegisterAccountNameSuccess', { name: 'ada.portico.id' })
    await check(page, 'register-account-name-success', scheme, 'Name Registered', problems)
    await open(page, 'ConnectingSiwe')
    await check(page, 'connecting-siwe', scheme, 'Sign In', problems)

    expect(problems).toEqual([])
    // The reference server answers balances from issue 8 on; until then the balance saga's
    // request for the fixture account is a 404 (and the 'Token Balance Unavailable' toast).
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([])
    await page.close()
  })
})
