/**
 * Chromium, two origins: the secure page on one port, dapp pages on others. A page on
 * an origin the project allows logs in by email code and signs (approved by a click
 * inside the iframe); a page on an origin it does not allow gets Invalid App
 * Configuration, and the messages it posts to the secure page get no answer.
 * Everything runs under strict Content-Security-Policies (no eval, no inline script).
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { freePort } from '../dev/freePort'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { contentSecurityPolicy, serveStatic } from '../dev/staticServer'
import { CHROMIUM, launchBrowser, watchPageErrors } from '../e2e/browser'
import { startAuthTestServer, type AuthTestServer } from '../server/test/authServer'
import { tempSqliteFile, type TempSqliteFile } from '../server/test/sqlite'
import { buildSecurePage } from './build'
import { securePageCsp } from './config'
import { postponeRecovery } from '../e2e/pageState'

// `npm test` installs Debian's Chromium when it is missing, so its absence is a failure, not a skip.
if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run the tests through npm test, which installs it`)
jest.setTimeout(120_000)

type Served = { url: string; close(): Promise<void> }

describe('secure page in Chromium, across origins', () => {
  let workdir: string
  let sqlite: TempSqliteFile
  let secure: Served
  let dapp: Served
  let server: AuthTestServer
  let browser: Browser
  let secureOrigin: string

  beforeAll(async () => {
    workdir = await mkdtemp(path.join(tmpdir(), 'portico-secure-e2e-'))
    const secureDir = path.join(workdir, 'secure')
    const dappDir = path.join(workdir, 'dapp')
    // The auth API must know the secure page's origin, and the page the API's URL.
    const securePort = await freePort()
    secureOrigin = `http://127.0.0.1:${securePort}`
    sqlite = tempSqliteFile()
    // The browser dates its proofs of the device key (DPoP) by its own clock: the server's starts at now
    // (it does not move by itself, and the file runs well within the 5-minute window of a proof).
    server = await startAuthTestServer({ database: { sqliteFile: sqlite.file }, secureOrigins: [secureOrigin], startAt: Date.now() })
    const built = await buildSecurePage({ outdir: secureDir, apiUrl: server.baseUrl, minify: true })
    secure = await serveStatic({ dir: secureDir, port: securePort, csp: securePageCsp(built.config) })
    await build({
      entryPoints: { parent: path.join(__dirname, 'test/parentPage.ts') },
      outdir: dappDir,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'warning',
    })
    await writeFile(
      path.join(dappDir, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="parent.js"></script></head><body>dapp</body></html>',
    )
    dapp = await serveStatic({ dir: dappDir, csp: contentSecurityPolicy([secureOrigin]) })
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await Promise.all([secure?.close(), dapp?.close(), server?.close()])
    sqlite?.remove()
    if (workdir) await rm(workdir, { recursive: true, force: true })
  })

  async function openDapp(host: 'localhost' | '127.0.0.1'): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage()
    const errors = watchPageErrors(page)
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`)
    })
    const port = new URL(dapp.url).port
    await page.goto(`http://${host}:${port}/?secure=${encodeURIComponent(secure.url)}&projectId=shop`)
    await page.waitForFunction(() => window.portico !== undefined)
    return { page, errors }
  }

  it('a parent origin not on the allow list gets Invalid App Configuration, and its messages are ignored', async () => {
    // The test project allows http://localhost:* only: 127.0.0.1 is another origin.
    const { page, errors } = await openDapp('127.0.0.1')
    await page.waitForFunction(() => window.portico.events.some((event) => event.type === 'invalidAppConfiguration'))
    const answer = await page.evaluate(() =>
      window.portico.client.getChainId().then(
        () => 'resolved',
        (error: { shortMessage: string }) => error.shortMessage,
      ),
    )
    expect(answer).toBe('Invalid App Configuration')
    // Talk to the secure page directly, with well-formed messages: no answer comes back.
    await page.evaluate((origin) => {
      const frame = document.querySelector('iframe')!.contentWindow!
      for (const type of ['GET_CHAIN_ID', 'IS_CONNECTED', 'SIGN_OUT']) frame.postMessage({ id: crypto.randomUUID(), type: `@portico-app/${type}`, payload: {} }, origin)
    }, secureOrigin)
    await page.waitForTimeout(1_000)
    const received = await page.evaluate(() => window.portico.received)
    expect(received).toEqual([{ id: expect.any(String), type: '@portico-frame/READY', payload: { version: '1', allowed: false, reason: 'origin_not_allowed' } }])
    expect(errors).toEqual([])
    await page.close()
  })

  it('an allowed parent logs in by email code and signs a message approved inside the iframe', async () => {
    const { page, errors } = await openDapp('localhost')
    await page.waitForFunction(() => window.portico.client.status() === 'ready')
    const email = `e2e.${Date.now()}@example.com`
    expect(await page.evaluate((address) => window.portico.client.connectEmail(address), email)).toEqual({ action: 'VERIFY_OTP' })
    const { user } = await page.evaluate((code) => window.portico.client.connectOtp(code), server.latestCode(email))
    expect(user).toMatchObject({ email, chainId: 1 })
    // The new wallet has no recovery yet: the frame offers one (shown like an approval), and the visitor postpones it.
    await postponeRecovery(page)

    const signing = page.evaluate((address) => window.portico.client.rpcRequest('personal_sign', ['0x68656c6c6f', address as Hex]), user.address)
    const approve = page.frameLocator('iframe[data-portico-secure-frame]').getByRole('button', { name: 'Approve' })
    await approve.waitFor()
    expect(await page.locator('iframe[data-portico-secure-frame]').isVisible()).toBe(true)
    await approve.click()
    const signature = await signing
    expect(await verifyMessage({ address: user.address as Hex, message: 'hello', signature })).toBe(true)
    await page.waitForFunction(() => getComputedStyle(document.querySelector('iframe')!).display === 'none')

    // Declining is 4001.
    const declined = page.evaluate(
      (address) =>
        window.portico.client.rpcRequest('personal_sign', ['0x6e6f', address as Hex]).then(
          () => 'signed',
          (error: { remoteCode: unknown }) => error.remoteCode,
        ),
      user.address,
    )
    await page.frameLocator('iframe[data-portico-secure-frame]').getByRole('button', { name: 'Cancel' }).click()
    expect(await declined).toBe(4001)

    // Nothing secret on the dapp's origin: its storage holds no session token.
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(storage).not.toMatch(/pts_/)
    expect(await page.evaluate(() => window.portico.client.signOut())).toBeUndefined()
    expect(errors).toEqual([])
    await page.close()
  })
})
