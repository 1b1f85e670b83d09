import type { Page } from 'playwright-core'
import { createPublicClient, http, maxUint160, type Address, type Hex } from 'viem'
import { HIDDEN_NOTICE } from '../secure/approvalGesture'
import { PERMIT2_ADDRESS } from '../secure/describeRequest'
import { seriousA11yViolations } from './axe'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { approveEnabled, frameHandledInput, loginByEmail, secureFrame, setThemeMode } from './pageState'

// Issue 15: an approval in the secure frame takes the visitor's deliberate, visible act.
// A dapp on the allow list is the attacker here: it hides the frame, keeps the visitor
// typing in its own text box, or scripts a click, and none of that may sign. One test per
// rule, each asserting the request stays pending and no signature comes back, then one
// visible, real click that does sign.
jest.setTimeout(180_000)

const env = setupStackAndBrowser()
const MESSAGE = 'Hello from the approval tests'
const FRAME = 'iframe[data-portico-secure-frame]'

type Outcome = { state: 'pending' } | { state: 'signed'; signature: string } | { state: 'refused'; message: string }

/** Asks for a personal_sign through the demo's Portico instance, as the dapp's code would; the outcome lands in `globalThis.signOutcome`. */
async function requestSignature(page: Page): Promise<void> {
  await page.evaluate((message) => {
    const scope = globalThis as unknown as { signOutcome: Outcome; portico: { signMessage(request: { message: string }): Promise<string> } }
    scope.signOutcome = { state: 'pending' }
    scope.portico.signMessage({ message }).then(
      (signature) => (scope.signOutcome = { state: 'signed', signature }),
      (error: Error) => (scope.signOutcome = { state: 'refused', message: error.message }),
    )
  }, MESSAGE)
  await secureFrame(page).getByRole('button', { name: 'Approve' }).waitFor()
}

const outcome = (page: Page) => page.evaluate(() => (globalThis as unknown as { signOutcome: Outcome }).signOutcome)

/**
 * The request is still waiting: once the frame has handled the visitor's input, the prompt
 * is still open in it (an approval removes it at once) and nothing came back to the dapp.
 */
async function expectPending(page: Page) {
  await frameHandledInput(page)
  expect(await secureFrame(page).getByRole('dialog', { name: 'Signature request' }).count()).toBe(1)
  expect(await outcome(page)).toEqual({ state: 'pending' })
}

/** Ends a pending request the visitor's way (a real click on Cancel), so the next test starts clean. */
async function cancel(page: Page) {
  await secureFrame(page).getByRole('button', { name: 'Cancel' }).click()
  await page.waitForFunction(() => (globalThis as unknown as { signOutcome: Outcome }).signOutcome.state !== 'pending')
  expect(await outcome(page)).toMatchObject({ state: 'refused' })
}

