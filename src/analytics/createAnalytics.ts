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
  /** How long events wait to be sent together; default 2 s. */
  flushDelayMs?: number | undefined
  /** Events kept while waiting (the oldest are dropped past it); default 100. */
  maxQueued?: number | undefined
}

export type Analytics = {
  /** Queues one dapp event; returns at once (never waits for the network). */
  track(event: PorticoEvent): void
  /** Sends what is queued now; resolves when done (failures are counted, never thrown). */
  flush(): Promise<void>
  /** What happened so far, for diagnostics and tests. */
  stats(): { sent: number; failed: number; dropped: number; enabled: boolean | undefined }
  /** Stops the timer and drops what is still queued (the instance is gone; nothing is sent after). */
  destroy(): void
}

const newId = () =>
  typeof globalThis.crypto?.randomUUID === 'function' ? globalThis.crypto.randomUUID() : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`

/**
 * The SPEC §7 analytics: the dapp's events (`portico.on`) go to `POST /e`, when
 * `features.analytics` is on and `GET /getAnalyticsConfig` says the project has analytics
 * enabled (asked once, on the first flush). Events are queued and sent together after
 * `flushDelayMs`, off the store's update path, so they never block the UI; a failed send
 * is counted and dropped (analytics must never break the dapp).
 *
 * @example
 * const analytics = createAnalytics({ enabled: config.features.analytics, services })
 * events.onAny(analytics.track)
 */
export function createAnalytics(parameters: AnalyticsParameters): Analytics {
  const { enabled, services, window, now = Date.now, flushDelayMs = 2_000, maxQueued = 100 } = parameters
  const queue: AnalyticsEvent[] = []
  const counts = { sent: 0, failed: 0, dropped: 0 }
  let projectEnabled: Promise<boolean> | undefined
  let known: boolean | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let destroyed = false

  const isEnabled = () =>
    (projectEnabled ??= services()
      .then((s) => s.walletListing.getAnalyticsConfig())
      .then(
        ({ isAnalyticsEnabled }) => (known = isAnalyticsEnabled === true),
        // No answer is no consent to send: analytics stay off for this page.
        () => (known = false),
      ))

  async function flush(): Promise<void> {
    timer = undefined
    if (queue.length === 0) return
    if (!(await isEnabled())) {
      counts.dropped += queue.splice(0).length
      return
    }
    const batch = queue.splice(0)
    const { blockchainApi } = await services()
    const results = await Promise.allSettled(batch.map((event) => blockchainApi.sendAnalyticsEvent({ event })))
    for (const result of results) {
      if (result.status === 'fulfilled') counts.sent++
      else counts.failed++
    }
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
      if (queue.length > maxQueued) counts.dropped += queue.splice(0, queue.length - maxQueued).length
      if (timer === undefined) {
        timer = setTimeout(() => void flush(), flushDelayMs)
        // In Node (server rendering, tests) a pending batch never keeps the process alive.
        ;(timer as { unref?: () => void }).unref?.()
      }
    },
    flush: () => {
      if (timer !== undefined) clearTimeout(timer)
      return flush()
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
