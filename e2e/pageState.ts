import type { BrowserContext, Locator, Page } from 'playwright-core'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { APPROVE_DELAY_MS } from '../secure/approvalGesture'
import { screenshot } from './browser'

// What the browser tests read from the demo page and the development mailbox. The
// demo exposes its Portico client as `window.portico`; the page's CSP forbids eval, so
// state is read by a function Playwright serialises into the page.

/** Reads a dotted path of the demo's Portico state. Runs in the page: it must not reference anything outside itself. */
export function readState(path: string): unknown {
  const state = (globalThis as unknown as { portico: { getState(): unknown } }).portico.getState()
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], state)
}

/** Polls a state path until `accept` holds; returns the accepted value or throws naming what was expected and what was there. */
export async function waitForState(page: Page, path: string, accept: (value: unknown) => boolean, what: string, timeoutMs = 30_000): Promise<unknown> {
  const started = Date.now()
  for (;;) {
    const value = await page.evaluate(readState, path)
    if (accept(value)) return value
    if (Date.now() - started > timeoutMs) throw new Error(`${path} never became ${what}: ${JSON.stringify(value)}`)
    await page.waitForTimeout(100)
  }
}

/** Polls a state path until it equals `expected` (compared as JSON). */
export function waitForValue(page: Page, path: string, expected: unknown, timeoutMs = 30_000): Promise<unknown> {
  const wanted = JSON.stringify(expected)
  return waitForState(page, path, (value) => JSON.stringify(value) === wanted, wanted, timeoutMs)
}

/** Opens the modal on `view` through the demo's `portico.open`, as a dapp's code would. */
export const openView = (page: Page, view: string, params?: unknown) =>
  page.evaluate(([v, p]) => (globalThis as unknown as { portico: { open(o: unknown): void } }).portico.open({ view: v, params: p }), [view, params] as const)

/** Dispatches actions on the demo's store (the state the sagas would put, e.g. the fixtures'). */
export const dispatchActions = (page: Page, ...actions: unknown[]) =>
  page.evaluate((list) => {
    const store = (globalThis as unknown as { portico: { store: { dispatch(a: unknown): void } } }).portico.store
    for (const action of list) store.dispatch(action)
  }, actions)

/** Sets the demo's Portico theme (the secure frame follows through SYNC_THEME). */
export const setThemeMode = (page: Page, mode: 'light' | 'dark') =>
  page.evaluate((themeMode) => (globalThis as unknown as { portico: { setThemeMode(mode: string): void } }).portico.setThemeMode(themeMode), mode)

/** The signed-in embedded user's EOA and smart account, once the store lists both. */
export async function embeddedAccounts(page: Page): Promise<{ eoa: `0x${string}`; smart: `0x${string}` }> {
  const accounts = (await waitForState(page, 'account.byNamespace.eip155.allAccounts', (value) => Array.isArray(value) && value.length === 2, 'two accounts', 60_000)) as {
    address: `0x${string}`
    type: string
  }[]
  return { eoa: accounts.find((a) => a.type === 'eoa')!.address, smart: accounts.find((a) => a.type === 'smartAccount')!.address }
}

/** The secure frame the demo's Portico client mounts (on the server's own origin). */
export const secureFrame = (page: Page) => page.frameLocator('iframe[data-portico-secure-frame]')

/** Waits until Approve of the frame's open prompt is enabled: the prompt has been fully visible for the approve delay. */
export const approveEnabled = (page: Page) => secureFrame(page).getByRole('button', { name: 'Approve', disabled: false }).waitFor()

/**
 * Resolves once the secure frame has handled every input event sent to it so far, and one
 * task more: a script run in the frame comes after them on its one thread. An approval
 * removes its prompt in the click's own handler (secure/approval.ts), so a prompt still
 * there at this point was not approved by those events; no wait on the clock is needed.
 */
export const frameHandledInput = (page: Page): Promise<void> =>
  secureFrame(page)
    .locator('body')
    .evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

export type FrameReply = { type: string; payload: Record<string, unknown> }

/**
 * Posts one app event to the secure frame from the dapp's page, as any script on it could,
 * and resolves with the message id; the frame's answer lands in `globalThis.frameReplies[id]`.
 */
export async function postToFrame(page: Page, event: string, payload: unknown): Promise<string> {
  return page.evaluate(
    ({ frame, event, payload }) => {
      const scope = globalThis as unknown as { frameReplies?: Record<string, unknown> }
      const replies = (scope.frameReplies ??= {})
      const iframe = document.querySelector(frame) as HTMLIFrameElement
      const id = crypto.randomUUID()
      addEventListener('message', (message: MessageEvent) => {
        const data = message.data as { id?: unknown }
        if (message.source === iframe.contentWindow && data?.id === id) replies[id] = data
      })
      iframe.contentWindow!.postMessage({ id, type: `@portico-app/${event}`, payload }, new URL(iframe.src).origin)
      return id
    },
    { frame: 'iframe[data-portico-secure-frame]', event, payload },
  )
}

