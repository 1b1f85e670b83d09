/**
 * The visitor approves every signature and transaction INSIDE the secure page, where
 * the dapp's scripts cannot click for them: otherwise any script on the dapp's page
 * could sign with the visitor's key, and isolating the key would protect nothing.
 * While a prompt is open the frame asks the app to show the iframe (APPROVAL_OPEN).
 * What counts as the visitor's approval is in approvalGesture.ts.
 */
import { guardApproval } from './approvalGesture'
import type { ApprovalDetails, ApprovalField } from './describeRequest'

export { APPROVE_DELAY_MS, HIDDEN_NOTICE, KEYBOARD_NOTICE } from './approvalGesture'

export type ApprovalRequest = {
  method: string
  /** The parent origin, checked against the project's allow list. */
  origin: string
  /** The name the dapp gave itself (SYNC_DAPP_DATA), unverified. */
  dappName: string | undefined
  /** What is signed or sent, decoded (describeRequest.ts). */
  details: ApprovalDetails
}

export interface Approver {
  /** Resolves true when the visitor approves, false when they decline. */
  confirm(request: ApprovalRequest): Promise<boolean>
}

/** Approves everything: for tests and for servers configured with `requireApproval: false`. */
export const autoApprover: Approver = { confirm: async () => true }

const TRANSACTION_METHODS = new Set(['eth_sendTransaction', 'wallet_sendCalls', 'solana_signAndSendTransaction'])

/** The request's method when the dapp asks to change the account type (SET_PREFERRED_ACCOUNT). */
export const ACCOUNT_TYPE_METHOD = 'SET_PREFERRED_ACCOUNT'

/** The request's method when the visitor removes one of their devices (REMOVE_DEVICE). */
export const REMOVE_DEVICE_METHOD = 'REMOVE_DEVICE'

function titleOf(method: string): string {
  if (method === ACCOUNT_TYPE_METHOD) return 'Change account'
  if (method === REMOVE_DEVICE_METHOD) return 'Remove this device?'
  return TRANSACTION_METHODS.has(method) ? 'Approve transaction' : 'Signature request'
}

/** An element with its class and text (textContent: nothing becomes markup). */
export function element<K extends keyof HTMLElementTagNameMap>(document: Document, tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className !== undefined) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

/**
 * A modal prompt with a form (the recovery and export prompts): a dialog named by its title
 * (`<prefix>-title`) and described by its scrolling body (`<prefix>-body`).
 */
export function formDialog(document: Document, className: string, titleText: string, prefix: string) {
  const dialog = element(document, 'section', className)
  dialog.setAttribute('role', 'dialog')
  dialog.setAttribute('aria-modal', 'true')
  dialog.setAttribute('aria-labelledby', `${prefix}-title`)
  dialog.setAttribute('aria-describedby', `${prefix}-body`)
  const title = element(document, 'h1', undefined, titleText)
  title.id = `${prefix}-title`
  const form = element(document, 'form', 'recovery-form')
  form.noValidate = true
  const body = element(document, 'div', 'recovery-body')
  body.id = `${prefix}-body`
  return { dialog, title, form, body }
}

function fieldList(document: Document, fields: ApprovalField[]): HTMLDListElement {
  const list = element(document, 'dl', 'approval-fields')
  for (const field of fields) {
    const row = element(document, 'div', 'approval-field')
    row.append(element(document, 'dt', undefined, field.label), element(document, 'dd', undefined, field.value))
    list.append(row)
  }
  return list
}

