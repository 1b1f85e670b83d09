// The dapp's own browser test: a mint through the injected dev wallet, one through
// Portico's embedded wallet (email code from the kit's mailbox, approval clicked in the
// secure frame), and one through the kit's WalletConnect wallet page. Needs the kit (`portico-dev --out public/portico-dev.json`) and the
// dapp (`npm run serve`) running; DAPP_URL says where (http://127.0.0.1:3000 by default).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { chromium } from 'playwright-core'
import { addDevWallets, approveInFrame, connectDevWallet, pairWithWalletConnect, postponeRecovery, signInWithEmail } from 'portico/testing/playwright'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const kit = JSON.parse(readFileSync('public/portico-dev.json', 'utf8'))
const dappUrl = process.env.DAPP_URL ?? 'http://127.0.0.1:3000'
const rpc = http(kit.chains[0].rpcUrl)
let browser

before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
})
after(() => browser?.close())

/** Waits for the dapp's status line to say the mint landed; returns the transaction hash. */
async function minted(page) {
  const status = page.locator('#status')
  await status.filter({ hasText: /^(Minted: 0x|Mint failed)/ }).waitFor({ timeout: 60_000 })
  const text = await status.textContent()
  assert.match(text, /^Minted: 0x[0-9a-f]{64}$/)
  const receipt = await createPublicClient({ transport: rpc }).waitForTransactionReceipt({ hash: text.slice('Minted: '.length) })
  assert.equal(receipt.status, 'success')
  return receipt
}

test('mints with the injected dev wallet', async () => {
  const context = await browser.newContext()
  await addDevWallets(context, kit)
  const page = await context.newPage()
  await page.goto(dappUrl)
  await connectDevWallet(page)
  await page.locator('#account').filter({ hasText: kit.accounts[0].address }).waitFor()
  await page.getByRole('button', { name: 'Mint' }).click()
  await minted(page)
  await context.close()
})

test('mints with the embedded wallet: email code from the mailbox, approval clicked in the frame', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(dappUrl)
  await signInWithEmail(page, kit, `minter-${Date.now()}@example.com`)
  await postponeRecovery(page)
  const account = page.locator('#account')
  await account.filter({ hasText: /^0x/ }).waitFor()
  // A new embedded account holds no ETH for the network fee: a development account sends it some.
  const funder = createWalletClient({ account: privateKeyToAccount(kit.accounts[1].privateKey), transport: rpc })
  const funding = await funder.sendTransaction({ to: await account.textContent(), value: parseEther('1'), chain: null })
  await createPublicClient({ transport: rpc }).waitForTransactionReceipt({ hash: funding })
  await page.getByRole('button', { name: 'Mint' }).click()
  await approveInFrame(page)
  await minted(page)
  await context.close()
})

test("mints through the kit's WalletConnect wallet, paired from the QR view", async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(dappUrl)
  await pairWithWalletConnect(page, kit)
  await page.locator('#account').filter({ hasText: /^0x/ }).waitFor()
  await page.getByRole('button', { name: 'Mint' }).click()
  await minted(page)
  await context.close()
})
