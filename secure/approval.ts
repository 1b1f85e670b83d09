/**
 * The visitor approves every signature and transaction INSIDE the secure page, where
 * the dapp's scripts cannot click for them: otherwise any script on the dapp's page
 * could sign with the visitor's key, and isolating the key would protect nothing.
 * While a prompt is open the frame asks the app to show the iframe (APPROVAL_OPEN).
 */

export type ApprovalRequest = {
  method: string
  /** The parent origin, checked against the project's allow list. */
  origin: string
  /** The name the dapp gave itself (SYNC_DAPP_DATA), unverified. */
  dappName: string | undefined
  /** Lines describing what is signed or sent. */
  summary: string[]
}

export interface Approver {
  /** Resolves true when the visitor approves, false when they decline. */
  confirm(request: ApprovalRequest): Promise<boolean>
}

/** Approves everything: for tests and for servers configured with `requireApproval: false`. */
export const autoApprover: Approver = { confirm: async () => true }

/** Approve is disabled this long after the prompt appears, so a click aimed at the dapp's page cannot land on it. */
export const APPROVE_DELAY_MS = 500

/**
 * A prompt in the secure page's document. One at a time: later requests wait their turn.
 * Text only (textContent), so nothing in a request can become markup.
 */
export function createDomApprover(document: Document, { onOpen, onClose }: { onOpen: () => void; onClose: () => void }): Approver {
  let queue: Promise<unknown> = Promise.resolve()
  const show = (request: ApprovalRequest) =>
    new Promise<boolean>((resolve) => {
      const dialog = document.createElement('section')
      dialog.className = 'approval'
      dialog.setAttribute('role', 'dialog')
      dialog.setAttribute('aria-modal', 'true')
      dialog.setAttribute('aria-labelledby', 'approval-title')
      const title = document.createElement('h1')
      title.id = 'approval-title'
      title.textContent = request.method === 'eth_sendTransaction' || request.method === 'wallet_sendCalls' ? 'Approve transaction' : 'Signature request'
      const from = document.createElement('p')
      from.className = 'approval-origin'
      from.textContent = request.dappName ? `${request.dappName} (${request.origin})` : request.origin
      const list = document.createElement('pre')
      list.className = 'approval-summary'
      list.textContent = request.summary.join('\n')
      const actions = document.createElement('div')
      actions.className = 'approval-actions'
      const reject = document.createElement('button')
      reject.type = 'button'
      reject.textContent = 'Cancel'
      reject.dataset.action = 'reject'
      const approve = document.createElement('button')
      approve.type = 'button'
      approve.textContent = 'Approve'
      approve.dataset.action = 'approve'
      approve.disabled = true
      setTimeout(() => {
        approve.disabled = false
        approve.focus()
      }, APPROVE_DELAY_MS)
      actions.append(reject, approve)
      dialog.append(title, from, list, actions)
      const finish = (approved: boolean) => {
        dialog.remove()
        onClose()
        resolve(approved)
      }
      reject.addEventListener('click', () => finish(false), { once: true })
      approve.addEventListener('click', () => finish(true), { once: true })
      document.body.append(dialog)
      onOpen()
      reject.focus()
    })
  return {
    confirm(request) {
      const next = queue.then(() => show(request))
      queue = next.catch(() => undefined)
      return next
    },
  }
}
