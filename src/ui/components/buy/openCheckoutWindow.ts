/**
 * Opens an empty, named window for an onramp provider's checkout, in the click handler:
 * popup blockers allow new windows only during a click, and the checkout URL arrives
 * later, from the onramp saga, which then sends this window (found again by its name,
 * with the opener link cut first) to the provider. Returns the window's name, or
 * undefined when the browser blocked it (the saga then offers a link instead).
 *
 * @example
 * onClick={() => dispatch(onrampActions.buyRequested({ provider, windowName: openCheckoutWindow(window) }))}
 */
export function openCheckoutWindow(win: Window | undefined): string | undefined {
  if (!win || typeof win.open !== 'function') return undefined
  const name = `portico-onramp-${Math.random().toString(36).slice(2, 10)}`
  try {
    const opened = win.open('about:blank', name, 'popup,width=480,height=720')
    return opened ? name : undefined
  } catch {
    return undefined
  }
}
