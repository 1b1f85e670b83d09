import path from 'node:path'
import type { Browser, Frame, Page } from 'playwright-core'
import { seriousA11yViolations } from './axe'
import { ARTIFACTS, screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import * as fx from './fixtures'
import { HIDDEN_NOTICE } from '../secure/approvalGesture'
import { approveEnabled, dispatchActions, frameHandledInput, latestCode, openView, postponeRecovery, secureFrame } from './pageState'
import { newPhoneContext } from './phone'

// Issue 27 (layout): Portico on a phone. Playwright's mobile emulation (touch, an iPhone
// Safari user agent, a phone-sized viewport) on the local stack: the modal is a bottom
// sheet, every control is a 44×44 px touch target, nothing takes focus on open, and the
// email login and the secure frame's approval prompt work by touch at 360 px.
jest.setTimeout(240_000)

const env = setupStackAndBrowser()

const PHONE = { width: 390, height: 844 }
const SMALL_PHONE = { width: 360, height: 740 }
const SMALLEST_PHONE = { width: 360, height: 640 }
/** WCAG 2.5.5 and Apple's guideline: the smallest comfortable touch target, in CSS px. */
const MIN_TARGET = 44

type Scheme = 'light' | 'dark'

async function openPhone(browser: Browser, { viewport = PHONE, scheme = 'light' as Scheme, query = '' } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await newPhoneContext(browser, { viewport, colorScheme: scheme })
  const page = await context.newPage()
  const errors = watchPageErrors(page)
  await page.goto(`${env.stack().demoUrl}${query}`)
  await page.getByTestId('portico-connect-button').waitFor()
  return { page, errors }
}

const closePhone = (page: Page) => page.context().close()

const open = openView
const dispatch = dispatchActions

/**
 * The visible interactive elements under `selector` smaller than 44×44 px. A checkbox or
 * radio inside a label is measured by its label, which is where a finger taps it.
 * Runs in the page: it must not reference anything outside itself.
 */
function smallTargets([selector, min]: readonly [string, number]): string[] {
  const small: string[] = []
  for (const root of Array.from(document.querySelectorAll(selector))) {
    for (const element of Array.from(root.querySelectorAll<HTMLElement>('button, a, input, select, [role=button], [role=tab]'))) {
      const style = getComputedStyle(element)
      if (style.display === 'none' || style.visibility === 'hidden' || element.closest('[hidden]')) continue
      const checkable = element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')
      const target = (checkable && element.closest('label')) || element
      const box = target.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) continue
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''
        small.push(`${element.tagName.toLowerCase()}.${element.className} "${name}": ${Math.round(box.width)}×${Math.round(box.height)}`)
      }
    }
  }
  return small
}

const measure = (page: Page | Frame, selector: string) => page.evaluate(smallTargets, [selector, MIN_TARGET] as const)

/** The dialogs on the page, the modal's route and the accounts' status, for a failure's message. */
const describePage = (page: Page) =>
  page.evaluate(() => {
    const dialogs = Array.from(document.querySelectorAll('[role=dialog]')).map((dialog) => dialog.getAttribute('aria-label') ?? dialog.textContent?.slice(0, 40))
    const state = (globalThis as unknown as { portico: { getState(): { modal: unknown; router: unknown; account: { byNamespace: Record<string, { status: string }> } } } }).portico.getState()
    const accounts = Object.fromEntries(Object.entries(state.account.byNamespace).map(([namespace, account]) => [namespace, account.status]))
    return JSON.stringify({ dialogs, modal: state.modal, router: state.router, accounts })
  })

