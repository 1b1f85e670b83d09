/**
 * `portico/testing/playwright`: helpers for a dapp's own Playwright tests against the
 * local kit (`portico-dev --json`; docs/testing-your-dapp.md). Each acts as a visitor
 * does, with the dapp's real page and Portico's real modal and secure frame: the dev
 * wallets are injected before the page's scripts run, email codes are read from the
 * kit's development mailbox, approvals are real clicks in the frame, and WalletConnect
 * pairs through the kit's wallet page. Playwright is the dapp's own dev dependency
 * (an optional peer dependency of Portico).
 */
import { readFile } from 'node:fs/promises'
import type { BrowserContext, Page } from 'playwright-core'
import { devWalletsFromKit, DEV_WALLET_NAMES, type DevWalletsOptions, type KitWalletInfo } from './index'

/** The part of `portico-dev --json` the helpers read. */
export type KitInfo = KitWalletInfo & { urls: { server: string; walletConnectWallet: string } }

/** The classic-script build of the dev wallets, beside this module in the package (dist/testing/dev-wallets.js). */
export const DEV_WALLETS_SCRIPT = new URL('./dev-wallets.js', import.meta.url)

/**
 * Injects the dev wallets into every page of `target` (a context or one page) before the
 * dapp's own scripts run, as a browser extension does. The page's Content-Security-Policy
 * must allow the kit's RPC URLs in connect-src.
 *
 * @example
 * await addDevWallets(context, kit)
 * await page.goto('http://localhost:3000')
 */
export async function addDevWallets(target: BrowserContext | Page, kit: KitWalletInfo, options: Pick<DevWalletsOptions, 'evm'> = {}): Promise<void> {
  const config = { ...devWalletsFromKit(kit), ...options }
  // Into the top page of each http(s) document: not the initial about:blank, nor the frames
  // (the embedded wallet's secure frame), as an extension's content script set to the top frame.
  const script = await readFile(DEV_WALLETS_SCRIPT, 'utf8')
  await target.addInitScript({ content: `if (globalThis.top === globalThis && /^https?:$/.test(location.protocol)) {\nglobalThis.PORTICO_DEV_WALLETS = ${JSON.stringify(config)};\n${script}\n}` })
}

export type ConnectOptions = {
  /** The accessible name of the dapp's connect button; Portico's own, "Connect Wallet", by default. */
  connectButton?: string | RegExp | undefined
  timeoutMs?: number | undefined
}

/**
 * Connects with the injected EVM dev wallet: the dapp's connect button, then the wallet
 * in Portico's list. Resolves once the modal has closed on the connection.
 */
export async function connectDevWallet(page: Page, options: ConnectOptions = {}): Promise<void> {
  await page.getByRole('button', { name: options.connectButton ?? 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: new RegExp(DEV_WALLET_NAMES.evm) }).click()
  await dialog.waitFor({ state: 'detached', timeout: options.timeoutMs ?? 30_000 })
}

/**
 * The newest one-time code the kit's development mailbox holds for `email`; waits for
 * one (newer than the message `after`, when given) up to `timeoutMs`.
 */
export async function latestEmailCode(kit: Pick<KitInfo, 'urls'>, email: string, options: { after?: string | undefined; timeoutMs?: number | undefined } = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000)
  for (;;) {
    const response = await fetch(`${kit.urls.server}/dev/mailbox/latest?to=${encodeURIComponent(email)}`)
    if (response.ok) {
      const { code } = (await response.json()) as { code: string }
      if (code !== options.after) return code
    }
    if (Date.now() > deadline) throw new Error(`No${options.after ? ' new' : ''} code was mailed to ${email} within ${options.timeoutMs ?? 15_000} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Signs in to the embedded wallet by email: the connect button, the email, the code the
 * mailbox received. Resolves once the modal has closed on the connection; a new wallet
 * then offers a recovery password in the secure frame ({@link postponeRecovery}).
 */
export async function signInWithEmail(page: Page, kit: Pick<KitInfo, 'urls'>, email: string, options: ConnectOptions = {}): Promise<void> {
  await page.getByRole('button', { name: options.connectButton ?? 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  const otp = dialog.getByLabel('One-time code')
  await otp.waitFor()
  await otp.fill(await latestEmailCode(kit, email))
  await dialog.waitFor({ state: 'detached', timeout: options.timeoutMs ?? 60_000 })
}

/** The secure frame Portico mounts for the embedded wallet (on the kit's frame origin). */
export const secureFrame = (page: Page) => page.frameLocator('iframe[data-portico-secure-frame]')

/**
 * Presses `button` in the secure frame's prompt by a real click, once the frame is shown,
 * in place and ready: the frame enables its main button only after it has been fully
 * visible for a moment, so a click that came sooner would not count.
 */
export async function answerInFrame(page: Page, button: string, options: { timeoutMs?: number | undefined } = {}): Promise<void> {
  const timeout = options.timeoutMs ?? 30_000
  const iframe = page.locator('iframe[data-portico-secure-frame]')
  const target = secureFrame(page).getByRole('button', { name: button, exact: true })
  await target.waitFor({ timeout })
  await iframe.waitFor({ state: 'visible', timeout })
  let last = ''
  for (let i = 0; i < 40; i++) {
    const box = JSON.stringify(await iframe.boundingBox())
    if (box === last) break
    last = box
    await page.waitForTimeout(250)
  }
  const deadline = Date.now() + timeout
  while (!(await target.isEnabled())) {
    if (Date.now() > deadline) throw new Error(`The secure frame's ${button} button stayed disabled for ${timeout} ms`)
    await page.waitForTimeout(100)
  }
  await target.click()
  await target.waitFor({ state: 'detached', timeout })
}

/** Approves the embedded wallet's pending request (a signature or a transaction) in the secure frame. */
export const approveInFrame = (page: Page, options?: { timeoutMs?: number | undefined }) => answerInFrame(page, 'Approve', options)

/** A new embedded wallet offers a recovery password first; the visitor chooses "Later". */
export const postponeRecovery = (page: Page, options?: { timeoutMs?: number | undefined }) => answerInFrame(page, 'Later', options)

/**
 * Pairs the dapp with the kit's WalletConnect wallet page, as a visitor scanning the QR
 * code does: the connect button, `wallet` in Portico's list (any WalletConnect wallet
 * listed), "Scan with phone", "Copy link", then the wallet page opened on that URI in a
 * second tab, approving everything. Resolves with the wallet's page once the modal has
 * closed on the connection.
 */
export async function pairWithWalletConnect(page: Page, kit: Pick<KitInfo, 'urls'>, options: ConnectOptions & { wallet?: string | RegExp | undefined } = {}): Promise<Page> {
  const context = page.context()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin })
  await page.getByRole('button', { name: options.connectButton ?? 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: options.wallet ?? /Trust Wallet/ }).click()
  await dialog.getByRole('button', { name: 'Scan with phone' }).click()
  await dialog.getByRole('button', { name: 'Copy link' }).click()
  const uri = await page.evaluate(() => navigator.clipboard.readText())
  if (!uri.startsWith('wc:')) throw new Error(`"Copy link" gave no WalletConnect URI: ${uri}`)
  const wallet = await context.newPage()
  await wallet.goto(`${kit.urls.walletConnectWallet}?uri=${encodeURIComponent(uri)}&auto=1`)
  await dialog.waitFor({ state: 'detached', timeout: options.timeoutMs ?? 30_000 })
  return wallet
}
