import { ACCOUNT_TYPE_METHOD, APPROVE_DELAY_MS, HIDDEN_NOTICE, KEYBOARD_NOTICE, createDomApprover, type ApprovalRequest } from './approval'
import type { ApprovalDetails } from './describeRequest'
import { dispatchTrusted, visitorClicks } from './test/trustedInput'

/** What Chromium does for a visitor's Tab to `target`: a trusted keydown, then the focus move in the same task. */
function visitorTabsTo(target: HTMLElement) {
  dispatchTrusted(document.activeElement ?? document.body, new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))
  target.focus()
  jest.advanceTimersByTime(0) // the task ends
}

/** The click Enter or Space on a focused button makes: trusted, detail 0. */
const keyboardActivation = (button: HTMLElement) => dispatchTrusted(button, new MouseEvent('click', { bubbles: true, detail: 0 }))

const details = (text: string, extra: Partial<ApprovalDetails> = {}): ApprovalDetails => ({
  sections: [{ fields: [{ label: 'Account', value: '0xA11ce00000000000000000000000000000000001' }] }],
  message: { label: 'Message', text },
  warnings: [],
  ...extra,
})
const request = (text: string, extra?: Partial<ApprovalDetails>): ApprovalRequest => ({ method: 'personal_sign', origin: 'https://shop.example', dappName: 'Shop', details: details(text, extra) })

function open(text = 'hello', extra?: Partial<ApprovalDetails>) {
  const calls: string[] = []
  const approver = createDomApprover(document, { onOpen: () => calls.push('open'), onClose: () => calls.push('close') })
  const answer = approver.confirm(request(text, extra))
  return { answer, calls, approver }
}

const approveButton = () => document.querySelector<HTMLButtonElement>('[data-action=approve]')!
const cancelButton = () => document.querySelector<HTMLButtonElement>('[data-action=reject]')!
const notice = () => document.querySelector('.approval [role=status]')!.textContent

async function shown() {
  await Promise.resolve()
  await Promise.resolve()
}

/** The answer once every queued reaction has run, or 'pending'. */
async function pending(answer: Promise<boolean>): Promise<boolean | 'pending'> {
  let settled: boolean | 'pending' = 'pending'
  void answer.then((value) => (settled = value))
  for (let i = 0; i < 10; i++) await Promise.resolve()
  return settled
}

