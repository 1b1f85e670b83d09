import { APPROVE_DELAY_MS } from './approvalGesture'
import { MFA_TEXT, createMfaPrompts, type MfaSteps } from './mfaPrompt'
import { STEP_UP_PROMPT_TEXT, createStepUpPrompts } from './stepUpPrompt'
import { STEP_UP_TEXT, type StepUpSteps } from './stepUpStages'
import { ApiError } from './api'
import type { MfaStatus } from '../src/shared/mfaApi'
import type { StepUpMethod } from '../src/shared/custodyApi'
import { visitorClicks } from './test/trustedInput'

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const button = (name: string) => [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find((node) => node.textContent === name)
const text = () => document.querySelector('[role="dialog"]')?.textContent ?? ''
const notice = () => document.querySelector('[role="dialog"] .approval-notice')!.textContent
const settle = async () => {
  for (let i = 0; i < 30; i++) await Promise.resolve()
}
async function click(name: string) {
  await settle()
  jest.advanceTimersByTime(APPROVE_DELAY_MS)
  const target = button(name)
  if (target === undefined) throw new Error(`no button ${name} in: ${text()}`)
  visitorClicks(target)
  await settle()
}
const typeCode = (code: string) => (document.querySelector<HTMLInputElement>('#mfa-code, #step-up-code')!.value = code)

function fakeMfa(initial: Partial<MfaStatus> = {}) {
  const status: MfaStatus = { totp: 'none', passkey: 'none', passkeys: 0, ...initial }
  const calls: string[] = []
  const steps: MfaSteps = {
    status: async () => ({ ...status }),
    startTotp: async () => (calls.push('start'), { secret: SECRET, uri: `otpauth://totp/Portico:ada%40example.com?secret=${SECRET}&issuer=Portico` }),
    async confirmTotp(code) {
      calls.push(`confirm ${code}`)
      if (code !== '135790') throw new ApiError(400, 'The code is not correct; enter the 6 digits your authenticator app shows now', 'MFA_CODE_INVALID', undefined)
      status.totp = 'enrolled'
    },
    async removeTotp(code) {
      calls.push(`remove ${code}`)
      status.totp = 'none'
    },
    async enrolPasskey() {
      calls.push('passkey on')
      status.passkey = 'enrolled'
    },
    async removePasskey() {
      calls.push('passkey off')
      status.passkey = 'none'
    },
  }
  return { steps, calls, status }
}

describe('the second-factor settings in the secure page', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => {
    jest.useRealTimers()
    document.body.replaceChildren()
  })

  it('turns on an authenticator app: a QR code of its otpauth URI and the setup key, then a first right code', async () => {
    const { steps, calls } = fakeMfa()
    const events: string[] = []
    const closed = createMfaPrompts(document, { onOpen: () => events.push('open'), onClose: () => events.push('close') }).open(steps)
    await settle()
    expect(text()).toContain(MFA_TEXT.totpOff)
    expect(text()).toContain(MFA_TEXT.passkeyMissing)
    expect(button(MFA_TEXT.usePasskey)).toBeUndefined()
    await click(MFA_TEXT.setUpTotp)
    const qr = document.querySelector<HTMLImageElement>('img.mfa-qr')!
    expect(qr.alt).toBe(MFA_TEXT.qrAlt)
    expect(qr.src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true)
    expect(decodeURIComponent(qr.src)).toContain('<svg')
    expect(document.querySelector('#mfa-secret')!.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    typeCode('12')
    await click(MFA_TEXT.turnOn)
    expect(notice()).toBe(MFA_TEXT.codeShape)
    typeCode('000000')
    await click(MFA_TEXT.turnOn)
    expect(notice()).toBe('The code is not correct; enter the 6 digits your authenticator app shows now')
    typeCode('135790')
    await click(MFA_TEXT.turnOn)
    expect(text()).toContain(MFA_TEXT.totpOn)
    expect(notice()).toBe(MFA_TEXT.totpEnrolled)
    // The secret left the document with the enrolment stage.
    expect(document.body.innerHTML).not.toContain('JBSW')
    button(MFA_TEXT.close)!.click()
    await expect(closed).resolves.toBeUndefined()
    expect(events).toEqual(['open', 'close'])
    expect(calls).toEqual(['start', 'confirm 000000', 'confirm 135790'])
  })

  it('turns the app off with a current code, and requires or stops requiring the passkey when the user has one', async () => {
    const { steps, calls } = fakeMfa({ totp: 'enrolled', passkeys: 1 })
    void createMfaPrompts(document, { onOpen: () => {}, onClose: () => {} }).open(steps)
    await settle()
    expect(text()).toContain(MFA_TEXT.totpOn)
    expect(text()).toContain(MFA_TEXT.passkeyOff)
    await click(MFA_TEXT.usePasskey)
    expect(text()).toContain(MFA_TEXT.passkeyOn)
    expect(notice()).toBe(MFA_TEXT.passkeyEnrolled)
    await click(MFA_TEXT.removePasskey)
    expect(text()).toContain(MFA_TEXT.passkeyOff)
    await click(MFA_TEXT.removeTotp)
    expect(text()).toContain(MFA_TEXT.removeTotpAsk)
    typeCode('246810')
    await click(MFA_TEXT.turnOff)
    expect(text()).toContain(MFA_TEXT.totpOff)
    expect(notice()).toBe(MFA_TEXT.totpRemoved)
    expect(calls).toEqual(['passkey on', 'passkey off', 'remove 246810'])
  })
})

