/**
 * The second-factor settings in the secure page (issue 32, docs/security.md "Second
 * factor"), opened by MANAGE_SECOND_FACTOR from the Account view. The visitor turns on an
 * authenticator app (a QR code of its otpauth:// URI and the setup key as text, then a
 * first code), and/or requires their passkey; or turns either off. Everything happens in
 * the frame: the secret never crosses postMessage, and the app learns only that the prompt
 * closed.
 */
import { toString as qrSvg } from 'qrcode'
import { TOTP_CODE_PATTERN, type MfaStatus } from '../src/shared/mfaApi'
import { ApiError, type SecureApi } from './api'
import type { WithSession } from './custody/custodyCalls'
import { openStagedPrompt, type StageAction, type StagedPrompt } from './stagedPrompt'
import { STEP_UP_TEXT, stepUpErrorText, type StepUpSteps } from './stepUpStages'

export const MFA_TEXT = {
  title: 'Two-step verification',
  intro:
    'A second factor guards what matters in your wallet. Once it is on, it is asked for before the key is exported, before the wallet is used on a new device, before a device is removed and before the email is changed. An emailed code no longer does.',
  totpOff: 'Authenticator app: off.',
  totpOn: 'Authenticator app: on.',
  passkeyOff: 'Passkey as a second factor: off.',
  passkeyOn: 'Passkey as a second factor: on.',
  passkeyMissing: 'To use a passkey as a second factor, add one to this wallet first.',
  setUpTotp: 'Set up an authenticator app',
  starting: 'Making a new key for your app…',
  scan: 'Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Authy), or type the setup key into it. Then enter the 6-digit code it shows.',
  qrAlt: 'QR code that adds this wallet to an authenticator app',
  secretLabel: 'Setup key',
  codeLabel: 'Code from your authenticator app',
  turnOn: 'Turn on',
  checking: 'Checking…',
  codeShape: 'Enter the 6 digits your authenticator app shows.',
  totpEnrolled: 'Your authenticator app is on. Keep it: you will need its code before what matters.',
  removeTotp: 'Turn off the app',
  removeTotpAsk: 'Enter the code your authenticator app shows now to turn it off.',
  turnOff: 'Turn off',
  totpRemoved: 'The authenticator app is off.',
  usePasskey: 'Require my passkey',
  passkeyEnrolled: 'Your passkey is now required before what matters.',
  removePasskey: 'Stop requiring my passkey',
  passkeyRemoved: 'Your passkey is no longer required.',
  done: 'Done',
  close: 'Close',
} as const

/** The server calls behind the prompt. */
export type MfaSteps = {
  status(): Promise<MfaStatus>
  startTotp(): Promise<{ secret: string; uri: string }>
  confirmTotp(code: string): Promise<void>
  removeTotp(code: string): Promise<void>
  /** A passkey step-up, then the passkey enrolled as the second factor. */
  enrolPasskey(): Promise<void>
  /** A passkey step-up (an enrolled factor), then the passkey no longer required. */
  removePasskey(): Promise<void>
}

export type MfaPrompts = {
  /** Resolves when the visitor closes the prompt. */
  open(steps: MfaSteps): Promise<void>
  dismiss(): void
}

/**
 * @example
 * const steps = createMfaSteps({ api, projectId, authed, stepUp: createStepUpSteps({ api, projectId, authed }) })
 */
export function createMfaSteps({ api, projectId, authed, stepUp }: { api: SecureApi; projectId: string; authed: WithSession; stepUp: Pick<StepUpSteps, 'usePasskey'> }): MfaSteps {
  return {
    status: () => authed((token) => api.mfaStatus(token, projectId)),
    startTotp: () => authed((token) => api.startTotpEnrolment(token, projectId)),
    async confirmTotp(code) {
      await authed((token) => api.confirmTotpEnrolment(token, projectId, code))
    },
    async removeTotp(code) {
      await authed((token) => api.removeTotp(token, projectId, code))
    },
    async enrolPasskey() {
      await stepUp.usePasskey()
      await authed((token) => api.enrolPasskeyFactor(token, projectId))
    },
    async removePasskey() {
      await stepUp.usePasskey()
      await authed((token) => api.removePasskeyFactor(token, projectId))
    },
  }
}

const errorText = (error: unknown) => stepUpErrorText(error) ?? STEP_UP_TEXT.failed

/** A 6-digit code from the field, or a 400 the prompt shows. */
function codeOf(input: HTMLInputElement): string {
  const code = input.value.trim()
  if (!TOTP_CODE_PATTERN.test(code)) throw new ApiError(400, MFA_TEXT.codeShape, 'OTP_FORMAT', undefined)
  return code
}