export const replyOf = (page: Page, id: string) => page.evaluate((key) => (globalThis as unknown as { frameReplies: Record<string, FrameReply | undefined> }).frameReplies[key] ?? null, id)

/** The frame's answer to `id` once it has come. */
export async function waitForReply(page: Page, id: string): Promise<FrameReply> {
  await page.waitForFunction((key) => (globalThis as unknown as { frameReplies: Record<string, unknown> }).frameReplies[key] !== undefined, id, { timeout: 60_000 })
  return (await replyOf(page, id))!
}

/** The visitor approves the account-type change the secure frame asks about (issue 25): a real click once Approve is enabled. */
export async function approveAccountChange(page: Page): Promise<void> {
  const prompt = secureFrame(page).getByRole('dialog', { name: 'Change account' })
  await prompt.getByRole('button', { name: 'Approve' }).click()
  await prompt.waitFor({ state: 'detached' })
}

/** The newest message the development mailbox holds for `email`, if any. */
export async function latestMail(serverUrl: string, email: string): Promise<{ code: string; id: number } | undefined> {
  const response = await fetch(`${serverUrl}/dev/mailbox/latest?to=${encodeURIComponent(email)}`)
  return response.ok ? ((await response.json()) as { code: string; id: number }) : undefined
}

/** Waits for a mail with a one-time code to `email`; with `after`, for one newer than that message id. */
export async function waitForMail(serverUrl: string, email: string, after?: number): Promise<{ code: string; id: number }> {
  for (let i = 0; i < 150; i++) {
    const mail = await latestMail(serverUrl, email)
    if (mail && mail.id !== after) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no${after === undefined ? '' : ' new'} code was mailed to ${email}`)
}

/** Waits for a one-time code mailed to `email`; with `after`, for one newer than that message id. */
export async function latestCode(serverUrl: string, email: string, after?: number): Promise<string> {
  return (await waitForMail(serverUrl, email, after)).code
}

/** A recovery prompt of the secure frame (secure/recoveryPrompt.ts, docs/security.md "Recovery prompts"). */
export const recoveryPrompt = (page: Page, name: 'Set a recovery password' | 'Recover your wallet' | 'This wallet cannot be used on this device') => secureFrame(page).getByRole('dialog', { name })

/**
 * The frame draws its prompt before the app has shown the iframe (APPROVAL_OPEN is on its
 * way), and the modal closes itself after a login while the prompt shows. Playwright waits
 * for a button inside the iframe to be visible and stable, not for the iframe itself, so a
 * click before the iframe is shown and in place lands on the dapp's page: wait until the
 * iframe is visible, the modal gone, and the iframe has stayed in place for a moment.
 */
async function settleFrame(page: Page): Promise<void> {
  const frame = page.locator('iframe[data-portico-secure-frame]')
  await frame.waitFor({ state: 'visible' })
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  let last = ''
  for (let i = 0; i < 40; i++) {
    const box = JSON.stringify(await frame.boundingBox())
    if (box === last) return
    last = box
    await page.waitForTimeout(250)
  }
  throw new Error('the secure frame did not stop moving')
}

/**
 * Input reaches the shown iframe only once Chromium has composited it: a click right after
 * the prompt appears can be dropped. The prompt's main button is enabled once the frame has
 * seen itself fully visible for 500 ms (approvalGesture.ts), so that is the sign to act;
 * a prompt without one (the notice) waits as long.
 */
export async function promptShown(page: Page, prompt: Locator): Promise<void> {
  const main = prompt.locator('button[data-action="approve"]')
  if ((await main.count()) === 0) return page.waitForTimeout(APPROVE_DELAY_MS + 500)
  for (let i = 0; i < 100 && !(await main.isEnabled()); i++) await page.waitForTimeout(100)
}

/** The visitor presses `button` in the recovery prompt `name`, once the modal has closed; resolves when the prompt is gone. */
async function answerRecoveryPrompt(page: Page, name: Parameters<typeof recoveryPrompt>[1], button: string): Promise<void> {
  const prompt = await readyRecoveryPrompt(page, name)
  await prompt.getByRole('button', { name: button }).click()
  await prompt.waitFor({ state: 'detached' })
}

/** Waits until the recovery prompt `name` is shown, in place and ready for the visitor's click; answers it. */
export async function readyRecoveryPrompt(page: Page, name: Parameters<typeof recoveryPrompt>[1]): Promise<Locator> {
  const prompt = recoveryPrompt(page, name)
  await prompt.waitFor()
  await settleFrame(page)
  await promptShown(page, prompt)
  return prompt
}

/** The visitor postpones setting a recovery password ("Later"): the prompt every new wallet meets after its login. */
export const postponeRecovery = (page: Page) => answerRecoveryPrompt(page, 'Set a recovery password', 'Later')

/** A device without a share of a wallet that has no recovery: the frame says the wallet cannot be used here, and the visitor closes that. */
export const closeUnusableWallet = (page: Page) => answerRecoveryPrompt(page, 'This wallet cannot be used on this device', 'Close')

/**
 * Logs the visitor in through the modal by email one-time code, as a person would:
 * Connect Wallet, the email, Continue, the code from the development mailbox; resolves
 * once the demo shows "connected". A new user's wallet is made at this login, and the
 * secure frame then offers to set a recovery password: by default the visitor presses
 * "Later" (`recovery: 'later'`); with `recovery: 'keep'` the prompt is left to the test.
 */
export async function loginByEmail(page: Page, serverUrl: string, email: string, { recovery = 'later' }: { recovery?: 'later' | 'keep' } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email').fill(email)
  // A returning visitor's mailbox holds the previous code: wait for the one this login sends.
  const before = (await latestMail(serverUrl, email))?.id
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await dialog.getByLabel('One-time code').fill(await latestCode(serverUrl, email, before))
  await page
    .getByTestId('demo-status')
    .filter({ hasText: /^connected$/ })
    .waitFor()
  if (recovery === 'later') await postponeRecovery(page)
}

/** Logs in by email on a device the user has not used: the code that approves the device, then the login code; resolves once connected. */
export async function loginOnNewDevice(page: Page, serverUrl: string, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email').fill(email)
  const before = (await latestMail(serverUrl, email))?.id
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  const deviceMail = await waitForMail(serverUrl, email, before)
  await dialog.getByLabel('One-time code').fill(deviceMail.code)
  const loginMail = await waitForMail(serverUrl, email, deviceMail.id)
  await dialog.getByLabel('One-time code').fill(loginMail.code)
  await page
    .getByTestId('demo-status')
    .filter({ hasText: /^connected$/ })
    .waitFor()
}

/** Disconnects the embedded wallet from the Account view and closes the modal that stays on Connect. */
export async function disconnectEmbedded(page: Page): Promise<void> {
  await page.getByTestId('portico-connect-button').click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
  await page
    .getByTestId('demo-status')
    .filter({ hasText: /^disconnected$/ })
    .waitFor()
  if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape')
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

/** The demo's message that "Sign a message" signs. */
export const DEMO_MESSAGE = 'Hello from the Portico demo'

/** Signs the demo's message after approving it in the frame; viem checks it on `rpcUrl` for the account in effect, as the chain would. Answers that account. */
export async function signDemoMessageAndVerify(page: Page, rpcUrl: string): Promise<Address> {
  await page.getByTestId('demo-signature').evaluate((node) => (node.textContent = ''))
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
  const signature = (await page.getByTestId('demo-signature').filter({ hasText: /^0x/ }).textContent()) as Hex
  const address = (await page.getByTestId('demo-address').textContent())!.split(':')[2] as Address
  const chain = createPublicClient({ transport: http(rpcUrl) })
  if (!(await chain.verifyMessage({ address, message: DEMO_MESSAGE, signature }))) throw new Error(`the signature does not verify for ${address}`)
  return address
}

/** Records every message the dapp's window receives, as JSON: what crosses postMessage from the frame. Read it with `framePosts`. */
export async function recordMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(globalThis as unknown as { framePosts: string[] }).framePosts = seen
    window.addEventListener('message', (event) => seen.push(JSON.stringify(event.data)))
  })
}
export const framePosts = (page: Page) => page.evaluate(() => (globalThis as unknown as { framePosts: string[] }).framePosts)

/** The signed-in embedded user's externally-owned account (the key's address; the demo may show the smart account it owns). */
export const eoaOf = async (page: Page) =>
  ((await page.evaluate(readState, 'account.byNamespace.eip155.user.accounts')) as Array<{ address: string; type: string }>).find((account) => account.type === 'eoa')!.address

/**
 * Screenshots: light and dark at the page's size, then dark at a phone's 390×844; back to
 * light. With `frame` (the default) a secure-frame prompt is on screen: each shot waits
 * for the frame's theme, and at the end for the frame to settle again.
 */
export async function themedScreenshots(page: Page, name: string, { frame = true }: { frame?: boolean } = {}): Promise<void> {
  const size = page.viewportSize()!
  const themed = (mode: 'light' | 'dark') => (frame ? secureFrame(page).locator(`html[data-theme="${mode}"]`).waitFor() : Promise.resolve())
  await setThemeMode(page, 'light')
  await themed('light')
  await screenshot(page, `${name}-light`)
  await setThemeMode(page, 'dark')
  await themed('dark')
  await screenshot(page, `${name}-dark`)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-phone-dark`)
  await page.setViewportSize(size)
  await setThemeMode(page, 'light')
  // The frame moved with the viewport: its main button counts as visible again only after the approval delay (approvalGesture.ts).
  await page.waitForTimeout(APPROVE_DELAY_MS + 1_000)
}

/**
 * A platform authenticator on the DevTools protocol for `page` (resident keys, user
 * verification, always touched); with `prf`, it answers the WebAuthn PRF extension too.
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page, { prf = false }: { prf?: boolean } = {}): Promise<void> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      ...(prf ? { hasPrf: true } : {}),
      automaticPresenceSimulation: true,
    },
  })
}