describe('"Confirm it is you" before what needs the second factor', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => {
    jest.useRealTimers()
    document.body.replaceChildren()
  })

  const stepUp = (methods: StepUpMethod[]) => {
    const calls: string[] = []
    const steps: StepUpSteps = {
      // Fresh or not, the prompt asks: the server just said the proof is missing.
      status: async () => ({ methods, fresh: true }),
      sendCode: async () => void calls.push('send'),
      confirmCode: async (otp) => void calls.push(`email ${otp}`),
      usePasskey: async () => void calls.push('passkey'),
      confirmTotp: async (code) => void calls.push(`totp ${code}`),
    }
    return { steps, calls }
  }

  it('says why it asks, takes the authenticator code, and resolves true', async () => {
    const { steps, calls } = stepUp(['totp', 'passkey'])
    const confirmed = createStepUpPrompts(document, { onOpen: () => {}, onClose: () => {} }).confirm('removeDevice', steps, 'ada@example.com')
    await settle()
    expect(document.querySelector('#step-up-title')!.textContent).toBe(STEP_UP_PROMPT_TEXT.title)
    expect(text()).toContain(STEP_UP_PROMPT_TEXT.why.removeDevice)
    expect(button(STEP_UP_TEXT.emailCode)).toBeUndefined()
    expect(button(STEP_UP_TEXT.passkey)).toBeDefined()
    await click(STEP_UP_TEXT.totp)
    typeCode('135790')
    await click(STEP_UP_TEXT.confirm)
    await expect(confirmed).resolves.toBe(true)
    expect(calls).toEqual(['totp 135790'])
    expect(document.querySelector('[role="dialog"]')).toBeNull()
  })

  it('Cancel resolves false; dismiss() (sign-out) too', async () => {
    const prompts = createStepUpPrompts(document, { onOpen: () => {}, onClose: () => {} })
    const first = prompts.confirm('changeEmail', stepUp(['totp']).steps, null)
    await settle()
    expect(text()).toContain(STEP_UP_PROMPT_TEXT.why.changeEmail)
    button('Cancel')!.click()
    await expect(first).resolves.toBe(false)
    const second = prompts.confirm('recover', stepUp(['passkey']).steps, null)
    await settle()
    expect(text()).toContain(STEP_UP_PROMPT_TEXT.why.recover)
    prompts.dismiss()
    await expect(second).resolves.toBe(false)
  })
})
