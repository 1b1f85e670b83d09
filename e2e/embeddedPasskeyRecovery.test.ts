import type { BrowserContext, Frame, Page } from 'playwright-core'
import type { Address } from 'viem'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { addVirtualAuthenticator, eoaOf, loginByEmail, loginOnNewDevice, themedScreenshots, readyRecoveryPrompt, signDemoMessageAndVerify } from './pageState'

// A recovery sealed with a passkey (issue 32, docs/security.md "Recovery with a passkey"):
// device A (email login, a platform authenticator with PRF from the DevTools protocol)
// chooses "Use a passkey instead"; a new passkey is made, registered as the user's login
// passkey, and its PRF output seals the recovery. Device B (another browser context)
// recovers with the same passkey and signs as the same account; so does device C, whose
// browser refuses WebAuthn in the cross-origin frame the way Safari does, through the
// popup on the secure origin. A keeps signing.
//
// The passkey is synced to B and C as a platform passkey would be. Chromium's virtual
// authenticator cannot export a credential's PRF secret (WebAuthn.getCredentials gives the
// private key only, and a credential added with addCredential answers no PRF), so B's and
// C's pages reach A's authenticator instead: their `navigator.credentials.get` is relayed
// to a ceremony in A's secure frame, which answers the real assertion's id and PRF output.
jest.setTimeout(300_000)

const env = setupStackAndBrowser({ stack: { secureHost: 'localhost' } })
const FRAME = 'iframe[data-portico-secure-frame]'

const signAndVerify = (page: Page) => signDemoMessageAndVerify(page, env.stack().chains.chains[0]!.rpcUrl)

type RelayedGet = { ids: number[][]; first: number[] }
type RelayedAnswer = { id: string; rawId: number[]; prf: number[] | null }

/** Replaces `navigator.credentials.get` on the secure origin with the relay to A's authenticator (runs in the page). */
const installRelay = ({ origin, refuse }: { origin: string; refuse: boolean }) => {
  if (location.origin !== origin) return
  // The binding is looked up at each call: it may be installed after this script runs.
  const relay = (request: RelayedGet) => (globalThis as unknown as { syncedPasskeyGet: (request: RelayedGet) => Promise<RelayedAnswer> }).syncedPasskeyGet(request)
  const bytes = (source: BufferSource) => Array.from(source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength))
  navigator.credentials.get = async (options?: CredentialRequestOptions) => {
    if (refuse && window.top !== window) throw new DOMException('The operation is not allowed at this time because the page does not have focus.', 'NotAllowedError')
    const publicKey = options!.publicKey!
    const first = (publicKey.extensions as { prf: { eval: { first: BufferSource } } }).prf.eval.first
    const answer = await relay({ ids: (publicKey.allowCredentials ?? []).map((credential) => bytes(credential.id)), first: bytes(first) })
    const prf = answer.prf
    return {
      id: answer.id,
      rawId: Uint8Array.from(answer.rawId).buffer,
      type: 'public-key',
      getClientExtensionResults: () => (prf === null ? {} : { prf: { results: { first: Uint8Array.from(prf).buffer } } }),
    } as unknown as Credential
  }
}

/**
 * Relays the secure origin's `navigator.credentials.get` in `context` to A's authenticator
 * (see the top of the file). With `refuseInFrame`, the call in the cross-origin frame fails
 * at once with NotAllowedError, as Safari's does without a user activation there.
 */
async function syncPasskeyFrom(context: BrowserContext, authenticatorFrame: () => Frame, secureOrigin: string, { refuseInFrame = false } = {}): Promise<string[]> {
  const relayed: string[] = []
  await context.exposeBinding('syncedPasskeyGet', async ({ frame }, request: RelayedGet): Promise<RelayedAnswer> => {
    relayed.push(frame.parentFrame() === null ? 'top' : 'frame')
    return authenticatorFrame().evaluate(async ({ ids, first }) => {
      const credential = (await navigator.credentials.get({
        publicKey: {
          challenge: crypto.getRandomValues(new Uint8Array(32)),
          allowCredentials: ids.map((id) => ({ type: 'public-key' as const, id: Uint8Array.from(id) })),
          userVerification: 'required',
          extensions: { prf: { eval: { first: Uint8Array.from(first) } } },
        },
      })) as PublicKeyCredential
      const output = credential.getClientExtensionResults().prf?.results?.first as ArrayBuffer | undefined
      return { id: credential.id, rawId: Array.from(new Uint8Array(credential.rawId)), prf: output === undefined ? null : Array.from(new Uint8Array(output)) }
    }, request)
  })
  await context.addInitScript(installRelay, { origin: secureOrigin, refuse: refuseInFrame })
  return relayed
}