describe('the approval prompt (in the secure page)', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => {
    jest.useRealTimers()
    document.body.innerHTML = ''
  })

  it('shows the request as text, opens and closes the frame, and resolves with the visitor click', async () => {
    const { answer, calls } = open('<img src=x onerror=alert(1)>', { warnings: ['Unlimited approval: <b>everything</b>'] })
    await shown()
    expect(document.querySelector('img, b')).toBeNull()
    expect(document.querySelector('.approval-message')!.textContent).toBe('<img src=x onerror=alert(1)>')
    expect(document.querySelector('.approval-origin')!.textContent).toBe('From Shop (https://shop.example)')
    const dialog = document.querySelector('[role=dialog]')!
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Signature request')
    expect([...document.querySelectorAll('[role=alert]')].map((alert) => alert.textContent)).toEqual(['Unlimited approval: <b>everything</b>'])
    expect([...document.querySelectorAll('.approval-fields dt')].map((term) => term.textContent)).toEqual(['Account'])
    expect(document.querySelector('.approval-fields dd')!.textContent).toBe('0xA11ce00000000000000000000000000000000001')
    expect(document.querySelector('[role=region]')!.getAttribute('aria-label')).toBe('Request details')

    expect(approveButton().disabled).toBe(true)
    visitorClicks(approveButton())
    expect(await pending(answer)).toBe('pending')
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    expect(approveButton().disabled).toBe(false)
    visitorClicks(approveButton())
    await expect(answer).resolves.toBe(true)
    expect(calls).toEqual(['open', 'close'])
    expect(document.querySelector('.approval')).toBeNull()
  })

  it('with an acknowledgement (blind signing), Approve stays disabled and refuses clicks until the visitor ticks the labelled box', async () => {
    const { answer } = open('0xabab', { acknowledgement: 'I understand that this signature could authorise a transaction' })
    await shown()
    jest.advanceTimersByTime(APPROVE_DELAY_MS * 2)
    const box = document.querySelector<HTMLInputElement>('.approval input[type=checkbox]')!
    expect(box.closest('label')!.textContent).toBe('I understand that this signature could authorise a transaction')
    expect(box.checked).toBe(false)
    expect(approveButton().disabled).toBe(true)
    approveButton().disabled = false // even a click that reaches it does nothing
    visitorClicks(approveButton())
    expect(await pending(answer)).toBe('pending')
    box.click()
    expect(approveButton().disabled).toBe(false)
    box.click()
    expect(approveButton().disabled).toBe(true)
    box.click()
    visitorClicks(approveButton())
    await expect(answer).resolves.toBe(true)
  })

  it('a request that cannot be sent says why and offers only Close, which declines', async () => {
    const { answer, calls } = open('send', { blocked: 'This account has no ETH to pay the network fee' })
    await shown()
    expect([...document.querySelectorAll('[role=alert]')].map((alert) => alert.textContent)).toEqual(['This account has no ETH to pay the network fee'])
    expect(document.querySelector('[data-action=approve]')).toBeNull()
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    expect(cancelButton().textContent).toBe('Close')
    cancelButton().click()
    await expect(answer).resolves.toBe(false)
    expect(calls).toEqual(['open', 'close'])
  })

  it('the account-type prompt is titled Change account', async () => {
    const approver = createDomApprover(document, { onOpen: () => undefined, onClose: () => undefined })
    void approver.confirm({ ...request('x'), method: ACCOUNT_TYPE_METHOD })
    await shown()
    expect(document.getElementById('approval-title')!.textContent).toBe('Change account')
  })

  it('focuses nothing: neither at once nor when Approve is enabled', async () => {
    const input = document.body.appendChild(document.createElement('input'))
    input.focus()
    open()
    await shown()
    expect(document.activeElement).toBe(input)
    jest.advanceTimersByTime(APPROVE_DELAY_MS * 2)
    expect(approveButton().disabled).toBe(false)
    expect(document.activeElement).toBe(input)
  })

  it("refuses a script's click() and dispatched clicks, even with the visitor's focus on Approve: the request stays pending", async () => {
    const { answer } = open()
    await shown()
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    approveButton().click()
    approveButton().dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }))
    approveButton().dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }))
    // Not even when the visitor's own focus or press is on Approve.
    visitorTabsTo(approveButton())
    approveButton().click()
    dispatchTrusted(approveButton(), new MouseEvent('pointerdown', { bubbles: true }))
    approveButton().dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }))
    expect(await pending(answer)).toBe('pending')
    expect(document.querySelector('.approval')).not.toBeNull()
  })

  it('refuses a trusted click whose press began elsewhere', async () => {
    const { answer } = open()
    await shown()
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    dispatchTrusted(document.body, new MouseEvent('pointerdown', { bubbles: true }))
    dispatchTrusted(approveButton(), new MouseEvent('click', { bubbles: true, detail: 1 }))
    expect(await pending(answer)).toBe('pending')
  })

  it('refuses Enter on Approve when a script put the focus there, and says how to approve', async () => {
    const { answer } = open()
    await shown()
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    approveButton().focus()
    keyboardActivation(approveButton())
    expect(await pending(answer)).toBe('pending')
    expect(notice()).toBe(KEYBOARD_NOTICE)
  })

  it('accepts Enter after the visitor tabbed to Approve', async () => {
    const { answer } = open()
    await shown()
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    visitorTabsTo(cancelButton())
    visitorTabsTo(approveButton())
    keyboardActivation(approveButton())
    await expect(answer).resolves.toBe(true)
  })

  it("an assistive technology's click (trusted, no press) counts on focus the visitor put there, not on a script's", async () => {
    const { answer } = open()
    await shown()
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    approveButton().focus()
    dispatchTrusted(approveButton(), new MouseEvent('click', { bubbles: true, detail: 1 }))
    expect(await pending(answer)).toBe('pending')
    visitorTabsTo(cancelButton())
    visitorTabsTo(approveButton())
    dispatchTrusted(approveButton(), new MouseEvent('click', { bubbles: true, detail: 1 }))
    await expect(answer).resolves.toBe(true)
  })

  it('forgets the visitor focus when the frame loses focus (the dapp could focus it again)', async () => {
    const { answer } = open()
    await shown()
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    visitorTabsTo(approveButton())
    // The frame loses focus; when the dapp focuses it again, focus is back on Approve.
    window.dispatchEvent(new FocusEvent('blur'))
    expect(document.activeElement).toBe(approveButton())
    keyboardActivation(approveButton())
    expect(await pending(answer)).toBe('pending')
  })

  it('one prompt at a time; Cancel and Escape decline', async () => {
    const approver = createDomApprover(document, { onOpen: () => undefined, onClose: () => undefined })
    const first = approver.confirm(request('first'))
    const second = approver.confirm(request('second'))
    await shown()
    expect(document.querySelectorAll('.approval')).toHaveLength(1)
    cancelButton().click()
    await expect(first).resolves.toBe(false)
    await shown()
    expect(document.querySelector('.approval-message')!.textContent).toBe('second')
    document.querySelector('.approval')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await expect(second).resolves.toBe(false)
  })
})

