import type { Page } from 'playwright-core'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { TEST_SPL_TOKEN } from '../dev/solana'
import { contextPerTest, screenshot, setupStackAndBrowser } from './browser'
import { loginByEmail, readState, secureFrame, waitForState } from './pageState'
import { pairWithWalletPage, unexpectedErrors } from './walletConnectPairing'

// A dapp on @solana/wallet-adapter-react with Portico as its wallet (the demo's panel,
// demo/SolanaTransfers.tsx, through PorticoWalletAdapter from portico/solana) sends the
// stand-in's test SPL token to a fresh address, its token account created on the way,
// for each kind of Solana connection the visitor can make in the modal.
jest.setTimeout(180_000)

const env = setupStackAndBrowser()
const { openDemo, newContext } = contextPerTest(env)

const mint = new PublicKey(TEST_SPL_TOKEN.mint)

/** The receiver's test-token balance on the stand-in, in base units; null while it has no token account. */
async function tokenBalance(owner: PublicKey): Promise<string | null> {
  const connection = new Connection(env.stack().solana.url, 'confirmed')
  const ata = getAssociatedTokenAddressSync(mint, owner)
  if (!(await connection.getAccountInfo(ata))) return null
  return (await connection.getTokenAccountBalance(ata)).value.amount
}

/** Fills the panel's form and sends; resolves with the signature the panel shows once confirmed. */
async function sendThroughAdapter(page: Page, to: PublicKey, amount: string, approve?: () => Promise<void>): Promise<string> {
  const panel = page.getByRole('region', { name: 'Solana wallet adapter' })
  await panel.getByLabel('SPL receiver').fill(to.toBase58())
  await panel.getByLabel('SPL amount').fill(amount)
  await panel.getByRole('button', { name: `Send ${TEST_SPL_TOKEN.symbol} (SPL)` }).click()
  await approve?.()
  const result = await panel
    .getByTestId('adapter-result')
    .filter({ hasText: /^(Confirmed|Failed|Error|Not confirmed)/ })
    .textContent({ timeout: 30_000 })
  expect(result).toMatch(/^Confirmed: [1-9A-HJ-NP-Za-km-z]{64,88}$/)
  return result!.slice('Confirmed: '.length)
}

describe('an SPL transfer through the @solana/wallet-adapter-base adapter (issue 16)', () => {
  it('with the Wallet Standard dev wallet: the adapter opens the modal, the visitor picks the wallet, the tokens land', async () => {
    const { page, errors } = await openDemo()
    const panel = page.getByRole('region', { name: 'Solana wallet adapter' })
    await panel.getByRole('button', { name: 'Connect through the wallet adapter' }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Portico Dev Solana Wallet/ })
      .click()
    const owner = env.stack().devWallets.solana
    await panel.getByTestId('adapter-public-key').filter({ hasText: owner }).waitFor({ timeout: 20_000 })
    await env.stack().solana.mintTestToken(owner, 10_000_000n)

    const receiver = Keypair.generate().publicKey
    expect(await tokenBalance(receiver)).toBeNull()
    await sendThroughAdapter(page, receiver, '1.5')
    expect(await tokenBalance(receiver)).toBe('1500000')
    await screenshot(page, 'solana-adapter-spl-sent')
    expect(errors).toEqual([])
  })

  it('with the embedded wallet: the visitor approves in the secure frame, the tokens land', async () => {
    const { page, errors } = await openDemo()
    await loginByEmail(page, env.stack().serverUrl, `spl.${Date.now()}@example.com`)
    await waitForState(page, 'account.byNamespace.solana.status', (value) => value === 'connected', 'connected')
    const owner = (await page.evaluate(readState, 'account.byNamespace.solana.address')) as string
    const panel = page.getByRole('region', { name: 'Solana wallet adapter' })
    // The adapter follows the connection made in the modal: no second connect.
    await panel.getByTestId('adapter-public-key').filter({ hasText: owner }).waitFor({ timeout: 20_000 })
    env.stack().solana.airdrop(owner, 1_000_000_000n)
    await env.stack().solana.mintTestToken(owner, 10_000_000n)

    const receiver = Keypair.generate().publicKey
    await sendThroughAdapter(page, receiver, '2', async () => {
      const approve = secureFrame(page).getByRole('button', { name: 'Approve' })
      await approve.waitFor()
      await screenshot(page, 'solana-adapter-spl-embedded-approval')
      await approve.click()
    })
    expect(await tokenBalance(receiver)).toBe('2000000')
    expect(errors).toEqual([])
  })

  it("over WalletConnect: the session's wallet signs and sends, the tokens land", async () => {
    const { dapp: page, errors } = await pairWithWalletPage(env.stack(), await newContext())
    await waitForState(page, 'account.byNamespace.solana.status', (value) => value === 'connected', 'connected')
    expect(await page.evaluate(readState, 'account.byNamespace.solana.connectedWalletInfo.type')).toBe('WALLET_CONNECT')
    const owner = env.stack().devWallets.solana
    await page.getByRole('region', { name: 'Solana wallet adapter' }).getByTestId('adapter-public-key').filter({ hasText: owner }).waitFor({ timeout: 20_000 })
    await env.stack().solana.mintTestToken(owner, 10_000_000n)

    const receiver = Keypair.generate().publicKey
    await sendThroughAdapter(page, receiver, '0.75')
    expect(await tokenBalance(receiver)).toBe('750000')
    expect(unexpectedErrors(errors)).toEqual([])
  })
})
