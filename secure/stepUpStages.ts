/**
 * "Confirm it is you" inside a secure-page prompt (issue 32, docs/security.md "Step-up"
 * and "Second factor"): the choice of a factor the server says this user can prove, then
 * the code field for an emailed or authenticator-app code, or the passkey ceremony. Key
 * export runs it first; so do the actions that need an enrolled second factor (removing a
 * device, changing the email, recovering on a new device) through stepUpPrompt.ts.
 */
import { ApiError, type SecureApi } from './api'
import type { StepUpMethod } from '../src/shared/custodyApi'
import { TOTP_CODE_PATTERN } from '../src/shared/mfaApi'
import type { WithSession } from './custody/custodyCalls'
import { browserWebAuthn, type WebAuthnClient } from './passkeyLogin'
import type { StageAction, StagedPrompt } from './stagedPrompt'

export const STEP_UP_TEXT = {
  stepUp: 'First confirm it is you.',
  emailCode: 'Email me a code',
  passkey: 'Use my passkey',
  totp: 'Use my authenticator app',
  sending: 'Sending the code…',
  codeSent: (email: string) => `We sent a 6-digit code to ${email}. Enter it to continue.`,
  codeLabel: 'Code from the email',
  totpAsk: 'Enter the 6-digit code your authenticator app shows for this wallet now.',
  totpLabel: 'Code from your authenticator app',
  confirm: 'Confirm',
  confirming: 'Checking…',
  codeShape: 'Enter the 6 digits from the email.',
  totpShape: 'Enter the 6 digits your authenticator app shows.',
  passkeyRunning: 'Follow your browser’s passkey prompt…',
  passkeyCancelled: 'The passkey request was cancelled or timed out. Try again, or use an email code.',
  stepUpExpired: 'The confirmation has expired. Confirm it is you again.',
  failed: 'The wallet server could not be reached. Check your connection and try again.',
} as const

/** The server calls behind the stages; each throw is shown in the prompt, which stays open. */
export type StepUpSteps = {
  /** The factors the visitor can prove, and whether this session proved one recently. */
  status(): Promise<{ methods: StepUpMethod[]; fresh: boolean }>
  sendCode(): Promise<void>
  confirmCode(otp: string): Promise<void>
  usePasskey(): Promise<void>
  confirmTotp(code: string): Promise<void>
}

/** What a prompt says when a step-up step failed. The server's refusals (a wrong code, a limit) are written for the visitor. */
export function stepUpErrorText(error: unknown): string | undefined {
  if (error instanceof ApiError && (error.code === 'STEP_UP_REQUIRED' || error.code === 'SECOND_FACTOR_REQUIRED')) return STEP_UP_TEXT.stepUpExpired
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'NotAllowedError' || name === 'AbortError') return STEP_UP_TEXT.passkeyCancelled
  return undefined
}

/**
 * @example
 * const steps = createStepUpSteps({ api, projectId, authed })
 * await steps.sendCode(); await steps.confirmCode('123456')
 */
export function createStepUpSteps({ api, projectId, authed, webauthn = browserWebAuthn }: { api: SecureApi; projectId: string; authed: WithSession; webauthn?: WebAuthnClient }): StepUpSteps {
  return {
    async status() {
      const { methods, freshUntil } = await authed((token) => api.stepUpStatus(token, projectId))
      return { methods: webauthn.supported() ? methods : methods.filter((method) => method !== 'passkey'), fresh: freshUntil !== undefined && Date.parse(freshUntil) > Date.now() }
    },
    async sendCode() {
      await authed((token) => api.startEmailStepUp(token, projectId))
    },
    async confirmCode(otp) {
      await authed((token) => api.finishEmailStepUp(token, projectId, otp))
    },
    async usePasskey() {
      const { ceremonyId, options } = await authed((token) => api.startPasskeyStepUp(token, projectId))
      const response = await webauthn.authenticate(options)
      await authed((token) => api.finishPasskeyStepUp(token, projectId, { ceremonyId, response }))
    },
    async confirmTotp(code) {
      await authed((token) => api.finishTotpStepUp(token, projectId, code))
    },
  }
}

export interface StepUpStageOptions {
  /** Shown above the choice (what is being confirmed, and why). */
  intro: () => Node[]
  email: string | null
  /** Shown when the user has no factor this browser can prove. */
  noMethod: string
  /** After a factor was proved (or straight away when this session proved one recently, unless `again`). */
  onProved: () => void
  /** The server just said the confirmation is not fresh: ask again even if the status says otherwise. */
  again?: boolean
}

/** A code field stage; `check` throws a 400 with `shape` when the entry is not 6 digits. */
function codeStage(prompt: StagedPrompt, intro: Node[], label: string, shape: string, confirm: (code: string) => Promise<void>, onProved: () => void) {
  const { row, input } = prompt.codeField('step-up-code', label)
  const action: StageAction = {
    label: STEP_UP_TEXT.confirm,
    busy: STEP_UP_TEXT.confirming,
    step: async () => {
      const code = input.value.trim()
      if (!TOTP_CODE_PATTERN.test(code)) throw new ApiError(400, shape, 'OTP_FORMAT', undefined)
      await confirm(code)
      onProved()
    },
  }
  prompt.stage([...intro, row], [action])
}

/**
 * @example
 * await chooseStepUp(prompt, steps, { intro: () => [prompt.paragraph('Remove this device?')], email, noMethod, onProved: done })
 */
export async function chooseStepUp(prompt: StagedPrompt, steps: StepUpSteps, options: StepUpStageOptions): Promise<void> {
  const { methods, fresh } = await steps.status()
  if (fresh && options.again !== true) return options.onProved()
  if (methods.length === 0) return prompt.stage([...options.intro(), prompt.paragraph(options.noMethod)], [])
  const email: StageAction = {
    label: STEP_UP_TEXT.emailCode,
    busy: STEP_UP_TEXT.sending,
    step: async () => {
      await steps.sendCode()
      codeStage(prompt, [prompt.paragraph(STEP_UP_TEXT.codeSent(options.email ?? 'your email'))], STEP_UP_TEXT.codeLabel, STEP_UP_TEXT.codeShape, steps.confirmCode, options.onProved)
    },
  }
  const passkey: StageAction = {
    label: STEP_UP_TEXT.passkey,
    busy: STEP_UP_TEXT.passkeyRunning,
    step: async () => {
      await steps.usePasskey()
      options.onProved()
    },
  }
  const totp: StageAction = {
    label: STEP_UP_TEXT.totp,
    busy: STEP_UP_TEXT.confirming,
    // Nothing to send: straight to the code field.
    step: async () => codeStage(prompt, [prompt.paragraph(STEP_UP_TEXT.totpAsk)], STEP_UP_TEXT.totpLabel, STEP_UP_TEXT.totpShape, steps.confirmTotp, options.onProved),
  }
  // The main (last) choice: the authenticator app when enrolled, else the email code when there is one.
  const choices = [...(methods.includes('passkey') ? [passkey] : []), ...(methods.includes('email') ? [email] : []), ...(methods.includes('totp') ? [totp] : [])]
  prompt.stage([...options.intro(), prompt.paragraph(STEP_UP_TEXT.stepUp)], choices)
}
