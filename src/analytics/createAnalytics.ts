import type { PorticoServices } from '../createServices'
import type { PorticoEvent } from '../events/types'
import type { AnalyticsEvent } from '../services/blockchainApi/types'

export type AnalyticsParameters = {
  /** `features.analytics` and a project id: without both, nothing is ever asked or sent. */
  enabled: boolean
  /** The service clients, loaded on the first flush (not on the dapp's first load). */
  services: () => Promise<Pick<PorticoServices, 'blockchainApi' | 'walletListing'>>
  /** Where the dapp runs, for the event's url and domain; absent on a server. */
  window?: Window | undefined
  now?: (() => number) | undefined
  /** The least time between two requests (events wait to be sent together); default 2 s. */
  flushDelayMs?: number | undefined
  /** Events kept while waiting (the oldest are dropped past it), and the most in one request; default 100. */
  maxQueued?: number | undefined
  /** The longest wait after refusals (429, 5xx, no network); default 60 s. */
  maxBackoffMs?: number | undefined
}

export type Analytics = {
  /** Queues one dapp event; returns at once (never waits for the network). */
  track(event: PorticoEvent): void
  /** Sends what is queued now (after the request in flight, if any); resolves when done (failures are counted, never thrown). */
  flush(): Promise<void>
  /** What happened so far, for diagnostics and tests. */
  stats(): { sent: number; failed: number; dropped: number; enabled: boolean | undefined }
  /** Stops the timer and drops what is still queued (the instance is gone; nothing is sent after). */
  destroy(): void
}

const newId = () => (typeof globalThis.crypto?.randomUUID === 'function' ? globalThis.crypto.randomUUID() : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`)

/** Refusals worth waiting out: over the limit, the server busy or gone, no network. Anything else would be refused again. */
const worthRetrying = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status === 408 || status === 429 || status >= 500 : true
}

/**
 * The SPEC §7 analytics: the dapp's events (`portico.on`) go to `POST /e`, when
 * `features.analytics` is on and `GET /getAnalyticsConfig` says the project has analytics
 * enabled (asked once, on the first flush). Events are queued and sent together, off the
 * store's update path, so they never block the UI: one request (a JSON array of up to
 * `maxQueued` events) at most every `flushDelayMs`, and never two at once. A refusal the
 * server may lift (429 over the limit, 408, 5xx, no network) keeps the batch and waits,
 * doubling the wait each time up to `maxBackoffMs`; any other failure is counted and the
 * batch dropped (analytics must never break the dapp, nor storm its server).
 *
 * @example
 * const analytics = createAnalytics({ enabled: config.features.analytics, services })
 * events.onAny(analytics.track)
 */
export function createAnalytics(parameters: AnalyticsParameters): Analytics {
  const { enabled, services, window, now = Date.now, flushDelayMs = 2_000, maxQueued = 100, maxBackoffMs = 60_000 } = parameters
  const queue: AnalyticsEvent[] = []
  const counts = { sent: 0, failed: 0, dropped: 0 }
  let projectEnabled: Promise<boolean> | undefined
  let known: boolean | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let inFlight: Promise<void> | undefined
  /** When the next request may leave: 2 s after the last one ended, later after refusals. */
  let notBefore = 0
  let refusals = 0
  let destroyed = false

  const isEnabled = () =>
    (projectEnabled ??= services()
      .then((s) => s.walletListing.getAnalyticsConfig())
      .then(
        ({ isAnalyticsEnabled }) => (known = isAnalyticsEnabled === true),
        // No answer is no consent to send: analytics stay off for this page.
        () => (known = false),
      ))

  /** Keeps the newest `maxQueued` events. */
  const trim = () => {
    if (queue.length > maxQueued) counts.dropped += queue.splice(0, queue.length - maxQueued).length
  }

  /** Sends one batch; the caller makes sure no other is in flight. */
  async function send(): Promise<void> {
    if (queue.length === 0) return
    if (!(await isEnabled())) {
      counts.dropped += queue.splice(0).length
      return
    }
    const batch = queue.splice(0, maxQueued)
    try {
      const { blockchainApi } = await services()
      await blockchainApi.sendAnalyticsEvent({ events: batch, retry: false })
      // The pace runs from the answer: the next request leaves 2 s after this one ended,
      // so two are never closer than that, however late a busy page dispatches them.
      notBefore = now() + flushDelayMs
      counts.sent += batch.length
      refusals = 0
    } catch (error) {
      if (destroyed || !worthRetrying(error)) {
        notBefore = now() + flushDelayMs
        counts.failed += batch.length
        return
      }
      // Back in front, oldest first, to wait out the refusal.
      queue.unshift(...batch)
      trim()
      refusals++
      notBefore = now() + Math.min(flushDelayMs * 2 ** refusals, maxBackoffMs)
    }
  }

  /** Runs one send, then plans the next one if events are waiting. */
  function run(): Promise<void> {
    timer = undefined
    inFlight ??= send().finally(() => {
      inFlight = undefined
      schedule()
    })
    return inFlight
  }

  /** A send at the pace's next slot, unless one is planned or in flight. */
  function schedule(wait?: number) {
    if (destroyed || timer !== undefined || inFlight !== undefined || queue.length === 0) return
    timer = setTimeout(() => void run(), wait ?? Math.max(0, notBefore - now()))
    // In Node (server rendering, tests) a pending batch never keeps the process alive.
    ;(timer as { unref?: () => void }).unref?.()
  }

  return {
    track(event) {
      if (!enabled || destroyed || known === false) return
      const location = window?.location
      queue.push({
        eventId: newId(),
        url: location?.href ?? '',
        domain: location?.hostname ?? '',
        timestamp: now(),
        props: { type: 'track', event: event.name, properties: { ...event.data } },
      })
      trim()
      // The first event of a quiet spell waits `flushDelayMs` for the ones that follow it.
      schedule(Math.max(flushDelayMs, notBefore - now()))
    },
    async flush() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      if (inFlight) await inFlight
      if (timer !== undefined) clearTimeout(timer)
      await run()
    },
    stats: () => ({ ...counts, enabled: known }),
    destroy() {
      destroyed = true
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      counts.dropped += queue.splice(0).length
    },
  }
}
