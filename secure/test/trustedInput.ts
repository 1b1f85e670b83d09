/**
 * The visitor's input in jsdom tests of the secure page's prompts. dispatchEvent always
 * makes an untrusted event; only the browser's own input is trusted (the browser tests
 * drive real input in Chromium). Here the visitor's input is dispatched the way jsdom
 * fires its own trusted events: through its implementation objects, with isTrusted set.
 */
type Impl = { isTrusted: boolean; _dispatch(event: unknown): boolean }
const implOf = (wrapper: object) => (wrapper as Record<symbol, Impl>)[Object.getOwnPropertySymbols(wrapper).find((symbol) => symbol.description === 'impl')!]!

export function dispatchTrusted(target: EventTarget, event: Event) {
  const impl = implOf(event)
  impl.isTrusted = true
  implOf(target)._dispatch(impl)
}

/** A mouse click: trusted pointerdown on the button (focusing it), then a trusted click with detail 1. Needs fake timers. */
export function visitorClicks(button: HTMLElement) {
  dispatchTrusted(button, new MouseEvent('pointerdown', { bubbles: true }))
  button.focus()
  dispatchTrusted(button, new MouseEvent('click', { bubbles: true, detail: 1 }))
  jest.advanceTimersByTime(0)
}
