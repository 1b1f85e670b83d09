import type { Page } from 'playwright-core'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { DEV_TEST_TOKEN_AMOUNT, TEST_SPL_TOKEN } from '../dev/solana'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { loginByEmail, readState, secureFrame, waitForState, waitForValue } from './pageState'

// SPL tokens in the modal, as a visitor meets them on the demo: the stand-in's test token
// (PTT, 6 decimals) in the Tokens tab, read by the reference server, and sent from the
// Send view to a fresh address (whose token account the transfer creates), with the
// Wallet Standard dev wallet and with the embedded wallet, approved in the secure frame.
jest.setTimeout(180_000)

const env = setupStackAndBrowser()
const rpc = () => createSolanaRpc(env.stack().solana.url)

/** Base units of the test token `owner` holds on the stand-in. */
async function tokensOf(owner: string): Promise<bigint> {
  const { value } = await rpc()
    .getTokenAccountsByOwner(address(owner), { mint: address(TEST_SPL_TOKEN.mint) }, { encoding: 'jsonParsed' })
    .send()
  return value.reduce((sum, { account }) => sum + BigInt((account.data as { parsed: { info: { tokenAmount: { amount: string } } } }).parsed.info.tokenAmount.amount), 0n)
}

/** Account → Send, the test token picked, `amount` to `receiver`. */
async function sendToken(page: Page, amount: string, receiver: string) {
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Send' }).click()
  const form = page.getByRole('dialog', { name: 'Send' })
  const select = form.getByLabel('Token')
  await select.locator('option', { hasText: TEST_SPL_TOKEN.symbol }).waitFor({ state: 'attached' })
  await select.selectOption((await select.locator('option', { hasText: TEST_SPL_TOKEN.symbol }).getAttribute('value'))!)
  await form.getByLabel('Amount').fill(amount)
  await form.getByLabel('Receiver address').fill(receiver)
  await form.getByRole('button', { name: 'Send' }).click()
}

describe('SPL tokens on the local Solana stand-in', () => {
  it('the Wallet Standard dev wallet: Tokens shows its PTT; Send sends PTT to a fresh address, whose token account is created', async () => {
    const context = await env.browser().newContext({ viewport: { width: 900, height: 900 } })
    try {
      const page = await context.newPage()
      const errors = watchPageErrors(page)
      await page.goto(env.stack().demoUrl)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Portico Dev Solana Wallet/ })
        .click()
      await page
        .getByTestId('demo-status')
        .filter({ hasText: /^connected$/ })
        .waitFor({ timeout: 20_000 })
      const owner = env.stack().devWallets.solana
      const held = await tokensOf(owner)
      expect(held).toBeGreaterThanOrEqual(DEV_TEST_TOKEN_AMOUNT - 100_000_000n) // the stack's 1 000 PTT (less what other tests sent)

      await page.getByTestId('portico-connect-button').click()
      const row = page.getByTestId('portico-token-list').getByRole('listitem').filter({ hasText: TEST_SPL_TOKEN.name })
      await row.waitFor({ timeout: 20_000 })
      // The modal writes amounts for the page's locale (en-US here): 3 decimals, grouped (1,000.000).
      expect(await row.textContent()).toContain(`${(Number(held) / 1e6).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} PTT`)
      await screenshot(page, 'solana-spl-tokens-tab')

      const receiver = (await generateKeyPairSigner()).address
      await sendToken(page, '12.345678', receiver)
      await waitForValue(page, 'send.status', 'sent')
      expect(await tokensOf(receiver)).toBe(12_345_678n)
      expect(await tokensOf(owner)).toBe(held - 12_345_678n)
      // The receiver's associated token account exists now, owned by the Token program.
      const { value: accounts } = await rpc()
        .getTokenAccountsByOwner(address(receiver), { mint: address(TEST_SPL_TOKEN.mint) }, { encoding: 'base64' })
        .send()
      expect(accounts).toHaveLength(1)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('the embedded wallet: its Solana account sends PTT after the approval in the secure frame names the token, amount and receiver', async () => {
    const page = await env.browser().newPage({ viewport: { width: 900, height: 900 } })
    try {
      const errors = watchPageErrors(page)
      await page.goto(env.stack().demoUrl)
      await loginByEmail(page, env.stack().serverUrl, `spl.${Date.now()}@example.com`)
      await waitForState(page, 'account.byNamespace.solana.status', (value) => value === 'connected', 'connected')
      const owner = (await page.evaluate(readState, 'account.byNamespace.solana.address')) as string
      // An embedded account is made per user: fund it here (SOL for the fee and the receiver's account rent).
      env.stack().solana.airdrop(owner, 1_000_000_000n)
      await env.stack().solana.mintTestToken(owner, 5_000_000n)

      const networks = (await page.evaluate(readState, 'network.networks')) as { caipNetworkId: string; chainNamespace: string; name: string }[]
      const localnet = networks.find((n) => n.chainNamespace === 'solana')!
      await page.getByRole('button', { name: 'Ethereum' }).first().click()
      await page.getByRole('dialog', { name: 'Choose Network' }).getByRole('button', { name: localnet.name }).click()
      await page.getByTestId('demo-network').filter({ hasText: localnet.caipNetworkId }).waitFor()
      await page.keyboard.press('Escape')

      // The balances were read at login, before the funding: ask again at once, as a send or a new transaction would.
      await page.evaluate(() =>
        (globalThis as unknown as { portico: { store: { dispatch(action: unknown): void } } }).portico.store.dispatch({
          type: 'account/balanceRequested',
          payload: { namespace: 'solana', force: true },
        }),
      )
      await page.getByTestId('portico-connect-button').click()
      await page.getByTestId('portico-token-list').getByRole('listitem').filter({ hasText: '5.000 PTT' }).waitFor({ timeout: 20_000 })
      const receiver = (await generateKeyPairSigner()).address
      await sendToken(page, '1.5', receiver)
      const frame = secureFrame(page)
      const approve = frame.getByRole('button', { name: 'Approve' })
      await approve.waitFor()
      const prompt = (await frame.locator('body').textContent())!
      expect(prompt).toContain('Send SPL token')
      expect(prompt).toContain(TEST_SPL_TOKEN.mint)
      expect(prompt).toContain('1.5 (1500000 base units, 6 decimals)')
      expect(prompt).toContain(receiver)
      await screenshot(page, 'embedded-solana-spl-approval')
      await approve.click()
      await waitForValue(page, 'send.status', 'sent')
      expect(await tokensOf(receiver)).toBe(1_500_000n)
      expect(await tokensOf(owner)).toBe(3_500_000n)
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })
})
