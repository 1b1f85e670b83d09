import { retryingLoader } from '../shared/retryingLoader'
import type * as ModalModule from '../ui/Modal'

let loaded: typeof ModalModule | undefined

// A failed fetch (offline) is forgotten, so the next attempt tries again, and the browser
// coming back online fetches it at once (shared/retryingLoader.ts).
const modalChunk = retryingLoader(() => import('../ui/Modal').then((module) => (loaded = module)), typeof window === 'undefined' ? undefined : window)

/** The modal's module once its chunk has arrived, so it renders with no suspense at all. */
export const loadedModal = (): typeof ModalModule | undefined => loaded

/**
 * Fetches the modal's chunk once; later calls share the same promise. Buttons call it
 * on hover and focus, and the provider when the page goes idle, so the click paints at
 * once. A failed fetch (offline) is forgotten, so the next attempt tries again.
 */
export function preloadModal(): Promise<typeof ModalModule> {
  return modalChunk()
}

const warm = () => void preloadModal().catch(() => undefined)

/** Spread on a button that opens the modal: preloads on hover, touch and focus. */
export const preloadHandlers = { onPointerEnter: warm, onFocus: warm, onTouchStart: warm } as const

/**
 * Preloads the modal chunk when the browser is idle (or after `fallbackMs` where
 * `requestIdleCallback` is missing). Returns the cancel function.
 */
export function preloadWhenIdle(fallbackMs = 2000): () => void {
  if (typeof window === 'undefined') return () => {}
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(warm, { timeout: 5000 })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = setTimeout(warm, fallbackMs)
  return () => clearTimeout(timer)
}