describe('the approval prompt where IntersectionObserver v2 reports visibility', () => {
  type Report = { isVisible: boolean; intersectionRatio: number }
  let observers: { init: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number }; report(entry: Report): void; disconnected: boolean }[]

  beforeEach(() => {
    jest.useFakeTimers()
    observers = []
    class FakeEntry {}
    Object.defineProperty(FakeEntry.prototype, 'isVisible', { value: false })
    class FakeObserver {
      disconnected = false
      constructor(
        private readonly callback: (entries: Report[]) => void,
        readonly init: IntersectionObserverInit,
      ) {
        observers.push(this)
      }
      observe() {}
      disconnect() {
        this.disconnected = true
      }
      report(entry: Report) {
        this.callback([entry])
      }
    }
    Object.assign(window, { IntersectionObserver: FakeObserver, IntersectionObserverEntry: FakeEntry })
  })
  afterEach(() => {
    jest.useRealTimers()
    document.body.innerHTML = ''
    delete (window as Partial<typeof window>).IntersectionObserver
    delete (window as Partial<typeof window>).IntersectionObserverEntry
  })

  it('asks for visibility tracking, keeps Approve disabled until a report says visible, then for the delay', async () => {
    const { answer } = open()
    await shown()
    expect(observers[0]!.init).toMatchObject({ trackVisibility: true, delay: 100 })
    jest.advanceTimersByTime(APPROVE_DELAY_MS * 2)
    expect(approveButton().disabled).toBe(true)
    expect(notice()).toBe('')
    observers[0]!.report({ isVisible: true, intersectionRatio: 1 })
    jest.advanceTimersByTime(APPROVE_DELAY_MS - 1)
    expect(approveButton().disabled).toBe(true)
    jest.advanceTimersByTime(1)
    visitorClicks(approveButton())
    await expect(answer).resolves.toBe(true)
    expect(observers[0]!.disconnected).toBe(true)
  })

  it.each([
    ['covered or faded (isVisible false)', { isVisible: false, intersectionRatio: 1 }],
    ['partly outside the viewport', { isVisible: true, intersectionRatio: 0.6 }],
  ])('while %s: Approve refuses the click and Enter, and the prompt says why', async (_, report) => {
    const { answer } = open()
    await shown()
    observers[0]!.report({ isVisible: true, intersectionRatio: 1 })
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    expect(approveButton().disabled).toBe(false)
    observers[0]!.report(report)
    expect(notice()).toBe(HIDDEN_NOTICE)
    expect(approveButton().disabled).toBe(true)
    visitorClicks(approveButton())
    visitorTabsTo(approveButton())
    keyboardActivation(approveButton())
    expect(await pending(answer)).toBe('pending')

    // Visible again: the delay starts over, then the visitor's click approves.
    observers[0]!.report({ isVisible: true, intersectionRatio: 1 })
    expect(notice()).toBe('')
    expect(approveButton().disabled).toBe(true)
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    visitorClicks(approveButton())
    await expect(answer).resolves.toBe(true)
  })
})
