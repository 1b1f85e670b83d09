import type { MfaPrompts } from './mfaPrompt'
import type { StepUpPrompts, StepUpReason } from './stepUpPrompt'
import { FAKE_TOTP_CODE, startTestFrame, type TestFrame } from './test/fakes'

const PHONE = '22222222-2222-4222-8222-222222222222'

async function signIn(test: TestFrame, email = 'ada@example.com') {
  await test.ask('CONNECT_EMAIL', { email })
  expect((await test.ask('CONNECT_OTP', { otp: test.api.codes.get(email) })).type).toBe('@portico-frame/CONNECT_OTP_SUCCESS')
}

/** The visitor in "Confirm it is you", played by the test: types the app's code (or cancels), and the reasons asked for. */
function scriptedStepUp(answer: 'code' | 'cancel', reasons: StepUpReason[]): StepUpPrompts {
  return {
    dismiss() {},
    async confirm(reason, steps) {
      reasons.push(reason)
      if (answer === 'cancel') return false
      await steps.confirmTotp(FAKE_TOTP_CODE)
      return true
    },
  }
}

const approveRemoval = () => ({ confirm: async () => true })

describe('actions that need an enrolled second factor', () => {
  it('REMOVE_DEVICE: the server asks for the second factor, the frame asks the visitor, then removes', async () => {
    const reasons: StepUpReason[] = []
    const test = await startTestFrame({ confirmDeviceRemoval: approveRemoval, stepUpPrompts: () => scriptedStepUp('code', reasons) })
    await signIn(test)
    test.api.totpEnrolled = true
    expect((await test.ask('REMOVE_DEVICE', { id: PHONE })).payload).toEqual({ removed: true })
    expect(reasons).toEqual(['removeDevice'])
    expect(test.api.calls.filter((call) => call.startsWith('removeDevice') || call.startsWith('stepUp totp'))).toEqual([
      `removeDevice ${PHONE}`,
      `stepUp totp ${FAKE_TOTP_CODE}`,
      `removeDevice ${PHONE}`,
    ])
  })

  it('a cancelled confirmation answers 4001 and removes nothing; without a second factor nothing is asked', async () => {
    const reasons: StepUpReason[] = []
    const test = await startTestFrame({ confirmDeviceRemoval: approveRemoval, stepUpPrompts: () => scriptedStepUp('cancel', reasons) })
    await signIn(test)
    test.api.totpEnrolled = true
    expect((await test.ask('REMOVE_DEVICE', { id: PHONE })).payload).toEqual({ message: 'User rejected the request.', code: 4001 })
    expect(test.api.devices).toHaveLength(2)
    test.api.totpEnrolled = false
    expect((await test.ask('REMOVE_DEVICE', { id: PHONE })).payload).toEqual({ removed: true })
    expect(reasons).toEqual(['removeDevice'])
  })

  it('UPDATE_EMAIL asks for the second factor with its own reason', async () => {
    const reasons: StepUpReason[] = []
    const test = await startTestFrame({ stepUpPrompts: () => scriptedStepUp('code', reasons) })
    await signIn(test)
    test.api.totpEnrolled = true
    expect((await test.ask('UPDATE_EMAIL', { email: 'new@example.com' })).payload).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect(reasons).toEqual(['changeEmail'])
  })

  it('without the prompt, the server’s refusal reaches the app as it is', async () => {
    const test = await startTestFrame()
    await signIn(test)
    test.api.totpEnrolled = true
    expect((await test.ask('UPDATE_EMAIL', { email: 'new@example.com' })).payload).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' })
  })
})

describe('MANAGE_SECOND_FACTOR', () => {
  /** The visitor in the settings, played by the test: sets up the app with its first code. */
  const enrolling = (seen: string[]): MfaPrompts => ({
    dismiss() {},
    async open(steps) {
      const { secret, uri } = await steps.startTotp()
      seen.push(secret, uri)
      await steps.confirmTotp(FAKE_TOTP_CODE)
    },
  })

  it('opens the frame’s settings and answers {} when they close; the secret never crosses postMessage', async () => {
    const seen: string[] = []
    const test = await startTestFrame({ mfaPrompts: () => enrolling(seen) })
    expect((await test.ask('MANAGE_SECOND_FACTOR', {})).payload).toMatchObject({ code: 'UNAUTHORIZED' })
    await signIn(test)
    expect((await test.ask('MANAGE_SECOND_FACTOR', {})).payload).toEqual({})
    expect(test.api.totpEnrolled).toBe(true)
    const [secret] = seen
    expect(secret).toBeDefined()
    expect(JSON.stringify(test.host.posted)).not.toContain(secret!)
  })

  it('is refused as not available without the prompt, and with any field', async () => {
    const test = await startTestFrame()
    await signIn(test)
    expect((await test.ask('MANAGE_SECOND_FACTOR', {})).payload).toMatchObject({ code: 4200, message: 'Two-step verification is not available on this server' })
    const withField = await startTestFrame({ mfaPrompts: () => enrolling([]) })
    await signIn(withField)
    expect((await withField.ask('MANAGE_SECOND_FACTOR', { method: 'totp' } as never)).type).toBe('@portico-frame/MANAGE_SECOND_FACTOR_ERROR')
    expect(withField.api.totpEnrolled).toBe(false)
  })
})