/** Waits for the dialog titled `title` (any, in another language); screenshots it, runs axe and measures its touch targets. */
async function check(page: Page, name: string, title: string | undefined, problems: string[]) {
  await page
    .getByRole('dialog', title === undefined ? {} : { name: title })
    .waitFor()
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nwhat the page showed instead: ${await describePage(page)}`)
    })
  await page.getByTestId('portico-view-loading').waitFor({ state: 'detached' })
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.portico-root img')).every((img) => img.complete))
  await screenshot(page, `mobile-${name}`)
  for (const violation of await seriousA11yViolations(page, '.portico-root')) problems.push(`${name}: ${violation}`)
  for (const target of await measure(page, '.portico-root')) problems.push(`${name}: ${target}`)
}

/** The views a visitor meets before connecting: [screenshot name, view, English title, params]. */
const VIEWS_BEFORE_CONNECTING: [string, string, string, unknown?][] = [
  ['connect', 'Connect', 'Connect Wallet'],
  ['connecting-walletconnect', 'ConnectingWalletConnect', 'WalletConnect', {}],
  ['connecting-social', 'ConnectingSocial', 'Social Login', { provider: 'google' }],
  ['connecting-farcaster', 'ConnectingFarcaster', 'Farcaster'],
  ['email-verify-otp', 'EmailVerifyOtp', 'Confirm Email', { email: 'ada@example.com' }],
  ['email-verify-device', 'EmailVerifyDevice', 'Register Device', { email: 'ada@example.com' }],
  ['connecting-external', 'ConnectingExternal', 'Connecting', { connectorId: 'io.metamask' }],
  ['networks', 'Networks', 'Choose Network'],
  ['unsupported-chain', 'UnsupportedChain', 'Switch Network'],
  ['switch-network', 'SwitchNetwork', 'Switch Network', { caipNetworkId: 'eip155:10' }],
  ['connecting-walletconnect-basic', 'ConnectingWalletConnectBasic', 'WalletConnect'],
  ['update-email', 'UpdateEmail', 'Change Email'],
  ['update-email-primary-otp', 'UpdateEmailPrimaryOtp', 'Confirm Current Email', { email: 'ada@example.com', newEmail: 'ada@new.example' }],
  ['update-email-secondary-otp', 'UpdateEmailSecondaryOtp', 'Confirm New Email', { newEmail: 'ada@new.example' }],
  ['approve-transaction', 'ApproveTransaction', 'Approve Transaction'],
]

describe('the modal on a phone (390×844, touch)', () => {
  it('is a bottom sheet: full width, on the bottom edge, rounded on top, at most 90% high; the header stays while the content scrolls', async () => {
    const { page, errors } = await openPhone(env.browser())
    await page.getByTestId('portico-connect-button').tap()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('portico-wallet-grid').waitFor()
    const box = (await dialog.boundingBox())!
    expect(box.x).toBe(0)
    expect(box.width).toBe(PHONE.width)
    expect(Math.abs(box.y + box.height - PHONE.height)).toBeLessThanOrEqual(1)
    expect(box.height).toBeLessThanOrEqual(PHONE.height * 0.9 + 1)
    const corners = await dialog.evaluate((el) => {
      const style = getComputedStyle(el)
      return {
        topLeft: parseFloat(style.borderTopLeftRadius),
        topRight: parseFloat(style.borderTopRightRadius),
        bottomLeft: parseFloat(style.borderBottomLeftRadius),
        bottomRight: parseFloat(style.borderBottomRightRadius),
      }
    })
    expect(corners.topLeft).toBeGreaterThan(0)
    expect(corners.topRight).toBeGreaterThan(0)
    expect([corners.bottomLeft, corners.bottomRight]).toEqual([0, 0])

    // Many wallets overflow the sheet: the body scrolls, the header does not move.
    const header = dialog.locator('.portico-header')
    const headerTop = (await header.boundingBox())!.y
    const body = dialog.locator('.portico-body')
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await page.waitForFunction(() => document.querySelector('.portico-body')!.scrollTop > 0)
    expect((await header.boundingBox())!.y).toBe(headerTop)
    expect((await dialog.boundingBox())!.y).toBe(box.y)
    await screenshot(page, 'mobile-sheet-scrolled-light')
    expect(errors).toEqual([])
    await closePhone(page)
  })

  it('gives no field focus on open or on a view change (no keyboard pops up); the dialog, then the title, hold focus so Escape and Tab work', async () => {
    const { page, errors } = await openPhone(env.browser())
    await page.getByTestId('portico-connect-button').tap()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Search wallets').waitFor()
    expect(await page.evaluate(() => ({ tag: document.activeElement?.tagName, role: document.activeElement?.getAttribute('role') }))).toEqual({ tag: 'DIV', role: 'dialog' })
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.querySelector('[role=dialog]')!.contains(document.activeElement))).toBe(true)
    // Another view with a field of its own (the code): its title takes focus, not the field.
    await open(page, 'EmailVerifyOtp', { email: 'ada@example.com' })
    await page.getByRole('dialog', { name: 'Confirm Email' }).getByLabel('One-time code').waitFor()
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('portico-title')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
    await closePhone(page)
  })

  it('wallet names get two lines, not an ellipsis after a few letters', async () => {
    const { page } = await openPhone(env.browser())
    await page.getByTestId('portico-connect-button').tap()
    const label = page.locator('.portico-tile-label').first()
    await label.waitFor()
    const style = await label.evaluate((el) => ({ clamp: getComputedStyle(el).webkitLineClamp, wrap: getComputedStyle(el).whiteSpace }))
    expect(style).toEqual({ clamp: '2', wrap: 'normal' })
    await closePhone(page)
  })

  it.each(['light', 'dark'] as const)('every view (%s): 44×44 px touch targets, no serious axe violation, a screenshot', async (scheme) => {
    const { page, errors } = await openPhone(env.browser(), { scheme })
    const problems: string[] = []
    const dialog = page.getByRole('dialog')
    for (const target of await measure(page, '.portico-button')) problems.push(`buttons: ${target}`)

    await page.getByTestId('portico-connect-button').tap()
    await dialog.getByTestId('portico-wallet-grid').waitFor()
    await check(page, `all-wallets-${scheme}`, 'All Wallets', problems)
    await dialog.getByRole('button', { name: /Rainbow/ }).tap()
    await check(page, `wallet-details-${scheme}`, 'Wallet', problems)

    // With Rainbow chosen, ConnectingWalletConnect opens `rainbow://wc?uri=…` when its pairing
    // URI arrives while it is shown: newPhoneContext records that link instead of following it.
    for (const [name, view, title, params] of VIEWS_BEFORE_CONNECTING) {
      await open(page, view, params)
      await check(page, `${name}-${scheme}`, title, problems)
    }
    await page.evaluate(() => (globalThis as unknown as { portico: { close(o: unknown): void } }).portico.close({ force: true }))
    await dialog.waitFor({ state: 'detached' })

    await dispatch(page, fx.connected)
    await page.waitForFunction(() => {
      const state = (globalThis as unknown as { portico: { getState(): { account: { byNamespace: Record<string, { tokenBalanceStatus: string }> } } } }).portico.getState()
      return state.account.byNamespace.eip155?.tokenBalanceStatus !== 'loading'
    })
    await dispatch(page, fx.tokensLoaded, fx.balanceLoaded, fx.history, fx.swapTokens, fx.onrampProviders)
    for (const target of await measure(page, '.portico-button')) problems.push(`buttons (connected): ${target}`)
    await page.getByTestId('portico-connect-button').tap()
    await check(page, `account-tokens-${scheme}`, 'Account', problems)
    await dialog.getByRole('tab', { name: 'NFTs' }).tap()
    await check(page, `account-nfts-${scheme}`, 'Account', problems)
    await dialog.getByRole('tab', { name: 'Activity' }).tap()
    await dialog.getByTestId('portico-activity').waitFor()
    await check(page, `account-activity-${scheme}`, 'Account', problems)
    for (const [name, view, title, params] of [
      ['send', 'Send', 'Send'],
      ['swap', 'Swap', 'Swap'],
      ['buy', 'Buy', 'Buy Crypto'],
      ['register-account-name', 'RegisterAccountName', 'Choose Name'],
      ['register-account-name-success', 'RegisterAccountNameSuccess', 'Name Registered', { name: 'ada.portico.id' }],
      ['connecting-siwe', 'ConnectingSiwe', 'Sign In'],
    ] as const) {
      await open(page, view, params)
      await check(page, `${name}-${scheme}`, title, problems)
    }

    expect(problems).toEqual([])
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([])
    await closePhone(page)
  })

  it('in Arabic, right to left: every view before connecting (Farcaster: in light and dark) has a screenshot, 44 px targets, no serious axe violation and no sideways scroll', async () => {
    const { page, errors } = await openPhone(env.browser(), { query: '?locale=ar' })
    const problems: string[] = []
    // Farcaster is left out here: its view long-polls POST /auth/v1/farcaster/complete, and
    // with the light and dark runs' polls still pending on the server, a third from the
    // same address is over farcasterPendingPerIp (2) and answered 429. It is checked in
    // light and dark above.
    for (const [name, view, , params] of VIEWS_BEFORE_CONNECTING.filter(([, view]) => view !== 'ConnectingFarcaster')) {
      await open(page, view, params)
      // The view the store now names is rendered by the next frame.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      await check(page, `${name}-ar`, undefined, problems)
      if ((await page.locator('.portico-root').getAttribute('dir')) !== 'rtl') problems.push(`${name}: not right to left`)
      if (!(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth))) problems.push(`${name}: wider than the screen`)
    }
    expect(problems).toEqual([])
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([])
    await closePhone(page)
  })
})

