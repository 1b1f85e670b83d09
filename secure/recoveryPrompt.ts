/**
 * The recovery prompts in the secure page's document (recoveryFlow.ts decides which): set
 * a recovery password, enter it on a new device, or learn that the wallet cannot be used
 * here. They look and behave like the approval prompt: a dialog filling the iframe, the
 * app asked to show the iframe while one is open, nothing focused for the visitor, and the
 * main button enabled only by the rules of approvalGesture.ts (visible for 500 ms, the
 * visitor's own click or Enter). The password is read here and handed to the keyring only.
 */
import { element, formDialog } from './approval'
import { guardApproval } from './approvalGesture'
import { checkNewPassword, RECOVERY_TEXT, recoveryErrorText, type PasswordStep, type RecoveryPrompts } from './recoveryFlow'

function passwordField(document: Document, id: string, label: string, autocomplete: string): { row: HTMLLabelElement; input: HTMLInputElement } {
  const row = element(document, 'label', 'recovery-field')
  row.htmlFor = id
  const input = element(document, 'input')
  input.id = id
  input.type = 'password'
  input.autocomplete = autocomplete as AutoFill
  input.spellcheck = false
  row.append(element(document, 'span', undefined, label), input)
  return { row, input }
}

type Layout = {
  kind: 'setup' | 'recover' | 'unavailable'
  title: string
  paragraphs: Array<{ text: string; warning?: boolean }>
  fields: Array<{ label: string; autocomplete: string }>
  hint?: string
  dismiss: string
  main?: string
}

/** The dialog's markup; text only (textContent). */
function render(document: Document, layout: Layout) {
  const { dialog, title, form, body } = formDialog(document, `approval recovery recovery-${layout.kind}`, layout.title, 'recovery')
  for (const paragraph of layout.paragraphs) {
    const node = element(document, 'p', paragraph.warning === true ? 'approval-warning' : undefined, paragraph.text)
    body.append(node)
  }
  const inputs = layout.fields.map((field, index) => {
    const { row, input } = passwordField(document, `recovery-password-${index}`, field.label, field.autocomplete)
    body.append(row)
    return input
  })
  if (layout.hint !== undefined) {
    const hint = element(document, 'p', 'recovery-hint', layout.hint)
    hint.id = 'recovery-hint'
    for (const input of inputs) input.setAttribute('aria-describedby', hint.id)
    body.append(hint)
  }
  const notice = element(document, 'p', 'approval-notice')
  notice.setAttribute('role', 'alert')
  const actions = element(document, 'div', 'approval-actions')
  const dismiss = element(document, 'button', undefined, layout.dismiss)
  dismiss.type = 'button'
  dismiss.dataset.action = 'reject'
  actions.append(dismiss)
  let main: HTMLButtonElement | undefined
  if (layout.main !== undefined) {
    main = element(document, 'button', undefined, layout.main)
    // Enter in a field submits through this button: a click the guard judges like any other.
    main.type = 'submit'
    main.dataset.action = 'approve'
    main.disabled = true
    actions.append(main)
  }
  form.append(body, notice, actions)
  dialog.append(title, form)
  return { dialog, form, inputs, notice, dismiss, main }
}

/**
 * @example
 * const prompts = createRecoveryPrompts(document, { onOpen: notify.open, onClose: notify.close })
 * await prompts.setUp((password) => keyring.setRecoveryPassword('eip155', password)) // 'set' or 'later'
 */
export function createRecoveryPrompts(document: Document, { onOpen, onClose }: { onOpen: () => void; onClose: () => void }): RecoveryPrompts {
  /** Closes the open prompt as dismissed. */
  let closeOpen: (() => void) | undefined

  function show<Done extends string, Dismissed extends string>(
    layout: Layout,
    outcomes: { done: Done; dismissed: Dismissed },
    submit?: { step: PasswordStep; check: (values: string[]) => string | undefined; busy: string },
  ): Promise<Done | Dismissed> {
    closeOpen?.()
    return new Promise((resolve) => {
      const { dialog, form, inputs, notice, dismiss, main } = render(document, layout)
      let running = false
      let done = false
      const finish = (outcome: Done | Dismissed) => {
        if (done) return
        done = true
        closeOpen = undefined
        stopGuard?.()
        dialog.removeEventListener('keydown', onKeyDown)
        for (const input of inputs) input.value = ''
        dialog.remove()
        onClose()
        resolve(outcome)
      }
      const run = () => {
        if (running || done || submit === undefined || main === undefined) return
        const values = inputs.map((input) => input.value)
        const problem = submit.check(values)
        if (problem !== undefined) {
          notice.textContent = problem
          return
        }
        running = true
        main.disabled = true
        dismiss.disabled = true
        notice.textContent = submit.busy
        submit.step(values[0]!).then(
          () => finish(outcomes.done),
          (error: unknown) => {
            running = false
            dismiss.disabled = false
            main.disabled = false
            notice.textContent = recoveryErrorText(error)
          },
        )
      }
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key === 'Escape' && !running) finish(outcomes.dismissed)
      }
      // The form never navigates; the guard decides on the click that submitting makes.
      form.addEventListener('submit', (event) => event.preventDefault())
      dismiss.addEventListener('click', () => {
        if (!running) finish(outcomes.dismissed)
      })
      dialog.addEventListener('keydown', onKeyDown)
      document.body.append(dialog)
      const stopGuard = main === undefined ? undefined : guardApproval({ dialog, approve: main, notice, onApprove: run })
      closeOpen = () => finish(outcomes.dismissed)
      onOpen()
    })
  }

  return {
    setUp: (step) =>
      show(
        {
          kind: 'setup',
          title: RECOVERY_TEXT.setUpTitle,
          paragraphs: [{ text: RECOVERY_TEXT.setUpBody }, { text: RECOVERY_TEXT.setUpWarning, warning: true }],
          fields: [
            { label: RECOVERY_TEXT.password, autocomplete: 'new-password' },
            { label: RECOVERY_TEXT.confirmation, autocomplete: 'new-password' },
          ],
          hint: RECOVERY_TEXT.rule,
          dismiss: RECOVERY_TEXT.later,
          main: RECOVERY_TEXT.set,
        },
        { done: 'set', dismissed: 'later' },
        { step, check: ([password, confirmation]) => checkNewPassword(password ?? '', confirmation ?? ''), busy: RECOVERY_TEXT.setting },
      ),
    recover: (step) =>
      show(
        {
          kind: 'recover',
          title: RECOVERY_TEXT.recoverTitle,
          paragraphs: [{ text: RECOVERY_TEXT.recoverBody }],
          fields: [{ label: RECOVERY_TEXT.password, autocomplete: 'current-password' }],
          dismiss: RECOVERY_TEXT.notNow,
          main: RECOVERY_TEXT.recover,
        },
        { done: 'recovered', dismissed: 'cancelled' },
        { step, check: ([password]) => (password === undefined || password === '' ? RECOVERY_TEXT.empty : undefined), busy: RECOVERY_TEXT.recovering },
      ),
    unavailable: async () => {
      await show(
        { kind: 'unavailable', title: RECOVERY_TEXT.unavailableTitle, paragraphs: [{ text: RECOVERY_TEXT.unavailableBody }], fields: [], dismiss: RECOVERY_TEXT.close },
        { done: 'closed', dismissed: 'closed' },
      )
    },
    dismiss: () => closeOpen?.(),
  }
}
