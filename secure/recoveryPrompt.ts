/**
 * The recovery prompts in the secure page's document (recoveryFlow.ts decides which): set
 * a recovery password, enter it on a new device, or learn that the wallet cannot be used
 * here. They look and behave like the approval prompt: a dialog filling the iframe, the
 * app asked to show the iframe while one is open, nothing focused for the visitor, and the
 * main button enabled only by the rules of approvalGesture.ts (visible for 500 ms, the
 * visitor's own click or Enter). The password is read here and handed to the keyring only;
 * a passkey's ceremony starts from the visitor's click on its button (recoveryFlow.ts).
 */
import { element, formDialog } from './approval'
import { guardApproval } from './approvalGesture'
import type { RecoveryMethod } from './custody/keyring'
import { PasskeyErrorCodes } from './passkeyPrf'
import { checkNewPassword, RECOVERY_TEXT, recoveryErrorText, type FactorStep, type RecoveryFactor, type RecoveryPrompts } from './recoveryFlow'

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
  /** A second way to answer: "Use a passkey instead". */
  alternate?: string
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
  let alternate: HTMLButtonElement | undefined
  if (layout.alternate !== undefined) {
    alternate = element(document, 'button', 'recovery-alternate', layout.alternate)
    alternate.type = 'button'
    alternate.dataset.action = 'passkey'
    alternate.disabled = true
    actions.prepend(alternate)
  }
  form.append(body, notice, actions)
  dialog.append(title, form)
  return { dialog, form, inputs, notice, dismiss, main, alternate }
}

/**
 * @example
 * const prompts = createRecoveryPrompts(document, { onOpen: notify.open, onClose: notify.close })
 * await prompts.setUp((factor) => keyring.setRecovery('eip155', factor), { passkey: false }) // 'set' or 'later'
 */
export function createRecoveryPrompts(document: Document, { onOpen, onClose }: { onOpen: () => void; onClose: () => void }): RecoveryPrompts {
  /** Closes the open prompt as dismissed. */
  let closeOpen: (() => void) | undefined

  function show<Done extends string, Dismissed extends string>(
    layout: Layout,
    outcomes: { done: Done; dismissed: Dismissed },
    submit?: { step: FactorStep; check: (values: string[]) => string | undefined; factor: (values: string[]) => RecoveryFactor; method: RecoveryMethod; busy: string },
  ): Promise<Done | Dismissed> {
    closeOpen?.()
    return new Promise((resolve) => {
      const { dialog, form, inputs, notice, dismiss, main, alternate } = render(document, layout)
      let running = false
      let done = false
      const finish = (outcome: Done | Dismissed) => {
        if (done) return
        done = true
        closeOpen = undefined
        for (const stop of stopGuards) stop()
        dialog.removeEventListener('keydown', onKeyDown)
        for (const input of inputs) input.value = ''
        dialog.remove()
        onClose()
        resolve(outcome)
      }
      const buttons = [main, alternate].filter((node) => node !== undefined)
      /** Runs the step with `factor`; a failure is shown and the visitor may try again (without the passkey when it cannot be used). */
      const attempt = (factor: RecoveryFactor, method: RecoveryMethod, busy: string) => {
        if (running || done || submit === undefined) return
        running = true
        for (const node of [...buttons, dismiss]) node.disabled = true
        notice.textContent = busy
        submit.step(factor).then(
          () => finish(outcomes.done),
          (error: unknown) => {
            running = false
            for (const node of [...buttons, dismiss]) node.disabled = false
            const code = (error as { code?: unknown } | null)?.code
            if (factor === 'passkey' && alternate !== undefined && (code === PasskeyErrorCodes.noPrf || code === PasskeyErrorCodes.unavailable)) alternate.hidden = true
            notice.textContent = recoveryErrorText(error, method)
          },
        )
      }
      const run = () => {
        if (submit === undefined) return
        const values = inputs.map((input) => input.value)
        const problem = submit.check(values)
        if (problem !== undefined) {
          notice.textContent = problem
          return
        }
        attempt(submit.factor(values), submit.method, submit.busy)
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
      const stopGuards = [
        ...(main === undefined ? [] : [guardApproval({ dialog, approve: main, notice, onApprove: run })]),
        ...(alternate === undefined ? [] : [guardApproval({ dialog, approve: alternate, notice, onApprove: () => attempt('passkey', 'passkey', RECOVERY_TEXT.passkeyWaiting) })]),
      ]
      closeOpen = () => finish(outcomes.dismissed)
      onOpen()
    })
  }

  const password = ([value]: string[]): RecoveryFactor => ({ password: value ?? '' })
  return {
    setUp: (step, options) =>
      show(
        {
          kind: 'setup',
          title: options.change === true ? RECOVERY_TEXT.changeTitle : RECOVERY_TEXT.setUpTitle,
          paragraphs:
            options.change === true
              ? [{ text: RECOVERY_TEXT.changeBody }]
              : [{ text: RECOVERY_TEXT.setUpBody }, ...(options.passkey ? [{ text: RECOVERY_TEXT.setUpPasskey }] : []), { text: RECOVERY_TEXT.setUpWarning, warning: true }],
          fields: [
            { label: RECOVERY_TEXT.password, autocomplete: 'new-password' },
            { label: RECOVERY_TEXT.confirmation, autocomplete: 'new-password' },
          ],
          hint: RECOVERY_TEXT.rule,
          dismiss: options.change === true ? RECOVERY_TEXT.cancel : RECOVERY_TEXT.later,
          main: options.change === true ? RECOVERY_TEXT.changeSave : RECOVERY_TEXT.set,
          ...(options.passkey ? { alternate: RECOVERY_TEXT.usePasskey } : {}),
        },
        { done: 'set', dismissed: 'later' },
        { step, check: ([value, confirmation]) => checkNewPassword(value ?? '', confirmation ?? ''), factor: password, method: 'password', busy: RECOVERY_TEXT.setting },
      ),
    recover: (step, method) =>
      show(
        method === 'passkey'
          ? {
              kind: 'recover',
              title: RECOVERY_TEXT.recoverTitle,
              paragraphs: [{ text: RECOVERY_TEXT.recoverPasskeyBody }],
              fields: [],
              dismiss: RECOVERY_TEXT.notNow,
              main: RECOVERY_TEXT.recoverWithPasskey,
            }
          : {
              kind: 'recover',
              title: RECOVERY_TEXT.recoverTitle,
              paragraphs: [{ text: RECOVERY_TEXT.recoverBody }],
              fields: [{ label: RECOVERY_TEXT.password, autocomplete: 'current-password' }],
              dismiss: RECOVERY_TEXT.notNow,
              main: RECOVERY_TEXT.recover,
            },
        { done: 'recovered', dismissed: 'cancelled' },
        method === 'passkey'
          ? { step, check: () => undefined, factor: () => 'passkey', method, busy: RECOVERY_TEXT.passkeyWaiting }
          : { step, check: ([value]) => (value === undefined || value === '' ? RECOVERY_TEXT.empty : undefined), factor: password, method, busy: RECOVERY_TEXT.recovering },
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
