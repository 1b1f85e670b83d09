import { Time } from '../../config/constants'
import type { FetchLike } from '../http/types'

/**
 * Loads one image and says whether it loaded. It must stop loading when `signal`
 * aborts. Injectable so tests and non-DOM hosts can choose how images load.
 */
export type ImageLoader = (url: string, signal: AbortSignal) => Promise<boolean>

export type PreloadImageParameters = {
  url: string
  /** Default SPEC §9 image preload timeout, 2 s. */
  timeoutMs?: number | undefined
  /** Default `createImageLoader()`. */
  load?: ImageLoader | undefined
}
export type PreloadImageReturnType = boolean

/**
 * Warms the browser's cache with an image before a view shows it. Resolves true when
 * it loaded, false when it failed or took longer than the timeout (the load is then
 * cancelled). Never rejects and never hangs, so a view can await it before painting.
 *
 * @example
 * await Promise.all(wallets.map((w) => preloadImage({ url: listing.getImageUrl({ kind: 'wallet', id: w.image_id }) })))
 */
export function preloadImage({ url, timeoutMs = Time.imagePreloadTimeoutMs, load = createImageLoader() }: PreloadImageParameters): Promise<PreloadImageReturnType> {
  return new Promise((resolve) => {
    const controller = new AbortController()
    const timer = setTimeout(() => {
      controller.abort()
      resolve(false)
    }, timeoutMs)
    Promise.resolve()
      .then(() => load(url, controller.signal))
      .then(
        (loaded) => resolve(loaded === true),
        () => resolve(false),
      )
      .finally(() => clearTimeout(timer))
  })
}

/**
 * The default image loader: an `Image` element where the DOM has one (so the browser
 * cache is what gets warmed), else a `fetch` that reads the whole body.
 *
 * @example
 * const load = createImageLoader(myFetch)
 * await preloadImage({ url, load })
 */
export function createImageLoader(fetchImpl?: FetchLike): ImageLoader {
  return (url, signal) => (typeof Image === 'function' ? loadWithElement(url, signal) : loadWithFetch(url, signal, fetchImpl))
}

function loadWithElement(url: string, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image()
    const finish = (loaded: boolean) => {
      image.onload = null
      image.onerror = null
      signal.removeEventListener('abort', onAbort)
      resolve(loaded)
    }
    const onAbort = () => {
      finish(false)
      image.src = ''
    }
    image.onload = () => finish(true)
    image.onerror = () => finish(false)
    signal.addEventListener('abort', onAbort, { once: true })
    image.src = url
  })
}

async function loadWithFetch(url: string, signal: AbortSignal, fetchImpl: FetchLike | undefined): Promise<boolean> {
  const response = await (fetchImpl ?? ((input, init) => globalThis.fetch(input, init)))(url, { method: 'GET', signal })
  if (!response.ok) {
    response.body?.cancel().catch(() => undefined)
    return false
  }
  await response.arrayBuffer()
  return true
}
