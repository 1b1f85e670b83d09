/**
 * The secure page's passkey prompt (issue 32, docs/security.md "Passkeys"). A WebAuthn
 * ceremony needs the visitor's own click in the document that calls it, so "Continue
 * with a passkey" in the modal only asks the frame to show this prompt; the visitor
 * clicks again here, on the secure origin, and the ceremony runs from that click.
 * The click must be deliberate and the prompt visible (the rules of approvalGesture.ts),
 * so a dapp cannot start a ceremony for the visitor.
 */
import { guardApproval } from './approvalGesture'
import { ReplyError } from './replyError'
import { ProviderRpcCode } from '../src/shared/rpcCodes'

/** `connect`: use a passkey, or create one for a new wallet. `add`: add one to the signed-in wallet. */
export type PasskeyPromptKind = 'connect' | 'add'
/** What the visitor chose: sign in with a passkey, make a new wallet with one, or add one. */
export type PasskeyChoice = 'login' | 'signup' | 'add'

/** Shows the prompt and runs `run` with the visitor's choice, from their click; resolves with its result. */
export type PasskeyPrompt = <T>(kind: PasskeyPromptKind, run: (choice: PasskeyChoice) => Promise<T>) => Promise<T>

export const PASSKEY_TEXT = {
  connectTitle: 'Continue with a passkey',
  connectBody: 'Sign in with a passkey you saved for this wallet, or create a new wallet protected by a new passkey.',
  login: 'Use my passkey',
  signup: 'Create a new passkey',
  addTitle: 'Add a passkey',
  addBody: 'Save a passkey for this wallet, on this device or your phone, to sign in with it next time.',
  add: 'Add a passkey',
  cancel: 'Cancel',
  waiting: 'Follow your browser’s passkey prompt.',
} as const

function button(document: Document, label: string, action: string): HTMLButtonElement {
  const node = document.createElement('button')
  node.type = 'button'
  node.textContent = label
  node.dataset.action = action
  node.disabled = true
  return node
}

/**
 * @example
 * const prompt = createPasskeyPrompt(document, { onOpen: notify.open, onClose: notify.close })
 * const login = await prompt('connect', (choice) => runCeremony(choice))
 */
export function createPasskeyPrompt(document: Document, { onOpen, onClose }: { onOpen: () => void; onClose: () => void }): PasskeyPrompt {
  return (kind, run) =>
    new Promise((resolve, reject) => {
      const dialog = document.createElement('section')
      dialog.className = 'approval passkey'
      dialog.setAttribute('role', 'dialog')
      dialog.setAttribute('aria-modal', 'true')
      dialog.setAttribute('aria-labelledby', 'passkey-title')
      const title = document.createElement('h1')
      title.id = 'passkey-title'
      title.textContent = kind === 'connect' ? PASSKEY_TEXT.connectTitle : PASSKEY_TEXT.addTitle
      const body = document.createElement('p')
      body.textContent = kind === 'connect' ? PASSKEY_TEXT.connectBody : PASSKEY_TEXT.addBody
      const notice = document.createElement('p')
      notice.className = 'approval-notice'
      notice.setAttribute('role', 'status')
      const actions = document.createElement('div')
      actions.className = 'approval-actions'
      const cancel = button(document, PASSKEY_TEXT.cancel, 'reject')
      cancel.disabled = false
      const choices: Array<[HTMLButtonElement, PasskeyChoice]> =
        kind === 'connect'
          ? [
              [button(document, PASSKEY_TEXT.signup, 'signup'), 'signup'],
              [button(document, PASSKEY_TEXT.login, 'approve'), 'login'],
            ]
          : [[button(document, PASSKEY_TEXT.add, 'approve'), 'add']]
      actions.append(cancel, ...choices.map(([node]) => node))
      dialog.append(title, body, notice, actions)

      let done = false
      const close = () => {
        done = true
        for (const stop of guards) stop()
        dialog.removeEventListener('keydown', onKeyDown)
        dialog.remove()
        onClose()
      }
      const choose = (choice: PasskeyChoice) => {
        if (done) return
        for (const [node] of choices) node.disabled = true
        notice.textContent = PASSKEY_TEXT.waiting
        // The ceremony starts inside the click's task, while the visitor's activation holds.
        run(choice).then(
          (result) => {
            close()
            resolve(result)
          },
          (error: unknown) => {
            close()
            reject(error)
          },
        )
      }
      const decline = () => {
        if (done) return
        close()
        reject(new ReplyError('User rejected the request.', ProviderRpcCode.UserRejectedRequest))
      }
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key === 'Escape') decline()
      }
      cancel.addEventListener('click', decline, { once: true })
      dialog.addEventListener('keydown', onKeyDown)
      document.body.append(dialog)
      const guards = choices.map(([node, choice]) => guardApproval({ dialog, approve: node, notice, onApprove: () => choose(choice) }))
      onOpen()
    })
}
