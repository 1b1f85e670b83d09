import type { BrowserContext, Page, Request } from 'playwright-core'
import { contextPerTest, setupStackAndBrowser, watchPageErrors } from './browser'
import { latestCode, readState, waitForState, waitForValue } from './pageState'

// Issue 33, "Recovery by itself, within seconds" and "Analytics batches for real", as a
// visitor meets them on the local stack: the network drops and comes back, the server is
// unreachable when the page loads and then answers again, and a visitor opens and closes
// the modal 200 times. Nothing here clicks Try again or reloads to recover.
jest.setTimeout(240_000)

const env = setupStackAndBrowser()
const contexts = contextPerTest(env)

async function connectDevWallet(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await page
    .getByTestId('demo-status')
    .filter({ hasText: /^connected$/ })
    .waitFor()
}

/**
 * Makes the reference server unreachable from this browser, as when its process is down:
 * every request to its API and to the secure frame page it serves is refused. Returns
 * the function that brings it back.
 */
async function serverDown(context: BrowserContext): Promise<() => Promise<void>> {
  const origins = new Set([new URL(env.stack().serverUrl).origin, new URL(env.stack().secureUrl).origin])
  const refuse = (url: URL) => origins.has(url.origin)
  const handler = (route: { abort(code: string): Promise<void> }) => route.abort('connectionrefused')
  await context.route(refuse, handler)
  return () => context.unroute(refuse, handler)
}

const loginCacheUsed = (page: Page) => page.evaluate(() => localStorage.getItem('portico.embedded.emailLoginUsed'))

describe('recovery by itself', () => {
  it('after 20 s offline, the balances come back once the browser is online, with no click', async () => {
    const { page, errors } = await contexts.openDemo()
    // Online first, so the chunks the Account view needs are in the page.
    await connectDevWallet(page)
    await waitForValue(page, 'account.byNamespace.eip155.tokenBalanceStatus', 'loaded')
    await page.context().setOffline(true)
    // Another network, whose balances no cache holds: the fetch fails for want of the network.
    await page.evaluate(() => (globalThis as unknown as { portico: { switchNetwork(id: string): Promise<void> } }).portico.switchNetwork('eip155:10'))
    await waitForValue(page, 'account.byNamespace.eip155.tokenBalanceStatus', 'error')
    await page.getByTestId('portico-connect-button').click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByText('Token Balance Unavailable').first().waitFor()
    await page.waitForTimeout(20_000)
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.tokenBalanceStatus')).toBe('error')

    const back = Date.now()
    await page.context().setOffline(false)
    await waitForValue(page, 'account.byNamespace.eip155.tokenBalanceStatus', 'loaded', 10_000)
    expect(Date.now() - back).toBeLessThan(10_000)
    await account.getByTestId('portico-token-list').getByRole('listitem').filter({ hasText: 'ETH' }).first().waitFor()
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([])
  })

  it('the server unreachable at page load, then back: email login works without a reload, and the session survives a reload made while the server is down', async () => {
    const context = await contexts.newContext()
    const page = await context.newPage()
    const errors = watchPageErrors(page)
    const serverBack = await serverDown(context)
    await page.goto(env.stack().demoUrl)
    // The modal creates the frame; its page cannot load, and stays silent past the 20 s load timeout.
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await waitForValue(page, 'embedded.frameStatus', 'loading')
    await page.waitForTimeout(21_000)

    await serverBack()
    const email = `recovering.${Date.now()}@example.com`
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    // Well within the 20 s the old, dead frame would have taken to fail again.
    await dialog.getByLabel('One-time code').waitFor({ timeout: 15_000 })
    await dialog.getByLabel('One-time code').fill(await latestCode(env.stack().serverUrl, email))
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^connected$/ })
      .waitFor()
    const address = await page.getByTestId('demo-address').textContent()
    expect(await loginCacheUsed(page)).toBe('true')

    // A reload while the server is down: the connection check gets no answer, which says
    // nothing about the session, so the login cache stays.
    const serverBackAgain = await serverDown(context)
    await page.reload()
    await waitForState(page, 'account.byNamespace.eip155.status', (status) => status !== undefined && status !== 'connecting', 'settled', 45_000)
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.status')).not.toBe('connected')
    expect(await loginCacheUsed(page)).toBe('true')

    // The server back, the next reload restores the session without a login.
    await serverBackAgain()
    await page.reload()
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^connected$/ })
      .waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('demo-address').textContent()).toBe(address)
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([])
  })
})

describe('analytics batches for real', () => {
  it('200 modal open/close cycles send at most one analytics request every 2 s, never two at once, with every event', async () => {
    const { page } = await contexts.openDemo()
    const sent: { at: number; events: number; request: Request }[] = []
    let open = 0
    let mostOpen = 0
    page.on('request', (request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/e') return
      const body: unknown = request.postDataJSON()
      sent.push({ at: Date.now(), events: Array.isArray(body) ? body.length : 1, request })
      mostOpen = Math.max(mostOpen, ++open)
    })
    const settled = () => open--
    page.on('requestfinished', (request) => sent.some((s) => s.request === request) && settled())
    page.on('requestfailed', (request) => sent.some((s) => s.request === request) && settled())
    await waitForState(page, 'modal.open', (value) => value === false, 'closed')

    // Once the processes run, a close request is decided at once; before, it waits for the
    // saga chunk, and an open right after it finds the modal still open (one event less).
    await page.evaluate(() => (globalThis as unknown as { portico: { ready(): Promise<void> } }).portico.ready())
    const started = Date.now()
    await page.evaluate(async () => {
      const portico = (globalThis as unknown as { portico: { open(): void; close(): void } }).portico
      for (let i = 0; i < 200; i++) {
        portico.open()
        await new Promise((resolve) => setTimeout(resolve, 40))
        portico.close()
        await new Promise((resolve) => setTimeout(resolve, 40))
      }
    })
    const cyclesMs = Date.now() - started
    // What is still queued leaves within the next 2 s slot.
    await page.waitForTimeout(4_500)

    const total = sent.reduce((sum, s) => sum + s.events, 0)
    expect(total).toBeGreaterThanOrEqual(400)
    expect(sent.length).toBeLessThanOrEqual(Math.ceil((cyclesMs + 4_500) / 2_000) + 1)
    // Request timestamps are taken in this process; allow for the event's delivery jitter.
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThan(1_900)
    expect(mostOpen).toBe(1)
  })
})
