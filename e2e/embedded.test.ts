import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devAccounts, DEV_PRIVATE_KEYS } from '../dev/chain/devAccounts'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { readState, waitForState, secureFrame, latestCode, postponeRecovery } from './pageState'

// The embedded wallet as a visitor meets it: the demo on one origin, the secure frame
// page on another (served by the reference server process), the auth API with its
// development mailbox, and the real local chain. A second site, not on the project's
// allow list, is told "Invalid App Configuration".
jest.setTimeout(180_000)

// Chromium sends *.localhost to the loopback and treats it as a secure context (as a
// real dapp's https origin is); the dev project allows localhost and 127.0.0.1 only.
const OTHER_SITE = 'not-allowed.localhost'
const env = setupStackAndBrowser()
const MESSAGE = 'Hello from the Portico demo'
const receiver = devAccounts[6]!.address

describe('embedded wallet: email one-time code on the local stack', () => {
  let page: Page
  let errors: string[]
  const email = `visitor.${Date.now()}@example.com`
  let address: Address

  beforeAll(async () => {
    page = await env.browser().newPage({ viewport: { width: 900, height: 820 } })
    errors = watchPageErrors(page)
    await page.goto(env.stack().demoUrl)
  })
  afterAll(() => page?.close())

  it('logs in with the code from the development mailbox and shows the account', async () => {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Email').fill(email)
    await screenshot(page, 'embedded-email-light')
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    const otp = dialog.getByLabel('One-time code')
    await otp.waitFor()
    await screenshot(page, 'embedded-otp-light')
    await otp.fill(await latestCode(env.stack().serverUrl, email))
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^connected$/ })
      .waitFor()
    // The new wallet has no recovery yet: the frame offers one; this visitor postpones it (embeddedRecovery.test.ts sets it).
    await postponeRecovery(page)
    const caipAddress = (await page.getByTestId('demo-address').textContent())!
    expect(caipAddress).toMatch(/^eip155:1:0x[0-9a-fA-F]{40}$/)
    address = caipAddress.split(':')[2] as Address
    expect(await page.evaluate(readState, 'connectors.active.eip155')).toBeTruthy()
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.connectedWalletInfo.type')).toBe('AUTH')
    // Nothing secret on the dapp's origin: no session token or key in its storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
    expect(stored).not.toMatch(/token|privateKey|secret/i)
    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    await screenshot(page, 'embedded-account-light')
    await page.keyboard.press('Escape')
  })

  it('signs a message in the secure frame after the visitor approves it there; viem verifies it', async () => {
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
    const signature = await page.getByTestId('demo-signature').filter({ hasText: /^0x/ }).textContent()
    // The account in effect is the smart account (SPEC §9 default on the local chain, docs/smart-accounts.md):
    // the public client's verifyMessage checks it as the chain would (ERC-6492 while counterfactual, ERC-1271 once deployed).
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.user.preferredAccountType')).toBe('smartAccount')
    const chain = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    expect(await chain.verifyMessage({ address, message: MESSAGE, signature: signature as `0x${string}` })).toBe(true)
  })

  it('sends ETH from the embedded wallet; the receiver holds it on the local chain', async () => {
    const rpcUrl = env.stack().chains.chains[0]!.rpcUrl
    const chain = createPublicClient({ transport: http(rpcUrl) })
    // Fund the fresh embedded address from a development account.
    const funder = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[7]), transport: http(rpcUrl) })
    const funding = await funder.sendTransaction({ to: address, value: parseEther('1'), chain: null })
    await chain.waitForTransactionReceipt({ hash: funding })
    const before = await chain.getBalance({ address: receiver })

    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click()
    const form = page.getByRole('dialog', { name: 'Send' })
    await form.getByLabel('Amount').fill('0.25')
    await form.getByLabel('Receiver address').fill(receiver)
    await form.getByRole('button', { name: 'Send' }).click()
    await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
    await waitForState(page, 'send.status', (value) => value === 'sent', 'sent')
    const hash = (await page.evaluate(readState, 'send.hash')) as `0x${string}`
    await chain.waitForTransactionReceipt({ hash })
    expect(await chain.getBalance({ address: receiver })).toBe(before + parseEther('0.25'))
    await page.keyboard.press('Escape')
  })

  it('proves the session with a device key the secure page cannot export; its token and device id alone are refused', async () => {
    const frame = page.frames().find((candidate) => candidate.url().startsWith(env.stack().secureUrl))!
    expect(frame).toBeDefined()
    // The key pair as the secure origin's IndexedDB keeps it (secure/deviceKey.ts).
    const key = await frame.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('portico-device')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const pair = await new Promise<CryptoKeyPair>((resolve, reject) => {
        const request = db.transaction('keys').objectStore('keys').get('dpop/1')
        request.onsuccess = () => resolve(request.result as CryptoKeyPair)
        request.onerror = () => reject(request.error)
      })
      db.close()
      const exported = await crypto.subtle.exportKey('jwk', pair.privateKey).then(
        () => 'exported',
        (error: Error) => error.name,
      )
      const session = JSON.parse(localStorage.getItem('portico.secure.session/portico-dev') ?? '{}') as { token?: string }
      return {
        extractable: pair.privateKey.extractable,
        algorithm: pair.privateKey.algorithm,
        usages: pair.privateKey.usages,
        exported,
        token: session.token,
        deviceId: localStorage.getItem('portico.secure.deviceId'),
      }
    })
    expect(key).toMatchObject({ extractable: false, algorithm: { name: 'ECDSA', namedCurve: 'P-256' }, usages: ['sign'], exported: 'InvalidAccessError' })
    // What a HAR capture or a log of the frame's storage gives: token and device id, from another client.
    const stolen = await fetch(`${env.stack().serverUrl}/auth/v1/me?projectId=portico-dev`, { headers: { authorization: `Bearer ${key.token!}`, 'x-portico-device': key.deviceId! } })
    expect(stolen.status).toBe(401)
    expect(await stolen.json()).toMatchObject({ code: 'DPOP_REQUIRED' })
    expect(stolen.headers.get('www-authenticate')).toBe('DPoP algs="ES256", error="invalid_token"')
  })

  it('disconnects and signs out of the frame', async () => {
    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^disconnected$/ })
      .waitFor()
    await page.reload()
    await page.waitForTimeout(1_500)
    expect(await page.getByTestId('demo-status').textContent()).toBe('disconnected')
    expect(errors).toEqual([])
  })
})

describe('embedded wallet on an origin that is not on the allow list', () => {
  it('raises Invalid App Configuration instead of logging in', async () => {
    const page = await env.browser().newPage()
    const errors = watchPageErrors(page)
    const demo = new URL(env.stack().demoUrl)
    await page.goto(`http://${OTHER_SITE}:${demo.port}/`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').getByLabel('Email').fill('someone@example.com')
    await page.getByRole('dialog').getByRole('button', { name: 'Continue', exact: true }).click()
    await waitForState(page, 'alerts.alerts', (alerts) => Array.isArray(alerts) && alerts.includes('invalidAppConfiguration'), 'invalidAppConfiguration')
    await screenshot(page, 'embedded-invalid-app-configuration-light')
    // The reference server's CORS refuses this origin too; those are the only errors.
    expect(errors.filter((error) => !/CORS|Failed to load resource|Failed to fetch/.test(error))).toEqual([])
    await page.close()
  })
})
