import type { Sleep } from './types'

/**
 * Waits `ms` milliseconds on the global timer (so Jest fake timers drive it), and
 * rejects with `signal.reason` the moment the signal aborts, clearing the timer.
 *
 * @example
 * const controller = new AbortController()
 * const waiting = sleep(300, controller.signal)
 * controller.abort() // waiting rejects with an AbortError
 */
export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
