import type { RetryOptions } from '../http/types'
import type { BlockchainApiContext, CallOptions } from './context'
import type { AnalyticsEvent } from './types'

export type SendAnalyticsEventParameters = CallOptions &
  (
    | { event: AnalyticsEvent; events?: undefined }
    /** A batch (1 to 100 events, the server's limit), sent as one JSON array. */
    | { events: readonly AnalyticsEvent[]; event?: undefined }
  ) & {
    /** Overrides the client's retry policy; the analytics queue passes `false` and backs off itself. */
    retry?: RetryOptions | false | undefined
  }
export type SendAnalyticsEventReturnType = void

/**
 * Sends one analytics event, or a batch of them in one request (POST /e). Callers send
 * only when analytics is enabled (feature flag and the project's `isAnalyticsEnabled`),
 * and usually ignore failures.
 *
 * @example
 * await api.sendAnalyticsEvent({ event: {
 *   eventId: crypto.randomUUID(), url: location.href, domain: location.hostname, timestamp: Date.now(),
 *   props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
 * } }).catch(() => undefined)
 */
export async function sendAnalyticsEvent(context: BlockchainApiContext, { event, events, signal, timeoutMs, retry }: SendAnalyticsEventParameters): Promise<SendAnalyticsEventReturnType> {
  await context.http.post<unknown>({ path: '/e', body: events ?? event, signal, timeoutMs, retry })
}
