/**
 * The key-export prompt in the secure page's document (exportFlow.ts runs its steps): a
 * staged prompt (stagedPrompt.ts) that confirms it is the visitor (stepUpStages.ts), then
 * writes the key as text only, after the deliberate click on "Show private key", and
 * removes it from the document on close.
 */
import { ApiError } from './api'
import { EXPORT_TEXT, exportErrorText, type ExportPrompts, type ExportSteps } from './exportFlow'
import { openStagedPrompt } from './stagedPrompt'
import { chooseStepUp } from './stepUpStages'

/**
 * @example
 * const prompts = createExportPrompts(document, { onOpen: notify.open, onClose: notify.close })
 * await prompts.open({ namespace: 'eip155', address, email }, steps) // 'closed' or 'cancelled'
 */
export function createExportPrompts(document: Document, { onOpen, onClose }: { onOpen: () => void; onClose: () => void }): ExportPrompts {
  let closeOpen: (() => void) | undefined

  return {
    dismiss: () => closeOpen?.(),
    open(wallet, steps: ExportSteps) {
      closeOpen?.()
      return new Promise((resolve) => {
        let shown = false
        const prompt = openStagedPrompt(document, {
          className: 'approval recovery export',
          prefix: 'export',
          title: EXPORT_TEXT.title,
          subtitle: EXPORT_TEXT.wallet(wallet.address),
          onOpen,
          onClose,
          errorText: exportErrorText,
          onStepError(error) {
            // The confirmation ran out meanwhile: back to the choice of a factor.
            if (!(error instanceof ApiError && (error.code === 'STEP_UP_REQUIRED' || error.code === 'SECOND_FACTOR_REQUIRED'))) return false
            void choose(true).then(() => prompt.say(exportErrorText(error)))
            return true
          },
          onFinish() {
            closeOpen = undefined
            resolve(shown ? 'closed' : 'cancelled')
          },
        })
        closeOpen = prompt.finish

        const explanation = () => [prompt.paragraph(EXPORT_TEXT.meaning), prompt.paragraph(EXPORT_TEXT.warning, true)]
        const choose = (again = false) => chooseStepUp(prompt, steps, { intro: explanation, email: wallet.email, noMethod: EXPORT_TEXT.noMethod, onProved: revealStage, again })

        function revealStage() {
          prompt.stage(
            [prompt.paragraph(EXPORT_TEXT.confirmed), prompt.paragraph(EXPORT_TEXT.warning, true)],
            [{ label: EXPORT_TEXT.reveal, busy: EXPORT_TEXT.revealing, step: async () => shownStage(await steps.reveal()) }],
          )
        }

        function shownStage(text: string) {
          shown = true
          const label = prompt.paragraph(EXPORT_TEXT.keyLabel(wallet.namespace))
          label.id = 'export-key-label'
          const key = document.createElement('code')
          key.className = 'export-key'
          key.textContent = text
          key.id = 'export-key'
          key.tabIndex = 0
          key.setAttribute('aria-labelledby', label.id)
          const copy = prompt.plainButton(EXPORT_TEXT.copy, () => {
            navigator.clipboard.writeText(key.textContent ?? '').then(
              () => prompt.say(EXPORT_TEXT.copied),
              () => prompt.say(EXPORT_TEXT.copyFailed),
            )
          })
          prompt.stage([label, key, prompt.paragraph(EXPORT_TEXT.warning, true)], [], { extra: [copy], dismissLabel: EXPORT_TEXT.close })
        }

        prompt.stage(explanation(), [])
        choose().catch((error: unknown) => prompt.say(exportErrorText(error)))
      })
    },
  }
}