/** The prompt's markup; text only (textContent), so nothing in a request can become markup. */
function renderPrompt(document: Document, request: ApprovalRequest) {
  const dialog = element(document, 'section', 'approval')
  dialog.setAttribute('role', 'dialog')
  dialog.setAttribute('aria-modal', 'true')
  dialog.setAttribute('aria-labelledby', 'approval-title')
  dialog.setAttribute('aria-describedby', 'approval-origin')
  const title = element(document, 'h1', undefined, titleOf(request.method))
  title.id = 'approval-title'
  const from = element(document, 'p', 'approval-origin', `From ${request.dappName ? `${request.dappName} (${request.origin})` : request.origin}`)
  from.id = 'approval-origin'
  const notice = element(document, 'p', 'approval-notice')
  notice.setAttribute('role', 'status')

  const body = element(document, 'div', 'approval-body')
  // A scrollable region must be reachable from the keyboard.
  body.tabIndex = 0
  body.setAttribute('role', 'region')
  body.setAttribute('aria-label', 'Request details')
  const { blocked } = request.details
  if (blocked !== undefined) {
    const alert = element(document, 'p', 'approval-warning approval-blocked', blocked)
    alert.setAttribute('role', 'alert')
    body.append(alert)
  }
  for (const warning of request.details.warnings) {
    const alert = element(document, 'p', 'approval-warning', warning)
    alert.setAttribute('role', 'alert')
    body.append(alert)
  }
  for (const section of request.details.sections) {
    if (section.heading === undefined) {
      body.append(fieldList(document, section.fields))
      continue
    }
    const group = element(document, 'section', 'approval-section')
    group.append(element(document, 'h2', undefined, section.heading), fieldList(document, section.fields))
    body.append(group)
  }
  const { message } = request.details
  if (message !== undefined) {
    const group = element(document, 'section', 'approval-section')
    const heading = element(document, 'h2', undefined, message.label)
    heading.id = 'approval-message-label'
    const text = element(document, 'pre', 'approval-message', message.text)
    text.setAttribute('aria-labelledby', heading.id)
    group.append(heading, text)
    body.append(group)
  }

  // The second deliberate step: a statement the visitor ticks before Approve is enabled.
  let acknowledgement: HTMLInputElement | undefined
  if (request.details.acknowledgement !== undefined) {
    const label = element(document, 'label', 'approval-acknowledgement')
    acknowledgement = element(document, 'input')
    acknowledgement.type = 'checkbox'
    label.append(acknowledgement, element(document, 'span', undefined, request.details.acknowledgement))
    body.append(label)
  }

  const actions = element(document, 'div', 'approval-actions')
  const reject = element(document, 'button', undefined, 'Cancel')
  reject.type = 'button'
  reject.dataset.action = 'reject'
  const approve = element(document, 'button', undefined, request.method === REMOVE_DEVICE_METHOD ? 'Remove' : 'Approve')
  approve.type = 'button'
  approve.dataset.action = 'approve'
  approve.disabled = true
  // A request that cannot be sent offers nothing to approve.
  if (blocked !== undefined) reject.textContent = 'Close'
  actions.append(...(blocked === undefined ? [reject, approve] : [reject]))
  dialog.append(title, from, notice, body, actions)
  return { dialog, notice, reject, approve, acknowledgement }
}

/**
 * A prompt in the secure page's document. One at a time: later requests wait their turn.
 * Nothing is focused for the visitor (see approvalGesture.ts); Escape or Cancel declines.
 *
 * @example
 * const approver = createDomApprover(document, { onOpen: notify.open, onClose: notify.close })
 * await approver.confirm({ method: 'personal_sign', origin, dappName, details }) // true once approved
 */
export function createDomApprover(document: Document, { onOpen, onClose }: { onOpen: () => void; onClose: () => void }): Approver {
  let queue: Promise<unknown> = Promise.resolve()
  const show = (request: ApprovalRequest) =>
    new Promise<boolean>((resolve) => {
      const { dialog, notice, reject, approve, acknowledgement } = renderPrompt(document, request)
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key === 'Escape') finish(false)
      }
      let done = false
      const finish = (approved: boolean) => {
        if (done) return
        done = true
        stopGuard()
        dialog.removeEventListener('keydown', onKeyDown)
        dialog.remove()
        onClose()
        resolve(approved)
      }
      reject.addEventListener('click', () => finish(false), { once: true })
      dialog.addEventListener('keydown', onKeyDown)
      document.body.append(dialog)
      const stopGuard = guardApproval({ dialog, approve, notice, acknowledgement, onApprove: () => finish(true) })
      onOpen()
    })
  return {
    confirm(request) {
      const next = queue.then(() => show(request))
      queue = next.catch(() => undefined)
      return next
    },
  }
}