describe('a small phone (360×740, touch)', () => {
  it('the demo page fits: nothing wider than the screen, status values get a real column', async () => {
    const { page } = await openPhone(env.browser(), { viewport: SMALL_PHONE })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width)
    const widths = await page.locator('.demo dl dd').evaluateAll((list) => list.map((dd) => dd.getBoundingClientRect().width))
    expect(Math.min(...widths)).toBeGreaterThan(200)
    await screenshot(page, 'mobile-demo-360')
    await closePhone(page)
  })

  it('email login and code entry by touch, then the approval prompt fits (740 and 640 px high) and takes a real tap only when uncovered and shown for 500 ms', async () => {
    const { page, errors } = await openPhone(env.browser(), { viewport: SMALL_PHONE })
    const email = `mobile.${Date.now()}@example.com`
    await open(page, 'Connect')
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.getByLabel('Email').tap()
    await dialog.getByLabel('Email').fill(email)
    await screenshot(page, 'mobile-360-email')
    await dialog.getByRole('button', { name: 'Continue', exact: true }).tap()
    const code = page.getByRole('dialog', { name: 'Confirm Email' }).getByLabel('One-time code')
    await code.waitFor()
    const fits = async (selector: string) =>
      page.evaluate((sel) => {
        const box = document.querySelector(sel)!.getBoundingClientRect()
        return box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight && document.documentElement.scrollWidth <= innerWidth
      }, selector)
    expect(await fits('.portico-dialog')).toBe(true)
    expect(await measure(page, '.portico-root')).toEqual([])
    await screenshot(page, 'mobile-360-code')
    await code.tap()
    await code.fill(await latestCode(env.stack().serverUrl, email))
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^connected$/ })
      .waitFor()
    await postponeRecovery(page)
    // The demo's connected page (balances, contract calls) fits the screen too.
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width)
    await page.screenshot({ path: path.join(ARTIFACTS, 'mobile-demo-360-connected.png'), fullPage: true })

    type Outcome = { state: 'pending' } | { state: 'signed'; signature: string } | { state: 'refused'; message: string }
    const outcome = () => page.evaluate(() => (globalThis as unknown as { signOutcome: Outcome }).signOutcome)
    await page.evaluate(() => {
      const scope = globalThis as unknown as { signOutcome: Outcome; portico: { signMessage(request: { message: string }): Promise<string> } }
      scope.signOutcome = { state: 'pending' }
      scope.portico.signMessage({ message: 'Hello from a phone' }).then(
        (signature) => (scope.signOutcome = { state: 'signed', signature }),
        (error: Error) => (scope.signOutcome = { state: 'refused', message: error.message }),
      )
    })
    const frame = secureFrame(page)
    const approve = frame.getByRole('button', { name: 'Approve' })
    await approve.waitFor()
    expect(await fits('iframe[data-portico-secure-frame]')).toBe(true)
    // No taller than the visible viewport (a phone's toolbars excluded), so Approve is never under them.
    expect(await page.locator('iframe[data-portico-secure-frame]').evaluate((el) => (el as HTMLElement).style.maxHeight)).toBe('100dvh')
    await screenshot(page, 'mobile-360x740-approval')
    // The smallest screen: 360×640. The prompt still fits, Approve in view.
    await page.setViewportSize(SMALLEST_PHONE)
    expect(await fits('iframe[data-portico-secure-frame]')).toBe(true)
    const approveBox = (await approve.boundingBox())!
    expect(approveBox.y + approveBox.height).toBeLessThanOrEqual(SMALLEST_PHONE.height)
    const frameHandle = (await page.locator('iframe[data-portico-secure-frame]').elementHandle())!
    const inner = (await frameHandle.contentFrame())!
    expect(await measure(inner, '.approval')).toEqual([])

    // A cover of the dapp's own that lets taps through: a real tap on Approve is refused.
    await page.evaluate(() => {
      const iframe = document.querySelector('iframe[data-portico-secure-frame]')!
      const rect = iframe.getBoundingClientRect()
      const cover = document.createElement('div')
      cover.id = 'dapp-cover'
      Object.assign(cover.style, {
        position: 'fixed',
        left: `${rect.left}px`,
        top: `${rect.top + rect.height / 2}px`,
        width: `${rect.width}px`,
        height: `${rect.height / 2}px`,
        zIndex: '2147483647',
        pointerEvents: 'none',
        background: '#fab005',
      })
      document.body.append(cover)
    })
    // The frame has seen itself covered: it says so, and Approve is disabled.
    await frame.getByText(HIDDEN_NOTICE).waitFor()
    const centre = { x: approveBox.x + approveBox.width / 2, y: approveBox.y + approveBox.height / 2 }
    await page.touchscreen.tap(centre.x, centre.y)
    // Once the frame has handled the tap, the prompt is still open (an approval removes it at once).
    await frameHandledInput(page)
    expect(await approve.count()).toBe(1)
    expect(await outcome()).toEqual({ state: 'pending' })

    // Uncovered, shown for more than 500 ms: a real tap signs.
    await page.evaluate(() => document.getElementById('dapp-cover')!.remove())
    await approveEnabled(page)
    await screenshot(page, 'mobile-360x640-approval')
    await approve.tap()
    await page.waitForFunction(() => (globalThis as unknown as { signOutcome: Outcome }).signOutcome.state !== 'pending')
    expect((await outcome()).state).toBe('signed')
    expect(errors).toEqual([])
    await closePhone(page)
  })
})

describe('the legal checkbox on a phone (390×844, touch)', () => {
  it('the legal checkbox (the demo with ?legal=1) is a 44 px target, and a tap ticks it', async () => {
    const { page, errors } = await openPhone(env.browser(), { query: '?legal=1' })
    await page.getByTestId('portico-connect-button').tap()
    const legal = page.getByTestId('portico-legal')
    await legal.waitFor()
    // The box's target; the links inside the sentence stay inline (WCAG 2.5.8's inline exception).
    expect(await measure(page, '[data-testid="portico-legal"] .portico-checkbox-target')).toEqual([])
    await legal.getByRole('checkbox').tap()
    expect(await legal.getByRole('checkbox').isChecked()).toBe(true)
    await screenshot(page, 'mobile-legal-checkbox-light')
    expect(errors).toEqual([])
    await closePhone(page)
  })
})
