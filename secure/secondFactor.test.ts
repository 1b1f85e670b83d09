import type { MfaPrompts } from './mfaPrompt'
import type { RecoveryPrompts } from './recoveryFlow'
import type { StepUpPrompts, StepUpReason } from './stepUpPrompt'
import { FAKE_TOTP_CODE, startTestFrame, type TestFrame } from './test/fakes'

const PHONE = '22222222-2222-4222-8222-222222222222'

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(check()).toBe(true)
}

/** `test.ask` for a request whose answer takes real time (the recovery password's KDF). */
async function askSlow(test: TestFrame, event: 'CHANGE_RECOVERY'): Promise<unknown> {
  const id = crypto.randomUUID()
  test.host.deliver({ id, type: `@portico-app/${event}`, payload: {} })
  let reply: { message: { payload: unknown } } | undefined
  await waitFor(() => (reply = test.host.posted.find(({ message }) => message.id === id)) !== undefined)
  return reply!.message.payload
}

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

describe('CHANGE_RECOVERY', () => {
  /** The visitor in the change prompt, played by the test: a new password, or Cancel. */
  const changing = (answerNow: () => string | 'cancel', shown: string[]): RecoveryPrompts => ({
    async setUp(step, options) {
      shown.push(`setUp${options.change === true ? ' change' : ''}`)
      const answer = answerNow()
      if (answer === 'cancel') return 'later'
      await step({ password: answer })
      return 'set'
    },
    recover: async () => 'cancelled',
    unavailable: async () => undefined,
    dismiss() {},
  })

  it('seals a new recovery of the wallets this device holds; the old one no longer opens them; Cancel is 4001', async () => {
    const shown: string[] = []
    let answer: string = 'first recovery password'
    const test = await startTestFrame({ recoveryPrompts: () => changing(() => answer, shown) })
    expect((await test.ask('CHANGE_RECOVERY', {})).payload).toMatchObject({ code: 'UNAUTHORIZED' })
    await signIn(test)
    // The login's own offer sets the first recovery with the first password.
    await waitFor(() => shown.length === 1)
    const before = JSON.stringify([...test.api.recoveries.values()])
    answer = 'a brand new recovery password'
    expect(await askSlow(test, 'CHANGE_RECOVERY')).toEqual({})
    expect(shown).toEqual(['setUp', 'setUp change'])
    expect(test.api.recoveries.size).toBe(2)
    expect(JSON.stringify([...test.api.recoveries.values()])).not.toBe(before)
    expect(JSON.stringify(test.host.posted)).not.toContain('a brand new recovery password')
    answer = 'cancel'
    const kept = JSON.stringify([...test.api.recoveries.values()])
    expect(await askSlow(test, 'CHANGE_RECOVERY')).toEqual({ message: 'User rejected the request.', code: 4001 })
    expect(JSON.stringify([...test.api.recoveries.values()])).toBe(kept)
  })
})
