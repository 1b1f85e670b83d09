import { APPROVE_DELAY_MS } from './approvalGesture'
import { EXPORT_TEXT, type ExportSteps } from './exportFlow'
import { createExportPrompts } from './exportPrompt'
import { visitorClicks } from './test/trustedInput'

const KEY = `0x${'ab'.repeat(32)}`
const dialog = () => document.querySelector<HTMLElement>('.export')
const button = (name: string) => [...document.querySelectorAll<HTMLButtonElement>('.export button')].find((node) => node.textContent === name)
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}
/** The visitor's click once the button counts as visible for 500 ms. */
async function click(name: string) {
  await settle()
  jest.advanceTimersByTime(APPROVE_DELAY_MS)
  visitorClicks(button(name)!)
  await settle()
}

function open(overrides: Partial<ExportSteps> = {}) {
  const calls: string[] = []
  const steps: ExportSteps = {
    status: async () => ({ methods: ['email'], fresh: false }),
    sendCode: async () => void calls.push('send'),
    confirmCode: async (otp) => void calls.push(`confirm ${otp}`),
    usePasskey: async () => void calls.push('passkey'),
    confirmTotp: async (code) => void calls.push(`totp ${code}`),
    reveal: async () => (calls.push('reveal'), KEY),
    ...overrides,
  }
  const prompts = createExportPrompts(document, { onOpen: () => calls.push('open'), onClose: () => calls.push('close') })
  const outcome = prompts.open({ namespace: 'eip155', address: '0x1111111111111111111111111111111111111111', email: 'ada@example.com' }, steps)
  return { calls, outcome, prompts }
}

describe('the key-export prompt in the secure page', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => {
    jest.useRealTimers()
    document.body.replaceChildren()
  })

  it('says what export means, focuses nothing, and enables its action only after 500 ms of visibility', async () => {
    const { calls } = open()
    await settle()
    expect(dialog()!.getAttribute('role')).toBe('dialog')
    expect(dialog()!.textContent).toContain(EXPORT_TEXT.meaning)
    expect(dialog()!.querySelector('.approval-warning')!.textContent).toBe(EXPORT_TEXT.warning)
    expect(document.activeElement).toBe(document.body)
    expect(button('Email me a code')!.disabled).toBe(true)
    // A script's click does nothing, even once enabled.
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    expect(button('Email me a code')!.disabled).toBe(false)
    button('Email me a code')!.click()
    await settle()
    expect(calls).toEqual(['open'])
  })

  it('step-up by code, then a deliberate click shows the key; Close removes it from the document and answers closed', async () => {
    const { calls, outcome } = open()
    await click('Email me a code')
    const input = document.querySelector<HTMLInputElement>('#step-up-code')!
    expect(input.autocomplete).toBe('one-time-code')
    input.value = '12'
    await click('Confirm')
    expect(document.querySelector('.export .approval-notice')!.textContent).toBe(EXPORT_TEXT.codeShape)
    input.value = '123456'
    await click('Confirm')
    expect(document.querySelector('#export-key')).toBeNull()
    await click('Show private key')
    expect(document.querySelector('#export-key')!.textContent).toBe(KEY)
    button('Close')!.click()
    await expect(outcome).resolves.toBe('closed')
    expect(calls).toEqual(['open', 'send', 'confirm 123456', 'reveal', 'close'])
    expect(dialog()).toBeNull()
    expect(document.body.innerHTML).not.toContain('abab')
  })

  it('goes straight to the reveal step when this session proved a factor recently; Escape before the key is a cancel', async () => {
    const { outcome } = open({ status: async () => ({ methods: ['email', 'passkey'], fresh: true }) })
    await settle()
    expect(button('Show private key')).toBeDefined()
    document.querySelector('.export')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await expect(outcome).resolves.toBe('cancelled')
  })

  it('offers the passkey beside the email code, and dismiss() (sign-out) closes the prompt with the key in it', async () => {
    const { outcome, prompts, calls } = open({ status: async () => ({ methods: ['email', 'passkey'], fresh: false }) })
    await click('Use my passkey')
    await click('Show private key')
    expect(document.querySelector('#export-key')!.textContent).toBe(KEY)
    prompts.dismiss()
    await expect(outcome).resolves.toBe('closed')
    expect(calls).toContain('passkey')
    expect(document.querySelector('#export-key')).toBeNull()
  })

  it('with an authenticator app enrolled, asks only for its code: nothing is emailed, and a wrong entry is explained', async () => {
    const { calls } = open({ status: async () => ({ methods: ['totp'], fresh: false }) })
    await settle()
    expect(button('Email me a code')).toBeUndefined()
    await click('Use my authenticator app')
    expect(dialog()!.textContent).toContain(EXPORT_TEXT.totpAsk)
    const input = document.querySelector<HTMLInputElement>('#step-up-code')!
    expect(document.querySelector('label[for="step-up-code"]')!.textContent).toBe(EXPORT_TEXT.totpLabel)
    input.value = 'abc'
    await click('Confirm')
    expect(document.querySelector('.export .approval-notice')!.textContent).toBe(EXPORT_TEXT.totpShape)
    input.value = '654321'
    await click('Confirm')
    await click('Show private key')
    expect(document.querySelector('#export-key')!.textContent).toBe(KEY)
    expect(calls).toEqual(['open', 'totp 654321', 'reveal'])
  })
})
