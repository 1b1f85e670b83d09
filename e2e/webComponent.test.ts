import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { devAccounts } from '../dev/chain/devAccounts'
import { buildPlainHtmlExample, servePlainHtmlExample } from '../dev/plainHtmlExample'
import { seriousA11yViolations } from './axe'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'

// examples/plain-html: a page with no React of its own and one module script, showing
// Portico through <portico-*> custom elements (portico/web-component), served under the
// demo's strict CSP. The visitor connects the development wallet; the buttons pass axe in
// both colour schemes and follow the visitor's scheme, which the page never sets.
jest.setTimeout(180_000)

const root = path.resolve(__dirname, '..')
const env = setupStackAndBrowser()
let exampleUrl: string
let closeExample: (() => Promise<void>) | undefined
/** endpoints.js and the dev wallet's scripts, as the stack wrote them for the demo: injected like a wallet extension's. */
let injected: string

beforeAll(async () => {
  const stack = env.stack()
  const dir = await buildPlainHtmlExample(path.join(root, 'test-artifacts/plain-html'))
  const services = [stack.serverUrl, stack.secureUrl, stack.relayUrl, ...Object.values(stack.chains.rpcUrls), stack.solana.url, stack.esplora.url]
  const served = await servePlainHtmlExample(dir, services)
  exampleUrl = served.url
  closeExample = served.close
  injected = (await Promise.all(['endpoints.js', 'dev-wallet-config.js', 'dev-wallet.js'].map((file) => readFile(path.join(stack.demoDir, file), 'utf8')))).join(';\n')
})

afterAll(async () => {
  await closeExample?.()
})

async function openExample(colorScheme: 'light' | 'dark'): Promise<{ page: Page; errors: string[] }> {
  const context = await env.browser().newContext({ viewport: { width: 900, height: 760 }, colorScheme })
  await context.addInitScript({ content: injected })
  const page = await context.newPage()
  const errors = watchPageErrors(page)
  await page.goto(exampleUrl)
  return { page, errors }
}

const visitor = devAccounts[0]!.address
const short = `${visitor.slice(0, 4)}…${visitor.slice(-6)}`
const element = (page: Page, name: string) => page.locator(name).getByRole('button')
const colours = (page: Page, name: string) =>
  page
    .locator(name)
    .locator('button')
    .evaluate((button) => {
      const style = getComputedStyle(button)
      return { background: style.backgroundColor, color: style.color, radius: style.borderTopLeftRadius, font: style.fontFamily }
    })

/** An English balance with 3 decimals and grouped thousands. */
const balance = '\\d{1,3}(?:,\\d{3})*\\.\\d{3}'

async function connect(page: Page) {
  await element(page, 'portico-connect-button').click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /Portico Dev Wallet/ }).click()
  await dialog.waitFor({ state: 'detached' })
  // The account button: the balance read from the local chain (digits grouped, as the
  // modal writes them: '9,999.988'), then the short address.
  const account = page.getByRole('button', { name: new RegExp(`^Account ${balance} ETH ${short}$`) })
  await account.waitFor()
  return account
}

describe('the plain HTML example with portico/web-component', () => {
  it('shows the buttons, opens the modal, connects the dev wallet and shows the account (light)', async () => {
    const { page, errors } = await openExample('light')
    expect(await element(page, 'portico-connect-button').textContent()).toBe('Connect a wallet')
    expect(await element(page, 'portico-account-button').textContent()).toBe('Connect Wallet')
    expect(await page.locator('portico-network-button button').getAttribute('aria-label')).toMatch(/^Network: /)
    // The page has no React of its own: React came inside portico.js.
    expect(await page.evaluate(() => Object.keys(globalThis).some((key) => /^React/.test(key)))).toBe(false)
    // No themeMode given and the system is light: the modal's light accent and font on the dapp's buttons.
    expect(await colours(page, 'portico-connect-button')).toMatchObject({ background: 'rgb(45, 91, 227)', color: 'rgb(255, 255, 255)', radius: '12px' })
    expect(await seriousA11yViolations(page, 'body')).toEqual([])
    await screenshot(page, 'web-component-light-disconnected')

    const account = await connect(page)
    expect(await account.textContent()).toMatch(new RegExp(`^${balance} ETH ${short}$`))
    expect(await element(page, 'portico-connect-button').textContent()).toBe(short)
    expect(await page.title()).toBe(`Connected: ${visitor}`)
    expect(await seriousA11yViolations(page, 'body')).toEqual([])
    await screenshot(page, 'web-component-light-connected')
    // The dapp's themeVariables restyle the buttons through the modal's variables.
    await page.evaluate(() => {
      const element = document.querySelector('portico-account-button') as HTMLElement & { portico: { setThemeVariables(v: Record<string, string>): void } }
      element.portico.setThemeVariables({ '--portico-accent': 'rgb(0, 110, 80)', '--portico-font-family': 'serif', '--portico-border-radius-master': '1px' })
    })
    for (const name of ['portico-connect-button', 'portico-account-button', 'portico-network-button']) {
      expect(await colours(page, name)).toEqual({ background: 'rgb(0, 110, 80)', color: 'rgb(255, 255, 255)', radius: '3px', font: 'serif' })
    }
    expect(await seriousA11yViolations(page, 'body')).toEqual([])
    await screenshot(page, 'web-component-theme-variables')
    await account.click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    // The modal shares them.
    expect(await page.locator('.portico-dialog').evaluate((dialog) => getComputedStyle(dialog).fontFamily)).toBe('serif')
    // One modal, whichever element opened it.
    expect(await page.locator('.portico-dialog').count()).toBe(1)
    await screenshot(page, 'web-component-light-account')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('follows the visitor’s dark scheme, live, and passes axe there too', async () => {
    const { page, errors } = await openExample('dark')
    expect(await colours(page, 'portico-connect-button')).toMatchObject({ background: 'rgb(111, 149, 255)', color: 'rgb(11, 16, 32)' })
    await connect(page)
    expect(await seriousA11yViolations(page, 'body')).toEqual([])
    await screenshot(page, 'web-component-dark-connected')
    await element(page, 'portico-network-button').click()
    const networks = page.getByRole('dialog', { name: 'Choose Network' })
    await networks.waitFor()
    // No data-theme: the modal's colours come from the scheme.
    expect(await page.locator('.portico-root').getAttribute('data-theme')).toBeNull()
    const dialogBackground = () => page.locator('.portico-dialog').evaluate((dialog) => getComputedStyle(dialog).backgroundColor)
    expect(await dialogBackground()).toBe('rgb(23, 24, 28)')
    expect(await seriousA11yViolations(page, '.portico-root')).toEqual([])
    await screenshot(page, 'web-component-dark-networks')
    // The visitor switches the system to light: modal and buttons follow at once.
    await page.emulateMedia({ colorScheme: 'light' })
    expect(await dialogBackground()).toBe('rgb(255, 255, 255)')
    expect(await colours(page, 'portico-account-button')).toMatchObject({ background: 'rgb(45, 91, 227)', color: 'rgb(255, 255, 255)' })
    await screenshot(page, 'web-component-switched-light')
    expect(errors).toEqual([])
    await page.context().close()
  })
})
