/** What the loader listens to for `online`: a window, or any event target in tests. */
export type OnlineTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

/**
 * A lazy chunk's loader (issue 33): runs `load` on first use and shares its promise; a
 * load that fails (offline) is forgotten, never cached, so the next use loads again, and
 * with `online` given the browser's next `online` event loads again at once, so the chunk
 * is there before the visitor asks for it.
 *
 * @example
 * const services = retryingLoader(() => import('./createServices').then((m) => m.createServices(config)), window)
 * const { blockchainApi } = await services()
 */
export function retryingLoader<T>(load: () => Promise<T>, online?: OnlineTarget | undefined): () => Promise<T> {
  let loading: Promise<T> | undefined
  let listening = false
  const onOnline = () => {
    listening = false
    void get().catch(() => undefined)
  }
  const get = (): Promise<T> =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      if (online && !listening) {
        listening = true
        online.addEventListener('online', onOnline, { once: true })
      }
      throw error
    }))
  return get
}
