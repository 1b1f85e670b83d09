/**
 * A prompt of several stages in the secure page's document (key export, "Confirm it is
 * you", the second-factor settings). It behaves like the approval prompt: a dialog filling
 * the iframe, the app asked to show the iframe while it is open, nothing focused for the
 * visitor, and every button that moves it forward enabled only by the rules of
 * approvalGesture.ts (visible, uncovered, for 500 ms; the visitor's own click or Enter).
 * A stage is its text, a dismiss button, plain extra buttons and guarded actions; a step
 * that throws leaves the prompt open with the error's text in its notice.
 */
import { element, formDialog } from './approval'
import { guardApproval } from './approvalGesture'

/** A guarded button: its label, what the notice says while it runs, and what it runs. */
export type StageAction = { label: string; busy: string; step: () => Promise<void> }

export interface StagedPrompt {
  readonly document: Document
  /** Shows a stage: its nodes, a dismiss button (Cancel by default), extra plain buttons and its guarded actions, the last one the form's submit. */
  stage(nodes: Node[], guarded: StageAction[], options?: { extra?: HTMLButtonElement[]; dismissLabel?: string }): void
  /** Writes a line into the prompt's live notice. */
  say(text: string): void
  paragraph(text: string, warning?: boolean): HTMLParagraphElement
  plainButton(label: string, onClick: () => void): HTMLButtonElement
  /** A labelled one-time-code field (6 digits, numeric keyboard). */
  codeField(id: string, label: string): { row: HTMLLabelElement; input: HTMLInputElement }
  /** Closes the prompt, removing everything it showed from the document. */
  finish(): void
}

export interface StagedPromptOptions {
  className: string
  /** Id prefix of the dialog's title and body. */
  prefix: string
  title: string
  /** A line under the title (the wallet, or what is being confirmed). */
  subtitle?: string
  onOpen: () => void
  onClose: () => void
  /** The text shown when a step throws. */
  errorText: (error: unknown) => string
  /** Called when a step throws, after the buttons are enabled again; answers true when it handled the error itself. */
  onStepError?: (error: unknown) => boolean
  /** When the prompt closes, by the visitor or `finish`. */
  onFinish: () => void
}

/**
 * @example
 * const prompt = openStagedPrompt(document, { className: 'approval recovery', prefix: 'step-up', title: 'Confirm it is you', onOpen, onClose, errorText, onFinish })
 * prompt.stage([prompt.paragraph('Why')], [{ label: 'Confirm', busy: 'Checking…', step: async () => {} }])
 */
export function openStagedPrompt(document: Document, options: StagedPromptOptions): StagedPrompt {
  const { dialog, title, form, body } = formDialog(document, options.className, options.title, options.prefix)
  const notice = element(document, 'p', 'approval-notice')
  notice.setAttribute('role', 'alert')
  const actions = element(document, 'div', 'approval-actions')
  form.append(body, notice, actions)
  dialog.append(title, ...(options.subtitle === undefined ? [] : [element(document, 'p', 'approval-origin', options.subtitle)]), form)

  let guards: Array<() => void> = []
  let busy = false
  let done = false
  const stopGuards = () => {
    for (const stop of guards) stop()
    guards = []
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) finish()
  }
  function finish() {
    if (done) return
    done = true
    stopGuards()
    dialog.removeEventListener('keydown', onKeyDown)
    // Whatever the prompt showed (a key, a secret) leaves the document with it.
    body.replaceChildren()
    dialog.remove()
    options.onClose()
    options.onFinish()
  }
  const plainButton = (label: string, onClick: () => void) => {
    const button = element(document, 'button', undefined, label)
    button.type = 'button'
    button.addEventListener('click', onClick)
    return button
  }

  const prompt: StagedPrompt = {
    document,
    finish,
    plainButton,
    paragraph: (text, warning = false) => element(document, 'p', warning ? 'approval-warning' : undefined, text),
    say: (text) => {
      notice.textContent = text
    },
    codeField(id, label) {
      const row = element(document, 'label', 'recovery-field')
      row.htmlFor = id
      const input = element(document, 'input')
      input.id = id
      input.inputMode = 'numeric'
      input.autocomplete = 'one-time-code'
      input.maxLength = 6
      input.spellcheck = false
      row.append(element(document, 'span', undefined, label), input)
      return { row, input }
    },
    stage(nodes, guarded, { extra = [], dismissLabel = 'Cancel' } = {}) {
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
        guards.push(
          guardApproval({
            dialog,
            approve: buttons[index]!,
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
                  if (options.onStepError?.(error) !== true) notice.textContent = options.errorText(error)
                },
              )
            },
          }),
        )
      })
    },
  }

  form.addEventListener('submit', (event) => event.preventDefault())
  dialog.addEventListener('keydown', onKeyDown)
  document.body.append(dialog)
  options.onOpen()
  return prompt
}