describe('embedded wallet: a recovery sealed with a passkey (WebAuthn PRF)', () => {
  const email = `passkey.recovery.${Date.now()}@example.com`
  const contexts: BrowserContext[] = []
  let pageA: Page
  let errorsA: string[]
  let addressA: Address
  let secureOrigin: string
  /** A's secure frame, where its authenticator answers. */
  const frameOfA = () => pageA.frames().find((frame) => frame.url().startsWith(`${secureOrigin}/`))!

  beforeAll(async () => {
    secureOrigin = new URL(env.stack().secureUrl).origin
    const context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    contexts.push(context)
    pageA = await context.newPage()
    errorsA = watchPageErrors(pageA)
    await addVirtualAuthenticator(context, pageA, { prf: true })
    await pageA.goto(env.stack().demoUrl)
  })
  afterAll(async () => {
    for (const context of contexts) await context.close()
  })

  async function newDevice(options: { refuseInFrame?: boolean } = {}) {
    const context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    contexts.push(context)
    const relayed = await syncPasskeyFrom(context, frameOfA, secureOrigin, options)
    const page = await context.newPage()
    const errors = watchPageErrors(page)
    await page.goto(env.stack().demoUrl)
    await loginOnNewDevice(page, env.stack().serverUrl, email)
    return { context, page, errors, relayed }
  }

  it('device A: the set-up prompt offers a passkey; choosing it makes a passkey, registers it and seals the recovery; A signs', async () => {
    await loginByEmail(pageA, env.stack().serverUrl, email, { recovery: 'keep' })
    const prompt = await readyRecoveryPrompt(pageA, 'Set a recovery password')
    await prompt.getByText('Or protect the recovery with a passkey instead', { exact: false }).waitFor()
    await themedScreenshots(pageA, 'recovery-passkey-setup')
    await readyRecoveryPrompt(pageA, 'Set a recovery password')
    await prompt.getByRole('button', { name: 'Use a passkey instead' }).click()
    await prompt.waitFor({ state: 'detached', timeout: 60_000 })
    await pageA.locator(FRAME).waitFor({ state: 'hidden' })
    addressA = await signAndVerify(pageA)
  })

  it('device B recovers with the synced passkey in the frame, and signs as the same account', async () => {
    const { page, errors, relayed } = await newDevice()
    const prompt = await readyRecoveryPrompt(page, 'Recover your wallet')
    await prompt.getByText('Its recovery is protected by a passkey', { exact: false }).waitFor()
    expect(await prompt.locator('input').count()).toBe(0)
    await themedScreenshots(page, 'recovery-passkey-new-device')
    await readyRecoveryPrompt(page, 'Recover your wallet')
    await prompt.getByRole('button', { name: 'Use my passkey' }).click()
    await prompt.waitFor({ state: 'detached', timeout: 60_000 })
    expect(relayed).toEqual(['frame'])
    expect(await eoaOf(page)).toBe(await eoaOf(pageA))
    expect(await signAndVerify(page)).toBe(addressA)
    expect(errors.filter((line) => !line.includes('404 (Not Found)'))).toEqual([])
  })

  it('device C, whose browser refuses passkeys in the frame, recovers through the popup on the secure origin; A still signs', async () => {
    const { context, page, errors, relayed } = await newDevice({ refuseInFrame: true })
    const prompt = await readyRecoveryPrompt(page, 'Recover your wallet')
    const popupOpened = context.waitForEvent('page')
    await prompt.getByRole('button', { name: 'Use my passkey' }).click()
    const popup = await popupOpened
    expect(new URL(popup.url()).origin).toBe(secureOrigin)
    const start = popup.getByRole('button', { name: 'Continue with my passkey' })
    await start.waitFor()
    // The init script did not run in the popup a frame opened (Chromium 156 with Playwright here): the relay is installed now, before the click.
    await popup.evaluate(installRelay, { origin: secureOrigin, refuse: true })
    await screenshot(popup, 'recovery-passkey-popup-light')
    const closed = popup.waitForEvent('close')
    await start.click()
    await closed
    await prompt.waitFor({ state: 'detached', timeout: 60_000 })
    expect(relayed).toEqual(['top'])
    expect(await signAndVerify(page)).toBe(addressA)
    expect(await signAndVerify(pageA)).toBe(addressA)
    expect(errors.filter((line) => !line.includes('404 (Not Found)'))).toEqual([])
    expect(errorsA).toEqual([])
  })
})
