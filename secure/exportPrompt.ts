/**
 * The key-export prompt in the secure page's document (exportFlow.ts runs its steps). It
 * behaves like the approval prompt: a dialog filling the iframe, the app asked to show the
 * iframe while it is open, nothing focused for the visitor, and every button that moves the
 * export forward enabled only by the rules of approvalGesture.ts (visible, uncovered, for
 * 500 ms; the visitor's own click or Enter). The key is written here as text only, after
 * the deliberate click on "Show private key", and removed from the document on close.
 */
import { element, formDialog } from './approval'
import { guardApproval } from './approvalGesture'
import { EXPORT_TEXT, exportErrorText, type ExportPrompts, type ExportSteps } from './exportFlow'
import { ApiError } from './api'

type Action = { label: string; busy: string; step: () => Promise<void> }

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
        const { dialog, title, form, body } = formDialog(document, 'approval recovery export', EXPORT_TEXT.title, 'export')
        const notice = element(document, 'p', 'approval-notice')
        notice.setAttribute('role', 'alert')
        const actions = element(document, 'div', 'approval-actions')
        form.append(body, notice, actions)
        dialog.append(title, element(document, 'p', 'approval-origin', EXPORT_TEXT.wallet(wallet.address)), form)

        let guards: Array<() => void> = []
        let busy = false
        let done = false
        let shown = false
        const stopGuards = () => {
          for (const stop of guards) stop()
          guards = []
        }
        const finish = () => {
          if (done) return
          done = true
          closeOpen = undefined
          stopGuards()
          dialog.removeEventListener('keydown', onKeyDown)
          // The key leaves the document with the prompt.
          body.replaceChildren()
          dialog.remove()
          onClose()
          resolve(shown ? 'closed' : 'cancelled')
        }
        const onKeyDown = (event: KeyboardEvent) => {
          if (event.key === 'Escape' && !busy) finish()
        }
        const paragraph = (text: string, warning = false) => element(document, 'p', warning ? 'approval-warning' : undefined, text)
        const plainButton = (label: string, onClick: () => void) => {
          const button = element(document, 'button', undefined, label)
          button.type = 'button'
          button.addEventListener('click', onClick)
          return button
        }

        /** Shows a stage: its text, a Cancel (or Close) button and its guarded actions, the last one the form's submit. */
        function stage(nodes: Node[], guarded: Action[], extra: HTMLButtonElement[] = [], dismissLabel: string = EXPORT_TEXT.cancel) {
          stopGuards()
          body.replaceChildren(...nodes)
          notice.textContent = ''
          const dismiss = plainButton(dismissLabel, () => {
            if (!busy) finish()
          })
          dismiss.dataset.action = 'reject'
          const buttons = guarded.map((action, index) => {
            const button = element(document, 'button', undefined, action.label)
            button.type = index === guarded.length - 1 ? 'submit' : 'button'
            button.dataset.action = 'approve'
            button.disabled = true
            return button
          })
          actions.replaceChildren(dismiss, ...extra, ...buttons)
          const all = [dismiss, ...extra, ...buttons]
          guarded.forEach((action, index) => {
            const button = buttons[index]!
            guards.push(
              guardApproval({
                dialog,
                approve: button,
                notice,
                onApprove: () => {
                  if (busy || done) return
                  busy = true
                  for (const each of all) each.disabled = true
                  notice.textContent = action.busy
                  action.step().then(
                    () => (busy = false),
                    (error: unknown) => {
                      busy = false
                      for (const each of all) each.disabled = false
                      const text = exportErrorText(error)
                      // The confirmation ran out meanwhile: back to the choice of a factor.
                      if (error instanceof ApiError && error.code === 'STEP_UP_REQUIRED') void choose(true).then(() => (notice.textContent = text))
                      else notice.textContent = text
                    },
                  )
                },
              }),
            )
          })
        }

        const explanation = () => [paragraph(EXPORT_TEXT.meaning), paragraph(EXPORT_TEXT.warning, true)]

        /** The choice of a factor; straight to the key when this session proved one recently, unless the server just said it did not (`again`). */
        async function choose(again = false) {
          const { methods, fresh } = await steps.status()
          if (fresh && !again) return revealStage()
          if (methods.length === 0) return stage([...explanation(), paragraph(EXPORT_TEXT.noMethod)], [])
          const email: Action = {
            label: EXPORT_TEXT.emailCode,
            busy: EXPORT_TEXT.sending,
            step: async () => {
              await steps.sendCode()
              codeStage()
            },
          }
          const passkey: Action = {
            label: EXPORT_TEXT.passkey,
            busy: EXPORT_TEXT.passkeyRunning,
            step: async () => {
              await steps.usePasskey()
              revealStage()
            },
          }
          // The main (last) choice is the email code when there is one.
          stage([...explanation(), paragraph(EXPORT_TEXT.stepUp)], [...(methods.includes('passkey') ? [passkey] : []), ...(methods.includes('email') ? [email] : [])])
        }

        function codeStage() {
          const row = element(document, 'label', 'recovery-field')
          row.htmlFor = 'export-code'
          const input = element(document, 'input')
          input.id = 'export-code'
          input.inputMode = 'numeric'
          input.autocomplete = 'one-time-code'
          input.maxLength = 6
          input.spellcheck = false
          row.append(element(document, 'span', undefined, EXPORT_TEXT.codeLabel), input)
          const confirm: Action = {
            label: EXPORT_TEXT.confirm,
            busy: EXPORT_TEXT.confirming,
            step: async () => {
              const otp = input.value.trim()
              if (!/^[0-9]{6}$/.test(otp)) throw new ApiError(400, EXPORT_TEXT.codeShape, 'OTP_FORMAT', undefined)
              await steps.confirmCode(otp)
              revealStage()
            },
          }
          stage([paragraph(EXPORT_TEXT.codeSent(wallet.email ?? 'your email')), row], [confirm])
        }

        function revealStage() {
          const reveal: Action = { label: EXPORT_TEXT.reveal, busy: EXPORT_TEXT.revealing, step: async () => shownStage(await steps.reveal()) }
          stage([paragraph(EXPORT_TEXT.confirmed), paragraph(EXPORT_TEXT.warning, true)], [reveal])
        }

        function shownStage(text: string) {
          shown = true
          const label = paragraph(EXPORT_TEXT.keyLabel(wallet.namespace))
          label.id = 'export-key-label'
          const key = element(document, 'code', 'export-key', text)
          key.id = 'export-key'
          key.tabIndex = 0
          key.setAttribute('aria-labelledby', label.id)
          const copy = plainButton(EXPORT_TEXT.copy, () => {
            navigator.clipboard.writeText(key.textContent ?? '').then(
              () => (notice.textContent = EXPORT_TEXT.copied),
              () => (notice.textContent = EXPORT_TEXT.copyFailed),
            )
          })
          stage([label, key, paragraph(EXPORT_TEXT.warning, true)], [], [copy], EXPORT_TEXT.close)
        }

        form.addEventListener('submit', (event) => event.preventDefault())
        dialog.addEventListener('keydown', onKeyDown)
        stage(explanation(), [])
        document.body.append(dialog)
        closeOpen = finish
        onOpen()
        choose().catch((error: unknown) => {
          notice.textContent = exportErrorText(error)
        })
      })
    },
  }
}
