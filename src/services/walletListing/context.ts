import type { HttpClient } from '../http/createHttpClient'
import type { Sleep } from '../http/types'
import type { ImageLoader } from './preloadImage'

/** What every wallet-listing action works with; built by `createWalletListingClient`. */
export type WalletListingContext = {
  /** Carries `projectId`, `st` and `sv` on every call. */
  http: HttpClient
  /** The wait behind the search's minimum duration. */
  sleep: Sleep
  imagePreloadTimeoutMs: number
  loadImage: ImageLoader
}

/** Per-call options every action accepts. */
export type CallOptions = {
  /** Cancels the call; it rejects with `signal.reason`. */
  signal?: AbortSignal | undefined
  /** Overrides the client's call budget. */
  timeoutMs?: number | undefined
}