/** The centre of Approve in page coordinates (the frame is positioned by the dapp's page). */
async function approveCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = (await secureFrame(page).getByRole('button', { name: 'Approve' }).boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

describe('approving in the secure frame takes the visitor’s deliberate, visible action', () => {
  let page: Page
  let errors: string[]

  beforeAll(async () => {
    page = await env.browser().newPage({ viewport: { width: 900, height: 820 } })
    errors = watchPageErrors(page)
    await page.goto(env.stack().demoUrl)
    await loginByEmail(page, env.stack().serverUrl, `approval.${Date.now()}@example.com`)
  })
  afterAll(() => page?.close())

  it('(a) a frame the dapp made invisible (opacity 0, or covered by its own element): a real click on Approve and Enter leave the request pending', async () => {
    await requestSignature(page)
    await approveEnabled(page)
    await page.evaluate((frame) => ((document.querySelector(frame) as HTMLElement).style.opacity = '0'), FRAME)
    // The frame has seen itself hidden: it says so, and Approve is disabled.
    await secureFrame(page).getByText(HIDDEN_NOTICE).waitFor()
    const { x, y } = await approveCentre(page)
    await page.mouse.click(x, y)
    await page.keyboard.press('Enter')
    await expectPending(page)
    await secureFrame(page).getByText(HIDDEN_NOTICE).waitFor()

    // Opaque again (the frame sees itself visible) but covered by an element of the dapp that lets clicks through to the frame.
    await page.evaluate((frame) => ((document.querySelector(frame) as HTMLElement).style.opacity = ''), FRAME)
    await secureFrame(page).getByText(HIDDEN_NOTICE).waitFor({ state: 'hidden' })
    await page.evaluate((frame) => {
      const iframe = document.querySelector(frame) as HTMLElement
      const rect = iframe.getBoundingClientRect()
      const cover = document.createElement('div')
      cover.id = 'dapp-cover'
      cover.textContent = 'Claim your free reward'
      Object.assign(cover.style, {
        position: 'fixed',
        left: `${rect.left}px`,
        top: `${rect.top + rect.height / 2}px`,
        width: `${rect.width}px`,
        height: `${rect.height / 2}px`,
        zIndex: '2147483647',
        pointerEvents: 'none',
        background: '#fab005',
        font: '600 20px system-ui',
        display: 'grid',
        placeItems: 'center',
      })
      document.body.append(cover)
    }, FRAME)
    await secureFrame(page).getByText(HIDDEN_NOTICE).waitFor()
    await screenshot(page, 'embedded-approval-covered-light')
    await page.mouse.click(x, y)
    await page.keyboard.press('Enter')
    await expectPending(page)
    await secureFrame(page).getByText(HIDDEN_NOTICE).waitFor()

    await page.evaluate(() => document.getElementById('dapp-cover')!.remove())
    await secureFrame(page).getByText(HIDDEN_NOTICE).waitFor({ state: 'hidden' })
    await approveEnabled(page)
    await cancel(page)
  })

  it('(b) Enter and Space meant for the dapp’s text box leave the request pending, even when the dapp moves focus into the frame', async () => {
    await page.evaluate(() => {
      const input = document.createElement('input')
      input.id = 'dapp-search'
      input.setAttribute('aria-label', 'Search the shop')
      document.body.prepend(input)
    })
    const search = page.getByLabel('Search the shop')
    await search.click()
    await page.keyboard.type('tea')
    await requestSignature(page)
    await approveEnabled(page)
    // Nothing in the frame took the focus: the visitor's keys still go to the dapp.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('dapp-search')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Space')
    await expectPending(page)
    expect(await search.inputValue()).toBe('tea ')

    // The dapp puts the focus into the frame right before the visitor's next keys.
    await page.evaluate((frame) => {
      const iframe = document.querySelector(frame) as HTMLIFrameElement
      iframe.focus()
      iframe.contentWindow!.focus()
    }, FRAME)
    await page.keyboard.press('Enter')
    await page.keyboard.press('Space')
    await expectPending(page)
    await page.evaluate(() => document.getElementById('dapp-search')!.remove())
    await cancel(page)
  })

  it('(c) a scripted click on Approve (click(), dispatched pointer and mouse events) leaves the request pending', async () => {
    await requestSignature(page)
    await approveEnabled(page)
    const approve = secureFrame(page).getByRole('button', { name: 'Approve' })
    await approve.evaluate((button: HTMLButtonElement) => {
      button.click()
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', detail: 1 }))
      button.dispatchEvent(new PointerEvent('click', { bubbles: true, pointerType: 'mouse', detail: 1 }))
    })
    await approve.dispatchEvent('click')
    await expectPending(page)
    await cancel(page)
  })

  it('a real click on the visible Approve signs; viem verifies the signature', async () => {
    await requestSignature(page)
    await approveEnabled(page)
    await screenshot(page, 'embedded-approval-personal-sign-light')
    // The prompt is a dialog over the dapp: a backdrop covers the whole page around the
    // frame, and a click beside the prompt lands on it, not on the dapp.
    expect(
      await page.evaluate(() => {
        const backdrop = document.querySelector<HTMLElement>('[data-portico-secure-frame-backdrop]')!
        const box = backdrop.getBoundingClientRect()
        return { shown: getComputedStyle(backdrop).display, covers: box.width >= innerWidth && box.height >= innerHeight, corner: document.elementFromPoint(4, 4) === backdrop }
      }),
    ).toEqual({ shown: 'block', covers: true, corner: true })
    const { x, y } = await approveCentre(page)
    await page.mouse.click(x, y)
    await page.waitForFunction(() => (globalThis as unknown as { signOutcome: Outcome }).signOutcome.state !== 'pending')
    const result = await outcome(page)
    expect(result.state).toBe('signed')
    const address = (await page.getByTestId('demo-address').textContent())!.split(':')[2] as Address
    const chain = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    expect(await chain.verifyMessage({ address, message: MESSAGE, signature: (result as { signature: Hex }).signature })).toBe(true)
    expect(errors).toEqual([])
  })

  it('the visitor’s own Tab onto Approve, then Enter, signs (the keyboard way)', async () => {
    await requestSignature(page)
    await approveEnabled(page)
    // However the focus got into the frame (here the dapp put it there), the visitor's Tabs move it onto Approve.
    await page.evaluate((frame) => (document.querySelector(frame) as HTMLIFrameElement).contentWindow!.focus(), FRAME)
    const approve = secureFrame(page).getByRole('button', { name: 'Approve' })
    for (let presses = 0; presses < 5 && !(await approve.evaluate((button) => button === document.activeElement)); presses++) await page.keyboard.press('Tab')
    expect(await approve.evaluate((button) => button === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => (globalThis as unknown as { signOutcome: Outcome }).signOutcome.state !== 'pending')
    expect(await outcome(page)).toMatchObject({ state: 'signed', signature: expect.stringMatching(/^0x[0-9a-f]+$/) })
  })

  it.each(['light', 'dark'] as const)('shows an unlimited Permit2 approval decoded, with its warning (%s)', async (mode) => {
    await setThemeMode(page, mode)
    const address = (await page.getByTestId('demo-address').textContent())!.split(':')[2] as Address
    const token = env.stack().chains.chains[0]!.token.address
    const typedData = {
      domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2_ADDRESS },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        PermitSingle: [
          { name: 'details', type: 'PermitDetails' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
        PermitDetails: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
      },
      primaryType: 'PermitSingle',
      message: {
        details: { token, amount: maxUint160.toString(), expiration: '1900000000', nonce: '0' },
        spender: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD',
        sigDeadline: '1900000000',
      },
    }
    // The dapp's own page asks the frame directly, as any script on it could.
    await page.evaluate(
      ({ frame, params }) => {
        const iframe = document.querySelector(frame) as HTMLIFrameElement
        iframe.contentWindow!.postMessage({ id: crypto.randomUUID(), type: '@portico-app/RPC_REQUEST', payload: { method: 'eth_signTypedData_v4', params } }, new URL(iframe.src).origin)
      },
      { frame: FRAME, params: [address, JSON.stringify(typedData)] },
    )
    const prompt = secureFrame(page).getByRole('dialog', { name: 'Signature request' })
    await prompt.getByRole('alert').filter({ hasText: 'Unlimited approval' }).waitFor()
    expect(await prompt.getByRole('alert').textContent()).toContain(`may spend all of your PTT (token ${token})`)
    expect(await prompt.getByText('Unlimited PTT').count()).toBe(1)
    expect(await prompt.getByText(PERMIT2_ADDRESS).count()).toBe(1)
    await approveEnabled(page)
    await screenshot(page, `embedded-approval-permit2-unlimited-${mode}`)
    const frame = page.frames().find((candidate) => candidate.url().startsWith(env.stack().secureUrl))!
    expect(await seriousA11yViolations(frame, '.approval')).toEqual([])
    await secureFrame(page).getByRole('button', { name: 'Cancel' }).click()
    await prompt.waitFor({ state: 'detached' })
  })
})
