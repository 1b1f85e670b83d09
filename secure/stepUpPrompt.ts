/**
 * "Confirm it is you" before an action that needs an enrolled second factor (issue 32,
 * docs/security.md "Second factor"): removing a device, changing the email, recovering the
 * wallet on a new device. The frame opens it when the server answers
 * SECOND_FACTOR_REQUIRED, and retries the action once it is proved (secureFrame.ts).
 */
import { openStagedPrompt } from './stagedPrompt'
import { chooseStepUp, STEP_UP_TEXT, stepUpErrorText, type StepUpSteps } from './stepUpStages'

/** Why the visitor is asked. */
export type StepUpReason = 'removeDevice' | 'changeEmail' | 'recover'

export const STEP_UP_PROMPT_TEXT = {
  title: 'Confirm it is you',
  why: {
    removeDevice: 'Removing a device from your wallet needs your second factor.',
    changeEmail: 'Changing the email of your wallet needs your second factor.',
    recover: 'Using your wallet on a new device needs your second factor.',
  } satisfies Record<StepUpReason, string>,
  noMethod: 'No second factor can be used in this browser. Use a device where your passkey or authenticator app works.',
} as const

export type StepUpPrompts = {
  /** Resolves true once a factor is proved, false when the visitor cancelled. */
  confirm(reason: StepUpReason, steps: StepUpSteps, email: string | null): Promise<boolean>
  /** Closes the open prompt as cancelled (sign-out, session end). */
  dismiss(): void
}

/**
 * @example
 * const prompts = createStepUpPrompts(document, { onOpen: notify.open, onClose: notify.close })
 * if (!(await prompts.confirm('removeDevice', steps, email))) throw rejected()
 */
export function createStepUpPrompts(document: Document, { onOpen, onClose }: { onOpen: () => void; onClose: () => void }): StepUpPrompts {
  let closeOpen: (() => void) | undefined
  return {
    dismiss: () => closeOpen?.(),
    confirm(reason, steps, email) {
      closeOpen?.()
      return new Promise((resolve) => {
        let proved = false
        const prompt = openStagedPrompt(document, {
          className: 'approval recovery step-up',
          prefix: 'step-up',
          title: STEP_UP_PROMPT_TEXT.title,
          onOpen,
          onClose,
          errorText: (error) => stepUpErrorText(error) ?? STEP_UP_TEXT.failed,
          onFinish() {
            closeOpen = undefined
            resolve(proved)
          },
        })
        closeOpen = prompt.finish
        const intro = () => [prompt.paragraph(STEP_UP_PROMPT_TEXT.why[reason])]
        prompt.stage(intro(), [])
        chooseStepUp(prompt, steps, {
          intro,
          email,
          noMethod: STEP_UP_PROMPT_TEXT.noMethod,
          // The server just refused for want of a fresh proof: never skip the question.
          again: true,
          onProved() {
            proved = true
            prompt.finish()
          },
        }).catch((error: unknown) => prompt.say(stepUpErrorText(error) ?? STEP_UP_TEXT.failed))
      })
    },
  }
}
