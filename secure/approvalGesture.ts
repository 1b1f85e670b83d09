/**
 * The rules that make an approval the visitor's deliberate, visible act, so a hostile
 * dapp on the allow list cannot turn a key press or click meant for its own page into a
 * signature (issue 15):
 *
 * 1. Only a trusted event counts: a script's `click()` or `dispatchEvent` never approves.
 * 2. A pointer click counts when the press (pointerdown) and the click both land on
 *    Approve.
 * 3. A click without a press (Enter, Space, an assistive technology's action) counts
 *    only when the visitor moved focus into the prompt themselves, with Tab or the
 *    pointer, inside this page. Nothing here focuses Approve, and focus placed by a
 *    script (the dapp's `iframe.focus()`, or focus coming back to the frame) does not
 *    count; leaving the frame forgets it.
 * 4. The prompt must be fully visible, uncovered and opaque (IntersectionObserver v2,
 *    visibility.ts), and must have stayed so for APPROVE_DELAY_MS; until then Approve is
 *    disabled and, while it is hidden, the prompt says why. A browser without v2 cannot
 *    tell, and only the delay after the prompt appears applies there.
 * 5. A prompt with an acknowledgement (blind signing) keeps Approve disabled until the
 *    visitor ticks it: a second, separate act.
 */
import { watchVisibility } from './visibility'

/** Approve is enabled once the prompt has been visible this long, so a click aimed at the dapp's page cannot land on it. */
export const APPROVE_DELAY_MS = 500

export const HIDDEN_NOTICE = 'This request is hidden by the page. Approve is disabled until it is fully visible.'
export const KEYBOARD_NOTICE = 'To approve with the keyboard, move to Approve with Tab first, or click it.'

export type ApprovalGuardOptions = {
  dialog: HTMLElement
  approve: HTMLButtonElement
  /** A live region in the prompt where refusals are explained. */
  notice: HTMLElement
  /** A checkbox the visitor must tick before Approve is enabled, when the prompt has one. */
  acknowledgement?: HTMLInputElement | undefined
  onApprove: () => void
}

/**
 * Wires the rules to a prompt; returns the function that removes them.
 *
 * @example
 * const stop = guardApproval({ dialog, approve, notice, onApprove: () => finish(true) })
 */
export function guardApproval({ dialog, approve, notice, acknowledgement, onApprove }: ApprovalGuardOptions): () => void {
  const document = dialog.ownerDocument
  const win = document.defaultView!
  let visible: boolean | undefined
  let ready = false
  let timer: ReturnType<typeof setTimeout> | undefined
  /** A trusted Tab or pointer press in the current task: the focus move that follows is the visitor's. */
  let visitorMoving = false
  /** Focus is inside the prompt because the visitor put it there. */
  let visitorFocused = false
  /** The last trusted pointer press landed on Approve. */
  let pressedApprove = false

  const acknowledged = () => acknowledgement === undefined || acknowledgement.checked
  const show = () => {
    approve.disabled = !ready || !acknowledged()
    if (visible === false) notice.textContent = HIDDEN_NOTICE
    else if (notice.textContent === HIDDEN_NOTICE) notice.textContent = ''
  }
  const setVisible = (now: boolean) => {
    if (now === visible) return
    visible = now
    ready = false
    clearTimeout(timer)
    if (now) {
      timer = setTimeout(() => {
        ready = true
        show()
      }, APPROVE_DELAY_MS)
    }
    show()
  }

  const visitorMoves = () => {
    visitorMoving = true
    // The focus change a Tab or a press causes happens in the same task.
    setTimeout(() => (visitorMoving = false), 0)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isTrusted && event.key === 'Tab') visitorMoves()
  }
  const onPointerDown = (event: PointerEvent) => {
    if (!event.isTrusted) return
    visitorMoves()
    pressedApprove = event.target instanceof win.Node && approve.contains(event.target)
  }
  const onFocusIn = (event: FocusEvent) => {
    visitorFocused = visitorMoving && event.target instanceof win.Node && dialog.contains(event.target)
  }
  const onBlur = () => {
    visitorFocused = false
    pressedApprove = false
  }
  const onClick = (event: MouseEvent) => {
    if (!event.isTrusted || !ready || !acknowledged()) return
    // A real press on Approve; or a click without one (Enter, Space, an assistive
    // technology's action) on focus the visitor put in the prompt.
    if (pressedApprove || visitorFocused) {
      onApprove()
      return
    }
    const pointerType = (event as PointerEvent).pointerType
    if (event.detail === 0 && !pointerType) notice.textContent = KEYBOARD_NOTICE
  }

  document.addEventListener('keydown', onKeyDown, true)
  document.addEventListener('pointerdown', onPointerDown, true)
  document.addEventListener('focusin', onFocusIn, true)
  win.addEventListener('blur', onBlur)
  approve.addEventListener('click', onClick)
  acknowledgement?.addEventListener('change', show)
  const stopWatching = watchVisibility(win, dialog, setVisible)
  // Without IntersectionObserver v2 the prompt counts as visible from the start.
  if (stopWatching === undefined) setVisible(true)
  else show()

  return () => {
    clearTimeout(timer)
    stopWatching?.()
    document.removeEventListener('keydown', onKeyDown, true)
    document.removeEventListener('pointerdown', onPointerDown, true)
    document.removeEventListener('focusin', onFocusIn, true)
    win.removeEventListener('blur', onBlur)
    approve.removeEventListener('click', onClick)
    acknowledgement?.removeEventListener('change', show)
  }
}
