import { APPROVE_DELAY_MS, createDomApprover, type ApprovalRequest } from './approval'

const request = (summary: string[]): ApprovalRequest => ({ method: 'personal_sign', origin: 'https://shop.example', dappName: 'Shop', summary })

describe('the approval prompt (in the secure page)', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => {
    jest.useRealTimers()
    document.body.innerHTML = ''
  })

  it('shows the request as text, opens and closes the frame, and resolves with the choice', async () => {
    const calls: string[] = []
    const approver = createDomApprover(document, { onOpen: () => calls.push('open'), onClose: () => calls.push('close') })
    const answer = approver.confirm(request(['<img src=x onerror=alert(1)>']))
    await Promise.resolve()
    expect(document.querySelector('img')).toBeNull()
    expect(document.querySelector('.approval-summary')!.textContent).toBe('<img src=x onerror=alert(1)>')
    expect(document.querySelector('.approval-origin')!.textContent).toBe('Shop (https://shop.example)')
    const approve = document.querySelector<HTMLButtonElement>('[data-action=approve]')!
    expect(approve.disabled).toBe(true)
    approve.click()
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    expect(approve.disabled).toBe(false)
    approve.click()
    await expect(answer).resolves.toBe(true)
    expect(calls).toEqual(['open', 'close'])
    expect(document.querySelector('.approval')).toBeNull()
  })

  it('one prompt at a time; cancel declines', async () => {
    const approver = createDomApprover(document, { onOpen: () => undefined, onClose: () => undefined })
    const first = approver.confirm(request(['first']))
    const second = approver.confirm(request(['second']))
    await Promise.resolve()
    expect(document.querySelectorAll('.approval')).toHaveLength(1)
    document.querySelector<HTMLButtonElement>('[data-action=reject]')!.click()
    await expect(first).resolves.toBe(false)
    await Promise.resolve()
    expect(document.querySelector('.approval-summary')!.textContent).toBe('second')
    document.querySelector<HTMLButtonElement>('[data-action=reject]')!.click()
    await expect(second).resolves.toBe(false)
  })
})
