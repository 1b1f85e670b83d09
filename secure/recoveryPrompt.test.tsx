import { APPROVE_DELAY_MS } from './approvalGesture'
import { CustodyError, CustodyErrorCodes } from './custody/errors'
import { PasskeyErrorCodes } from './passkeyPrf'
import { RECOVERY_TEXT } from './recoveryFlow'
import { ReplyError } from './replyError'
import { createRecoveryPrompts } from './recoveryPrompt'
import { visitorClicks } from './test/trustedInput'

const dialog = () => document.querySelector<HTMLElement>('.recovery')
const button = (name: string) => [...document.querySelectorAll<HTMLButtonElement>('.recovery button')].find((node) => node.textContent === name)!
const field = (label: string) => [...document.querySelectorAll<HTMLLabelElement>('.recovery label')].find((node) => node.textContent === label)!.querySelector('input')!
const notice = () => document.querySelector('.recovery .approval-notice')!.textContent
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

function prompts() {
  const calls: string[] = []
  const made = createRecoveryPrompts(document, { onOpen: () => calls.push('open'), onClose: () => calls.push('close') })
  return { calls, prompts: made }
}

describe('the recovery prompts in the secure page', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => {
    jest.useRealTimers()
    document.body.replaceChildren()
  })

  it('set-up: says what postponing costs; Later closes it without a password and asks the app to hide the frame', async () => {
    const { calls, prompts: made } = prompts()
    const steps: string[] = []
    const answer = made.setUp(async (factor) => void steps.push(JSON.stringify(factor)), { passkey: false })
    expect(calls).toEqual(['open'])
    expect(dialog()!.getAttribute('role')).toBe('dialog')
    expect(dialog()!.querySelector('h1')!.textContent).toBe('Set a recovery password')
    expect(dialog()!.querySelector('.approval-warning')!.textContent).toBe(RECOVERY_TEXT.setUpWarning)
    expect(RECOVERY_TEXT.setUpWarning).toMatch(/lost or its browser data is cleared, the wallet and its funds are lost/)
    expect(field('Recovery password').type).toBe('password')
    button('Later').click()
    await expect(answer).resolves.toBe('later')
    expect(steps).toEqual([])
    expect(calls).toEqual(['open', 'close'])
    expect(dialog()).toBeNull()
  })

  it('change: its own title and text, no warning about postponing, Cancel instead of Later', async () => {
    const { prompts: made } = prompts()
    const answer = made.setUp(async () => undefined, { passkey: true, change: true })
    expect(dialog()!.querySelector('h1')!.textContent).toBe(RECOVERY_TEXT.changeTitle)
    expect(dialog()!.textContent).toContain(RECOVERY_TEXT.changeBody)
    expect(dialog()!.querySelector('.approval-warning')).toBeNull()
    expect(button(RECOVERY_TEXT.changeSave)).toBeDefined()
    expect(button(RECOVERY_TEXT.usePasskey)).toBeDefined()
    button('Cancel').click()
    await expect(answer).resolves.toBe('later')
  })

  it('set-up: a short password and a wrong confirmation are refused in the prompt; a failed save can be tried again', async () => {
    const { prompts: made } = prompts()
    const steps: string[] = []
    let fail = true
    const answer = made.setUp(
      async (factor) => {
        steps.push(factor === 'passkey' ? 'passkey' : factor.password)
        if (fail) throw new TypeError('Failed to fetch')
      },
      { passkey: false },
    )
    expect(dialog()!.textContent).not.toContain(RECOVERY_TEXT.usePasskey)
    const set = button('Set password')
    expect(set.disabled).toBe(true)
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    expect(set.disabled).toBe(false)

    field('Recovery password').value = 'too short'
    field('Confirm the password').value = 'too short'
    visitorClicks(set)
    expect(notice()).toBe(RECOVERY_TEXT.tooShort)
    field('Recovery password').value = 'long enough password'
    field('Confirm the password').value = 'long enough passwort'
    visitorClicks(set)
    expect(notice()).toBe(RECOVERY_TEXT.mismatch)
    expect(steps).toEqual([])

    field('Confirm the password').value = 'long enough password'
    visitorClicks(set)
    expect(notice()).toBe(RECOVERY_TEXT.setting)
    expect(button('Later').disabled).toBe(true)
    await settle()
    expect(notice()).toBe(RECOVERY_TEXT.failed)
    expect(dialog()).not.toBeNull()
    fail = false
    visitorClicks(set)
    await expect(answer).resolves.toBe('set')
    expect(steps).toEqual(['long enough password', 'long enough password'])
  })

  it('a script’s click, or one before the prompt has shown for 500 ms, sets nothing', async () => {
    const { prompts: made } = prompts()
    const steps: string[] = []
    void made.setUp(async (factor) => void steps.push(JSON.stringify(factor)), { passkey: true })
    field('Recovery password').value = 'long enough password'
    field('Confirm the password').value = 'long enough password'
    visitorClicks(button('Set password'))
    visitorClicks(button('Use a passkey instead'))
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    button('Set password').click()
    button('Use a passkey instead').click()
    await settle()
    expect(steps).toEqual([])
  })

  it('new device: explains it, shows a wrong password in the prompt, and recovers with the right one', async () => {
    const { calls, prompts: made } = prompts()
    const answer = made.recover(async (factor) => {
      if (factor === 'passkey' || factor.password !== 'the right password') throw new CustodyError(CustodyErrorCodes.wrongRecoverySecret, 'wrong')
    }, 'password')
    expect(dialog()!.querySelector('h1')!.textContent).toBe('Recover your wallet')
    expect(dialog()!.textContent).toContain('This is a new device for this wallet')
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    visitorClicks(button('Recover wallet'))
    expect(notice()).toBe(RECOVERY_TEXT.empty)
    field('Recovery password').value = 'a wrong password'
    visitorClicks(button('Recover wallet'))
    await settle()
    expect(notice()).toBe(RECOVERY_TEXT.wrongPassword)
    field('Recovery password').value = 'the right password'
    visitorClicks(button('Recover wallet'))
    await expect(answer).resolves.toBe('recovered')
    expect(calls).toEqual(['open', 'close'])
  })

  it('set-up with a passkey: offered beside the password; a passkey without PRF is explained and the offer withdrawn, the password still works', async () => {
    const { prompts: made } = prompts()
    const steps: string[] = []
    const answer = made.setUp(
      async (factor) => {
        steps.push(factor === 'passkey' ? 'passkey' : factor.password)
        if (factor === 'passkey') throw new ReplyError('no PRF', PasskeyErrorCodes.noPrf)
      },
      { passkey: true },
    )
    expect(dialog()!.textContent).toContain(RECOVERY_TEXT.setUpPasskey)
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    visitorClicks(button('Use a passkey instead'))
    expect(notice()).toBe(RECOVERY_TEXT.passkeyWaiting)
    expect(button('Later').disabled).toBe(true)
    await settle()
    expect(notice()).toBe('This passkey cannot protect a recovery: its authenticator does not support the PRF extension. Set a recovery password instead.')
    expect(button('Use a passkey instead').hidden).toBe(true)
    field('Recovery password').value = 'long enough password'
    field('Confirm the password').value = 'long enough password'
    visitorClicks(button('Set password'))
    await expect(answer).resolves.toBe('set')
    expect(steps).toEqual(['passkey', 'long enough password'])
  })

  it('set-up with a passkey: a cancelled ceremony can be tried again, and succeeds', async () => {
    const { prompts: made } = prompts()
    let tries = 0
    const answer = made.setUp(
      async (factor) => {
        expect(factor).toBe('passkey')
        if (++tries === 1) throw new ReplyError('cancelled', PasskeyErrorCodes.cancelled)
      },
      { passkey: true },
    )
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    visitorClicks(button('Use a passkey instead'))
    await settle()
    expect(notice()).toBe(RECOVERY_TEXT.passkeyCancelled)
    expect(button('Use a passkey instead').hidden).toBe(false)
    visitorClicks(button('Use a passkey instead'))
    await expect(answer).resolves.toBe('set')
  })

  it('new device, passkey recovery: no password field, a passkey button; a wrong passkey and a cancel are said apart', async () => {
    const { prompts: made } = prompts()
    const failures = [new CustodyError(CustodyErrorCodes.wrongRecoverySecret, 'wrong'), new ReplyError('cancelled', PasskeyErrorCodes.cancelled)]
    const answer = made.recover(async (factor) => {
      expect(factor).toBe('passkey')
      const failure = failures.shift()
      if (failure) throw failure
    }, 'passkey')
    expect(dialog()!.querySelector('h1')!.textContent).toBe('Recover your wallet')
    expect(dialog()!.textContent).toContain(RECOVERY_TEXT.recoverPasskeyBody)
    expect(dialog()!.querySelectorAll('input')).toHaveLength(0)
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    visitorClicks(button('Use my passkey'))
    await settle()
    expect(notice()).toBe('This passkey does not open the wallet’s recovery. Use the passkey you set the recovery up with.')
    visitorClicks(button('Use my passkey'))
    await settle()
    expect(notice()).toBe(RECOVERY_TEXT.passkeyCancelled)
    visitorClicks(button('Use my passkey'))
    await expect(answer).resolves.toBe('recovered')
  })

  it('no recovery set: says the wallet cannot be used on this device and why; Close (or Escape) ends it', async () => {
    const { prompts: made } = prompts()
    const shown = made.unavailable()
    expect(dialog()!.querySelector('h1')!.textContent).toBe('This wallet cannot be used on this device')
    expect(dialog()!.textContent).toContain('no recovery password or passkey was set there')
    expect(dialog()!.querySelectorAll('input')).toHaveLength(0)
    dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await expect(shown).resolves.toBeUndefined()
    expect(dialog()).toBeNull()
  })

  it('dismiss (sign-out) closes the open prompt as postponed and clears what was typed', async () => {
    const { calls, prompts: made } = prompts()
    const answer = made.setUp(async () => undefined, { passkey: true })
    const input = field('Recovery password')
    input.value = 'typed so far'
    made.dismiss()
    await expect(answer).resolves.toBe('later')
    expect(input.value).toBe('')
    expect(calls).toEqual(['open', 'close'])
  })
})
