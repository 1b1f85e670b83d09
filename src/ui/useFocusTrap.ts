import { useEffect, type RefObject } from 'react'

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Keeps Tab and Shift+Tab inside `ref` while mounted, focuses its `data-autofocus` field
 * or else its first control (on a touch screen, `ref` itself), and
 * gives focus back to whatever had it before (the button that opened the modal).
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current
    if (!root) return
    const previous = root.ownerDocument.activeElement as HTMLElement | null
    const controls = () => Array.from(root.querySelectorAll<HTMLElement>(focusable))
    // A view may name its main field (a code, a search); otherwise the first control. On
    // a touch screen a focused field pops up the keyboard over the view, so the dialog
    // itself takes focus there (Escape and Tab still work from it).
    if (isTouchScreen(root.ownerDocument.defaultView)) root.focus()
    else (root.querySelector<HTMLElement>('[data-autofocus]') ?? controls()[0] ?? root).focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const list = controls()
      const first = list[0]
      const last = list[list.length - 1]
      if (!first || !last) {
        event.preventDefault()
        return
      }
      const active = root.ownerDocument.activeElement
      if (event.shiftKey && (active === first || !root.contains(active))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault()
        first.focus()
      }
    }
    // On the document, so Tab also brings back focus that fell outside (onto <body>).
    const doc = root.ownerDocument
    doc.addEventListener('keydown', onKeyDown)
    return () => {
      doc.removeEventListener('keydown', onKeyDown)
      if (previous?.isConnected) previous.focus()
    }
  }, [ref])
}

/** A coarse pointer (a finger) is the primary input: focusing a field would open the on-screen keyboard. */
export function isTouchScreen(win: Window | null): boolean {
  return win?.matchMedia?.('(pointer: coarse)').matches ?? false
}