/**
 * @example
 * const prompts = createMfaPrompts(document, { onOpen: notify.open, onClose: notify.close })
 * await prompts.open(steps)
 */
export function createMfaPrompts(document: Document, { onOpen, onClose }: { onOpen: () => void; onClose: () => void }): MfaPrompts {
  let closeOpen: (() => void) | undefined
  return {
    dismiss: () => closeOpen?.(),
    open(steps) {
      closeOpen?.()
      return new Promise((resolve) => {
        const prompt = openStagedPrompt(document, {
          className: 'approval recovery mfa',
          prefix: 'mfa',
          title: MFA_TEXT.title,
          onOpen,
          onClose,
          errorText,
          onFinish() {
            closeOpen = undefined
            resolve()
          },
        })
        closeOpen = prompt.finish
        prompt.stage([prompt.paragraph(MFA_TEXT.intro)], [])
        overview(prompt, steps).catch((error: unknown) => prompt.say(errorText(error)))
      })
    },
  }
}

/** Where each factor stands, and what the visitor can do about it; `said` is written into the notice. */
async function overview(prompt: StagedPrompt, steps: MfaSteps, said?: string): Promise<void> {
  const status = await steps.status()
  const totpOn = status.totp === 'enrolled'
  const passkeyOn = status.passkey === 'enrolled'
  const lines = [
    prompt.paragraph(MFA_TEXT.intro),
    prompt.paragraph(totpOn ? MFA_TEXT.totpOn : MFA_TEXT.totpOff),
    prompt.paragraph(status.passkeys === 0 ? MFA_TEXT.passkeyMissing : passkeyOn ? MFA_TEXT.passkeyOn : MFA_TEXT.passkeyOff),
  ]
  const after = (text: string) => () => overview(prompt, steps, text)
  const actions: StageAction[] = []
  if (status.passkeys > 0) {
    actions.push(
      passkeyOn
        ? { label: MFA_TEXT.removePasskey, busy: STEP_UP_TEXT.passkeyRunning, step: async () => (await steps.removePasskey(), after(MFA_TEXT.passkeyRemoved)()) }
        : { label: MFA_TEXT.usePasskey, busy: STEP_UP_TEXT.passkeyRunning, step: async () => (await steps.enrolPasskey(), after(MFA_TEXT.passkeyEnrolled)()) },
    )
  }
  actions.push(
    totpOn
      ? { label: MFA_TEXT.removeTotp, busy: MFA_TEXT.checking, step: async () => removeStage(prompt, steps) }
      : { label: MFA_TEXT.setUpTotp, busy: MFA_TEXT.starting, step: async () => enrolStage(prompt, steps, await steps.startTotp()) },
  )
  prompt.stage(lines, actions, { dismissLabel: MFA_TEXT.close })
  if (said !== undefined) prompt.say(said)
}

async function enrolStage(prompt: StagedPrompt, steps: MfaSteps, { secret, uri }: { secret: string; uri: string }): Promise<void> {
  const { document } = prompt
  const image = document.createElement('img')
  image.className = 'mfa-qr'
  image.alt = MFA_TEXT.qrAlt
  // The page's CSP allows data: images; the SVG is drawn from the URI here, not fetched.
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await qrSvg(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))}`
  const secretLabel = prompt.paragraph(MFA_TEXT.secretLabel)
  secretLabel.id = 'mfa-secret-label'
  const key = document.createElement('code')
  key.className = 'export-key'
  key.id = 'mfa-secret'
  key.tabIndex = 0
  key.setAttribute('aria-labelledby', secretLabel.id)
  // Grouped by four, as authenticator apps show typed keys.
  key.textContent = secret.replace(/(.{4})(?=.)/g, '$1 ')
  const { row, input } = prompt.codeField('mfa-code', MFA_TEXT.codeLabel)
  prompt.stage(
    [prompt.paragraph(MFA_TEXT.scan), image, secretLabel, key, row],
    [
      {
        label: MFA_TEXT.turnOn,
        busy: MFA_TEXT.checking,
        step: async () => {
          await steps.confirmTotp(codeOf(input))
          await overview(prompt, steps, MFA_TEXT.totpEnrolled)
        },
      },
    ],
  )
}

function removeStage(prompt: StagedPrompt, steps: MfaSteps): void {
  const { row, input } = prompt.codeField('mfa-code', MFA_TEXT.codeLabel)
  prompt.stage(
    [prompt.paragraph(MFA_TEXT.removeTotpAsk), row],
    [
      {
        label: MFA_TEXT.turnOff,
        busy: MFA_TEXT.checking,
        step: async () => {
          await steps.removeTotp(codeOf(input))
          await overview(prompt, steps, MFA_TEXT.totpRemoved)
        },
      },
    ],
  )
}
