/**
 * Whether the approval prompt is really visible to the visitor: IntersectionObserver v2
 * (`trackVisibility`) reports `isVisible` false while anything covers the target, or an
 * ancestor (the dapp's iframe element included) has opacity below 1, a filter, or a
 * transform other than a translation or an upscale. Chromium has it; Firefox and Safari
 * do not, and there the prompt cannot tell (docs/security.md#approvals).
 */

/** IntersectionObserver v2's additions, missing from TypeScript's DOM library. */
type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean }
type VisibilityInit = IntersectionObserverInit & { trackVisibility: boolean; delay: number }
type VisibilityWindow = { IntersectionObserver?: typeof IntersectionObserver; IntersectionObserverEntry?: typeof IntersectionObserverEntry }

/** Part of the prompt may be a rounding error outside the viewport; more may not. */
export const FULLY_VISIBLE_RATIO = 0.99

/** The smallest delay v2 allows: at most one report per 100 ms. */
export const VISIBILITY_DELAY_MS = 100

/** Whether this browser reports occlusion (IntersectionObserver v2). */
export function tracksVisibility(win: VisibilityWindow): boolean {
  return typeof win.IntersectionObserver === 'function' && win.IntersectionObserverEntry !== undefined && 'isVisible' in win.IntersectionObserverEntry.prototype
}

/**
 * Calls `onChange(true)` while `target` is fully in the viewport and nothing covers or
 * fades it, `onChange(false)` otherwise. Returns the function that stops watching, or
 * undefined when the browser cannot tell (no IntersectionObserver v2).
 *
 * @example
 * const stop = watchVisibility(window, dialog, (visible) => (approve.disabled = !visible))
 */
export function watchVisibility(win: VisibilityWindow, target: Element, onChange: (visible: boolean) => void): (() => void) | undefined {
  if (!tracksVisibility(win)) return undefined
  const Observer = win.IntersectionObserver!
  const init: VisibilityInit = { threshold: [0, FULLY_VISIBLE_RATIO, 1], trackVisibility: true, delay: VISIBILITY_DELAY_MS }
  const observer = new Observer((entries) => {
    const entry = entries[entries.length - 1] as VisibilityEntry | undefined
    if (entry) onChange(entry.isVisible === true && entry.intersectionRatio >= FULLY_VISIBLE_RATIO)
  }, init)
  observer.observe(target)
  return () => observer.disconnect()
}
